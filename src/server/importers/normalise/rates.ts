// The discount, read from the banks' wording: '25% off', 'Up to 50% off', '15% discount', an
// instalment plan ('12 & 24 Months 0% Easy Payment Plans'), or free text ('Buy 1 Get 1 Free') that
// the site shows as written.
import { INSTALMENT_MONTHS_MAX, OFFER_RATE_TEXT_MAX } from '../../../contract/limits.ts';
import { collapseSpaces, cutAtWord } from './text.ts';

export interface OfferRate {
  offerType: 'off' | 'upto' | 'discount' | 'customize' | 'instalment';
  /** A percentage ('25', '12.5') for off / upto / discount; the plan's interest ('0') for instalment; the text for customize. */
  offerRate: string;
  /** An instalment plan's months: the longest it offers ('6 & 12 months' → 12). */
  instalmentMonths?: number;
}

const PERCENT = /(?<![\d.])(\d+(?:\.\d+)?)\s*(?:%|per\s*cent\b|percent\b)/gi;
/** A percentage followed by these is not money off the bill: '0% interest', '10% service charge', '5% cashback'. */
const NOT_A_DISCOUNT =
  /^\s*(?:service\s+charge|vat|tax|interest|instal+ments?|easy\s+payment|cash\s*-?\s*back|points?|bonus)/i;
/** A percentage after a fee's or a charge's words is not a discount either: 'processing fee 10% of the transaction'. */
const NOT_A_DISCOUNT_BEFORE = /\b(?:fees?|charges?|commission|interest(?:\s+rate)?)\s*(?:of\s*)?$/i;
/**
 * A Sri Lankan phone number (0XX XXX XXXX or 0XXX XXX XXX), with the label before it ('Reservations : 077 220 8699'):
 * listings glue the next words to it ('077 220 869935% off' is 35% off), and 'Up to Reservations :
 * … 35% off' is still up to 35%.
 */
const PHONE_NUMBERS =
  /(?:\b(?:reservations?|hotline|call|tel(?:ephone)?)\s*[:-]?\s*)?(?:(?<!\d)0(?:\d{2}[\s-]?\d{3}[\s-]?\d{4}|\d{3}[\s-]?\d{3}[\s-]?\d{3})\s*[/,&]?\s*)+/gi;
const UPTO_BEFORE = /\b(?:up\s*to|upto|max(?:imum)?\.?)\s*(?:a\s+)?$/i;
const DISCOUNT_AFTER = /^\s*discount/i;

/** A percentage the site can show: above 0, at most 100, at most two decimals; written without padding ('12.50' → '12.5'). */
function percentage(digits: string): string | null {
  const value = Number(digits);
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(digits) || value <= 0 || value > 100) return null;
  return String(value);
}

/** Free text for a rate that is not a percentage: trimmed, one line, at most OFFER_RATE_TEXT_MAX characters. */
export const customRate = (text: string): OfferRate => ({
  offerType: 'customize',
  offerRate: cutAtWord(collapseSpaces(text), OFFER_RATE_TEXT_MAX),
});

/**
 * The discount in the text: the first percentage that is money off ('Save 20%', '20% savings' and
 * '25% off' are 'off'; 'Up to 50% off' is 'upto'; '15% discount' is 'discount'). Without one, an
 * instalment plan ('0% instalment up to 24 months'). Anything else, such as '5% cashback' or a plan
 * that names no months, is 'customize' with the text itself.
 */
export function readRate(text: string): OfferRate {
  for (const rate of discountsIn(text)) return rate;
  return readPlan(text) ?? customRate(text);
}

/** Months as banks list them: '12', '3, 6, 12', '6 & 12', '12, 24 and 36', '6/12'. */
const MONTH_LIST = String.raw`(?:\d{1,2}\s*(?:,|&|and|or|/)\s*)*\d{1,2}`;
const MONTHS = String.raw`(${MONTH_LIST})[\s-]*months?\b`;
/**
 * A plan's rate and name: '0% instalments', '0% Interest Installment Plans', '0% Easy Payment Plans',
 * '0% EPP', '0% interest 36-month instalment plans' (its months inside).
 */
