// An offer as a calendar event (issue 17): an all-day event over its validity in Sri Lanka's days
// (for an offer valid on some weekdays only, a one-day event repeating weekly on them), with a
// reminder the day before its last day. The server writes it as iCalendar with the `ics` library (src/server/services/offer-calendar.ts); the wording and the dates are decided here.
import type dayjs from 'dayjs';
import { WEEKDAYS, type Weekday } from '../contract/card-constants.ts';
import type { OfferData } from '../contract/index.ts';
import { m } from '../paraglide/messages.js';
import type { Locale } from '../paraglide/runtime.js';
import { CALENDAR_ALARM_HOUR, SITE_NAME } from './constants.ts';
import { cardsText, weekdayName } from './format-eligibility.ts';
import { localePath } from './locale-path.ts';
import { offerValidity, offerValidUntil } from './offer-dates.ts';
import { absoluteUrl, offerShareText, shareSubjectOf } from './offer-share.ts';
import { offerCanonicalPath } from './site-urls.ts';
import { inSriLanka } from './sri-lanka-time.ts';
import { categoryName, localText } from './translated.ts';

/** A calendar day: year, month (1-12), day. */
export type CalendarDay = [number, number, number];

export interface OfferCalendarEvent {
  /** The same for the offer in every file and feed, so that a calendar updates its event rather than adding one. */
  uid: string;
  title: string;
  description: string;
  /** The offer's canonical URL. */
  url: string;
  /**
   * All-day: the first day, and the day after the last (iCalendar's DTEND is exclusive). An offer
   * valid only on some weekdays is one day, its first such day, repeating weekly (`weekly`).
   */
  start: CalendarDay;
  end: CalendarDay;
  /** The weekdays (iCalendar's MO … SU) it repeats on, until the offer's last day (no end: for ever); undefined for one event over the validity. */
  weekly?: { days: string[]; until?: CalendarDay };
  /** CALENDAR_ALARM_HOUR in Sri Lanka on the day before the last day; none for a weekday's event of an offer without an end. */
  alarm?: { at: Date; text: string };
  /** Withdrawn by the team: the event stays, marked cancelled. */
  cancelled: boolean;
}

type CalendarOffer = Pick<
  OfferData,
  | 'offerId'
  | 'header'
  | 'label'
  | 'translations'
  | 'offerType'
  | 'offerRate'
  | 'offerDateType'
  | 'offerStart'
  | 'offerEnd'
  | 'validTimeDateDescription'
  | 'createAt'
  | 'withdrawn'
  | 'merchant'
  | 'bank'
  | 'category'
> & { eligibility?: Pick<OfferData['eligibility'], 'days' | 'cardScope' | 'cards'> };

const colomboDay = (value: string) => inSriLanka(value).startOf('day');
const dayOf = (day: dayjs.Dayjs): CalendarDay => [day.year(), day.month() + 1, day.date()];
/** iCalendar's weekday names, in WEEKDAYS' order (Monday first). */
const ICAL_WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

/** An offer valid on some weekdays only: its first such day from `start`, and the rule; undefined for every day. */
function weeklyDays(days: readonly string[], start: dayjs.Dayjs, lastDay: dayjs.Dayjs) {
  const on = WEEKDAYS.flatMap((day, index) => (days.includes(day) ? [index] : []));
  if (on.length === 0 || on.length === WEEKDAYS.length) return undefined;
  for (let day = start; !day.isAfter(lastDay); day = day.add(1, 'day')) {
    // dayjs counts from Sunday (0), WEEKDAYS from Monday.
    if (on.includes((day.day() + 6) % 7)) return { first: day, days: on.map((index) => ICAL_WEEKDAYS[index]!) };
  }
  return undefined; // none of its weekdays falls in its validity: the validity as one event
}

/** The event's stable UID: the offer's id at the site's host. */
export const offerEventUid = (offerId: number, siteUrl: string) => `offer-${offerId}@${new URL(siteUrl).hostname}`;

/**
 * The offer's event in `locale`, or undefined for an offer without an end date: it has no end to be
 * reminded of. It runs from the offer's start (its publication when it has none) to its last day.
 */
