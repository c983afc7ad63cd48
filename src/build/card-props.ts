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