const PLAN = new RegExp(
  String.raw`(?<![\d.])(\d{1,3}(?:\.\d{1,2})?)\s*%\s*(?:interest(?:[\s-]*free)?\s*)?(?:${MONTHS}\s*)?(?:easy\s*payments?(?:\s*plans?)?|instal+ments?(?:\s*plans?)?|EPP|IPP)\b`,
  'gi',
);
/** The months just before the plan: '12 & 24 Months 0% EPP', 'up to 12 month 0% …', '6 & 12 months – 0% …'. */
const MONTHS_BEFORE = new RegExp(String.raw`${MONTHS}\s*[-–:]?\s*$`, 'i');
/** The months just after it: '… for 12 months', '… up to 24 months', '… Plan (24 months)', '… available for up to 24 months'. */
const MONTHS_AFTER = new RegExp(
  String.raw`^\s*(?:plans?\s*)?(?:(?:are\s+)?available\s*)?(?:for\s*)?(?:a\s+period\s+of\s*)?(?:up\s*to\s*)?\(?\s*${MONTHS}`,
  'i',
);

/** The longest of a list of months, or null when none is a plan's (1 to INSTALMENT_MONTHS_MAX). */
function longestMonths(list: string | undefined): number | null {
  const months = (list?.match(/\d{1,2}/g) ?? []).map(Number).filter((n) => n >= 1 && n <= INSTALMENT_MONTHS_MAX);
  return months.length ? Math.max(...months) : null;
}

/** The first instalment plan in the text that names its months, with its rate (normally 0%) and its longest months; else null. */
export function readPlan(text: string): OfferRate | null {
  const line = collapseSpaces(text.replace(PHONE_NUMBERS, ' '));
  for (const match of line.matchAll(PLAN)) {
    const rate = Number(match[1]);
    if (rate > 100) continue;
    const months =
      longestMonths(match[2]) ??
      longestMonths(MONTHS_BEFORE.exec(line.slice(0, match.index))?.[1]) ??
      longestMonths(MONTHS_AFTER.exec(line.slice(match.index + match[0].length))?.[1]);
    if (months !== null) return { offerType: 'instalment', offerRate: String(rate), instalmentMonths: months };
  }
  return null;
}

/** Each percentage in the text that is money off, left to right. */
function* discountsIn(text: string): Generator<OfferRate> {
  const line = collapseSpaces(text.replace(PHONE_NUMBERS, ' '));
  for (const match of line.matchAll(PERCENT)) {
    const rate = percentage(match[1]!);
    const end = match.index + match[0].length;
    if (rate === null || NOT_A_DISCOUNT.test(line.slice(end)) || NOT_A_DISCOUNT_BEFORE.test(line.slice(0, match.index)))
      continue;
    if (UPTO_BEFORE.test(line.slice(0, match.index))) yield { offerType: 'upto', offerRate: rate };
    else if (DISCOUNT_AFTER.test(line.slice(end))) yield { offerType: 'discount', offerRate: rate };
    else yield { offerType: 'off', offerRate: rate };
  }
}

/** Every distinct discount percentage in the text, in order: 'Premium cards 20% off, other cards 15% off' → ['20', '15']. */
export const discountRates = (text: string): string[] => [
  ...new Set([...discountsIn(text)].map((rate) => rate.offerRate)),
];

/** A feed's percentage, or null when it is not one the site can show (0, over 100, not a number). */
export function structuredRate(percent: number, kind: 'off' | 'upto'): OfferRate | null {
  if (!Number.isFinite(percent) || percent <= 0 || percent > 100) return null;
  return { offerType: kind, offerRate: String(Math.round(percent * 100) / 100) };
}
