// Visitor insights and offer impressions: recording them, and ranking listed offers for a visitor
// from what the visitor viewed, in SQL.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { INSIGHT_LIMIT } from '../../lib/constants.ts';
import type { Database } from '../db/client.ts';
import { queryRows } from '../db/execute.ts';
import { impressions, insights, offers } from '../db/schema.ts';
import { failure } from '../errors.ts';
import { hashToken } from '../services/tokens.ts';
import { isListed, requirePublicOffer } from './offers.ts';

/** Who asked: the connection's address, and the signed-in user if any (insights work for guests too). */
export type Visitor = { ip: string; userId: number | null };

/** A new insight, with the token the client keeps for it. */
export async function createInsight(db: Database, visitor: Visitor) {
  const insightId = randomUUID();
  const token = randomBytes(24).toString('base64url');
  await db.insert(insights).values({ insightId, tokenHash: hashToken(token), ...visitor });
  return { insightId, token };
}

/** The insight id when given and known, null when not given; 404 for an unknown one. */
export async function requireInsight(db: Database, insightId: string | null | undefined) {
  if (!insightId) return null;
  const [row] = await db
    .select({ insightId: insights.insightId })
    .from(insights)
    .where(eq(insights.insightId, insightId))
    .limit(1);
  if (!row) throw failure(404, 'unknown_insight', undefined, { insightId });
  return insightId;
}

/**
 * One view of a public offer (main API): the impression, with the offer's own bank, category and
 * merchant each in its column, and the offer's view count.
 */
export async function recordOfferView(
  db: Database,
  offerId: number,
  insightId: string | null | undefined,
  visitor: Visitor,
) {
  const offer = await requirePublicOffer(db, offerId);
  const knownInsightId = await requireInsight(db, insightId);
  const [row] = await db
    .insert(impressions)
    .values({ ...offer, insightId: knownInsightId, ...visitor })
    .returning({ impressionId: impressions.impressionId });
  await db
    .update(offers)
    .set({ views: sql`${offers.views} + 1` })
    .where(eq(offers.offerId, offer.offerId));
  return row!.impressionId;
}

/** The insight service's record of an impression: a new one (the view is not counted again). */
export async function recordInsightImpression(
  db: Database,
  offerId: number,
  insightId: string | null | undefined,
  ip: string,
  count: number,
) {
  const offer = await requirePublicOffer(db, offerId);
  const knownInsightId = await requireInsight(db, insightId);
  const [row] = await db
    .insert(impressions)
    .values({ ...offer, insightId: knownInsightId, ip, count })
    .returning({ impressionId: impressions.impressionId });
  return row!.impressionId;
}

/** An impression the main API recorded, confirmed by its id for this offer; 404 otherwise. */
export async function requireImpression(db: Database, impressionId: number, offerId: number) {
  const [existing] = await db
    .select({ impressionId: impressions.impressionId })
    .from(impressions)
    .where(and(eq(impressions.impressionId, impressionId), eq(impressions.offerId, offerId)))
    .limit(1);
  if (!existing) throw failure(404, 'unknown_impression');
  return existing.impressionId;
}

type RankedRow = { offer_id: number; total: number };

/**
 * Listed offers ranked for a visitor: offers in the signed-in user's interest categories come
 * first; then categories, banks and merchants they viewed weigh most; popularity breaks ties, so a
 * new visitor gets the popular offers. Offers already seen are left out.
 */
export async function rankOffersForInsight(
  db: Database,
  insightId: string | undefined,
  options: { bankId?: number; interestCategoryIds?: readonly number[]; limit: number; offset: number },
) {
  const bankFilter = options.bankId ? sql`and ${offers.bankId} = ${options.bankId}` : sql``;
  const interests = options.interestCategoryIds ?? [];
  const interestsFirst = interests.length ? sql`${inArray(offers.categoryId, [...interests])} desc,` : sql``;
  const rows = await queryRows<RankedRow>(
    db,
    sql`
    with seen as (
      select offer_id, category_id, bank_id, merchant_id, sum(count) as n
      from impressions where insight_id = ${insightId ?? null} group by offer_id, category_id, bank_id, merchant_id
    ),
    category_weight as (select category_id, sum(n) as w from seen group by category_id),
    bank_weight as (select bank_id, sum(n) as w from seen group by bank_id),
    merchant_weight as (select merchant_id, sum(n) as w from seen group by merchant_id)
    select ${offers.offerId}, (count(*) over ())::int as total
    from ${offers}
      left join category_weight cw on cw.category_id = ${offers.categoryId}
      left join bank_weight bw on bw.bank_id = ${offers.bankId}
      left join merchant_weight mw on mw.merchant_id = ${offers.merchantId}
    where ${isListed()}
      and ${offers.offerId} not in (select offer_id from seen) ${bankFilter}
    order by ${interestsFirst} coalesce(cw.w, 0) * 3 + coalesce(bw.w, 0) * 2 + coalesce(mw.w, 0) desc, ${offers.views} desc, ${offers.offerId} desc
    limit ${options.limit} offset ${options.offset}`,
  );
  return { ids: rows.map((row) => Number(row.offer_id)), total: Number(rows[0]?.total ?? 0) };
}

/** A bank's categories with listed offers, those the visitor viewed most first, then the fuller ones. */
export async function topCategoriesForBank(db: Database, insightId: string | undefined, bankId: number) {
  const rows = await queryRows<{ category_id: number }>(
    db,
    sql`
    select ${offers.categoryId}
    from ${offers}
      left join (select category_id, sum(count) as w from impressions where insight_id = ${insightId ?? null} group by category_id) cw
        on cw.category_id = ${offers.categoryId}
    where ${offers.bankId} = ${bankId} and ${isListed()}
    group by ${offers.categoryId}
    order by max(coalesce(cw.w, 0)) desc, count(*) desc, ${offers.categoryId}
    limit ${INSIGHT_LIMIT}`,
  );
  return rows.map((row) => Number(row.category_id));
}

/** The offers an insight viewed most, with their view counts. */
export async function mostViewedByInsight(db: Database, insightId: string) {
  const rows = await queryRows<{ offer_id: number; count: number }>(
    db,
    sql`
      select offer_id, sum(count)::int as count from impressions where insight_id = ${insightId}
      group by offer_id order by count desc, max(impression_id) desc limit 10`,
  );
  return rows.map((row) => ({ offer_id: Number(row.offer_id), count: Number(row.count) }));
}

/** Every impression of a bank's offers, counted. */
export async function bankImpressionTotal(db: Database, bankId: number) {
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`select coalesce(sum(count), 0)::int as total from impressions where bank_id = ${bankId}`,
  );
  return Number(row?.total ?? 0);
}
