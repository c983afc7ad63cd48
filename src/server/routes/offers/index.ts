// Offer lists, filters, counts and single offers (spec §7). Lists show listed offers only.
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  CategoryGroupsRequest, FilterMultipleRequest, Id, IdListParam, OFFER_REVIEW_STATUSES, OfferIdsRequest, PageNo, PageSize,
} from '../../../contract/index.ts';
import type { Database } from '../../db/client.ts';
import { banks, categories, offers, termsConditions } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { bearerToken, cachedJson, type AppEnv, type ServerDeps } from '../../context.ts';
import { toOffer, type OfferJoinedRow } from '../../serialize.ts';
import { findLiveToken } from '../../services/tokens.ts';
import { assertJsonBody, parseJsonBody, parseJsonText, parseParams, parseQuery } from '../../validate.ts';
import {
  countOffers, filteredWhere, findOfferPage, findOffersByIds, isListed, isPublic, listedWhere, selectJoinedOffers, type OfferFilter,
} from './offer-queries.ts';

async function assertBankExists(db: Database, bankId: number) {
  const [bank] = await db.select({ bankId: banks.bankId }).from(banks).where(eq(banks.bankId, bankId)).limit(1);
  if (!bank) throw notFound('Bank not found.');
}

const Paging = { pageNo: PageNo, pageSize: PageSize };
const PagingParams = v.object(Paging);
const IdOrAll = v.union([v.pipe(v.literal('all'), v.transform(() => undefined)), Id], "Expected an id or 'all'");
const ReviewStatus = v.picklist(OFFER_REVIEW_STATUSES, `status must be one of ${OFFER_REVIEW_STATUSES.join(', ')}`);
const RELATED_OFFERS_MAX = 50;
/** Totals change only when offers are accepted or end, and only label 'Load more (N)': kept 12 TTLs. */
const COUNT_TTL_FACTOR = 12;
/** Request bodies up to this length are cached under their text (the filter route). */
const RAW_KEY_TEXT_MAX = 2048;

