// A ui/Dialog.tsx with the title row most modals share (the header's drawer and overlays, the
// Profile View, the profile's pickers and crop view, the Update Mobile Number modal, the offer
// wizard): the title (with an optional count) and a close button, or, for an overlay over another,
// a Back arrow before the title; below it, the scrolling body. With closeButton 'none' the modal
// has its own Close below.
import { useId, type ReactNode } from 'react';
import { m } from '../../paraglide/messages.js';
import Dialog from './Dialog.tsx';
import './TitledDialog.css';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The <dialog>'s classes: its size and place. */
  className: string;
  title: string;
  /** Shown after the title, as '(3)'. */
  count?: number;
  /** 'close' (×, after the title), 'back' (an arrow named Back, before it) or 'none'. */
  closeButton?: 'close' | 'back' | 'none';
  /** False while the modal must stay (an upload running): Escape and the backdrop do nothing. */
  dismissible?: boolean;
  children: ReactNode;
}

export default function TitledDialog({
  open,
  onClose,
  className,
  title,
  count,
  closeButton = 'close',
  dismissible,
  children,
}: Props) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} className={className} labelledBy={titleId} dismissible={dismissible}>
      <div className="dialog-body">
        <div className="dialog-head">
          {closeButton === 'back' && <IconButton label={m.browse_back()} onClick={onClose} path="M15 6l-6 6 6 6" />}
          <h2 id={titleId} className="dialog-title">
            {title}
            {count !== undefined && <span className="dialog-count"> ({count})</span>}
          </h2>
          {closeButton === 'close' && (
            <IconButton label={m.common_close()} onClick={onClose} path="M6 6l12 12M18 6 6 18" />
          )}
        </div>
        {children}
      </div>
    </Dialog>
  );
}

function IconButton({ label, onClick, path }: { label: string; onClick: () => void; path: string }) {
  return (
    <button type="button" className="icon-button" aria-label={label} onClick={onClick}>
      <svg
        aria-hidden="true"
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
      >
        <path d={path} />
      </svg>
    </button>
  );
}
