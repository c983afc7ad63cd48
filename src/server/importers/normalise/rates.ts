// The discount, read from the banks' wording: '25% off', 'Up to 50% off', '15% discount', or
// free text ('Buy 1 Get 1 Free') that the site shows as written.
import { OFFER_RATE_TEXT_MAX } from '../../../contract/limits.ts';
import { collapseSpaces, cutAtWord } from './text.ts';

export interface OfferRate {
  offerType: 'off' | 'upto' | 'discount' | 'customize';
  /** A percentage ('25', '12.5') for off / upto / discount; the text for customize. */
  offerRate: string;
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
 * '25% off' are 'off'; 'Up to 50% off' is 'upto'; '15% discount' is 'discount'). Anything else,
 * including '0% instalment plans' and '5% cashback', is 'customize' with the text itself.
 */
export function readRate(text: string): OfferRate {
  for (const rate of discountsIn(text)) return rate;
  return customRate(text);
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
