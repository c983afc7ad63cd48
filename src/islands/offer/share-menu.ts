// Sharing an offer (issue 17), in plain DOM code loaded on the first press of a Share button (the
// offer page, the offer modal, a card's share button): the browser's own share sheet (Web Share API)
// where it has one; otherwise a small menu of WhatsApp, Facebook, X and Copy link. The menu is a
// popover (top layer: a card's overflow does not cut it; Escape and a click outside close it, focus
// goes back to the button) and its button says aria-expanded. Shared links are the offer's canonical URL.
import {
  absoluteUrl,
  offerShareText,
  shareLinks,
  SHARE_TEXTS,
  shareSubjectOf,
  type ShareSubject,
} from '../../lib/offer-share.ts';
import { localePath } from '../../lib/locale-path.ts';
import { localText } from '../../lib/translated.ts';
import { offerCanonicalPath } from '../../lib/site-urls.ts';
import type { OfferData } from '../../contract/index.ts';
import './share-menu.css';

export interface ShareRequest {
  title: string;
  text: string;
  url: string;
}

/** The site's origin: the page's canonical link's (the build's SITE_URL), else the page's own. */
const siteOrigin = () => document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? location.href;

export const shareRequestOf = (title: string, subject: ShareSubject, path: string): ShareRequest => ({
  title,
  text: offerShareText(subject),
  url: absoluteUrl(path, siteOrigin()),
});

/** An offer's share, from its data (the offer page, the modal). */
export const offerShareRequest = (offer: OfferData) =>
  shareRequestOf(localText(offer, 'header').text, shareSubjectOf(offer), localePath(offerCanonicalPath(offer)));

/** A card's share, read from the card the button is in (src/islands/offer-card/OfferCard.tsx, built or hydrated). */
export function cardShareRequest(button: HTMLElement): ShareRequest | undefined {
  const card = button.closest('[data-offer-id]');
  const link = card?.querySelector<HTMLAnchorElement>('.offer-card-title a');
  if (!card || !link) return undefined;
  const text = (selector: string) => card.querySelector(selector)?.textContent?.trim() ?? '';
  const subject = {
    discount: text('.offer-card-tags .tag') || undefined,
    header: link.textContent?.trim() ?? '',
    merchantName: text('.offer-card-merchant-name'),
    bankName: card.querySelector('.offer-card-bank')?.getAttribute('title') ?? '',
  };
  return shareRequestOf(subject.header, subject, link.getAttribute('href') ?? '');
}

/** A card's share button pressed (src/page-scripts/offer-modal.ts, offer-page.ts). */
export function shareCard(button: HTMLElement): Promise<void> {
  const request = cardShareRequest(button);
  return request ? share(button, request) : Promise.resolve();
}

const menus = new WeakMap<HTMLElement, HTMLElement>();
let menuCount = 0;

/**
 * Shares from `button`: the share sheet, or the menu. Once the menu exists the button is its
 * invoker (popoverTargetElement) and the browser opens and closes it: later presses come here and
 * leave it to the browser.
 */
export async function share(button: HTMLElement, request: ShareRequest): Promise<void> {
  if (menus.has(button)) return;
  if (typeof navigator.share === 'function') {
    button.removeAttribute('aria-expanded'); // no menu: the sheet is the browser's
    try {
      await navigator.share(request);
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return; // the visitor closed the sheet
      // Refused (no user activation left, or the data): the menu instead.
    }
  }
  const menu = createMenu(button, request);
  menus.set(button, menu);
  if (button instanceof HTMLButtonElement) button.popoverTargetElement = menu;
  menu.showPopover();
}

function createMenu(button: HTMLElement, request: ShareRequest): HTMLElement {
  const menu = document.createElement('div');
  menu.id = `share-menu-${++menuCount}`;
  menu.className = 'share-menu';
  menu.popover = 'auto';
  menu.setAttribute('role', 'group');
  menu.setAttribute('aria-label', `${SHARE_TEXTS.share}: ${request.title}`);
  button.setAttribute('aria-controls', menu.id);
  button.setAttribute('aria-expanded', 'false');

  const list = document.createElement('ul');
  for (const { target, label, href } of shareLinks(request.url, request.text)) {
    const link = document.createElement('a');
    Object.assign(link, { href, target: '_blank', rel: 'noopener noreferrer', textContent: label });
    link.dataset.shareTarget = target;
    link.addEventListener('click', () => menu.hidePopover());
    list.append(item(link));
  }
  const copy = document.createElement('button');
  copy.type = 'button';
  copy.textContent = SHARE_TEXTS.copyLink;
  copy.dataset.shareTarget = 'copy';
  const status = document.createElement('p');
  status.className = 'share-menu-status';
  status.setAttribute('role', 'status');
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(request.url);
      status.textContent = SHARE_TEXTS.copied;
    } catch {
      status.textContent = `${SHARE_TEXTS.copyFailed}: ${request.url}`;
    }
  });
  list.append(item(copy));
  menu.append(list, status);

  // Placed once shown (it can be measured then), hidden until then; kept by its button while the
  // page scrolls or moves under it (an image or an ad loading above).
  const follow = () => place(menu, button);
  const moves = new ResizeObserver(follow);
  menu.addEventListener('beforetoggle', (event) => {
    if ((event as ToggleEvent).newState === 'open') menu.style.visibility = 'hidden';
    else status.textContent = '';
  });
  menu.addEventListener('toggle', (event) => {
    const open = (event as ToggleEvent).newState === 'open';
    button.setAttribute('aria-expanded', String(open));
    if (open) {
      follow();
      menu.style.visibility = '';
      addEventListener('scroll', follow, { capture: true, passive: true });
      addEventListener('resize', follow, { passive: true });
      moves.observe(document.body);
      menu.querySelector<HTMLElement>('a, button')?.focus();
    } else {
      removeEventListener('scroll', follow, { capture: true });
      removeEventListener('resize', follow);
      moves.disconnect();
      if (!button.isConnected) menu.remove(); // its card was replaced (a list reloaded)
    }
  });
  // Tabbing out of the menu closes it, as a click outside does.
  menu.addEventListener('focusout', (event) => {
    const next = (event as FocusEvent).relatedTarget;
    if (next instanceof Node && !menu.contains(next) && next !== button) menu.hidePopover();
  });
  // In the offer modal the page outside the dialog is inert: the menu lives inside it.
  (button.closest('dialog') ?? document.body).append(menu);
  return menu;
}

function item(control: HTMLElement) {
  const li = document.createElement('li');
  li.append(control);
  return li;
}

/** Under the button (above it when there is no room below), inside the window. */
function place(menu: HTMLElement, button: HTMLElement) {
  const box = button.getBoundingClientRect();
  const { width, height } = menu.getBoundingClientRect();
  const margin = 8;
  const left = Math.max(margin, Math.min(box.right - width, innerWidth - width - margin));
  const below = box.bottom + 4;
  const top = below + height + margin > innerHeight && box.top - height - 4 > margin ? box.top - height - 4 : below;
  menu.style.left = `${left}px`;
  menu.style.top = `${top}px`;
}
