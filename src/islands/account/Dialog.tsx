// A modal <dialog> shown while `open` is true (the favourites drawer, the mobile overlays): the
// rest of the page is inert (showModal), Tab cycles inside it, Escape (natively, then its 'close'
// event tells the owner), the backdrop or a close button closes it, and focus goes back to where
// it was when it opened.
import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { keepTabInside } from '../focus-trap.ts';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The id of the dialog's title. */
  labelledBy: string;
  className: string;
  children: ReactNode;
}

export default function Dialog({ open, onClose, labelledBy, className, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  // The dialog element itself is only hit on its backdrop: its content fills it.
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === ref.current) onClose();
  };

  return (
    <dialog ref={ref} className={className} aria-labelledby={labelledBy} onClose={onClose} onKeyDown={keepTabInside} onClick={closeOnBackdrop}>
      <div className="account-dialog-body">{children}</div>
    </dialog>
  );
}
