// The offers of offer cards that the build wrote as HTML (the bank page's rows, home's first page):
// a JSON script beside the cards, read by src/page-scripts/static-cards.ts and by home's OfferBrowser.
import type { OfferData } from '../../contract/index.ts';

/** The attribute of the JSON script, inside the cards' container, that holds the cards' offers. */
export const CARD_OFFERS_ATTRIBUTE = 'data-card-offers';

/** The offers of the cards under `root`, in the cards' order. */
export function cardOffersIn(root: HTMLElement): OfferData[] {
  const data = root.querySelector(`script[${CARD_OFFERS_ATTRIBUTE}]`)?.textContent;
  // The build wrote it from the contract's type.
  return data ? (JSON.parse(data) as OfferData[]) : [];
}
