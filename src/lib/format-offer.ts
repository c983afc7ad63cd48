// How an offer's fields read on cards and the offer page (spec §2 'Offer detail page', §9). Dates
// are in offer-dates.ts, so that a card's code does not carry dayjs.
import type { OfferData } from '../contract/index.ts';
import { LOCATION_TAGS_INLINE, MOBILE_MASK_FROM, MOBILE_MASK_TO, TRUNCATION_SUFFIX } from './constants.ts';
import type { OfferDisplayStatus } from './offer-status.ts';
import { m } from '../paraglide/messages.js';
import type { Locale } from '../paraglide/runtime.js';

/** What offerTags reads: a plan's months are optional, as offers kept in a browser from before plans have none. */
export type OfferRateFields = Pick<OfferData, 'offerType' | 'offerRate'> & Partial<Pick<OfferData, 'instalmentMonths'>>;

/**
 * The offer's rate tags: 'N% off', 'upto N% off', 'N % discount', a plan's 'N% for M months', or
 * the free text of 'customize'.
 * `locale`: another language than the page's, at build time only (a script's messages have its page's alone).
 */
export function offerTags(offer: OfferRateFields, locale?: Locale): string[] {
  const raw = offer.offerRate;
  if (raw == null || raw.trim() === '') return [];
  if (offer.offerType === 'customize') return [raw];
  // A rate typed as '20%' must not read '20%% off'.
  const rate = raw.trim().replace(/\s*%$/, '');
  if (rate === '') return [];
  switch (offer.offerType) {
    case 'off':
      return [m.pages_offer_tag_off({ rate }, { locale })];
    case 'upto':
      return [m.pages_offer_tag_upto({ rate }, { locale })];
    case 'discount':
      return [m.pages_offer_tag_discount({ rate }, { locale })];
    case 'instalment':
      return offer.instalmentMonths == null
        ? []
        : [m.pages_offer_tag_instalment({ rate, months: offer.instalmentMonths }, { locale })];
  }
}

/** An offer's counts as cards, the offer page and the modal show them. */
// One count has its own wording ("1 view", "1 favourite"), as the My Cards line has.
export const viewsText = (views: number) =>
  views === 1 ? m.pages_offer_views_one() : m.pages_offer_views({ count: views });
export const favouritesText = (favourites: number) =>
  favourites === 1 ? m.pages_offer_favourites_one() : m.pages_offer_favourites({ count: favourites });

/** Cut to max characters (Unicode code points) plus '...' when longer; shorter text is returned as is. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return chars.slice(0, Math.max(0, max)).join('') + TRUNCATION_SUFFIX;
}

// Message functions, called when a badge is shown: the page's language then.
const STATUS_LABELS: Partial<Record<OfferDisplayStatus, () => string>> = {
  new: m.pages_offer_status_new,
  expireSoon: m.pages_offer_status_ending_soon,
  expired: m.pages_offer_status_expired,
};

/** The badge an offer shows, or undefined for none; a withdrawn offer's (its status is 'expired') says it is no longer available. */
export function statusLabel(status: OfferDisplayStatus, withdrawn = false): string | undefined {
  return withdrawn ? m.pages_offer_status_withdrawn() : STATUS_LABELS[status]?.();
}

type OfferLocation = OfferData['location'][number];

/** The active locations, the first `inline` of them shown as tags and the rest for a popover. */
export function splitLocations(
  locations: readonly OfferLocation[],
  inline: number = LOCATION_TAGS_INLINE,
): { inline: string[]; rest: string[] } {
  const active = locations.filter((location) => location.isActive).map((location) => location.value);
  const cut = Math.max(0, inline);
  return { inline: active.slice(0, cut), rest: active.slice(cut) };
}

/** '771234567' → '771******': positions 4 to 9 (1-based) become asterisks. */
export function maskMobile(mobileNo: string): string {
  return Array.from(mobileNo)
    .map((char, index) => (index >= MOBILE_MASK_FROM - 1 && index <= MOBILE_MASK_TO - 1 ? '*' : char))
    .join('');
}
