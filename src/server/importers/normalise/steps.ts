// The steps a card holder must take for the offer, read from the banks' wording: register first
// ('Register via SMS …', 'prior registration required'), call or SMS within N days to convert the
// purchase to instalments, quote a promo code ('Promo Code : BOC20', 'Apply promo code X').
import { CONVERT_WITHIN_DAYS_MAX } from '../../../contract/eligibility.ts';
import { forMatching } from './text.ts';

export interface Steps {
  registerFirst: boolean;
  /** The days after the purchase within which it must be converted to an instalment plan. */
  convertWithinDays: number | null;
  promoCodeRequired: boolean;
}

/**
 * Registering for the offer before paying. Registration that is not a step for the offer ('during
 * registration' at a hospital, 'registered for SMS', 'within 6 months of registration') does not count.
 */
const REGISTER_FIRST =
  /\b(?:pre-?regist(?:er|ered|ration)|prior\s+registration|registration\s+(?:is\s+)?(?:required|mandatory|compulsory|needed|essential)|must\s+(?:first\s+)?(?:be\s+)?register(?:ed)?|register\s+(?:first|before|prior|via|by|through|using|with\s+(?:the\s+)?(?:bank|sms|promo)|for\s+(?:the|this)\s+(?:offer|promotion))|by\s+registering|sms\s+["'‘“]?reg\b)/;
/** 'within 7 days', 'within 14 working days', 'within seven (07) days', 'within thirty days'. */
const WITHIN_DAYS =
  /\bwithin\s+(?:(\d{1,3})|([a-z-]+)(?:\s*\(\s*(\d{1,3})\s*\))?)\s+(?:working\s+|business\s+|calendar\s+)?days?\b/g;
/** The sentence is about converting a purchase to instalments. */
const CONVERSION_WORDS = /\b(?:convert(?:ed|ing)?|conversion|instal+ments?|easy\s+payments?|epp|emi)\b/;
const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  fourteen: 14,
  fifteen: 15,
  twenty: 20,
  'twenty-one': 21,
  thirty: 30,
  'forty-five': 45,
  sixty: 60,
  ninety: 90,
};
// No word boundary at the start: listings glue words together ('…2026Promo Code : BOC20').
const PROMO_CODE = /(?<![a-z])(?:promo(?:tion(?:al)?)?|coupon|discount|voucher)\s*-?\s*codes?\b/;
const NO_PROMO_CODE =
  /\bno\s+(?:promo(?:tion(?:al)?)?|coupon|discount|voucher)\s*-?\s*codes?\b|\bcodes?\s+(?:is\s+|are\s+)?not\s+(?:required|needed|necessary)\b/;

/** The days within which a purchase must be converted to instalments, from a sentence about converting. */
function convertWithinDays(words: string): number | null {
  for (const sentence of words.split(/[.;!?\n]\s/)) {
    if (!CONVERSION_WORDS.test(sentence)) continue;
    for (const m of sentence.matchAll(WITHIN_DAYS)) {
      const days = m[1] !== undefined ? Number(m[1]) : m[3] !== undefined ? Number(m[3]) : NUMBER_WORDS[m[2]!];
      if (days !== undefined && days >= 1 && days <= CONVERT_WITHIN_DAYS_MAX) return days;
    }
  }
  return null;
}

/** The steps the text asks of the card holder; an item's own promo code makes one required. */
export function readSteps(text: string, promoCode?: string | null): Steps {
  const words = forMatching(text);
  return {
    registerFirst: REGISTER_FIRST.test(words),
    convertWithinDays: convertWithinDays(words),
    promoCodeRequired: Boolean(promoCode?.trim()) || (PROMO_CODE.test(words) && !NO_PROMO_CODE.test(words)),
  };
}
