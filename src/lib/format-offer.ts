// How an offer's fields read on cards and the offer page (spec §2 'Offer detail page', §9).
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { OfferData } from '../contract/index.ts';
import {
  DATE_DAY_MONTH_FORMAT,
  DATE_LONG_FORMAT,
  LOCATION_TAGS_INLINE,
  MOBILE_MASK_FROM,
  MOBILE_MASK_TO,
  PRICE_LOCALE,
  PRICE_PREFIX,
  SITE_TIME_ZONE,
  TRUNCATION_SUFFIX,
} from './constants.ts';
import type { OfferDisplayStatus } from './offer-status.ts';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(advancedFormat); // for 'Do' (1st, 2nd, ...)

/** The offer's rate tags: 'N% off', 'upto N% off', 'N % discount', or the free text of 'customize'. */
export function offerTags(offer: Pick<OfferData, 'offerType' | 'offerRate'>): string[] {
  const raw = offer.offerRate;
  if (raw == null || raw.trim() === '') return [];
  if (offer.offerType === 'customize') return [raw];
  // A rate typed as '20%' must not read '20%% off'.
  const rate = raw.trim().replace(/\s*%$/, '');
  if (rate === '') return [];
  switch (offer.offerType) {
    case 'off':
      return [`${rate}% off`];
    case 'upto':
      return [`upto ${rate}% off`];
    case 'discount':
      return [`${rate} % discount`];
  }
}

/** An ISO date string as a day in Sri Lanka, or undefined when absent or unreadable. */
function colomboDate(value: string | null): dayjs.Dayjs | undefined {
  if (value == null || value.trim() === '') return undefined;
  const date = dayjs(value);
  return date.isValid() ? date.tz(SITE_TIME_ZONE) : undefined;
}

/** The validity line, e.g. 'Valid from 05 December to January 10th 2027'; '' when there is nothing to say. */
export function offerValidity(
  offer: Pick<OfferData, 'offerDateType' | 'offerStart' | 'offerEnd' | 'validTimeDateDescription'>,
): string {
  const description = offer.validTimeDateDescription?.trim() ?? '';
  const start = colomboDate(offer.offerStart);
  const end = colomboDate(offer.offerEnd);
  const long = (date: dayjs.Dayjs) => date.format(DATE_LONG_FORMAT);
  switch (offer.offerDateType) {
    case 'fromTo':
      return start && end ? `Valid from ${start.format(DATE_DAY_MONTH_FORMAT)} to ${long(end)}` : description;
    case 'until':
      return end ? `Valid until ${long(end)}` : description;
    case 'till':
      return end ? `Till ${long(end)}` : description;
    case 'on': {
      // An offer for one day: its start, or its end when only that was entered.
      const day = start ?? end;
      return day ? `Valid On ${long(day)}` : description;
    }
    case 'other':
    case 'customize':
      return description;
  }
}

/** Cut to max characters (Unicode code points) plus '...' when longer; shorter text is returned as is. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return chars.slice(0, Math.max(0, max)).join('') + TRUNCATION_SUFFIX;
}

const STATUS_LABELS: Partial<Record<OfferDisplayStatus, string>> = {
  new: 'New',
  expireSoon: 'Ending soon',
  expired: 'Expired',
};

/** The badge an offer shows, or undefined for none. */
export function statusLabel(status: OfferDisplayStatus): string | undefined {
  return STATUS_LABELS[status];
}

const priceFormat = new Intl.NumberFormat(PRICE_LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 'Rs. 1,250.00' */
export function formatPrice(amount: number): string {
  return `${PRICE_PREFIX} ${priceFormat.format(amount)}`;
}

type OfferLocation = OfferData['location'][number];

/** The location a card shows: the first active one. */
export function firstActiveLocation(locations: readonly OfferLocation[]): string | undefined {
  return locations.find((location) => location.isActive)?.value;
}

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
