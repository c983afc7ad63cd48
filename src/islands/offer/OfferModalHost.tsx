// The offer modal's host, on the home and bank pages (mounted by src/page-scripts/offer-modal.ts on the
// first click on an offer card, which it opens at once): a plain left click on an offer
// card's link (a[data-offer-link]) opens the offer in a dialog over the list instead of leaving it
// (spec §2 'Offer detail ... may also open as a modal'). While it is open the address bar shows the
// offer's canonical URL, and the dialog follows the history: Back closes it, Forward opens it
// again, and moving between two offers' entries shows the matching offer. Escape, the close button
// and a click on the backdrop close it and go back to the list's URL; focus returns to the link.
// The offer's view (and dayjs) loads on the first opening.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { splitLocale } from '../../lib/locale-path.ts';
import { offerIdFromPath } from '../../lib/site-urls.ts';
import { m } from '../../paraglide/messages.js';
import Dialog from '../ui/Dialog.tsx';
import { offerLinkClick } from './offer-link.ts';
import OfferModalShimmer from './OfferModalShimmer.tsx';
import './OfferModal.css';

const OfferModal = lazy(() => import('./OfferModal.tsx'));

/** Marks the history entries this host added (the offer's URL over the list). */
const MODAL_HISTORY_KEY = 'offerModal';

/** One view in the modal: a new one at every opening and every change of offer; each is one impression. */
interface ModalView {
  id: number;
  offerId: number;
  path: string;
}

/** The link focus goes back to: the clicked one, or for the card's cover (hidden from assistive technology) its title link. */
function focusTarget(link: HTMLAnchorElement): HTMLElement | null {
  if (!link.isConnected) return null;
  if (link.tabIndex >= 0) return link;
  return link.closest('[data-offer-id]')?.querySelector<HTMLElement>('a[data-offer-link]:not([tabindex="-1"])') ?? null;
}

export default function OfferModalHost({ firstLink }: { firstLink?: HTMLAnchorElement }) {
  const [view, setView] = useState<ModalView | null>(null);
  /** The view on screen, for the history listener (set with the state). */
  const shown = useRef<ModalView | null>(null);
  const show = (next: ModalView | null) => {
    shown.current = next;
    setView(next);
  };
  /** The link that opened the view shown: focus goes back to it. */
  const opener = useRef<HTMLAnchorElement | null>(null);

  useEffect(() => {
    let views = 0;
    const open = (link: HTMLAnchorElement, offerId: number) => {
      opener.current = link;
      history.pushState({ [MODAL_HISTORY_KEY]: true }, '', link.pathname);
      show({ id: ++views, offerId, path: link.pathname });
    };
    const onClick = (event: globalThis.MouseEvent) => {
      const click = offerLinkClick(event);
      if (!click) return;
      event.preventDefault();
      open(click.link, click.offerId);
    };
    const first = firstLink && offerIdFromPath(splitLocale(firstLink.pathname).path);
    if (firstLink && first !== undefined) open(firstLink, first);
    const onPopState = () => {
      const offerId = offerIdFromPath(splitLocale(location.pathname).path);
      if (offerId === undefined) show(null);
      else if (shown.current?.offerId !== offerId) show({ id: ++views, offerId, path: location.pathname });
    };
    document.addEventListener('click', onClick);
    addEventListener('popstate', onPopState);
    return () => {
      document.removeEventListener('click', onClick);
      removeEventListener('popstate', onPopState);
    };
  }, [firstLink]);

  const isOpen = view !== null;
  // Escape, the close button and the backdrop (the history's Back closes it by the popstate above).
  const onClose = () => {
    show(null);
    if ((history.state as Record<string, unknown> | null)?.[MODAL_HISTORY_KEY]) history.back();
  };
  const returnFocus = () => (opener.current ? focusTarget(opener.current) : null);

  return (
    <Dialog
      open={isOpen}
      onClose={onClose}
      className="offer-modal"
      labelledBy={isOpen ? 'offer-modal-title' : undefined}
      returnFocus={returnFocus}
    >
      <div className="offer-modal-panel">
        <button type="button" className="offer-modal-close" aria-label={m.common_close()} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
        {view && (
          <Suspense fallback={<OfferModalShimmer />}>
            <OfferModal key={view.id} offerId={view.offerId} path={view.path} />
          </Suspense>
        )}
      </div>
    </Dialog>
  );
}
