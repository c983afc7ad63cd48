// The offer queries every list shares: public filter, joins and the favourite count.
import { and, count, desc, eq, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { PUBLIC_REVIEW_STATUS } from '../../../lib/constants.ts';
import type { Database } from '../../db/client.ts';
import { banks, categories, merchants, offers } from '../../db/schema.ts';
import { toOffer, type OfferJoinedRow } from '../../serialize.ts';

/** Accepted and not yet ended: what lists show. */
export const isListed = () =>
  and(eq(offers.reviewStatus, PUBLIC_REVIEW_STATUS), or(isNull(offers.offerEnd), gte(offers.offerEnd, sql`now()`)))!;
/** Accepted, ended or not: an expired offer's page stays up, marked Expired. */
export const isPublic = () => eq(offers.reviewStatus, PUBLIC_REVIEW_STATUS);

export type OfferFilter = { bankIds?: number[]; categoryIds?: number[]; merchantIds?: number[] };

export const listedWhere = (filter: OfferFilter = {}) => filteredWhere(isListed(), filter);

export function filteredWhere(base: SQL, filter: OfferFilter): SQL {
  const parts: SQL[] = [base];
  if (filter.bankIds?.length) parts.push(inArray(offers.bankId, filter.bankIds));
  if (filter.categoryIds?.length) parts.push(inArray(offers.categoryId, filter.categoryIds));
  if (filter.merchantIds?.length) parts.push(inArray(offers.merchantId, filter.merchantIds));
  return and(...parts)!;
}

const interest = sql<number>`(select count(*)::int from favorites f where f.offer_id = ${offers.offerId})`.as('interest');

export function selectJoinedOffers(db: Database) {
  return db.select({ offer: offers, bank: banks, category: categories, merchant: merchants, interest })
    .from(offers)
    .innerJoin(banks, eq(banks.bankId, offers.bankId))
    .innerJoin(categories, eq(categories.categoryId, offers.categoryId))
    .innerJoin(merchants, eq(merchants.merchantId, offers.merchantId));
}

/** A page of listed offers, newest first, with the total for 'Load more'. */
export async function findOfferPage(db: Database, where: SQL, pageNo: number, pageSize: number, countTotal = () => countOffers(db, where)) {
  const [rows, totalCount] = await Promise.all([
    selectJoinedOffers(db).where(where).orderBy(desc(offers.createdAt), desc(offers.offerId))
      .limit(pageSize).offset((pageNo - 1) * pageSize),
    countTotal(),
  ]);
  const now = new Date();
  return { data: rows.map((row) => toOffer(row as OfferJoinedRow, now)), totalCount };
}

/** Offers by id in the caller's order, each once; ids that are unknown or fail `where` are skipped. */
export async function findOffersByIds(db: Database, requestedIds: number[], where: SQL = isPublic()) {
  const offerIds = [...new Set(requestedIds)];
  if (offerIds.length === 0) return [];
  const rows = await selectJoinedOffers(db).where(and(where, inArray(offers.offerId, offerIds)));
  const now = new Date();
  const byId = new Map(rows.map((row) => [row.offer.offerId, toOffer(row as OfferJoinedRow, now)]));
  // Keep the caller's order: ranked ids stay ranked.
  return offerIds.flatMap((id) => byId.get(id) ?? []);
}

export const countOffers = async (db: Database, where: SQL) => (await db.select({ n: count() }).from(offers).where(where))[0]?.n ?? 0;
