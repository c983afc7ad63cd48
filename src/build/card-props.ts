// What a page hands an island of offer cards (Top Picks): each offer as the card draws it, without
// the texts and lists only the offer's own page shows. Every offer page carries four of them as
// serialised props, so each byte here is written, compressed and sent 10,000 times per language.
import type { OfferData } from '../contract/index.ts';

export const cardOffer = (offer: OfferData): OfferData => ({
  ...offer,
  description: '',
  hotLine: { mobileNo: [], email: [] },
  location: [],
  cardTypes: [],
  // The card's 'Checked … at …' line needs only the source's name and date.
  source: offer.source && {
    name: offer.source.name,
    lastVerifiedAt: offer.source.lastVerifiedAt,
    url: null,
    contentHash: null,
  },
  bank: { ...offer.bank, cardTypes: [], issuedCards: [] },
  merchantData: offer.merchant,
});

/**
 * The JSON script's text beside a page's built cards (CARD_OFFERS_ATTRIBUTE): their offers as the
 * cards draw them. A bank page's full offers were 96 KB of its 256 KB of HTML, read at load.
 */
export const cardOffersJson = (offers: readonly OfferData[]): string =>
  JSON.stringify(offers.map(cardOffer)).replace(/</g, '\\u003c');
