// Notices: short messages an island raises (subscribed, sent, failed), shown by <Notices /> and
// dismissed by their close button or after NOTICE_DURATION_MS (spec §8, §9).
import { atom } from 'nanostores';
import { NOTICE_DURATION_MS } from '../lib/constants.ts';

export type NoticeKind = 'success' | 'info' | 'warning' | 'danger';
/** Spec §8: bottom-left, or top-center for subscription and invalid-mobile notices. */
export type NoticePlacement = 'bottom-left' | 'top-center';

export interface Notice {
  id: number;
  kind: NoticeKind;
  title?: string;
  text: string;
  placement: NoticePlacement;
}
export type NewNotice = Omit<Notice, 'id' | 'placement'> & { placement?: NoticePlacement };

export const $notices = atom<readonly Notice[]>([]);

const dismissTimers = new Map<number, ReturnType<typeof setTimeout>>();
let lastNoticeId = 0;

const sameNotice = (a: Notice, b: Omit<Notice, 'id'>) =>
  a.kind === b.kind && a.title === b.title && a.text === b.text && a.placement === b.placement;

/** Shows a notice and returns its id. The same notice again replaces the first (so it is announced again, not stacked). */
export function showNotice(notice: NewNotice): number {
  const shown: Notice = { ...notice, placement: notice.placement ?? 'bottom-left', id: ++lastNoticeId };
  for (const old of $notices.get()) if (sameNotice(old, shown)) dismissNotice(old.id);
  $notices.set([...$notices.get(), shown]);
  dismissTimers.set(
    shown.id,
    setTimeout(() => dismissNotice(shown.id), NOTICE_DURATION_MS),
  );
  return shown.id;
}

export function dismissNotice(id: number): void {
  clearTimeout(dismissTimers.get(id));
  dismissTimers.delete(id);
  $notices.set($notices.get().filter((notice) => notice.id !== id));
}
