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
/** 'Rs. 5,000', 'Rs.3000', 'LKR 10k', 'Rs 2,500/-', '5,000 LKR', '2,500 rupees', and '10,000/-' (the '/-' is only written after money). */
const MONEY = new RegExp(
  String.raw`(?:\b(?:rs|lkr|slr)\.?\s*|රු\.?\s*)${NUMBER}(?:\s*\/-)?|${NUMBER}(?:\s*\/-\s*|\s*(?:lkr|rupees)\b)`,
  'g',
);
// The words may be glued to what came before ('…June 2026Min. Bill Value'): no word boundary needed at their start.
const MIN_WORDS =
  /(?<![a-z])(?:min(?:imum)?\b\.?|above|over|more than|exceeding|at least|between|spend(?:ing)?|bills? (?:value )?(?:of|from)|transactions? (?:value )?(?:of|from)|purchases? (?:of|from)|eligible (?:amount|value))/;
/** 'Up to' only right before the amount: in 'up to 20% off on bills of Rs. 5,000' it is about the percentage. */
const MAX_WORDS =
  /(?<![a-z])(?:max(?:imum)?\b\.?|capped|cap|limited to|limit|not exceeding|ceiling|(?:total\s+)?discount\s+value)|\bup\s*to\s*$|\bupto\s*$/;
/**
 * The largest bill or transaction the offer takes ('Maximum Bill Value Rs. 50,000', 'maximum
 * transaction value Rs. 1 Million', 'single transactions up to LKR 1,500,000'): a limit on the
 * spend, not on the discount, so neither kind. '10% off per transaction up to Rs. 1,000' is a cap.
 */
const LIMIT_WORDS =
  /(?<![a-z])max(?:imum)?\b\.?\s*(?:total\s+)?(?:bill|transaction|txn|purchase|invoice|order|spend)s?(?:\s+(?:value|amount|size))?\b|(?<!\bper\s)\b(?:bill|transaction|txn|purchase)s?(?:\s+(?:value|amount))?\s+(?:of\s+)?(?:up\s*to|upto)\s*$/;
/**
 * What joins the two ends of a spend range ('above LKR 200,000 up to LKR 1,500,000', 'Rs. 25,000 to
 * Rs. 1 Million', 'between Rs.2,000/- Rs.30,000/-'): after a minimum, the second end is a limit.
 */
const RANGE_JOIN = /^\s*(?:-|to|and|up\s*to|upto)?\s*$/;
/** '… and above' after an amount makes it a minimum whatever came before. */
const AND_ABOVE = /^\s*(?:and|or)\s+(?:above|over|more)\b/;
/** An amount with no describing words before it may have them after: 'Rs. 2.5k minimum'. */
const MIN_AFTER = /^\s*(?:min(?:imum)?\b|spend\b)/;
/** 'Rs. 5,000/- per cardholder' names what one card holder can save: a cap. */
const MAX_AFTER = /^\s*(?:max(?:imum)?\b|cap\b|per\s+card\s*(?:holder|member)?s?\b)/;
/** An amount that opens the terms with no words of its own ('Terms: Rs. 1,500/-;') is what the offer saves at most. */
const TERMS_OPENING = /\bterms\s*:\s*$/;
/** How far before an amount its describing words are looked for. */
const CONTEXT_CHARS = 60;

const MULTIPLIERS: Record<string, number> = { k: 1_000, mn: 1_000_000, million: 1_000_000 };

/** The amount in whole rupees, or null when it is not one the contract accepts. */
function rupees(whole: string, fraction: string | undefined, multiplier: string | undefined): number | null {
  const value = Math.round(
    Number(`${whole.replace(/,/g, '')}.${fraction ?? '0'}`) * (multiplier ? MULTIPLIERS[multiplier]! : 1),
  );
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
  let previousKind: 'min' | 'max' | 'limit' | null = null;
  for (const m of words.matchAll(MONEY)) {
    const amount = m[1] !== undefined ? rupees(m[1], m[2], m[3]) : rupees(m[4]!, m[5], m[6]);
    const end = m.index + m[0].length;
    const before = words.slice(Math.max(previousEnd, m.index - CONTEXT_CHARS), m.index);
    const joinsPrevious = previousEnd > 0 && RANGE_JOIN.test(words.slice(previousEnd, m.index));
    previousEnd = end;
    if (amount === null) {
      previousKind = null;
      continue;
    }
    const after = words.slice(end);
    const min = lastMatch(before, MIN_WORDS);
    const max = lastMatch(before, MAX_WORDS);
    const limit = lastMatch(before, LIMIT_WORDS);
    let kind: 'min' | 'max' | 'limit' | null = null;
    if (AND_ABOVE.test(after)) kind = 'min';
    else if (joinsPrevious && previousKind === 'min') kind = 'limit';
    else if (min !== null || max !== null || limit !== null) {
      // The nearest describing words win; a limit's words ('maximum bill value') include a maximum's.
      const ends = {
        min: min ? min.index : -1,
        max: max ? max.index : -1,
        limit: limit ? limit.index + limit[0].length : -1,
      };
      kind =
        limit !== null && ends.limit >= ends.max && ends.limit >= ends.min
          ? 'limit'
          : ends.min > ends.max
            ? 'min'
            : 'max';
    } else if (MIN_AFTER.test(after)) kind = 'min';
    else if (MAX_AFTER.test(after) || TERMS_OPENING.test(before)) kind = 'max';
    previousKind = kind;
    if (kind === 'min') limits.minBill ??= amount;
    if (kind === 'max') limits.maxDiscount ??= amount;
  }
  return limits;
}
