// Home and bank pages: the offer modal's code (React, the host, the offer view) loads on the first
// click on an offer card, not with the page. That click is held, the host mounts and opens it; from
// then on the host handles the clicks itself.
import { offerLinkClick } from '../islands/offer/offer-link.ts';
import { loadAfterPaint, showLoadFailure } from '../lib/after-paint.ts';

function onFirstOfferClick(event: MouseEvent) {
  const click = offerLinkClick(event);
  if (!click) return;
  event.preventDefault();
  document.removeEventListener('click', onFirstOfferClick);
  loadAfterPaint(() => import('../islands/offer/mount-offer-modal.tsx'))
    .then(({ mountOfferModal }) => mountOfferModal(click.link))
    .catch(() => location.assign(click.link.href)); // the code did not load: follow the link
}

document.addEventListener('click', onFirstOfferClick);

// The cards' share buttons (OfferCard.tsx): the share code loads on the first press. Here rather
// than in a module of its own, which the offer page's script would share as one more file.
document.addEventListener('click', (event) => {
  const button = event.target instanceof Element && event.target.closest<HTMLElement>('[data-share-card]');
  if (button) import('../islands/offer/share-menu.ts').then(({ shareCard }) => shareCard(button), showLoadFailure);
});
