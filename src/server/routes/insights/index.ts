// Visitor insights and offer impressions. The main API records them; the insight service ranks
// offers for a visitor from the recorded impressions, in SQL.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { Id, InsightId, InsightImpressionRequest, NewImpressionRequest, NewInsightRequest, TopOffersQuery } from '../../../contract/index.ts';
import { INSIGHT_LIMIT, PUBLIC_REVIEW_STATUS } from '../../../lib/constants.ts';
import { bearerToken, requestIp, type AppEnv, type ServerDeps } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/execute.ts';
import { banks, impressions, insights, offers } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { findLiveToken, hashToken } from '../../services/tokens.ts';
import { parseJsonBody, parseParams, parseQuery } from '../../validate.ts';
import { isPublic } from '../offers/offer-queries.ts';

/** The signed-in user behind a request, if any; insights work for guests too. */
async function optionalUserId(db: Database, c: Context): Promise<number | null> {
  const token = bearerToken(c);
  const row = token ? await findLiveToken(db, token) : undefined;
  return row?.scope === 'session' ? row.userId : null;
}

async function assertInsightExists(db: Database, insightId: string | null | undefined) {
  if (!insightId) return null;
  const [row] = await db.select({ insightId: insights.insightId }).from(insights).where(eq(insights.insightId, insightId)).limit(1);
  if (!row) throw notFound('Unknown insightId. Create a new insight.', { insightId });
  return insightId;
}

async function assertBankExists(db: Database, bankId: number) {
  const [row] = await db.select({ bankId: banks.bankId }).from(banks).where(eq(banks.bankId, bankId)).limit(1);
  if (!row) throw notFound('Bank not found.', { bankId });
}

async function findPublicOffer(db: Database, offerId: number) {
  const [offer] = await db.select({ offerId: offers.offerId, bankId: offers.bankId, categoryId: offers.categoryId, merchantId: offers.merchantId })
    .from(offers).where(and(eq(offers.offerId, offerId), isPublic())).limit(1);
  if (!offer) throw notFound('Offer not found.');
  return offer;
}

async function createInsight(deps: ServerDeps, c: Context) {
  await parseJsonBody(c, NewInsightRequest);
  const insightId = randomUUID();
  const token = randomBytes(24).toString('base64url');
  await deps.db.insert(insights).values({ insightId, tokenHash: hashToken(token), ip: requestIp(deps, c), userId: await optionalUserId(deps.db, c) });
  return c.json({ status: true, token, insight_id: insightId, data: { insightId, token } }, 201);
}

/** Main API: POST /new/insight and POST /new/impression. */
export function insightRecordingRoutes(deps: ServerDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  app.post('/new/insight', (c) => createInsight(deps, c));

  // One call per offer view: records the impression and counts the view. Bank, category and
  // merchant come from the offer itself, each in its own column.
  app.post('/new/impression', async (c) => {
    const input = await parseJsonBody(c, NewImpressionRequest);
    await deps.limiter.check('impressionPerIp', requestIp(deps, c));
    const offer = await findPublicOffer(db, input.offerId);
    const insightId = await assertInsightExists(db, input.insightId);
    const [row] = await db.insert(impressions).values({
      ...offer, insightId, ip: requestIp(deps, c), userId: await optionalUserId(db, c),
    }).returning({ impressionId: impressions.impressionId });
    await db.update(offers).set({ views: sql`${offers.views} + 1` }).where(eq(offers.offerId, offer.offerId));
    return c.json({ status: true, data: { impressionId: row!.impressionId } }, 201);
  });

  return app;
}

type RankedRow = { offer_id: number; total: number };

/** Listed offers ranked for a visitor: categories, banks and merchants they viewed weigh most;
 * popularity breaks ties, so a new visitor gets the popular offers. Offers already seen are left out. */
async function rankOffersForInsight(db: Database, insightId: string | undefined, options: { bankId?: number; limit: number; offset: number }) {
  const bankFilter = options.bankId ? sql`and o.bank_id = ${options.bankId}` : sql``;
  const rows = await queryRows<RankedRow>(db, sql`
    with seen as (
      select offer_id, category_id, bank_id, merchant_id, sum(count) as n
      from impressions where insight_id = ${insightId ?? null} group by offer_id, category_id, bank_id, merchant_id
    ),
    category_weight as (select category_id, sum(n) as w from seen group by category_id),
    bank_weight as (select bank_id, sum(n) as w from seen group by bank_id),
    merchant_weight as (select merchant_id, sum(n) as w from seen group by merchant_id)
    select o.offer_id, (count(*) over ())::int as total
    from offers o
      left join category_weight cw on cw.category_id = o.category_id
      left join bank_weight bw on bw.bank_id = o.bank_id
      left join merchant_weight mw on mw.merchant_id = o.merchant_id
    where o.review_status = ${PUBLIC_REVIEW_STATUS} and (o.offer_end is null or o.offer_end >= now())
      and o.offer_id not in (select offer_id from seen) ${bankFilter}
    order by coalesce(cw.w, 0) * 3 + coalesce(bw.w, 0) * 2 + coalesce(mw.w, 0) desc, o.views desc, o.offer_id desc
    limit ${options.limit} offset ${options.offset}`);
  return { ids: rows.map((row) => Number(row.offer_id)), total: Number(rows[0]?.total ?? 0) };
}

