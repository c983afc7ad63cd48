// A modal <dialog> shown while `open` is true (the favourites drawer, the mobile overlays): the
// rest of the page is inert (showModal), Tab cycles inside it, Escape (natively, then its 'close'
// event tells the owner), the backdrop or a close button closes it, and focus goes back to where
// it was when it opened. A dialog may open over another (the profile's pickers over the Profile
// View): each closes on its own.
import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';
import { keepTabInside } from '../focus-trap.ts';
import './Dialog.css';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The id of the dialog's title. */
  labelledBy: string;
  className: string;
  /** False while the modal must stay (an upload running): Escape and the backdrop do nothing. */
  dismissible?: boolean;
  children: ReactNode;
}

export default function Dialog({ open, onClose, labelledBy, className, dismissible = true, children }: Props) {
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
    if (event.target === ref.current && dismissible) onClose();
  };
  const keepUnlessDismissible = (event: SyntheticEvent<HTMLDialogElement>) => {
    if (event.target === ref.current && !dismissible) event.preventDefault();
  };

  // React passes a nested dialog's events on to its ancestors' handlers: only this dialog's own count.
  const closeOnOwnClose = (event: SyntheticEvent<HTMLDialogElement>) => {
    if (event.target === ref.current) onClose();
  };
  const keepOwnTabInside = (event: KeyboardEvent<HTMLDialogElement>) => {
    if ((event.target as Element).closest('dialog') === ref.current) keepTabInside(event);
  };

  return (
    <dialog ref={ref} className={className} aria-labelledby={labelledBy} onClose={closeOnOwnClose} onCancel={keepUnlessDismissible} onKeyDown={keepOwnTabInside} onClick={closeOnBackdrop}>
      <div className="account-dialog-body">{children}</div>
    </dialog>
  );
}
