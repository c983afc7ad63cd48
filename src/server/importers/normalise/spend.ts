// The spend conditions, read from the banks' wording: 'Minimum bill value Rs. 5,000',
// 'capped at LKR 2,500', 'max. discount Rs 1,000/-'. Only amounts written as money count.
import { RUPEES_MAX } from '../../../contract/eligibility.ts';
import { forMatching, lastMatch } from './text.ts';

export interface SpendLimits {
  /** The smallest bill the offer applies to, in whole rupees. */
  minBill: number | null;
  /** The largest discount, in whole rupees. */
  maxDiscount: number | null;
}

const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?\s*(k|mn|million)?\b`;
/** 'Rs. 5,000', 'Rs.3000', 'LKR 10k', 'Rs 2,500/-', '5,000 LKR', '2,500 rupees'. */
const MONEY = new RegExp(String.raw`(?:\b(?:rs|lkr|slr)\.?\s*|රු\.?\s*)${NUMBER}(?:\s*\/-)?|${NUMBER}(?:\s*\/-)?\s*(?:lkr|rupees)\b`, 'g');
const MIN_WORDS = /\b(?:min(?:imum)?\b\.?|above|over|more than|exceeding|at least|spend(?:ing)?|bills? (?:value )?of|transactions? (?:value )?of|purchases? of)/;
/** 'Up to' only right before the amount: in 'up to 20% off on bills of Rs. 5,000' it is about the percentage. */
const MAX_WORDS = /\b(?:max(?:imum)?\b\.?|capped|cap|limited to|limit|not exceeding|ceiling)|\bup\s*to\s*$|\bupto\s*$/;
/** '… and above' after an amount makes it a minimum whatever came before. */
const AND_ABOVE = /^\s*(?:and|or)\s+(?:above|over|more)\b/;
/** An amount with no describing words before it may have them after: 'Rs. 2.5k minimum'. */
const MIN_AFTER = /^\s*(?:min(?:imum)?\b|spend\b)/;
const MAX_AFTER = /^\s*(?:max(?:imum)?\b|cap\b)/;
/** How far before an amount its describing words are looked for. */
const CONTEXT_CHARS = 60;

const MULTIPLIERS: Record<string, number> = { k: 1_000, mn: 1_000_000, million: 1_000_000 };

/** The amount in whole rupees, or null when it is not one the contract accepts. */
function rupees(whole: string, fraction: string | undefined, multiplier: string | undefined): number | null {
  const value = Math.round(Number(`${whole.replace(/,/g, '')}.${fraction ?? '0'}`) * (multiplier ? MULTIPLIERS[multiplier]! : 1));
  return value >= 1 && value <= RUPEES_MAX ? value : null;
}

/**
 * The minimum bill and the maximum discount in the text. An amount is described by the nearest
 * words before it ('on bills above Rs. 3,000' is a minimum, 'up to Rs. 5,000 per card' a
 * maximum), else by the word after it ('Rs. 2.5k minimum'); '… and above' always makes a
 * minimum. The first of each kind counts; amounts with no such words ('Rs. 1,000 off') are ignored.
 */
export function readSpend(text: string): SpendLimits {
  const words = forMatching(text);
  const limits: SpendLimits = { minBill: null, maxDiscount: null };
  let previousEnd = 0;
  for (const m of words.matchAll(MONEY)) {
    const amount = m[1] !== undefined ? rupees(m[1], m[2], m[3]) : rupees(m[4]!, m[5], m[6]);
    const end = m.index + m[0].length;
    const before = words.slice(Math.max(previousEnd, m.index - CONTEXT_CHARS), m.index);
    previousEnd = end;
    if (amount === null) continue;
    const after = words.slice(end);
    const min = lastMatch(before, MIN_WORDS);
    const max = lastMatch(before, MAX_WORDS);
    let kind: 'min' | 'max' | null = null;
    if (AND_ABOVE.test(after)) kind = 'min';
    else if (min !== null || max !== null) kind = (min?.index ?? -1) > (max?.index ?? -1) ? 'min' : 'max';
    else if (MIN_AFTER.test(after)) kind = 'min';
    else if (MAX_AFTER.test(after)) kind = 'max';
    if (kind === 'min') limits.minBill ??= amount;
    if (kind === 'max') limits.maxDiscount ??= amount;
  }
  return limits;
}
