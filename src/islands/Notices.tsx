// The notices of src/stores/notices.ts, in their corners (bottom-left, top-center), each with a
// close button, in live regions: polite, and assertive for danger.
//
// Why it is not an island of its own in BaseLayout: hydrating it (client:idle) would load React's
// client, about 68 KB gzipped, on every page, and a guest's offer page must stay under 40 KB of
// JavaScript. Only islands raise notices, so each island that does renders <Notices /> itself, and
// React loads only with such an island (the footer's newsletter box loads when scrolled into
// view). Two of them can share a page (the newsletter box and the contact form): the first one
// mounted shows the notices, the others render nothing.
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { noticeHost } from '../lib/notice-host.ts';
import { m } from '../paraglide/messages.js';
import { $notices, dismissNotice, type Notice, type NoticePlacement } from '../stores/notices.ts';
import './Notices.css';

const PLACEMENTS: NoticePlacement[] = ['top-center', 'bottom-left'];

/** The mounted <Notices /> that shows the notices; null until one mounts (and always during the build). */
const $shownBy = atom<object | null>(null);

export default function Notices() {
  const [self] = useState(() => ({}));
  const shownBy = useStore($shownBy);
  const notices = useStore($notices);

  // Claimed after mount, so the server's HTML and the first render agree (both empty).
  // When the instance showing them unmounts, another one takes over.
  useEffect(() => {
    if ($shownBy.get() === null) $shownBy.set(self);
    return () => {
      if ($shownBy.get() === self) $shownBy.set(null);
    };
  }, [self, shownBy]);

  if (shownBy !== self) return null;
  return createPortal(
    PLACEMENTS.map((placement) => {
      const here = notices.filter((notice) => notice.placement === placement);
      // The live regions stay in the page while empty: a region added together with its text is often not read.
      return (
        <div key={placement} className={`notice-stack notice-stack-${placement}`}>
          <div className="notice-region" aria-live="polite">
            {here
              .filter((notice) => notice.kind !== 'danger')
              .map((notice) => (
                <NoticeCard key={notice.id} notice={notice} />
              ))}
          </div>
          <div className="notice-region" aria-live="assertive">
            {here
              .filter((notice) => notice.kind === 'danger')
              .map((notice) => (
                <NoticeCard key={notice.id} notice={notice} />
              ))}
          </div>
        </div>
      );
    }),
    noticeHost(),
  );
}

function NoticeCard({ notice }: { notice: Notice }) {
  return (
    <div className={`notice-card notice-card-${notice.kind}`} data-notice-id={notice.id}>
      <div className="notice-body">
        {notice.title && <p className="notice-title">{notice.title}</p>}
        <p className="notice-text">{notice.text}</p>
      </div>
      <button
        type="button"
        className="notice-close"
        aria-label={m.browse_close_notice()}
        onClick={() => dismissNotice(notice.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
