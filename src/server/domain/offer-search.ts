// The filter bar's search (docs/api.md §4b): listed offers by bank, category, card network, in
// store / online, Valid today, Ending soon and the visitor's cards, in one of four orders. The
// card rules say what lib/card-match.ts says, in SQL; "Valid today" takes its day from
// lib/valid-today.ts.
import { and, desc, eq, inArray, isNotNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { CardNetwork, CardSpecData } from '../../contract/eligibility.ts';
import type { MyCardData, OfferSearch, OfferSort } from '../../contract/offer-search.ts';
import { ENDING_SOON_DAYS } from '../../lib/constants.ts';
import { sriLankaDay } from '../../lib/valid-today.ts';
import type { Database } from '../db/client.ts';
import { banks, offers } from '../db/schema.ts';
import { findOffersByIds, listedWhere, NEWEST_FIRST } from './offers.ts';

const DAY_MS = 86_400_000;
const cardScope = sql`(${offers.eligibility}->>'cardScope')`;

/** A listed card of the offer with this network and kind, of this tier or any tier. */
const listsCard = (
  card: MyCardData,
) => sql`exists (select 1 from jsonb_array_elements(${offers.eligibility}->'cards') listed
  where listed->>'network' = ${card.network} and listed->>'kind' = ${card.kind}
  and (listed->>'tier' is null or lower(listed->>'tier') = lower(${card.tier ?? ''})))`;

/** Offers one card can use (cardCanUse). */
function usableWith(card: MyCardData): SQL {
  const ofBank = eq(offers.bankId, card.bankId);
  if (card.network === null) return ofBank;
  const covers = [sql`${cardScope} = 'all'`, sql`(${cardScope} = 'listed' and ${listsCard(card)})`];
  if (card.kind === 'credit') covers.push(sql`${cardScope} = 'credit'`);
  return and(ofBank, or(...covers))!;
}

/** The cards each bank issues, by bank id: what an offer for all (or all credit) cards of its bank covers. */
export type IssuedCards = ReadonlyMap<number, readonly CardSpecData[]>;

export async function readIssuedCards(db: Database): Promise<IssuedCards> {
  return new Map(
    (await db.select({ bankId: banks.bankId, issuedCards: banks.issuedCards }).from(banks)).map((bank) => [
      bank.bankId,
      bank.issuedCards,
    ]),
  );
}

/**
 * Offers usable with a card of one of the networks: an offer for all the bank's cards (or all its
 * credit cards) of a bank that issues one, or an offer listing a card of the network. The banks
 * are picked here, so that the database only compares ids and tests containment.
 */
function usableOnNetworks(networks: readonly CardNetwork[], issued: IssuedCards): SQL {
  const banksIssuing = (kindOk: (card: CardSpecData) => boolean) =>
    [...issued]
      .filter(([, cards]) => cards.some((card) => networks.includes(card.network) && kindOk(card)))
      .map(([bankId]) => bankId);
  const forAll = banksIssuing(() => true);
  const forCredit = banksIssuing((card) => card.kind === 'credit');
  const parts = networks.map(
    (network) =>
      sql`(${cardScope} = 'listed' and ${offers.eligibility}->'cards' @> ${JSON.stringify([{ network }])}::jsonb)`,
  );
  if (forAll.length) parts.push(and(sql`${cardScope} = 'all'`, inArray(offers.bankId, forAll))!);
  if (forCredit.length) parts.push(and(sql`${cardScope} = 'credit'`, inArray(offers.bankId, forCredit))!);
  return or(...parts)!;
}

/** In store: offers for the shop or both; online: for the web or both. Offers that do not say match neither. */
const CHANNELS_FOR = { inStore: ['inStore', 'both'], online: ['online', 'both'] } as const;

/** The WHERE of a search at `now`: listed offers, and every part of the request that is set. */
export function searchWhere(search: OfferSearch, issued: IssuedCards, now: Date = new Date()): SQL {
  const parts: SQL[] = [listedWhere({ bankIds: search.bankIds, categoryIds: search.categoryIds })];
  if (search.networks.length) parts.push(usableOnNetworks(search.networks, issued));
  if (search.channel) parts.push(inArray(sql`${offers.eligibility}->>'channel'`, [...CHANNELS_FOR[search.channel]]));
  if (search.kind === 'instalment') parts.push(eq(offers.offerType, 'instalment'));
  if (search.validToday) {
    const today = sriLankaDay(now);
    parts.push(or(sql`${offers.offerStart} is null`, lt(offers.offerStart, today.end))!);
    parts.push(
      sql`(jsonb_array_length(${offers.eligibility}->'days') = 0 or ${offers.eligibility}->'days' @> jsonb_build_array(${today.weekday}::text))`,
    );
  }
  if (search.endingSoon)
    parts.push(
      and(isNotNull(offers.offerEnd), lte(offers.offerEnd, new Date(now.getTime() + ENDING_SOON_DAYS * DAY_MS)))!,
    );
  if (search.cards.length) parts.push(or(...search.cards.map(usableWith))!);
  return and(...parts)!;
}

/** A percentage offer's rate as a number; offers without one (customised wording, a plan's interest) sort last. */
const discountRate = sql`(case when ${offers.offerType} in ('off', 'upto', 'discount') and ${offers.offerRate} ~ '^[0-9]{1,3}(\\.[0-9]{1,2})?$' then ${offers.offerRate}::numeric end)`;

/** Each order, with the newest id breaking ties so that pages never repeat or skip an offer. */
export const SEARCH_ORDER: Record<OfferSort, SQL[]> = {
  newest: NEWEST_FIRST,
  endingSoon: [sql`${offers.offerEnd} asc nulls last`, desc(offers.offerId)],
  mostViewed: [desc(offers.views), desc(offers.offerId)],
  biggestDiscount: [sql`${discountRate} desc nulls last`, desc(offers.offerId)],
  // Only plans have months: every other offer follows them, newest first.
  longestPlan: [sql`${offers.instalmentMonths} desc nulls last`, desc(offers.offerId)],
};

/**
 * A page of a search: the page's ids first, from the offers table alone, then those offers joined
 * with their bank, category, merchant and favourite count. In one query the planner, unable to
 * guess how many offers the JSON conditions keep, joined and counted favourites for every match.
 */
export async function findSearchPage(
  db: Database,
  where: SQL,
  sort: OfferSort,
  pageNo: number,
  pageSize: number,
  countTotal: () => Promise<number>,
) {
  const [idRows, totalCount] = await Promise.all([
    db
      .select({ offerId: offers.offerId })
      .from(offers)
      .where(where)
      .orderBy(...SEARCH_ORDER[sort])
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    countTotal(),
  ]);
  return {
    data: await findOffersByIds(
      db,
      idRows.map((row) => row.offerId),
      sql`true`,
    ),
    totalCount,
  };
}
