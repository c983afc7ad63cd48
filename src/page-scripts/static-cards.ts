// Offer cards the build wrote as plain HTML outside any island (the bank page's category rows):
// their favourite control and favourites count, in plain DOM code, so that such a page loads no
// React. They behave as OfferCard.tsx and FavoriteButton.tsx do once hydrated: the build's link
// to sign-in opens the sign-in prompt for a guest; a signed-in user gets a toggle button, pressed
// for a saved offer; the count adds this page's toggles ($interestChanges) to the build's figure.
import type { OfferData } from '../contract/index.ts';
import { cardOffersIn } from '../islands/offer-card/card-offers.ts';
import { favoriteLabel } from '../islands/offer-card/favorite-label.ts';
import { openSignInPrompt } from '../islands/ui/sign-in-prompt.ts';
import { favouritesText } from '../lib/format-offer.ts';
import { localePath } from '../lib/locale-path.ts';
import { offerCanonicalPath } from '../lib/site-urls.ts';
import { localText } from '../lib/translated.ts';
import { $favoriteIds, $interestChanges, toggleFavorite } from '../stores/favorites.ts';
import { $isSignedIn } from '../stores/session.ts';

/**
 * Writes an attribute only when its value changes: a toggle updates every card's control, and an
 * unchanged write would still make the browser restyle that card.
 */
function setChanged(element: Element, name: string, value: string) {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/** A card's favourite control: the build's link for a guest, a toggle button for a signed-in user. */
function favouriteControl(link: HTMLAnchorElement, offer: OfferData): () => void {
  const returnTo = localePath(offerCanonicalPath(offer));
  const button = document.createElement('button');
  for (const { name, value } of Array.from(link.attributes)) if (name !== 'href') button.setAttribute(name, value);
  button.type = 'button';
  const heart = link.querySelector('svg');

  const toggle = async () => {
    if (button.getAttribute('aria-busy') === 'true') return; // one toggle at a time
    button.setAttribute('aria-busy', 'true');
    const result = await toggleFavorite(offer);
    button.removeAttribute('aria-busy');
    if (result === 'signed-out') openSignInPrompt(returnTo);
  };
  link.addEventListener('click', (event) => {
    event.preventDefault();
    // Signed in meanwhile (another tab): the session decides, not the control shown.
    if ($isSignedIn.get()) void toggle();
    else openSignInPrompt(returnTo);
  });
  button.addEventListener('click', () => void toggle());

  return () => {
    const signedIn = $isSignedIn.get();
    const [shown, hidden] = signedIn ? [button, link] : [link, button];
    if (!shown.isConnected && hidden.isConnected) {
      const hadFocus = document.activeElement === hidden;
      shown.append(...hidden.childNodes);
      hidden.replaceWith(shown);
      if (hadFocus) shown.focus();
    }
    const saved = signedIn && $favoriteIds.get().has(offer.offerId);
    if (signedIn) setChanged(button, 'aria-pressed', String(saved));
    setChanged(shown, 'aria-label', favoriteLabel(saved, localText(offer, 'header').text));
    if (heart) setChanged(heart, 'fill', saved ? 'currentColor' : 'none');
  };
}

/** Brings the cards under `root` to life; their offers come from the JSON script in `root`. Marks `root` with data-cards-live when done. */
export function startStaticCards(root: HTMLElement): void {
  const offers = new Map(cardOffersIn(root).map((offer) => [offer.offerId, offer]));
  const offerOf = (element: HTMLElement, key: 'favoriteOffer' | 'interest') => offers.get(Number(element.dataset[key]));

  const controls = [...root.querySelectorAll<HTMLAnchorElement>('a[data-favorite-offer]')].flatMap((link) => {
    const offer = offerOf(link, 'favoriteOffer');
    return offer ? [favouriteControl(link, offer)] : [];
  });
  const counts = [...root.querySelectorAll<HTMLElement>('[data-interest]')];
  const showCounts = () => {
    const changes = $interestChanges.get();
    for (const element of counts) {
      const offer = offerOf(element, 'interest');
      const text = offer && favouritesText(offer.interest + (changes[offer.offerId] ?? 0));
      // An unchanged text is left alone: a new text node would lay the card out again.
      if (text && element.textContent !== text) element.textContent = text;
    }
  };
  const showControls = () => controls.forEach((show) => show());

  $isSignedIn.subscribe(showControls);
  $favoriteIds.listen(showControls);
  $interestChanges.subscribe(showCounts);
  root.setAttribute('data-cards-live', '');
}
