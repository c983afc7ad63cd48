// "Valid today": in force on today's date in Sri Lanka, on today's weekday, whatever the server's
// or browser's time zone. The server's SQL (domain/offer-search.ts) takes its day from here.
import { WEEKDAYS, type Weekday } from '../contract/card-constants.ts';
import type { EligibilityData } from '../contract/eligibility.ts';
import { inSriLanka } from './sri-lanka-time.ts';

export interface SriLankaDay {
  /** The day's first instant, and the next day's. */
  start: Date;
  end: Date;
  weekday: Weekday;
  /** YYYY-MM-DD, for cache keys. */
  date: string;
}

/** The day it is in Sri Lanka at `now`. */
export function sriLankaDay(now: Date = new Date()): SriLankaDay {
  const start = inSriLanka(now).startOf('day');
  // dayjs counts Sunday 0; WEEKDAYS starts on Monday.
  return {
    start: start.toDate(),
    end: start.add(1, 'day').toDate(),
    weekday: WEEKDAYS[(start.day() + 6) % 7]!,
    date: start.format('YYYY-MM-DD'),
  };
}

type OfferDays = {
  offerStart: Date | string | null;
  offerEnd: Date | string | null;
  eligibility: Pick<EligibilityData, 'days'>;
};

/** Whether the offer runs on today's date in Sri Lanka: started by today's end, not yet ended, on one of its days (none: every day). */
export function isValidToday(offer: OfferDays, now: Date = new Date()): boolean {
  const today = sriLankaDay(now);
  if (offer.offerStart !== null && new Date(offer.offerStart) >= today.end) return false;
  if (offer.offerEnd !== null && new Date(offer.offerEnd) < now) return false;
  return offer.eligibility.days.length === 0 || offer.eligibility.days.includes(today.weekday);
}
