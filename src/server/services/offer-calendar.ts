// iCalendar files of offers (issue 17), written with the `ics` library: one offer's file (Add to
// calendar) in the language of the page it was added from, and a user's favourites feed in the
// account's language. The events themselves come from src/lib/offer-calendar.ts.
import { createEvents, type EventAttributes } from 'ics';
import type { OfferData } from '../../contract/index.ts';
import { SITE_NAME } from '../../lib/constants.ts';
import { offerCalendarEvent, offerWeekdayEvent, type OfferCalendarEvent } from '../../lib/offer-calendar.ts';
import type { Weekday } from '../../contract/card-constants.ts';
import { m } from '../../paraglide/messages.js';
import type { Locale } from '../../paraglide/runtime.js';

export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';
const PRODUCT_ID = `-//${SITE_NAME}//Offers//EN`;
/** The feed's name in a calendar app's list. */
const favouritesCalendarName = (locale: Locale) =>
  m.pages_calendar_favourites_name({ siteName: SITE_NAME }, { locale });

function eventAttributes(event: OfferCalendarEvent): EventAttributes {
  return {
    uid: event.uid,
    title: event.title,
    description: event.description,
    url: event.url,
    start: event.start,
    end: event.end,
    // UNTIL is a date, as DTSTART is: the offer's last day, included.
    ...(event.weekly
      ? {
          recurrenceRule: `FREQ=WEEKLY;BYDAY=${event.weekly.days.join(',')}${event.weekly.until ? `;UNTIL=${event.weekly.until.map((part) => String(part).padStart(2, '0')).join('')}` : ''}`,
        }
      : {}),
    // A reminder, not an appointment: the days stay free.
    busyStatus: 'FREE',
    transp: 'TRANSPARENT',
    status: event.cancelled ? 'CANCELLED' : 'CONFIRMED',
    ...(event.alarm
      ? { alarms: [{ action: 'display', description: event.alarm.text, trigger: event.alarm.at.getTime() }] }
      : {}),
  };
}

function calendarText(events: OfferCalendarEvent[], calName?: string): string {
  const header = { productId: PRODUCT_ID, method: 'PUBLISH', ...(calName ? { calName } : {}) };
  const written = createEvents(events.map(eventAttributes), header);
  if (written.value) return written.value;
  // \`ics\` refuses some valid site URLs (a one-digit port, an IPv6 host): the link stays in the description.
  const { error, value } = createEvents(
    events.map((event) => ({ ...eventAttributes(event), url: undefined })),
    header,
  );
  if (error || !value) throw error ?? written.error ?? new Error('The calendar could not be written');
  return value;
}

/** One offer's .ics, or undefined for an offer without an end date. */
export function offerCalendarFile(offer: OfferData, siteUrl: string, locale: Locale): string | undefined {
  const event = offerCalendarEvent(offer, siteUrl, locale);
  return event && calendarText([event]);
}

/** One offer's weekly event on one weekday (the week planners), or undefined when it does not run on that day. */
export function offerWeekdayCalendarFile(
  offer: OfferData,
  weekday: Weekday,
  siteUrl: string,
  locale: Locale,
): string | undefined {
  const event = offerWeekdayEvent(offer, weekday, siteUrl, locale);
  return event && calendarText([event]);
}

/** A favourites feed: an event for each offer that has an end date (the others have nothing to remind of). */
export function favouritesCalendarFile(offers: OfferData[], siteUrl: string, locale: Locale): string {
  return calendarText(
    offers.flatMap((offer) => offerCalendarEvent(offer, siteUrl, locale) ?? []),
    favouritesCalendarName(locale),
  );
}
