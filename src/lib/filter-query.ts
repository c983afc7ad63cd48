// How a list's filter is written in a page's query string (?bank=1,3&network=visa&today=1&sort=most-viewed):
// read and written by the home page's filter store, and written by the server for an alert's list link.
import type { ChannelFilter, OfferSort } from '../contract/card-constants.ts';

/** The query string's names. */
export const FILTER_QUERY_PARAMS = {
  bank: 'bank',
  category: 'category',
  network: 'network',
  channel: 'channel',
  sort: 'sort',
  validToday: 'today',
  endingSoon: 'ending',
  mine: 'mine',
  plans: 'plans',
} as const;
/** How channel and sort are written there. */
export const CHANNEL_IN_URL: Record<ChannelFilter, string> = { inStore: 'in-store', online: 'online' };
export const SORT_IN_URL: Record<OfferSort, string> = {
  newest: 'newest',
  endingSoon: 'ending-soon',
  mostViewed: 'most-viewed',
  biggestDiscount: 'biggest-discount',
  longestPlan: 'longest-plan',
};
