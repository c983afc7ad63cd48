// The banks' own cadences and limits, as their offer texts word them: supermarkets' card days
// ("every Wednesday · Minimum bill value Rs. 5,000 · Max. discount Rs. 1,500 per card per day"),
// weekend fuel days, 0% instalment plans above a minimum transaction (converted by a call within
// days, an SMS registration before paying, or a promo code online), hotels' booking and stay
// periods, and offers for a bank's premium cards only. It settles an offer's eligibility and words
// its header, label, validity and terms to agree with it. Pure: it draws only from the Random it is
// given, the catalogue's own stream for these terms.
import { groupedDigits } from '../../contract/digits.ts';
import {
  cardName,
  WEEKDAYS,
  type CardSpecData,
  type EligibilityData,
  type Weekday,
} from '../../contract/eligibility.ts';
import { OFFER_HEADER_MAX, SRI_LANKA_UTC_OFFSET_MS, type OFFER_TYPES } from '../../contract/limits.ts';
import { CARD_TIERS, type CategorySeed } from './data.ts';
import type { Random } from './random.ts';

type OfferType = (typeof OFFER_TYPES)[number];

export interface OfferDraft {
  category: CategorySeed;
  bankName: string;
  bankHotline: string;
  /** The bank's cards (debit ones included). */
  issuedCards: CardSpecData[];
  merchantName: string;
  merchantWebsite: string;
  /** What the discount is on ('the lunch buffet'). */
  thing: string;
  offerType: OfferType;
  offerRate: string;
  header: string;
  label: string;
  /** The day-free validity wording drawn for the offer, or null. */
  validity: string | null;
  /** The last day of the offer, as the text names it; null when the offer has no end. */
  lastDay: Date | null;
  promoCode: string | null;
  eligibility: EligibilityData;
}

export interface OfferTerms {
  eligibility: EligibilityData;
  header: string;
  label: string;
  /** validTimeDateDescription: the days and hours, or the booking and stay periods, or the drawn wording. */
  validity: string | null;
  /** The offer's conditions as the bank states them, one line each. */
  terms: string[];
}

/** Where a card day's discount is capped per card per day (banks cap other offers per transaction). */
const CAPPED_PER_DAY = new Set(['dining', 'supermarkets', 'fuel', 'online']);
/** The categories whose banks make some offers for their premium cards only, and how often. */
const PREMIUM_ICONS = new Set([
  'dining',
  'hotels',
  'travel',
  'shopping',
  'fashion',
  'jewellery',
  'entertainment',
  'health',
]);
const PREMIUM_SHARE = 0.15;
const PREMIUM_TIERS = new Set(['Platinum', 'Titanium', 'Signature', 'Infinite', 'World', 'World Elite']);
const PREMIUM_CARDS_MAX = 3;
/** The share of hotel offers that give a stay period after the booking period, and its length in days. */
const STAY_PERIOD_SHARE = 0.6;
const STAY_AFTER_DAYS = [30, 45, 60, 90];
/** The plans' months, as the banks offer them. */
const PLAN_MONTHS = [3, 6, 12, 24, 36];
/** How a plan is taken up: call within days (most), register by SMS first, or a promo code online. */
const CONVERT_WITHIN_DAYS = [7, 7, 7, 14, 30];
const REGISTER_FIRST_SHARE = 0.3;
const ONLINE_PLAN_SHARE = 0.5;

const DAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAY = 86_400_000;

export const rupees = (amount: number) => `Rs. ${groupedDigits(amount)}`;

/** 'Wednesday', 'Wednesday and Sunday', 'Monday to Friday' (three or more days in a row). */
export function dayNames(days: readonly Weekday[]): string {
  const indexes = days.map((day) => WEEKDAYS.indexOf(day));
  const inARow = indexes.every((index, i) => i === 0 || index === indexes[i - 1]! + 1);
  if (inARow && days.length >= 3) return `${DAY_NAMES[days[0]!]} to ${DAY_NAMES[days.at(-1)!]}`;
  return days.map((day) => DAY_NAMES[day]).join(' and ');
}
const isWeekend = (days: readonly Weekday[]) => days.length === 2 && days[0] === 'sat' && days[1] === 'sun';
/** The header's words for the days: 'every weekend', 'every Wednesday', 'Monday to Friday'. */
export const headerDays = (days: readonly Weekday[]) =>
  isWeekend(days) ? 'every weekend' : days.length >= 3 ? dayNames(days) : `every ${dayNames(days)}`;

