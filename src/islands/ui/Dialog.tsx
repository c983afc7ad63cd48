// The islands' one modal <dialog> (the header's drawer and overlays, the profile's modals, the
// Update Mobile Number modal, the offer wizard, All filters, the offer modal), shown while `open`
// is true: showModal makes the rest of the page inert and moves focus in, Tab cycles inside it,
// Escape (natively, then its 'close' event) and a click on the backdrop tell the owner through
// onClose, and once it closes focus goes back to where it was when it opened (or to returnFocus).
// A dialog may open over another (the profile's pickers over the Profile View): each closes on
// its own. No styles of its own: the owner's className gives its look (ui/TitledDialog.tsx adds the
// common title row).
import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';

interface Props {
  open: boolean;
  /** Escape or the backdrop (or the owner's own close buttons): the owner sets `open` to false. */
  onClose: () => void;
  className: string;
  /** The id of the dialog's title. */
  labelledBy?: string;
  /** False while the modal must stay (an upload running): Escape and the backdrop do nothing. */
  dismissible?: boolean;
  /** Where focus goes when it closes; by default the element that had it when it opened. */
  returnFocus?: () => HTMLElement | null | undefined;
  children: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

/** Tab and Shift+Tab go round inside the dialog rather than leaving for the browser's own controls
 * (showModal keeps focus out of the page, not inside the dialog). */
function keepTabInside(dialog: HTMLDialogElement, event: KeyboardEvent) {
  if (event.key !== 'Tab') return;
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.tabIndex >= 0 && element.getClientRects().length > 0,
  );
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

export default function Dialog({
  open,
  onClose,
  className,
  labelledBy,
  dismissible = true,
  returnFocus,
  children,
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const focusBack = useRef(returnFocus);
  focusBack.current = returnFocus;
  /** Set while this component closes the dialog because `open` went false: that 'close' event is no news to the owner. */
  const closingForOwner = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    return () => {
      if (dialog.open) {
        closingForOwner.current = true;
        dialog.close();
      }
      const target = focusBack.current ? focusBack.current() : opener;
      if (target?.isConnected) target.focus();
    };
  }, [open]);

  // React passes a nested dialog's events on to its ancestors' handlers: only this dialog's own count.
  const closeOnOwnClose = (event: SyntheticEvent<HTMLDialogElement>) => {
    if (event.target !== ref.current) return;
    if (closingForOwner.current) closingForOwner.current = false;
    else onClose();
  };
  const keepUnlessDismissible = (event: SyntheticEvent<HTMLDialogElement>) => {
    if (event.target === ref.current && !dismissible) event.preventDefault();
  };
  const keepOwnTabInside = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (ref.current && (event.target as Element).closest('dialog') === ref.current) keepTabInside(ref.current, event);
  };
  // A click on the dialog element itself, outside its box, is a click on the backdrop.
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    const dialog = ref.current;
    if (event.target !== dialog || !dialog || !dismissible) return;
    const box = dialog.getBoundingClientRect();
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    if (!inside) onClose();
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a click on the backdrop and Tab at the edges, as a modal handles them
    <dialog
      ref={ref}
      className={className}
      aria-labelledby={labelledBy}
      onClose={closeOnOwnClose}
      onCancel={keepUnlessDismissible}
      onKeyDown={keepOwnTabInside}
      onClick={closeOnBackdrop}
    >
      {children}
    </dialog>
  );
}
