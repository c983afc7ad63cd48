// Typed eligibility: which cards of the offer's bank, on which days and hours, above what bill,
// capped at what discount, in store or online. Shared by the answers (responses.ts), the offer
// form, the team's editor and the importers. Imports valibot, its plain values (card-constants.ts)
// and its refusals' texts (the error catalogue, by name).
import * as v from 'valibot';
import {
  error_duplicate_card,
  error_invalid_convert_days,
  error_invalid_rupees,
  error_invalid_time,
  error_listed_needs_cards,
  error_not_http,
  error_time_needs_both,
  error_too_long,
  error_too_many_cards,
} from '../../messages/errors/en.json';
import { fillText } from './error-texts.ts';
import { URL_MAX } from './limits.ts';

export * from './card-constants.ts';
import { CARD_KINDS, CARD_NETWORK_NAMES, CARD_NETWORKS, CARD_SCOPES, CHANNELS, WEEKDAYS } from './card-constants.ts';

export const CARD_TIER_NAME_MAX = 40;
/** Cards listed on one offer, and cards one bank issues. */
export const CARDS_MAX = 60;
/** The largest bill or cap in rupees an offer may state. */
export const RUPEES_MAX = 100_000_000;
/** The longest window a bank gives to call and convert a purchase to instalments. */
export const CONVERT_WITHIN_DAYS_MAX = 365;

const TierName = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Enter the tier.'),
  v.maxLength(CARD_TIER_NAME_MAX, fillText(error_too_long, { max: CARD_TIER_NAME_MAX })),
);
/** One kind of card: a network, a kind and a tier; tier null means any tier of that network and kind. */
export const CardSpec = v.object({
  network: v.picklist(CARD_NETWORKS, 'Choose a card network.'),
  kind: v.picklist(CARD_KINDS, 'Choose credit, debit or prepaid.'),
  tier: v.nullable(TierName),
});
export type CardSpecData = v.InferOutput<typeof CardSpec>;

const sameCard = (a: CardSpecData, b: CardSpecData) =>
  a.network === b.network && a.kind === b.kind && (a.tier ?? '').toLowerCase() === (b.tier ?? '').toLowerCase();
/** A list of cards without repeats. */
export const CardList = v.pipe(
  v.array(CardSpec, 'Expected a list of cards.'),
  v.maxLength(CARDS_MAX, fillText(error_too_many_cards, { max: CARDS_MAX })),
  v.check(
    (cards) => cards.every((card, i) => cards.findIndex((other) => sameCard(card, other)) === i),
    error_duplicate_card,
  ),
);

const TimeOfDay = v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, error_invalid_time));
const Rupees = v.pipe(
  v.number(error_invalid_rupees),
  v.integer(error_invalid_rupees),
  v.minValue(1, error_invalid_rupees),
  v.maxValue(RUPEES_MAX, error_invalid_rupees),
);
const ConvertDays = v.pipe(
  v.number(error_invalid_convert_days),
  v.integer(error_invalid_convert_days),
  v.minValue(1, error_invalid_convert_days),
  v.maxValue(CONVERT_WITHIN_DAYS_MAX, error_invalid_convert_days),
);
const Website = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(URL_MAX, fillText(error_too_long, { max: URL_MAX })),
  v.regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, error_not_http),
);

/**
 * What every write of an offer's eligibility is checked against (the form, the team's editor, an
 * import). Days come back unique and in week order.
 */
export const Eligibility = v.pipe(
  v.object({
    cardScope: v.optional(v.picklist(CARD_SCOPES, 'Choose which cards.'), 'all'),
    cards: v.optional(CardList, []),
    days: v.optional(
      v.pipe(
        v.array(v.picklist(WEEKDAYS, 'Expected days as mon … sun.')),
        v.transform((days) => WEEKDAYS.filter((day) => days.includes(day))),
      ),
      [],
    ),
    timeFrom: v.optional(v.nullable(TimeOfDay), null),
    timeTo: v.optional(v.nullable(TimeOfDay), null),
    minBill: v.optional(v.nullable(Rupees), null),
    maxDiscount: v.optional(v.nullable(Rupees), null),
    channel: v.optional(v.nullable(v.picklist(CHANNELS, 'Choose in store, online or both.')), null),
    website: v.optional(v.nullable(Website), null),
    // Steps the card holder must take, which later reminders name: register for the offer before
    // paying, call the bank within N days to convert the purchase to instalments, quote a promo code.
    registerFirst: v.optional(v.boolean(), false),
    convertWithinDays: v.optional(v.nullable(ConvertDays), null),
    promoCodeRequired: v.optional(v.boolean(), false),
  }),
  v.forward(
    v.check((e) => e.cardScope !== 'listed' || e.cards.length > 0, error_listed_needs_cards),
    ['cards'],
  ),
  v.forward(
    v.check((e) => (e.timeFrom === null) === (e.timeTo === null), error_time_needs_both),
    ['timeTo'],
  ),
  // Listed cards only mean something with scope 'listed'.
  v.transform((e) => (e.cardScope === 'listed' ? e : { ...e, cards: [] })),
);
export type EligibilityInput = v.InferInput<typeof Eligibility>;
export type EligibilityData = v.InferOutput<typeof Eligibility>;

/** An offer's eligibility as answers carry it: what the server stored through Eligibility. */
export const EligibilityAnswer = v.object({
  cardScope: v.picklist(CARD_SCOPES),
  cards: v.array(CardSpec),
  days: v.array(v.picklist(WEEKDAYS)),
  timeFrom: v.nullable(v.string()),
  timeTo: v.nullable(v.string()),
  minBill: v.nullable(v.number()),
  maxDiscount: v.nullable(v.number()),
  channel: v.nullable(v.picklist(CHANNELS)),
  website: v.nullable(v.string()),
  registerFirst: v.boolean(),
  convertWithinDays: v.nullable(v.number()),
  promoCodeRequired: v.boolean(),
});

export const NO_ELIGIBILITY: EligibilityData = {
  cardScope: 'all',
  cards: [],
  days: [],
  timeFrom: null,
  timeTo: null,
  minBill: null,
  maxDiscount: null,
  channel: null,
  website: null,
  registerFirst: false,
  convertWithinDays: null,
  promoCodeRequired: false,
};

/** Whether a listed card is one the bank issues: the same network and kind, and the tier unless the listed one says any tier. */
export const bankIssues = (issued: readonly CardSpecData[], card: CardSpecData) =>
  issued.some(
    (own) =>
      own.network === card.network &&
      own.kind === card.kind &&
      (card.tier === null || (own.tier ?? '').toLowerCase() === card.tier.toLowerCase()),
  );

/** The card's name as people say it: 'Visa Platinum', 'Mastercard debit', 'American Express Gold'. */
export const cardName = (card: CardSpecData) =>
  [CARD_NETWORK_NAMES[card.network], card.tier ?? '', card.kind === 'credit' ? '' : card.kind]
    .filter(Boolean)
    .join(' ');

/** The bank's cards an offer covers: all of them, its credit cards, or the issued cards the listed ones name. */
export const coveredCards = (
  issued: readonly CardSpecData[],
  eligibility: Pick<EligibilityData, 'cardScope' | 'cards'>,
) => {
  if (eligibility.cardScope === 'all') return [...issued];
  if (eligibility.cardScope === 'credit') return issued.filter((card) => card.kind === 'credit');
  return issued.filter((own) => eligibility.cards.some((listed) => bankIssues([own], listed)));
};