/** '18:00' → '6 pm', '22:30' → '10.30 pm', as the banks write hours. */
const clock = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return `${hours % 12 === 0 ? 12 : hours % 12}${minutes ? `.${String(minutes).padStart(2, '0')}` : ''} ${hours < 12 ? 'am' : 'pm'}`;
};

/** 'Every Wednesday from 6 pm to 10.30 pm', 'Monday to Friday', 'Daily from 6 pm to 10.30 pm'; null when the offer runs all day every day. */
export function scheduleText(eligibility: Pick<EligibilityData, 'days' | 'timeFrom' | 'timeTo'>): string | null {
  const { days, timeFrom, timeTo } = eligibility;
  const hours = timeFrom && timeTo ? `from ${clock(timeFrom)} to ${clock(timeTo)}` : '';
  if (days.length === 0) return hours ? `Daily ${hours}` : null;
  const when = days.length >= 3 && !isWeekend(days) ? dayNames(days) : `Every ${dayNames(days)}`;
  return [when, hours].filter(Boolean).join(' ');
}

/** A day in Sri Lanka as the banks write it: '31 January 2026'. */
const longDay = (date: Date) => {
  const local = new Date(date.getTime() + SRI_LANKA_UTC_OFFSET_MS);
  return `${local.getUTCDate()} ${MONTHS[local.getUTCMonth()]} ${local.getUTCFullYear()}`;
};

/** The header with the words added when they fit, else the short header with them, else the header as it was. */
function headerWith(draft: OfferDraft, words: string): string {
  const rate = draft.offerRate;
  const short =
    draft.offerType === 'off'
      ? `${rate}% off`
      : draft.offerType === 'upto'
        ? `Up to ${rate}% off`
        : draft.offerType === 'discount'
          ? `${rate}% discount`
          : rate;
  return (
    [`${draft.header} ${words}`, `${short} at ${draft.merchantName} ${words}`].find(
      (h) => h.length <= OFFER_HEADER_MAX,
    ) ?? draft.header
  );
}

/** The amount a free-text perk asks to be spent ('Rs. 1,000 off on bills above Rs. 10,000'), if it names one. */
const perkMinimum = (perk: string) => {
  const match = /(?:above|on) Rs\. ([\d,]+)/.exec(perk);
  return match ? Number(match[1]!.replaceAll(',', '')) : null;
};
/** The months of a free-text instalment perk ('0% instalments up to 12 months'), if it is one. */
export const perkPlanMonths = (perk: string) => {
  const match = /^0% instalments up to (\d+) months/.exec(perk);
  return match ? Number(match[1]) : null;
};

/**
 * A minimum bill and a cap that fit each other: the rate on the minimum bill stays within the cap
 * (else the cap would bite at the floor). The minimum bill drops to the largest of the category's
 * that fits, unless it is fixed or none fits; then the cap rises to the smallest that fits, or goes.
 */
function fitLimits(
  category: CategorySeed,
  rate: number | null,
  minBill: number | null,
  cap: number | null,
  fixedMinimum: boolean,
) {
  const fits = (bill: number, c: number) => (bill * (rate ?? 0)) / 100 <= c;
  if (minBill === null || cap === null || fits(minBill, cap)) return { minBill, cap };
  const lower = fixedMinimum ? undefined : category.minBills.filter((bill) => fits(bill, cap)).at(-1);
  if (lower !== undefined) return { minBill: lower, cap };
  const bill = fixedMinimum ? minBill : Math.min(minBill, category.minBills[0]!);
  return { minBill: bill, cap: category.caps.find((c) => fits(bill, c)) ?? null };
}

