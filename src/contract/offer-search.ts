// The richer offer lists (docs/api.md §4b): the schemas of My Cards (the cards a visitor holds)
// and of the search request behind the filter bar (banks, categories, card networks, in store /
// online, Valid today, Ending soon, My cards only, and the order). The plain values are in
// card-constants.ts (re-exported here), which is all the pages' at-load code imports.
import * as v from 'valibot';
import { CARD_KINDS, CARD_NETWORKS, CARD_TIER_NAME_MAX } from './eligibility.ts';
import { error_network_and_kind, error_too_long, error_too_many_cards } from '../../messages/errors/en.json';
import { fillText, OTHER_WORDINGS } from './error-texts.ts';
import { Id, IdList } from './ids.ts';

export * from './card-constants.ts';
import { CHANNEL_FILTERS, MY_CARDS_MAX, myCardKey, OFFER_KIND_FILTERS, OFFER_SORTS } from './card-constants.ts';

/**
 * A card the visitor holds: a bank's card of a network, kind and tier (tier null: the bank's card
 * without a tier, or the visitor did not say), or, with network and kind null, "any card of this bank".
 */
export const MyCard = v.pipe(
  v.object({
    bankId: Id,
    network: v.optional(v.nullable(v.picklist(CARD_NETWORKS, 'Choose a card network.')), null),
    kind: v.optional(v.nullable(v.picklist(CARD_KINDS, 'Choose credit, debit or prepaid.')), null),
    tier: v.optional(
      v.nullable(
        v.pipe(
          v.string(),
          v.trim(),
          v.nonEmpty('Enter the tier.'),
          v.maxLength(CARD_TIER_NAME_MAX, fillText(error_too_long, { max: CARD_TIER_NAME_MAX })),
        ),
      ),
      null,
    ),
  }),
  v.check((card) => (card.network === null) === (card.kind === null), error_network_and_kind),
  // "Any card of this bank" has no tier.
  v.transform((card) => (card.network === null ? { ...card, tier: null } : card)),
);

export const MyCardList = v.pipe(
  v.array(MyCard, 'Expected a list of cards.'),
  v.maxLength(MY_CARDS_MAX, fillText(error_too_many_cards, { max: MY_CARDS_MAX })),
  v.check((cards) => new Set(cards.map(myCardKey)).size === cards.length, OTHER_WORDINGS.myCardTwice),
);
export const MyCardsRequest = v.object({ cards: MyCardList });
export const MyCardsResponse = v.object({
  status: v.literal(true),
  data: v.array(
    v.object({
      bankId: v.number(),
      network: v.nullable(v.picklist(CARD_NETWORKS)),
      kind: v.nullable(v.picklist(CARD_KINDS)),
      tier: v.nullable(v.string()),
    }),
  ),
});

/** The filter bar's request: every part optional, all of them together (AND); lists inside are OR. */
export const OfferSearchRequest = v.object({
  bankIds: v.optional(IdList, []),
  categoryIds: v.optional(IdList, []),
  /** Offers usable with a card of any of these networks. */
  networks: v.optional(
    v.pipe(
      v.array(v.picklist(CARD_NETWORKS, `networks must be among ${CARD_NETWORKS.join(', ')}`)),
      v.maxLength(CARD_NETWORKS.length),
    ),
    [],
  ),
  channel: v.optional(
    v.nullable(v.picklist(CHANNEL_FILTERS, `channel must be one of ${CHANNEL_FILTERS.join(', ')}`)),
    null,
  ),
  /** Only offers of this kind: 'instalment', the instalment plans. */
  kind: v.optional(
    v.nullable(v.picklist(OFFER_KIND_FILTERS, `kind must be one of ${OFFER_KIND_FILTERS.join(', ')}`)),
    null,
  ),
  /** In force today in Sri Lanka: started, not ended, and running on today's weekday. */
  validToday: v.optional(v.boolean('validToday must be true or false'), false),
  /** Ending within ENDING_SOON_DAYS. */
  endingSoon: v.optional(v.boolean('endingSoon must be true or false'), false),
  /** My cards only: offers at least one of these cards can use. An empty list means no card filter. */
  cards: v.optional(MyCardList, []),
  sort: v.optional(v.picklist(OFFER_SORTS, `sort must be one of ${OFFER_SORTS.join(', ')}`), 'newest'),
});
export type OfferSearchInput = v.InferInput<typeof OfferSearchRequest>;
export type OfferSearch = v.InferOutput<typeof OfferSearchRequest>;
