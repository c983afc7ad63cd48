// "Which of my cards saves the most here, on this day, for this bill?": each card's best offer at a
// merchant, the rupees it saves after the minimum bill and the cap, or the one reason it does not
// apply. Plain code over plain data: the API (server/domain/savings.ts) and the pages' islands
// (which answer without a round trip for cards kept in the browser) run this same function.
import type { CardNetwork, CardKind, Weekday } from '../contract/card-constants.ts';
import type { CardSpecData, EligibilityData } from '../contract/eligibility.ts';
import type { OFFER_TYPES } from '../contract/limits.ts';
import { cardCanUse } from './card-match.ts';
import { sriLankaDate, sriLankaInstant, weekdayOf } from './sri-lanka-date.ts';

/** Where the bill is paid: an offer for both, or one that does not say, counts for either. */
export type PaymentChannel = 'inStore' | 'online';

export interface SavingsQuestion {
  /** The bill in whole rupees; null when the visitor did not say (then no saving is worked out). */
  bill: number | null;
  channel: PaymentChannel;
  /** The day in Sri Lanka, YYYY-MM-DD. */
  date: string;
  /** The time of day in Sri Lanka, HH:MM; null checks no time window (a day chosen ahead). */
  time: string | null;
}

/** What of an offer the answer reads. */
export interface SavingsOffer {
  offerId: number;
  bankId: number;
  offerType: (typeof OFFER_TYPES)[number];
  offerRate: string | null;
  /** An instalment plan's months (offer type 'instalment'); optional, as data written before plans has none. */
  instalmentMonths?: number | null;
  offerStart: string | null;
  offerEnd: string | null;
  eligibility: Pick<
    EligibilityData,
    'cardScope' | 'cards' | 'days' | 'timeFrom' | 'timeTo' | 'minBill' | 'maxDiscount' | 'channel'
  >;
}

/** A card the answer is for: network and kind null mean "any card of this bank" (My Cards). */
export interface SavingsCard {
  bankId: number;
  network: CardNetwork | null;
  kind: CardKind | null;
  tier: string | null;
}

/** What a merchant's page carries for the answer (build/merchant-page-view.ts writes it): the offers now and coming, and their banks' cards. */
export interface MerchantSavingsData {
  offers: SavingsOffer[];
  banks: { bankId: number; bankName: string; issuedCards: CardSpecData[] }[];
}

/** Every card the banks issue, bank by bank; "any card of the bank" for a bank that lists none. */
export function cardsOfBanks(
  banks: readonly { bankId: number; issuedCards: readonly CardSpecData[] }[],
): SavingsCard[] {
  return banks.flatMap(({ bankId, issuedCards }): SavingsCard[] =>
    issuedCards.length === 0
      ? [{ bankId, network: null, kind: null, tier: null }]
      : issuedCards.map((card) => ({ bankId, ...card })),
  );
}

/** Why an offer does not apply, with what its one line says. */
export type SavingsReason =
  | { code: 'no_offer' }
  | { code: 'starts'; date: string }
  | { code: 'cards_only'; cardScope: 'credit' | 'listed'; cards: CardSpecData[] }
  | { code: 'channel_only'; channel: PaymentChannel }
  | { code: 'days_only'; days: Weekday[] }
  /** `later`: the window opens later on the day asked ("from 6 pm"). */
  | { code: 'time_window'; from: string; to: string; later: boolean }
  | { code: 'min_bill'; amount: number };

/**
 * What the offer gives: a percentage (exact, or "up to"), with its cap; an instalment plan (its
 * interest, normally 0, over its months); or its own words (a free item). Plans and words save no
 * rupees on the bill: they rank after the savings.
 */
export type SavingsBenefit =
  { percent: number; upTo: boolean; cap: number | null } | { interest: number; months: number } | { text: string };

export interface CardSaving {
  card: SavingsCard;
  /** The offer that applies, or the nearest one that does not; null when the bank has none here. */
  offerId: number | null;
  qualifies: boolean;
  /** Rupees off this bill (whole, after the cap); null without a bill, or for a benefit in words. */
  saving: number | null;
  benefit: SavingsBenefit | null;
  reason: SavingsReason | null;
}

const MINUTES_A_DAY = 24 * 60;
const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
};

/** A window from `from` up to (not including) `to`; one that ends before it starts runs past midnight. */
function inWindow(time: string, from: string, to: string): boolean {
  const [t, start, end] = [minutesOf(time), minutesOf(from), minutesOf(to)];
  if (start === end) return true;
  return start < end ? t >= start && t < end : t >= start || t < end;
}

/**
 * The offer's benefit from its type and rate: 'off' and 'discount' are exact percentages, 'upto' a
 * best case, 'instalment' a plan of its months.
 */
export function benefitOf(
  offer: Pick<SavingsOffer, 'offerType' | 'offerRate' | 'instalmentMonths' | 'eligibility'>,
): SavingsBenefit | null {
  const raw = offer.offerRate?.trim() ?? '';
  if (raw === '') return null;
  if (offer.offerType === 'customize') return { text: raw };
  if (offer.offerType === 'instalment')
    return offer.instalmentMonths == null
      ? { text: raw }
      : { interest: Number(raw.replace(/\s*%$/, '')) || 0, months: offer.instalmentMonths };
  const percent = Number(raw.replace(/\s*%$/, ''));
  if (!Number.isFinite(percent) || percent <= 0 || percent > 100) return { text: raw };
  return { percent, upTo: offer.offerType === 'upto', cap: offer.eligibility.maxDiscount };
}

