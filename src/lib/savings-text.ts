// The savings answer (lib/savings.ts) in words: why a card does not qualify, in one line ("needs a
// bill of Rs. 15,000", "Fridays only", "Platinum cards only", "online only", "from 6 pm", "starts
// 5 Dec"), and what an offer gives. In the page's language, or in `locale` (the API's English).
import type { SavingsReason } from './savings.ts';
import type { EligibilityData } from '../contract/eligibility.ts';
import { m } from '../paraglide/messages.js';
import { getLocale, type Locale } from '../paraglide/runtime.js';
import { clockText, daysText, listedCardsText, listText, rupeesText } from './format-eligibility.ts';
import { offerTags, type OfferRateFields } from './format-offer.ts';
import { shortDate } from './offer-dates.ts';

/** The cards an offer is for, as its reason names them: 'Platinum cards', 'credit cards', 'Visa credit cards'. */
function cardsOnlyText(reason: Extract<SavingsReason, { code: 'cards_only' }>, locale: Locale): string {
  if (reason.cardScope === 'credit') return m.savings_credit_cards({}, { locale });
  const tiers = [...new Set(reason.cards.map((card) => card.tier))];
  if (tiers.every((tier) => tier !== null)) return m.savings_tier_cards({ tiers: listText(tiers, locale) }, { locale });
  return listedCardsText(reason.cards, locale);
}

/** Why a card does not qualify, in one line. */
export function reasonText(reason: SavingsReason, locale: Locale = getLocale()): string {
  const only = (what: string) => m.savings_only({ what }, { locale });
  switch (reason.code) {
    case 'no_offer':
      return m.savings_no_offer({}, { locale });
    case 'starts':
      return m.savings_starts({ date: shortDate(`${reason.date}T00:00:00+05:30`, locale)! }, { locale });
    case 'cards_only':
      return only(cardsOnlyText(reason, locale));
    case 'channel_only':
      return only(
        reason.channel === 'online' ? m.pages_channel_online({}, { locale }) : m.pages_channel_in_store({}, { locale }),
      );
    case 'days_only':
      return only(daysText(reason.days, locale));
    case 'time_window':
      return reason.later
        ? m.savings_from({ time: clockText(reason.from, locale) }, { locale })
        : only(m.savings_hours({ from: clockText(reason.from, locale), to: clockText(reason.to, locale) }, { locale }));
    case 'min_bill':
      return m.savings_min_bill({ amount: rupeesText(reason.amount) }, { locale });
  }
}

/**
 * What the offer gives: its rate tag, with its cap ('20% off · up to Rs. 2,000 off'), or a plan's
 * months ('0% for 12 months'); null when it states none.
 */
export function benefitText(
  offer: OfferRateFields & { eligibility: Pick<EligibilityData, 'maxDiscount'> },
  locale: Locale = getLocale(),
): string | null {
  const tag = offerTags(offer, locale)[0];
  if (tag === undefined) return null;
  const cap = offer.eligibility.maxDiscount;
  // A plan's cap is no rupees off: the plan reads alone.
  return cap === null || offer.offerType === 'instalment'
    ? tag
    : m.savings_benefit_capped({ benefit: tag, amount: rupeesText(cap) }, { locale });
}
