// The Monday-to-Sunday view of offers that the merchant page's strip and the week planners share:
// which weekdays an offer runs on, and what a day's entry names (bank, benefit, card rule).
import type { OfferData } from '../contract/index.ts';
import { WEEKDAYS, type Weekday } from '../contract/card-constants.ts';
import { bankLabels } from '../lib/bank-names.ts';
import { cardRuleText } from '../lib/card-match.ts';
import { offerTags } from '../lib/format-offer.ts';
import { localePath } from '../lib/locale-path.ts';
import { offerCanonicalPath } from '../lib/site-urls.ts';
import { sriLankaDate, weekdayOf } from '../lib/sri-lanka-date.ts';

/** What one day's cell names: the bank, what it gives, the offer's page, and the card rule for "Your card" (data-cards). */
export interface WeekEntry {
  bank: string;
  benefit: string;
  href: string;
  cards: string;
}

/** Whether an offer runs on a weekday: it names the day, or no day (every day). */
export const runsOnWeekday = (offer: Pick<OfferData, 'eligibility'>, day: Weekday) =>
  offer.eligibility.days.length === 0 || offer.eligibility.days.includes(day);

/** The banks of these offers, each labelled by a name none of the others shares (bankLabels). */
export const weekBankLabels = (offers: readonly OfferData[]) =>
  bankLabels([...new Map(offers.map((offer) => [offer.bankId, offer.bank])).values()]);

/** An offer in a week's cell; `labels` names its bank (weekBankLabels of the offers shown together). */
export const weekEntry = (offer: OfferData, labels: Map<number, string>): WeekEntry => ({
  bank: labels.get(offer.bankId) ?? offer.bank.bankName,
  benefit: offerTags(offer)[0] ?? offer.label,
  href: localePath(offerCanonicalPath(offer)),
  cards: cardRuleText(offer),
});

const DAY_MS = 86_400_000;

/** The seven days from `now`'s day in Sri Lanka, each as its YYYY-MM-DD date, in WEEKDAYS' order (Monday first). */
export function comingWeek(now: number): { day: Weekday; date: string }[] {
  const dates = Array.from({ length: WEEKDAYS.length }, (_, i) => sriLankaDate(now + i * DAY_MS));
  return WEEKDAYS.map((day) => ({ day, date: dates.find((date) => weekdayOf(date) === day)! }));
}

/**
 * Whether an offer applies on a date (YYYY-MM-DD in Sri Lanka): one of its weekdays, on or after
 * its first day and on or before its last.
 */
export function appliesOn(offer: OfferData, day: { day: Weekday; date: string }): boolean {
  if (offer.status === 'expired' || !runsOnWeekday(offer, day.day)) return false;
  if (offer.offerStart !== null && sriLankaDate(offer.offerStart) > day.date) return false;
  return offer.offerEnd === null || sriLankaDate(offer.offerEnd) >= day.date;
}