/** Rupees off a bill: the percentage, rounded down, no more than the cap. */
export function savingOn(bill: number, benefit: SavingsBenefit | null): number | null {
  if (!benefit || !('percent' in benefit)) return null;
  const off = Math.floor((bill * benefit.percent) / 100);
  return benefit.cap === null ? off : Math.min(off, benefit.cap);
}

/**
 * Why the card cannot use the offer on the question's day, or null when it can. One reason, the
 * first of: not started, not this card, not this channel, not this weekday, not this hour, bill too small.
 */
export function reasonAgainst(offer: SavingsOffer, card: SavingsCard, question: SavingsQuestion): SavingsReason | null {
  const e = offer.eligibility;
  const dayEnd = sriLankaInstant(question.date, MINUTES_A_DAY);
  const moment = question.time === null ? dayEnd - 1 : sriLankaInstant(question.date, minutesOf(question.time));
  if (offer.offerStart !== null && Date.parse(offer.offerStart) > moment)
    return { code: 'starts', date: sriLankaDate(offer.offerStart) };
  if (!cardCanUse(card, offer))
    return { code: 'cards_only', cardScope: e.cardScope === 'credit' ? 'credit' : 'listed', cards: e.cards };
  if ((e.channel === 'inStore' || e.channel === 'online') && e.channel !== question.channel)
    return { code: 'channel_only', channel: e.channel };
  if (e.days.length > 0 && !e.days.includes(weekdayOf(question.date))) return { code: 'days_only', days: e.days };
  if (
    question.time !== null &&
    e.timeFrom !== null &&
    e.timeTo !== null &&
    !inWindow(question.time, e.timeFrom, e.timeTo)
  )
    return {
      code: 'time_window',
      from: e.timeFrom,
      to: e.timeTo,
      later: minutesOf(question.time) < minutesOf(e.timeFrom),
    };
  if (question.bill !== null && e.minBill !== null && question.bill < e.minBill)
    return { code: 'min_bill', amount: e.minBill };
  return null;
}

/** Whether the offer has ended before the question's moment: such offers are left out. */
function endedBefore(offer: SavingsOffer, question: SavingsQuestion): boolean {
  if (offer.offerEnd === null) return false;
  const moment =
    question.time === null
      ? sriLankaInstant(question.date, 0)
      : sriLankaInstant(question.date, minutesOf(question.time));
  return Date.parse(offer.offerEnd) < moment;
}

// Among offers that do not apply, the one whose reason is nearest to applying is shown.
const REASON_NEARNESS: SavingsReason['code'][] = [
  'min_bill',
  'time_window',
  'days_only',
  'starts',
  'channel_only',
  'cards_only',
];

/** For ranking: rupees saved, else the percentage (no bill), else nothing (a benefit in words). */
const rankValue = (saving: CardSaving): [number, number] => {
  const benefit = saving.benefit;
  const percent = benefit && 'percent' in benefit ? benefit.percent : -1;
  return [saving.saving ?? -1, percent];
};
const byValue = (a: CardSaving, b: CardSaving) => {
  const [[savingA, percentA], [savingB, percentB]] = [rankValue(a), rankValue(b)];
  return savingB - savingA || percentB - percentA;
};

/** The card's best offer here: the one that applies and saves most, else the nearest that does not. */
export function bestForCard(offers: readonly SavingsOffer[], card: SavingsCard, question: SavingsQuestion): CardSaving {
  const answers = offers
    .filter((offer) => offer.bankId === card.bankId && !endedBefore(offer, question))
    .map((offer): CardSaving => {
      const benefit = benefitOf(offer);
      const reason = reasonAgainst(offer, card, question);
      const saving = reason === null && question.bill !== null ? savingOn(question.bill, benefit) : null;
      return { card, offerId: offer.offerId, qualifies: reason === null, saving, benefit, reason };
    });
  const applying = answers.filter((answer) => answer.qualifies).sort(byValue);
  if (applying[0]) return applying[0];
  const nearest = answers.sort(
    (a, b) => REASON_NEARNESS.indexOf(a.reason!.code) - REASON_NEARNESS.indexOf(b.reason!.code) || byValue(a, b),
  )[0];
  return (
    nearest ?? { card, offerId: null, qualifies: false, saving: null, benefit: null, reason: { code: 'no_offer' } }
  );
}

/**
 * Every card's answer, ranked: cards an offer applies to first, by rupees saved (by percentage
 * without a bill), benefits in words after them; then the cards it does not apply to, in the order given.
 */
export function rankSavings(
  offers: readonly SavingsOffer[],
  cards: readonly SavingsCard[],
  question: SavingsQuestion,
): CardSaving[] {
  const answers = cards.map((card) => bestForCard(offers, card, question));
  const applying = answers.filter((answer) => answer.qualifies).sort(byValue);
  return [...applying, ...answers.filter((answer) => !answer.qualifies)];
}
