// An offer's validity wording (spec §9): 'Valid from .. to ..', 'Valid until', 'Till', 'Valid On',
// and when an imported offer was last checked at its source ('Checked 30 Nov at Commercial Bank'),
// in Sri Lanka's time zone whatever the server's or browser's. English dates keep the spec's dayjs
// formats ('05 December', 'January 10th 2027'); Sinhala and Tamil ones are Intl's for si-LK and ta-LK.
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';
import type { OfferData } from '../contract/index.ts';
import { m } from '../paraglide/messages.js';
import { baseLocale, getLocale, type Locale } from '../paraglide/runtime.js';
import {
  DATE_DAY_MONTH_FORMAT,
  DATE_LONG_FORMAT,
  DATE_SHORT_FORMAT,
  DATE_SHORT_YEAR_FORMAT,
  SITE_TIME_ZONE,
} from './constants.ts';
import { intlLocale } from './intl-locale.ts';
import { inSriLanka } from './sri-lanka-time.ts';

dayjs.extend(advancedFormat); // for 'Do' (1st, 2nd, ...)

/** An ISO date string as a day in Sri Lanka, or undefined when absent or unreadable. */
function colomboDate(value: string | null): dayjs.Dayjs | undefined {
  if (value == null || value.trim() === '') return undefined;
  const date = inSriLanka(value);
  return date.isValid() ? date : undefined;
}

/** Intl's date formats by language and parts, made once: a build formats dates for every card. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: Locale, parts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(parts)}`;
  let format = dateFormats.get(key);
  if (!format)
    dateFormats.set(
      key,
      (format = new Intl.DateTimeFormat(intlLocale(locale), { ...parts, timeZone: SITE_TIME_ZONE })),
    );
  return format;
}

/** A day with its year: 'January 10th 2027' in English, Intl's long date in Sinhala and Tamil. */
const longDate = (date: dayjs.Dayjs, locale: Locale) =>
  locale === baseLocale
    ? date.format(DATE_LONG_FORMAT)
    : dateFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(date.toDate());

/** 'Valid until January 10th 2027', for an offer whose own wording says nothing. */
export const offerValidUntil = (lastDay: dayjs.Dayjs, locale: Locale = getLocale()) =>
  m.offer_valid_until({ end: longDate(lastDay, locale) }, { locale });

/** The validity line, e.g. 'Valid from 05 December to January 10th 2027'; '' when there is nothing to say. */
export function offerValidity(
  offer: Pick<OfferData, 'offerDateType' | 'offerStart' | 'offerEnd' | 'validTimeDateDescription'>,
  locale: Locale = getLocale(),
): string {
  const description = offer.validTimeDateDescription?.trim() ?? '';
  const start = colomboDate(offer.offerStart);
  const end = colomboDate(offer.offerEnd);
  const long = (date: dayjs.Dayjs) => longDate(date, locale);
  const dayMonth = (date: dayjs.Dayjs) =>
    locale === baseLocale
      ? date.format(DATE_DAY_MONTH_FORMAT)
      : dateFormat(locale, { day: 'numeric', month: 'long' }).format(date.toDate());
  const options = { locale };
  switch (offer.offerDateType) {
    case 'fromTo':
      return start && end ? m.offer_valid_from_to({ start: dayMonth(start), end: long(end) }, options) : description;
    case 'until':
      return end ? m.offer_valid_until({ end: long(end) }, options) : description;
    case 'till':
      return end ? m.offer_valid_till({ end: long(end) }, options) : description;
    case 'on': {
      // An offer for one day: its start, or its end when only that was entered.
      const day = start ?? end;
      return day ? m.offer_valid_on({ day: long(day) }, options) : description;
    }
    case 'other':
    case 'customize':
      return description;
  }
}

/** A day as '30 Nov' (Intl's short month in Sinhala and Tamil), with its year when that is not `now`'s year in Sri Lanka. */
export function shortDate(
  value: string | null,
  locale: Locale = getLocale(),
  now: Date = new Date(),
): string | undefined {
  const date = colomboDate(value);
  if (!date) return undefined;
  const withYear = date.year() !== inSriLanka(now).year();
  if (locale === baseLocale) return date.format(withYear ? DATE_SHORT_YEAR_FORMAT : DATE_SHORT_FORMAT);
  return dateFormat(
    locale,
    withYear ? { day: 'numeric', month: 'short', year: 'numeric' } : { day: 'numeric', month: 'short' },
  ).format(date.toDate());
}

/**
 * 'Checked 30 Nov at Commercial Bank': when an imported offer's source last listed it, by the
 * source's name; '' for an offer with no source (a merchant's own) or no date.
 */
export function sourceCheckedText(
  source: Pick<NonNullable<OfferData['source']>, 'name' | 'lastVerifiedAt'> | null | undefined,
  locale: Locale = getLocale(),
  now: Date = new Date(),
): string {
  const date = source ? shortDate(source.lastVerifiedAt, locale, now) : undefined;
  return source && date ? m.offer_checked_at({ date, source: source.name }, { locale }) : '';
}