export function offerRoutes(deps: ServerDeps) {
  const { db, cache } = deps;
  const app = new Hono<AppEnv>();
  const cached = (c: Context, key: string, produce: () => Promise<unknown>) => cachedJson(c, cache, key, produce);
  /** A page of listed offers: its cache key and what produces it; the filter's total is cached on its own, shared by its pages. */
  const listedPageQuery = (filter: OfferFilter, pageNo: number, pageSize: number) => {
    const normalised = { bankIds: [...new Set(filter.bankIds ?? [])].sort((a, b) => a - b), categoryIds: [...new Set(filter.categoryIds ?? [])].sort((a, b) => a - b) };
    const filterKey = `${normalised.bankIds}|${normalised.categoryIds}`;
    return {
      key: `listed:${filterKey}:${pageNo}:${pageSize}`,
      produce: async () => {
        const where = listedWhere(normalised);
        return {
          status: true,
          ...(await findOfferPage(db, where, pageNo, pageSize, () => cache.remember(`listed-count:${filterKey}`, () => countOffers(db, where), COUNT_TTL_FACTOR))),
        };
      },
    };
  };
  /** A cached page of listed offers. */
  const listedPage = (c: Context, filter: OfferFilter, pageNo: number, pageSize: number) => {
    const { key, produce } = listedPageQuery(filter, pageNo, pageSize);
    return cached(c, key, produce);
  };

  app.get('/get/offers/by/page/:pageNo/:pageSize', async (c) => {
    const { pageNo, pageSize } = parseParams(c, PagingParams);
    return listedPage(c, {}, pageNo, pageSize);
  });

  app.get('/get/offers/filter/by/bank/:bankIds/:pageNo/:pageSize', async (c) => {
    const { bankIds, pageNo, pageSize } = parseParams(c, v.object({ bankIds: IdListParam, ...Paging }));
    return listedPage(c, { bankIds }, pageNo, pageSize);
  });

  app.get('/get/offers/filter/by/category/:categoryIds/:pageNo/:pageSize', async (c) => {
    const { categoryIds, pageNo, pageSize } = parseParams(c, v.object({ categoryIds: IdListParam, ...Paging }));
    return listedPage(c, { categoryIds }, pageNo, pageSize);
  });

  // One bank and one category, either of them 'all': the bank page's list.
  app.get('/get/offers/filter/by/:bankId/:categoryId/:pageNo/:pageSize', async (c) => {
    const { bankId, categoryId, pageNo, pageSize } = parseParams(c, v.object({ bankId: IdOrAll, categoryId: IdOrAll, ...Paging }));
    return listedPage(c, { bankIds: bankId ? [bankId] : [], categoryIds: categoryId ? [categoryId] : [] }, pageNo, pageSize);
  });

  // Cached under the request's own text (path and body), looked up before JSON parsing and
  // validation, so a repeated request costs one map lookup. Invalid input throws inside, so only
  // successful answers are kept; long bodies take the usual way rather than make long keys.
  app.post('/get/offers/filter/multiple/:pageNo/:pageSize', async (c) => {
    await assertJsonBody(c); // before the cache: an answer is never given to a body of another type
    const text = await c.req.text().catch(() => undefined); // unreadable: answered as invalid JSON
    const parse = () => {
      const { pageNo, pageSize } = parseParams(c, PagingParams);
      const { bankIds, categoryIds } = parseJsonText(text, FilterMultipleRequest);
      return listedPageQuery({ bankIds, categoryIds }, pageNo, pageSize);
    };
    if (text === undefined || text.length > RAW_KEY_TEXT_MAX) {
      const { key, produce } = parse();
      return cached(c, key, produce);
    }
    return cached(c, `request:${c.req.path}:${text}`, async () => parse().produce());
  });

  app.get('/get/offer/by/:offerId', async (c) => {
    const { offerId } = parseParams(c, v.object({ offerId: Id }));
    return cached(c, `offer:${offerId}`, async () => {
      const [row] = await selectJoinedOffers(db).where(and(isPublic(), eq(offers.offerId, offerId))).limit(1);
      if (!row) throw notFound('Offer not found.');
      const terms = await db.select().from(termsConditions)
        .where(or(eq(termsConditions.bankId, row.offer.bankId), sql`${termsConditions.bankId} is null`))
        .orderBy(termsConditions.position, termsConditions.termId);
      const termsByKey: Record<string, { id: number; value: string }[]> = { [row.offer.bankId]: [], general: [] };
      for (const term of terms) termsByKey[term.bankId === null ? 'general' : String(term.bankId)]!.push({ id: term.termId, value: term.value });
      return { status: true, data: [{ ...toOffer(row as OfferJoinedRow), termsConditions: termsByKey }] };
    });
  });

  app.get('/get/offers/by/bank/:bankId', async (c) => {
    const { bankId } = parseParams(c, v.object({ bankId: Id }));
    const { pageNo, pageSize } = parseQuery(c, v.object({ pageNo: v.optional(PageNo, '1'), pageSize: v.optional(PageSize, '100') }));
    await cache.remember(`bank-exists:${bankId}`, () => assertBankExists(db, bankId));
    return listedPage(c, { bankIds: [bankId] }, pageNo, pageSize);
  });

  // A merchant's own offers. Others see the listed ones (accepted, not ended); the owner, with a
  // token, sees all of them, pending, rejected and expired included. An unknown user has none: no
  // 404, so the route does not tell which user ids exist.
  app.get('/get/offers/by/user/:userId', async (c) => {
    const { userId } = parseParams(c, v.object({ userId: Id }));
    const token = bearerToken(c);
    const session = token ? await findLiveToken(db, token) : undefined;
    const isOwner = session?.scope === 'session' && session.userId === userId;
    const rows = await selectJoinedOffers(db)
      .where(and(eq(offers.ownerUserId, userId), isOwner ? undefined : isListed()))
      .orderBy(desc(offers.createdAt), desc(offers.offerId)).limit(200);
    return c.json({ status: true, data: rows.map((row) => toOffer(row as OfferJoinedRow)) });
  });

  app.get('/get/offer/count/:status', async (c) => {
    const { status } = parseParams(c, v.object({ status: ReviewStatus }));
    const where = status === 'accepted' ? isListed() : eq(offers.reviewStatus, status);
    return cached(c, `count:${status}`, async () => ({ status: true, data: [{ totalCount: await countOffers(db, where) }] }));
  });

  app.post('/get/offer/count/multiple/:status', async (c) => {
    const { status } = parseParams(c, v.object({ status: ReviewStatus }));
    const { bankIds, categoryIds } = await parseJsonBody(c, FilterMultipleRequest);
    const base = status === 'accepted' ? isListed() : eq(offers.reviewStatus, status);
    return c.json({ status: true, data: [{ totalCount: await countOffers(db, filteredWhere(base, { bankIds, categoryIds })) }] });
  });

  app.post('/get/offer/multiple', async (c) => {
    const { offerIds } = await parseJsonBody(c, OfferIdsRequest);
    // Cards (recently viewed, top picks): listed offers only, like every other list.
    return c.json({ status: true, data: await findOffersByIds(db, offerIds, isListed()) });
  });

  // The bank page's per-category groups, each paged on its own ('Load more offers (n)').
  app.post('/get/offer/bank/category/multiple', async (c) => {
    const request = await parseJsonBody(c, CategoryGroupsRequest);
    const { bankId, pageNo, pageSize } = request;
    const categoryIds = [...new Set(request.categoryIds)]; // one group per category
    const found = categoryIds.length ? await db.select().from(categories).where(inArray(categories.categoryId, categoryIds)) : [];
    const byId = new Map(found.map((category) => [category.categoryId, category]));
    const data = await Promise.all(categoryIds.filter((id) => byId.has(id)).map(async (categoryId) => {
      const category = byId.get(categoryId)!;
      const page = await findOfferPage(db, listedWhere({ categoryIds: [categoryId], bankIds: bankId ? [bankId] : [] }), pageNo, pageSize);
      return { categoryId, categoryName: category.categoryName, iconName: category.iconName, offers: page.data, totalCount: page.totalCount };
    }));
    return c.json({ status: true, data });
  });

  // Related offers: same merchant first, then same category, then same bank; popular first.
  app.get('/get/offer/insights/:merchantId/:bankId/:categoryId/:count', async (c) => {
    const params = parseParams(c, v.object({
      merchantId: IdOrAll, bankId: IdOrAll, categoryId: IdOrAll,
      count: v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'count must be a number'), v.transform(Number), v.minValue(1), v.maxValue(RELATED_OFFERS_MAX)),
    }));
    const score = sql`(case when ${offers.merchantId} = ${params.merchantId ?? 0} then 4 else 0 end
      + case when ${offers.categoryId} = ${params.categoryId ?? 0} then 2 else 0 end
      + case when ${offers.bankId} = ${params.bankId ?? 0} then 1 else 0 end)`;
    const rows = await selectJoinedOffers(db).where(listedWhere())
      .orderBy(desc(score), desc(offers.views), desc(offers.offerId)).limit(params.count);
    return c.json({ status: true, data: rows.map((row) => toOffer(row as OfferJoinedRow)) });
  });

  return app;
}
