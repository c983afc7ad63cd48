// An offer as a calendar event (issue 17): an all-day event over its validity in Sri Lanka's days,
// with a reminder the day before its last day. The server writes it as iCalendar with the `ics`
// library (src/server/services/offer-calendar.ts); the wording and the dates are decided here.
import type dayjs from 'dayjs';
import type { OfferData } from '../contract/index.ts';
import { m } from '../paraglide/messages.js';
import type { Locale } from '../paraglide/runtime.js';
import { CALENDAR_ALARM_HOUR, SITE_NAME } from './constants.ts';
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
  /** All-day: the first day, and the day after the last (iCalendar's DTEND is exclusive). */
  start: CalendarDay;
  end: CalendarDay;
  /** CALENDAR_ALARM_HOUR in Sri Lanka on the day before the last day. */
  alarmAt: Date;
  alarmText: string;
  /** Withdrawn by the team: the event stays, marked cancelled. */
  cancelled: boolean;
}

type CalendarOffer = Pick<OfferData, 'offerId' | 'header' | 'label' | 'translations' | 'offerType' | 'offerRate' | 'offerDateType' | 'offerStart' | 'offerEnd'
  | 'validTimeDateDescription' | 'createAt' | 'withdrawn' | 'merchant' | 'bank' | 'category'>;

const colomboDay = (value: string) => inSriLanka(value).startOf('day');
const dayOf = (day: dayjs.Dayjs): CalendarDay => [day.year(), day.month() + 1, day.date()];

/** The event's stable UID: the offer's id at the site's host. */
export const offerEventUid = (offerId: number, siteUrl: string) => `offer-${offerId}@${new URL(siteUrl).hostname}`;

/**
 * The offer's event in `locale`, or undefined for an offer without an end date: it has no end to be
 * reminded of. It runs from the offer's start (its publication when it has none) to its last day.
 */
export function offerCalendarEvent(offer: CalendarOffer, siteUrl: string, locale: Locale): OfferCalendarEvent | undefined {
  if (offer.offerEnd === null) return undefined;
  const lastDay = colomboDay(offer.offerEnd);
  const firstDay = colomboDay(offer.offerStart ?? offer.createAt);
  const start = firstDay.isAfter(lastDay) ? lastDay : firstDay;
  const url = absoluteUrl(localePath(offerCanonicalPath(offer), locale), siteUrl);
  const text = offerShareText(shareSubjectOf(offer, locale), locale);
  const validity = offerValidity(offer, locale) || offerValidUntil(lastDay, locale);
  const header = localText(offer, 'header', locale).text;
  const label = localText(offer, 'label', locale).text;
  return {
    uid: offerEventUid(offer.offerId, siteUrl),
    title: text,
    description: [header, label, validity, `${categoryName(offer.category, locale)} · ${SITE_NAME}`, url].filter(Boolean).join('\n'),
    url,
    start: dayOf(start),
    end: dayOf(lastDay.add(1, 'day')),
    alarmAt: lastDay.subtract(1, 'day').hour(CALENDAR_ALARM_HOUR).toDate(),
    alarmText: m.pages_calendar_ends_tomorrow({ offer: text }, { locale }),
    cancelled: offer.withdrawn,
  };
}
