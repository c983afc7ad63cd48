// Offers as the API shows them: what "public" and "listed" mean (the one place the server says
// it), the joined query every list shares with the favourite count, pages and counts, and the
// single-offer, owner, related and per-category views built on them.
import { and, asc, count, countDistinct, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { OFFER_REVIEW_STATUSES } from '../../contract/index.ts';
import { safeUrl } from '../../contract/safe-url.ts';
import { PUBLIC_REVIEW_STATUS } from '../../lib/constants.ts';
import type { Database } from '../db/client.ts';
import { isListed, isPublic } from '../db/listed.ts';
import { banks, categories, favorites, merchants, offers } from '../db/schema.ts';
import { failure } from '../errors.ts';
import { toBank, toCategory, toOffer, type OfferJoinedRow } from '../serialize.ts';
import { findCategoriesByIds, findTerms, requireBank } from './catalogue.ts';

// The listed rule is defined beside the schema (db/listed.ts), so that the import pipeline reads it too.
export { isListed, isListedRow, isPublic, notEnded } from '../db/listed.ts';

type OfferReviewStatus = (typeof OFFER_REVIEW_STATUSES)[number];
/** The offers counted under a review status: the accepted ones only while listed (an ended offer no longer counts). */
export const withReviewStatus = (status: OfferReviewStatus) =>
  status === PUBLIC_REVIEW_STATUS ? isListed() : eq(offers.reviewStatus, status);

export type OfferQueryFilter = { bankIds?: number[]; categoryIds?: number[] };

export const listedWhere = (filter: OfferQueryFilter = {}) => filteredWhere(isListed(), filter);

export function filteredWhere(base: SQL, filter: OfferQueryFilter): SQL {
  const parts: SQL[] = [base];
  if (filter.bankIds?.length) parts.push(inArray(offers.bankId, filter.bankIds));
  if (filter.categoryIds?.length) parts.push(inArray(offers.categoryId, filter.categoryIds));
  return and(...parts)!;
}

const interest = sql<number>`(select count(*)::int from favorites f where f.offer_id = ${offers.offerId})`.as(
  'interest',
);

/** What every offer answer is made of: the offer, its bank, category and merchant, and its favourite count. */
export const joinedOfferColumns = { offer: offers, bank: banks, category: categories, merchant: merchants, interest };

function selectJoinedOffers(db: Database) {
  return db
    .select(joinedOfferColumns)
    .from(offers)
    .innerJoin(banks, eq(banks.bankId, offers.bankId))
    .innerJoin(categories, eq(categories.categoryId, offers.categoryId))
    .innerJoin(merchants, eq(merchants.merchantId, offers.merchantId));
}

type JoinedRows = Awaited<ReturnType<typeof selectJoinedOffers>>;
const toOffers = (rows: JoinedRows, now = new Date()) => rows.map((row) => toOffer(row as OfferJoinedRow, now));

export const countOffers = async (db: Database, where: SQL) =>
  (await db.select({ n: count() }).from(offers).where(where))[0]?.n ?? 0;

/** The §7 lists' order: newest first, the newest id breaking ties. */
export const NEWEST_FIRST = [desc(offers.createdAt), desc(offers.offerId)];

/** A page of offers, newest first unless told, with the total for 'Load more'. */
export async function findOfferPage(
  db: Database,
  where: SQL,
  pageNo: number,
  pageSize: number,
  countTotal = () => countOffers(db, where),
  order: SQL[] = NEWEST_FIRST,
) {
  const [rows, totalCount] = await Promise.all([
    selectJoinedOffers(db)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    countTotal(),
  ]);
  return { data: toOffers(rows), totalCount };
}

/** Offers by id in the caller's order, each once; ids that are unknown or fail `where` are skipped. */
export async function findOffersByIds(db: Database, requestedIds: number[], where: SQL = isPublic()) {
  const offerIds = [...new Set(requestedIds)];
  if (offerIds.length === 0) return [];
  const rows = await selectJoinedOffers(db).where(and(where, inArray(offers.offerId, offerIds)));
  const byId = new Map(toOffers(rows).map((offer) => [offer.offerId, offer]));
  // Keep the caller's order: ranked ids stay ranked.
  return offerIds.flatMap((id) => byId.get(id) ?? []);
}

/** One offer by id, as joined rows are read: undefined when it does not exist (any review status). */
export async function findOfferById(db: Database, offerId: number) {
  const [row] = await selectJoinedOffers(db).where(eq(offers.offerId, offerId)).limit(1);
  return row ? toOffer(row as OfferJoinedRow) : undefined;
}

/** A public offer with the terms that apply to it, keyed by its bank id and 'general'; 404 otherwise. */
export async function findPublicOfferDetail(db: Database, offerId: number) {
  const [row] = await selectJoinedOffers(db)
    .where(and(isPublic(), eq(offers.offerId, offerId)))
    .limit(1);
  if (!row) throw failure(404, 'offer_not_found');
  const { bankId } = row.offer;
  const { general, byBank } = await findTerms(db, bankId);
  return { ...toOffer(row as OfferJoinedRow), termsConditions: { [bankId]: byBank[bankId] ?? [], general } };
}

/** What an impression records of a public offer: its id, bank, category and merchant; 404 when it is not public. */
export async function requirePublicOffer(db: Database, offerId: number) {
  const [offer] = await db
    .select({
      offerId: offers.offerId,
      bankId: offers.bankId,
      categoryId: offers.categoryId,
      merchantId: offers.merchantId,
    })
    .from(offers)
    .where(and(eq(offers.offerId, offerId), isPublic()))
    .limit(1);
  if (!offer) throw failure(404, 'offer_not_found');
  return offer;
}

/** A merchant's own offers, newest first, at most this many. */
const OWN_OFFERS_MAX = 200;

/** The offers of an owner: every one of them (pending, rejected and expired too) for the owner, the listed ones for others. */
export async function findOffersOfOwner(db: Database, ownerUserId: number, { all }: { all: boolean }) {
  const rows = await selectJoinedOffers(db)
    .where(and(eq(offers.ownerUserId, ownerUserId), all ? undefined : isListed()))
    .orderBy(desc(offers.createdAt), desc(offers.offerId))
    .limit(OWN_OFFERS_MAX);
  // The owner reads why the team rejected an offer, to edit it and send it again.
  return rows.map((row) => {
    const offer = toOffer(row as OfferJoinedRow);
    const reason = all && row.offer.reviewStatus === 'rejected' ? row.offer.reviewReason : null;
    return reason ? { ...offer, reviewReason: reason } : offer;
  });
}

/** Related listed offers: same merchant first, then same category, then same bank; popular first. */
export async function findRelatedOffers(
  db: Database,
  like: { merchantId?: number; categoryId?: number; bankId?: number },
  limit: number,
) {
  const score = sql`(case when ${offers.merchantId} = ${like.merchantId ?? 0} then 4 else 0 end
      + case when ${offers.categoryId} = ${like.categoryId ?? 0} then 2 else 0 end
      + case when ${offers.bankId} = ${like.bankId ?? 0} then 1 else 0 end)`;
  const rows = await selectJoinedOffers(db)
    .where(listedWhere())
    .orderBy(desc(score), desc(offers.views), desc(offers.offerId))
    .limit(limit);
  return toOffers(rows);
}

/** A bank page's per-category groups of listed offers (every bank without bankId), each paged on its own; unknown categories are left out. */
export async function findCategoryGroups(
  db: Database,
  request: { categoryIds: number[]; bankId?: number | null; pageNo: number; pageSize: number },
) {
  const { bankId, pageNo, pageSize } = request;
  const categoryIds = [...new Set(request.categoryIds)]; // one group per category
  const byId = new Map((await findCategoriesByIds(db, categoryIds)).map((category) => [category.categoryId, category]));
  return Promise.all(
    categoryIds
      .filter((id) => byId.has(id))
      .map(async (categoryId) => {
        const category = byId.get(categoryId)!;
        const page = await findOfferPage(
          db,
          listedWhere({ categoryIds: [categoryId], bankIds: bankId ? [bankId] : [] }),
          pageNo,
          pageSize,
        );
        return {
          categoryId,
          categoryName: category.categoryName,
          iconName: category.iconName,
          offers: page.data,
          totalCount: page.totalCount,
        };
      }),
  );
}

// ---------- what the catalogue's banks and categories hold of the listed offers ----------

/** The bank card shows this many merchant logos, then '+N'. */
const BANK_CARD_MERCHANTS = 4;

/** A bank with its listed offers' count, favourites, top merchants and merchant count; 404 for an unknown bank. */
export async function findBankDetail(db: Database, bankId: number) {
  const bank = await requireBank(db, bankId);
  const where = listedWhere({ bankIds: [bankId] });
  const [totalCount, favoriteRows, merchantRows, merchantCountRows] = await Promise.all([
    countOffers(db, where),
    db.select({ n: count() }).from(favorites).innerJoin(offers, eq(offers.offerId, favorites.offerId)).where(where),
    db
      .select({
        merchantId: merchants.merchantId,
        merchantName: merchants.merchantName,
        logoURL: merchants.logoUrl,
        n: count(),
      })
      .from(offers)
      .innerJoin(merchants, eq(merchants.merchantId, offers.merchantId))
      .where(where)
      .groupBy(merchants.merchantId)
      .orderBy(desc(count()), asc(merchants.merchantId))
      .limit(BANK_CARD_MERCHANTS),
    db
      .select({ n: countDistinct(offers.merchantId) })
      .from(offers)
      .where(where),
  ]);
  return {
    ...toBank(bank),
    totalCount,
    favoriteCount: favoriteRows[0]?.n ?? 0,
    merchants: merchantRows.map(({ n: _n, logoURL, ...merchant }) => ({
      ...merchant,
      logoURL: safeUrl(logoURL) ?? null,
    })),
    merchantCount: merchantCountRows[0]?.n ?? 0,
  };
}

/** The categories that have listed offers (of one bank, or of every bank), by name, with their counts; 404 for an unknown bank. */
export async function findCategoriesWithListedOffers(db: Database, bankId: number | 'all') {
  if (bankId !== 'all') await requireBank(db, bankId);
  const rows = await db
    .select({ category: categories, n: count() })
    .from(offers)
    .innerJoin(categories, eq(categories.categoryId, offers.categoryId))
    .where(listedWhere(bankId === 'all' ? {} : { bankIds: [bankId] }))
    .groupBy(categories.categoryId)
    .orderBy(asc(categories.categoryName));
  return rows.map(({ category, n }) => ({ ...toCategory(category), totalCount: n }));
}