/** The bank's highest-tier credit cards, best first. */
const premiumCards = (issued: readonly CardSpecData[]) =>
  issued
    .filter((card) => card.kind === 'credit' && card.tier !== null && PREMIUM_TIERS.has(card.tier))
    .sort((a, b) => CARD_TIERS.indexOf(b.tier!) - CARD_TIERS.indexOf(a.tier!));

/** 'a', 'a and b', 'a, b and c' (or 'or'). */
const joinWords = (items: readonly string[], conjunction = 'and') =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;

/** Settles the offer's eligibility to the banks' patterns and words its header, label, validity and terms to agree. */
export function bankTerms(random: Random, draft: OfferDraft): OfferTerms {
  const { category } = draft;
  const eligibility: EligibilityData = {
    ...draft.eligibility,
    days: [...draft.eligibility.days],
    cards: [...draft.eligibility.cards],
  };
  const rate = draft.offerType === 'customize' ? null : Number(draft.offerRate);
  let header = draft.header;
  let validity = draft.validity;
  const terms: string[] = [];

  // Card days: one or two set days, with a minimum bill and a cap.
  const cardDay =
    category.cardDays && random.chance(category.cardDays.share)
      ? category.cardDays.plans[
          random.weighted(
            category.cardDays.plans.map((_, i) => i),
            category.cardDays.plans.map((plan) => plan.weight),
          )
        ]!.days
      : null;
  if (cardDay) {
    eligibility.days = [...cardDay];
    eligibility.timeFrom = null;
    eligibility.timeTo = null;
    eligibility.minBill ??= random.pick(category.minBills);
    if (rate !== null) eligibility.maxDiscount ??= random.pick(category.caps);
    header = headerWith({ ...draft, header }, headerDays(eligibility.days));
  }

  // A free-text perk's own minimum wins; a fixed amount off has no cap to state.
  const perkMin = rate === null ? perkMinimum(draft.offerRate) : null;
  if (perkMin !== null) eligibility.minBill = perkMin;
  if (rate === null) eligibility.maxDiscount = null;

  // 0% instalment plans: a perk that is one, or a share of the category's rated offers beside their discount.
  const perkMonths = rate === null ? perkPlanMonths(draft.offerRate) : null;
  const plan =
    category.instalments &&
    (perkMonths !== null || (rate !== null && !cardDay && random.chance(category.instalments.share)))
      ? {
          upTo: perkMonths ?? random.pick(category.instalments.upToMonths),
          minTransaction: random.pick(category.instalments.minTransactions),
        }
      : null;
  let fixedMinimum = perkMin !== null;
  if (plan) {
    eligibility.minBill = Math.max(plan.minTransaction, eligibility.minBill ?? 0);
    fixedMinimum = true;
    eligibility.days = [];
    eligibility.timeFrom = null;
    eligibility.timeTo = null;
    if (perkMonths === null) header = headerWith({ ...draft, header }, `+ 0% instalments up to ${plan.upTo} months`);
  }

  const limits = fitLimits(category, rate, eligibility.minBill, eligibility.maxDiscount, fixedMinimum);
  eligibility.minBill = limits.minBill;
  eligibility.maxDiscount = limits.cap;

  // Promo codes are quoted online.
  if (plan && draft.promoCode && random.chance(ONLINE_PLAN_SHARE)) {
    eligibility.channel = 'online';
    eligibility.website ??= draft.merchantWebsite;
  }
  eligibility.promoCodeRequired = draft.promoCode !== null && eligibility.channel === 'online';
  eligibility.registerFirst = false;
  eligibility.convertWithinDays = null;

  // Cards: a share for the bank's premium cards only; other listed cards name their networks
  // ('Visa credit cards'), as the banks list them, not a mix of tiers.
  const premium = premiumCards(draft.issuedCards);
  if (!plan && PREMIUM_ICONS.has(category.iconName) && premium.length > 0 && random.chance(PREMIUM_SHARE)) {
    eligibility.cardScope = 'listed';
    eligibility.cards = premium.slice(0, random.int(1, Math.min(PREMIUM_CARDS_MAX, premium.length)));
    terms.push(`Exclusively for ${draft.bankName} ${joinWords(eligibility.cards.map(cardName))} credit cardholders`);
  } else if (eligibility.cardScope === 'listed') {
    const networks = new Set(eligibility.cards.map((card) => card.network));
    const creditNetworks = new Set(
      draft.issuedCards.filter((card) => card.kind === 'credit').map((card) => card.network),
    );
    const every = [...creditNetworks].every((network) => networks.has(network));
    eligibility.cardScope = every ? 'credit' : 'listed';
    eligibility.cards = every ? [] : [...networks].map((network) => ({ network, kind: 'credit', tier: null }));
  }
  // A lunch or a brunch is not an evening's.
  if (/lunch|brunch/i.test(draft.thing)) {
    eligibility.timeFrom = null;
    eligibility.timeTo = null;
  }

  if (plan) {
    const months = PLAN_MONTHS.filter((m) => m <= plan.upTo);
    terms.push(
      `0% interest easy payment plan for up to ${plan.upTo} months (${joinWords(months.map(String), 'or')} months)`,
    );
    terms.push(`Minimum transaction ${rupees(eligibility.minBill!)}`);
    if (eligibility.promoCodeRequired) {
      terms.push(`Quote promo code ${draft.promoCode} at checkout to pay in instalments`);
    } else if (random.chance(REGISTER_FIRST_SHARE)) {
      eligibility.registerFirst = true;
      terms.push(
        'Register by SMS before paying: send EPP and the last 4 digits of your card to the number on the back of your card',
      );
    } else {
      eligibility.convertWithinDays = random.pick(CONVERT_WITHIN_DAYS);
      terms.push(
        `Call ${draft.bankHotline} within ${eligibility.convertWithinDays} days of the purchase to convert it to an instalment plan`,
      );
    }
  } else {
    if (eligibility.minBill !== null) terms.push(`Minimum bill value ${rupees(eligibility.minBill)}`);
    if (eligibility.promoCodeRequired) terms.push(`Use promo code ${draft.promoCode} at checkout`);
  }
  if (eligibility.maxDiscount !== null) {
    terms.push(
      `Max. discount ${rupees(eligibility.maxDiscount)} ${cardDay || CAPPED_PER_DAY.has(category.iconName) ? 'per card per day' : 'per transaction'}`,
    );
  }
  if (cardDay && category.iconName === 'supermarkets') terms.push('One transaction per card per day');

  // Validity: the days and hours when the offer has them; a hotel's booking and stay periods.
  const schedule = scheduleText(eligibility);
  if (schedule) validity = schedule;
  if (category.iconName === 'hotels' && draft.lastDay && random.chance(STAY_PERIOD_SHARE)) {
    const stayUntil = new Date(draft.lastDay.getTime() + random.pick(STAY_AFTER_DAYS) * DAY);
    validity = `Book by ${longDay(draft.lastDay)}, stay until ${longDay(stayUntil)}`;
    terms.push(`Booking period: till ${longDay(draft.lastDay)}`, `Stay period: till ${longDay(stayUntil)}`);
  }

  // A label that says weekend says it only of weekend offers.
  const label =
    /weekend/i.test(draft.label) && !isWeekend(eligibility.days)
      ? (category.labels.find((other) => !/weekend/i.test(other)) ?? draft.label)
      : draft.label;

  return { eligibility, header, label, validity, terms };
}

/** The cards in the description's words: 'credit or debit card', 'credit card', 'Visa Platinum or Visa Signature credit card'. */
export function cardsWording(eligibility: Pick<EligibilityData, 'cardScope' | 'cards'>): string {
  if (eligibility.cardScope === 'all') return 'credit or debit card';
  if (eligibility.cardScope === 'credit') return 'credit card';
  return `${joinWords(eligibility.cards.map(cardName), 'or')} credit card`;
}
