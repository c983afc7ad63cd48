// The plain values of typed eligibility and of the richer offer lists: card networks (with their
// brand names), kinds, scopes, weekdays, channels, orders and the My Cards limit. The names of the
// weekdays, channels and orders a visitor reads are messages (messages/, docs/i18n.md). No schemas:
// the pages' at-load code (the filter bar, the My Cards store) imports these alone, and the
// schemas (eligibility.ts, offer-search.ts, which re-export this) load only where a form needs them.

export const CARD_NETWORKS = ['visa', 'mastercard', 'amex', 'unionpay', 'jcb', 'diners'] as const;
export type CardNetwork = (typeof CARD_NETWORKS)[number];
export const CARD_NETWORK_NAMES: Record<CardNetwork, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  unionpay: 'UnionPay',
  jcb: 'JCB',
  diners: 'Diners Club',
};
export const CARD_KINDS = ['credit', 'debit', 'prepaid'] as const;
export type CardKind = (typeof CARD_KINDS)[number];
/** An offer's cards: every card of its bank, every credit card of its bank, or the listed ones. */
export const CARD_SCOPES = ['all', 'credit', 'listed'] as const;
export type CardScope = (typeof CARD_SCOPES)[number];
/** ISO order, Monday first. An offer with no days runs every day. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** Where the offer is used: null when the offer does not say. */
export const CHANNELS = ['inStore', 'online', 'both'] as const;
export type Channel = (typeof CHANNELS)[number];

/** How many cards one visitor may keep (My Cards). */
export const MY_CARDS_MAX = 20;
/**
 * The lists' orders: newest first (the §7 lists' order), ending soonest, most viewed, biggest
 * discount, and the instalment plans with the most months first (issue 47 §4).
 */
export const OFFER_SORTS = ['newest', 'endingSoon', 'mostViewed', 'biggestDiscount', 'longestPlan'] as const;
export type OfferSort = (typeof OFFER_SORTS)[number];
/** The kinds of offer a list can be narrowed to: the instalment plans (offer type 'instalment'). */
export const OFFER_KIND_FILTERS = ['instalment'] as const;
export type OfferKindFilter = (typeof OFFER_KIND_FILTERS)[number];
/** Where the visitor will pay: an offer for both counts for either. */
export const CHANNEL_FILTERS = ['inStore', 'online'] as const;
export type ChannelFilter = (typeof CHANNEL_FILTERS)[number];

/** A card the visitor holds (offer-search.ts MyCard): network and kind null mean "any card of this bank". */
export interface MyCardData {
  bankId: number;
  network: CardNetwork | null;
  kind: CardKind | null;
  tier: string | null;
}

/** Two cards are the same card when bank, network, kind and tier (any case) agree. */
export const myCardKey = (card: MyCardData) =>
  `${card.bankId}:${card.network ?? '*'}:${card.kind ?? '*'}:${(card.tier ?? '').toLowerCase()}`;