export function offerCalendarEvent(
  offer: CalendarOffer,
  siteUrl: string,
  locale: Locale,
): OfferCalendarEvent | undefined {
  if (offer.offerEnd === null) return undefined;
  const lastDay = colomboDay(offer.offerEnd);
  const firstDay = colomboDay(offer.offerStart ?? offer.createAt);
  const start = firstDay.isAfter(lastDay) ? lastDay : firstDay;
  const weekly = weeklyDays(offer.eligibility?.days ?? [], start, lastDay);
  const url = absoluteUrl(localePath(offerCanonicalPath(offer), locale), siteUrl);
  const text = offerShareText(shareSubjectOf(offer, locale), locale);
  const validity = offerValidity(offer, locale) || offerValidUntil(lastDay, locale);
  const header = localText(offer, 'header', locale).text;
  const label = localText(offer, 'label', locale).text;
  return {
    uid: offerEventUid(offer.offerId, siteUrl),
    title: text,
    description: [header, label, validity, `${categoryName(offer.category, locale)} · ${SITE_NAME}`, url]
      .filter(Boolean)
      .join('\n'),
    url,
    start: dayOf(weekly ? weekly.first : start),
    end: dayOf(weekly ? weekly.first.add(1, 'day') : lastDay.add(1, 'day')),
    ...(weekly ? { weekly: { days: weekly.days, until: dayOf(lastDay) } } : {}),
    alarm: endsTomorrowAlarm(lastDay, text, locale),
    cancelled: offer.withdrawn,
  };
}

const endsTomorrowAlarm = (lastDay: dayjs.Dayjs, text: string, locale: Locale) => ({
  at: lastDay.subtract(1, 'day').hour(CALENDAR_ALARM_HOUR).toDate(),
  text: m.pages_calendar_ends_tomorrow({ offer: text }, { locale }),
});

/**
 * The week planners' Add to calendar: the offer on one weekday, as an all-day event on its first
 * such day (from its start, or its publication) repeating weekly until its last day, or for ever
 * for an offer without an end. Its UID is the offer's and the day's, apart from the offer's own
 * event. Undefined when the offer does not run on that weekday, or no such day falls in its validity.
 */
export function offerWeekdayEvent(
  offer: CalendarOffer,
  weekday: Weekday,
  siteUrl: string,
  locale: Locale,
): OfferCalendarEvent | undefined {
  const days = offer.eligibility?.days ?? [];
  if (days.length > 0 && !days.includes(weekday)) return undefined;
  const index = WEEKDAYS.indexOf(weekday);
  const lastDay = offer.offerEnd === null ? undefined : colomboDay(offer.offerEnd);
  let first = colomboDay(offer.offerStart ?? offer.createAt);
  while ((first.day() + 6) % 7 !== index) first = first.add(1, 'day');
  if (lastDay && first.isAfter(lastDay)) return undefined;
  const url = absoluteUrl(localePath(offerCanonicalPath(offer), locale), siteUrl);
  const text = offerShareText(shareSubjectOf(offer, locale), locale);
  const cards =
    offer.eligibility && offer.eligibility.cardScope !== 'all'
      ? cardsText(offer.eligibility, offer.bank.bankName, locale)
      : undefined;
  const header = localText(offer, 'header', locale).text;
  const validity = offerValidity(offer, locale) || (lastDay ? offerValidUntil(lastDay, locale) : '');
  return {
    uid: `offer-${offer.offerId}-${weekday}@${new URL(siteUrl).hostname}`,
    title: `${weekdayName(weekday, locale)}: ${text}`,
    description: [header, cards, validity, `${categoryName(offer.category, locale)} · ${SITE_NAME}`, url]
      .filter(Boolean)
      .join('\n'),
    url,
    start: dayOf(first),
    end: dayOf(first.add(1, 'day')),
    weekly: { days: [ICAL_WEEKDAYS[index]!], ...(lastDay ? { until: dayOf(lastDay) } : {}) },
    ...(lastDay ? { alarm: endsTomorrowAlarm(lastDay, text, locale) } : {}),
    cancelled: offer.withdrawn,
  };
}