/** The insight service (PUBLIC_INSIGHT_URL). */
export function insightServiceRoutes(deps: ServerDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  app.post('/new/insight', (c) => createInsight(deps, c));

  // The insight record of an impression. With the impression_id the main API returned it only
  // confirms that record, so a view is never counted twice.
  app.post('/new/impression', async (c) => {
    const input = await parseJsonBody(c, InsightImpressionRequest);
    if (input.impression_id) {
      const [existing] = await db.select({ impressionId: impressions.impressionId }).from(impressions)
        .where(and(eq(impressions.impressionId, input.impression_id), eq(impressions.offerId, input.offer_id))).limit(1);
      if (!existing) throw notFound('Unknown impression_id for this offer.');
      return c.json({ status: true, data: { impression_id: existing.impressionId } });
    }
    const offer = await findPublicOffer(db, input.offer_id);
    const insightId = await assertInsightExists(db, input.insight_id);
    const [row] = await db.insert(impressions).values({ ...offer, insightId, ip: requestIp(deps, c), count: input.count })
      .returning({ impressionId: impressions.impressionId });
    return c.json({ status: true, data: { impression_id: row!.impressionId } }, 201);
  });

  // An unknown insight or bank id answers 404, as POST /new/impression does, so the client falls
  // back to a new insight (spec §8); no insight id at all ranks for a guest.
  app.get('/top-offers-by-insight', async (c) => {
    const { insight_id, limit, offset } = parseQuery(c, TopOffersQuery);
    await assertInsightExists(db, insight_id);
    const { ids, total } = await rankOffersForInsight(db, insight_id || undefined, { limit, offset });
    return c.json({ status: true, top_offers: ids, total });
  });

  app.get('/top-offers-by-bank-insight', async (c) => {
    const { insight_id, bank_id, limit, offset } = parseQuery(c, v.object({ ...TopOffersQuery.entries, bank_id: v.pipe(v.string('bank_id is required'), v.regex(/^\d{1,9}$/, 'bank_id must be a number'), v.transform(Number)) }));
    await assertInsightExists(db, insight_id);
    await assertBankExists(db, bank_id);
    const { ids, total } = await rankOffersForInsight(db, insight_id || undefined, { bankId: bank_id, limit, offset });
    const categoryRows = await queryRows<{ category_id: number }>(db, sql`
      select o.category_id
      from offers o
        left join (select category_id, sum(count) as w from impressions where insight_id = ${insight_id || null} group by category_id) cw
          on cw.category_id = o.category_id
      where o.bank_id = ${bank_id} and o.review_status = ${PUBLIC_REVIEW_STATUS} and (o.offer_end is null or o.offer_end >= now())
      group by o.category_id
      order by max(coalesce(cw.w, 0)) desc, count(*) desc, o.category_id
      limit ${INSIGHT_LIMIT}`);
    return c.json({ status: true, top_offers: ids, top_categories: categoryRows.map((row) => Number(row.category_id)), total });
  });

  app.get('/get/offers/:insightId/top-10-most-viewed', async (c) => {
    const { insightId } = parseParams(c, v.object({ insightId: InsightId }));
    await assertInsightExists(db, insightId);
    const rows = await queryRows<{ offer_id: number; count: number }>(db, sql`
      select offer_id, sum(count)::int as count from impressions where insight_id = ${insightId}
      group by offer_id order by count desc, max(impression_id) desc limit 10`);
    return c.json({ status: true, data: rows.map((row) => ({ offer_id: Number(row.offer_id), count: Number(row.count) })) });
  });

  app.get('/bank/impression/:bankId', async (c) => {
    const { bankId } = parseParams(c, v.object({ bankId: Id }));
    await assertBankExists(db, bankId);
    const [row] = await queryRows<{ total: number }>(db, sql`select coalesce(sum(count), 0)::int as total from impressions where bank_id = ${bankId}`);
    return c.json({ status: true, total_impressions: Number(row?.total ?? 0) });
  });

  return app;
}
