// The savings answer (docs/api.md "Savings at a merchant"): GET /merchants/{merchantId}/savings
// ranks cards by the rupees an offer of the merchant saves them on a bill, on a day, in store or
// online. The computation is lib/savings.ts; here are the request's query and the answer's shape.
import * as v from 'valibot';
import { CARD_KINDS, CARD_NETWORKS, WEEKDAYS } from './card-constants.ts';
import { CardSpec, RUPEES_MAX } from './eligibility.ts';
import {
  error_invalid_feed_date,
  error_invalid_rupees,
  error_invalid_savings_cards,
  error_invalid_savings_channel,
  error_invalid_time,
} from '../../messages/errors/en.json';
import { MyCardList } from './offer-search.ts';

/** The query's channel names, as partners write them, and what each means. */
export const SAVINGS_CHANNELS = { in_store: 'inStore', online: 'online' } as const;

const Bill = v.pipe(
  v.string(),
  v.regex(/^\d{1,9}$/, error_invalid_rupees),
  v.transform(Number),
  v.minValue(1, error_invalid_rupees),
  v.maxValue(RUPEES_MAX, error_invalid_rupees),
);
const DateOnly = v.pipe(
  v.string(),
  v.isoDate(error_invalid_feed_date),
  // A day the month has: 2026-02-30 would otherwise be read as 2 March. (A pipe's checks all run.)
  v.check((date) => {
    const day = new Date(`${date}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(date);
  }, error_invalid_feed_date),
);
const TimeOfDay = v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, error_invalid_time));
/** My Cards' list, as JSON in the query. */
const CardsJson = v.pipe(
  v.string(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    try {
      return JSON.parse(dataset.value) as unknown;
    } catch {
      addIssue({ message: error_invalid_savings_cards });
      return NEVER;
    }
  }),
  MyCardList,
);

/**
 * The query: every part optional. No bill works out no rupees (cards rank by percentage); the day
 * is today in Sri Lanka, and the time now when the day is today; no cards lists every card of the
 * banks with an offer at the merchant.
 */
export const SavingsQuery = v.object({
  bill: v.optional(Bill),
  channel: v.optional(
    v.picklist(Object.keys(SAVINGS_CHANNELS) as ['in_store', 'online'], error_invalid_savings_channel),
    'in_store',
  ),
  date: v.optional(DateOnly),
  time: v.optional(TimeOfDay),
  cards: v.optional(CardsJson, '[]'),
});

/** Why an offer does not apply to a card, in data (lib/savings.ts SavingsReason). */
const ReasonDetail = v.variant('code', [
  v.object({ code: v.literal('no_offer') }),
  v.object({ code: v.literal('starts'), date: v.string() }),
  v.object({ code: v.literal('cards_only'), cardScope: v.picklist(['credit', 'listed']), cards: v.array(CardSpec) }),
  v.object({ code: v.literal('channel_only'), channel: v.picklist(['inStore', 'online']) }),
  v.object({ code: v.literal('days_only'), days: v.array(v.picklist(WEEKDAYS)) }),
  v.object({ code: v.literal('time_window'), from: v.string(), to: v.string(), later: v.boolean() }),
  v.object({ code: v.literal('min_bill'), amount: v.number() }),
]);

export const CardSavingAnswer = v.object({
  bankId: v.number(),
  /** The card: network and kind null mean any card of the bank. */
  card: v.object({
    network: v.nullable(v.picklist(CARD_NETWORKS)),
    kind: v.nullable(v.picklist(CARD_KINDS)),
    tier: v.nullable(v.string()),
  }),
  /** The offer that applies, or the nearest one that does not; null when the bank has none here. */
  offerId: v.nullable(v.number()),
  qualifies: v.boolean(),
  /** Rupees off the bill; null without a bill, or when the benefit is in words. */
  saving: v.nullable(v.number()),
  /** What the offer gives, in English: "20% off · up to Rs. 2,000 off", "Free dessert". */
  benefit: v.nullable(v.string()),
  /** Why the card does not qualify, in one English line: "needs a bill of Rs. 15,000", "Fridays only". */
  reason: v.nullable(v.string()),
  reasonDetail: v.nullable(ReasonDetail),
});
export const SavingsResponse = v.object({ status: v.literal(true), data: v.array(CardSavingAnswer) });
export type CardSavingAnswerData = v.InferOutput<typeof CardSavingAnswer>;
