// Which clicks open the offer modal: a plain left click on an offer card's link
// (a[data-offer-link]) to one of our offer URLs. Plain code, shared by the page's loader script
// and the modal host, so that the first click needs no React to be recognised.
import { splitLocale } from '../../lib/locale-path.ts';
import { offerIdFromPath } from '../../lib/site-urls.ts';

const isPlainClick = (event: MouseEvent) =>
  !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** The link and its offer id when `event` should open the modal; undefined to leave the click to the browser. */
export function offerLinkClick(event: MouseEvent): { link: HTMLAnchorElement; offerId: number } | undefined {
  if (!isPlainClick(event) || !(event.target instanceof Element)) return undefined;
  const link = event.target.closest('a[data-offer-link]');
  if (
    !(link instanceof HTMLAnchorElement) ||
    (link.target !== '' && link.target !== '_self') ||
    link.origin !== location.origin
  )
    return undefined;
  const offerId = offerIdFromPath(splitLocale(link.pathname).path); // '/si/…' and '/ta/…' too
  return offerId === undefined ? undefined : { link, offerId };
}
