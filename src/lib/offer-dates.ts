// An offer's validity wording (spec §9): 'Valid from .. to ..', 'Valid until', 'Till', 'Valid On',
// with dayjs in Sri Lanka's time zone whatever the server's or browser's.
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { OfferData } from '../contract/index.ts';
import { DATE_DAY_MONTH_FORMAT, DATE_LONG_FORMAT, SITE_TIME_ZONE } from './constants.ts';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(advancedFormat); // for 'Do' (1st, 2nd, ...)

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
