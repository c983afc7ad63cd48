// Offer lists, filters, counts and single offers (spec §7). Lists show listed offers only
// (domain/offers.ts says what that means); answers for guests come from the response cache.
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  CategoryGroupsRequest,
  CategoryGroupsResponse,
  CountResponse,
  FilterMultipleRequest,
  Id,
  IdListParam,
  OFFER_REVIEW_STATUSES,
  OfferById,
  OfferIdsRequest,
  OfferList,
  OffersResponse,
  PageNo,
  PageSize,
} from '../../../contract/index.ts';
import { OfferSearchRequest } from '../../../contract/offer-search.ts';
import { bearerToken, type AppEnv, type ServerDeps } from '../../context.ts';
import { requireBank } from '../../domain/catalogue.ts';
import {
  countOffers,
  filteredWhere,
  findCategoryGroups,
  findOfferPage,
  findOffersByIds,
  findOffersOfOwner,
  findPublicOfferDetail,
  findRelatedOffers,
  isListed,
  listedWhere,
  withReviewStatus,
  type OfferQueryFilter,
} from '../../domain/offers.ts';
import { findSearchPage, readIssuedCards, searchWhere } from '../../domain/offer-search.ts';
import { sriLankaDate } from '../../../lib/sri-lanka-date.ts';
import { sessionUserId } from '../../domain/sessions.ts';
import { answer, cachedJson, shaped } from '../../http/answer.ts';
import { assertJsonBody, parseJsonBody, parseJsonText, parseParams, parseQuery } from '../../validate.ts';

const Paging = { pageNo: PageNo, pageSize: PageSize };
const PagingParams = v.object(Paging);
const IdOrAll = v.union(
  [
    v.pipe(
      v.literal('all'),
      v.transform(() => undefined),
    ),
    Id,
  ],
  "Expected an id or 'all'",
);
const ReviewStatus = v.picklist(OFFER_REVIEW_STATUSES, `status must be one of ${OFFER_REVIEW_STATUSES.join(', ')}`);
const RELATED_OFFERS_MAX = 50;
/** Totals change only when offers are accepted or end, and only label 'Load more (N)': kept 12 TTLs. */
const COUNT_TTL_FACTOR = 12;
/** Request bodies up to this length are cached under their text (the filter route). */
const RAW_KEY_TEXT_MAX = 2048;

export function offerRoutes(deps: ServerDeps) {
  const { db, cache } = deps;
  const app = new Hono<AppEnv>();
  /** A page of listed offers: its cache key and what produces it; the filter's total is cached on its own, shared by its pages. */
  const listedPageQuery = (filter: OfferQueryFilter, pageNo: number, pageSize: number) => {
    const normalised = {
      bankIds: [...new Set(filter.bankIds ?? [])].sort((a, b) => a - b),
      categoryIds: [...new Set(filter.categoryIds ?? [])].sort((a, b) => a - b),
    };
    const filterKey = `${normalised.bankIds}|${normalised.categoryIds}`;
    return {
      key: `listed:${filterKey}:${pageNo}:${pageSize}`,
      produce: async () => {
        const where = listedWhere(normalised);
        return shaped(OfferList, {
          status: true,
          ...(await findOfferPage(db, where, pageNo, pageSize, () =>
            cache.remember(`listed-count:${filterKey}`, () => countOffers(db, where), COUNT_TTL_FACTOR),
          )),
        });
      },
    };
  };
  /** A cached page of listed offers. */
  const listedPage = (c: Context, filter: OfferQueryFilter, pageNo: number, pageSize: number) => {
    const { key, produce } = listedPageQuery(filter, pageNo, pageSize);
    return cachedJson(c, cache, key, produce);
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
    const { bankId, categoryId, pageNo, pageSize } = parseParams(
      c,
      v.object({ bankId: IdOrAll, categoryId: IdOrAll, ...Paging }),
    );
    return listedPage(
      c,
      { bankIds: bankId ? [bankId] : [], categoryIds: categoryId ? [categoryId] : [] },
      pageNo,
      pageSize,
    );
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
      return cachedJson(c, cache, key, produce);
    }
    return cachedJson(c, cache, `request:${c.req.path}:${text}`, async () => parse().produce());
  });

  // The filter bar's search (docs/api.md §4b), cached like the filter above under the request's
  // text, and under the day in Sri Lanka (Valid today changes at its midnight).
  app.post('/offers/search/:pageNo/:pageSize', async (c) => {
    await assertJsonBody(c);
    const text = await c.req.text().catch(() => undefined);
    const produce = async () => {
      const { pageNo, pageSize } = parseParams(c, PagingParams);
      const search = parseJsonText(text, OfferSearchRequest);
      const where = searchWhere(
        search,
        await cache.remember('issued-cards', () => readIssuedCards(db), COUNT_TTL_FACTOR),
      );
      const countKey = `search-count:${sriLankaDate()}:${JSON.stringify({ ...search, sort: undefined })}`;
      return shaped(OfferList, {
        status: true,
        ...(await findSearchPage(db, where, search.sort, pageNo, pageSize, () =>
          cache.remember(countKey, () => countOffers(db, where), COUNT_TTL_FACTOR),
        )),
      });
    };
    if (text === undefined || text.length > RAW_KEY_TEXT_MAX) return c.json(await produce());
    return cachedJson(c, cache, `search:${sriLankaDate()}:${c.req.path}:${text}`, produce);
  });

  app.get('/get/offer/by/:offerId', async (c) => {
    const { offerId } = parseParams(c, v.object({ offerId: Id }));
    return cachedJson(c, cache, `offer:${offerId}`, async () =>
      shaped(OfferById, { status: true, data: [await findPublicOfferDetail(db, offerId)] }),
    );
  });

  app.get('/get/offers/by/bank/:bankId', async (c) => {
    const { bankId } = parseParams(c, v.object({ bankId: Id }));
    const { pageNo, pageSize } = parseQuery(
      c,
      v.object({ pageNo: v.optional(PageNo, '1'), pageSize: v.optional(PageSize, '100') }),
    );
    await cache.remember(`bank-exists:${bankId}`, async () => {
      await requireBank(db, bankId);
    });
    return listedPage(c, { bankIds: [bankId] }, pageNo, pageSize);
  });

  // A merchant's own offers. Others see the listed ones (accepted, not ended); the owner, with a
  // token, sees all of them, pending, rejected and expired included. An unknown user has none: no
  // 404, so the route does not tell which user ids exist.
  app.get('/get/offers/by/user/:userId', async (c) => {
    const { userId } = parseParams(c, v.object({ userId: Id }));
    const isOwner = (await sessionUserId(db, bearerToken(c))) === userId;
    return answer(c, OffersResponse, { status: true, data: await findOffersOfOwner(db, userId, { all: isOwner }) });
  });

  app.get('/get/offer/count/:status', async (c) => {
    const { status } = parseParams(c, v.object({ status: ReviewStatus }));
    return cachedJson(c, cache, `count:${status}`, async () =>
      shaped(CountResponse, { status: true, data: [{ totalCount: await countOffers(db, withReviewStatus(status)) }] }),
    );
  });

  app.post('/get/offer/count/multiple/:status', async (c) => {
    const { status } = parseParams(c, v.object({ status: ReviewStatus }));
    const { bankIds, categoryIds } = await parseJsonBody(c, FilterMultipleRequest);
    return answer(c, CountResponse, {
      status: true,
      data: [{ totalCount: await countOffers(db, filteredWhere(withReviewStatus(status), { bankIds, categoryIds })) }],
    });
  });

  app.post('/get/offer/multiple', async (c) => {
    const { offerIds } = await parseJsonBody(c, OfferIdsRequest);
    // Cards (recently viewed, top picks): listed offers only, like every other list.
    return answer(c, OffersResponse, { status: true, data: await findOffersByIds(db, offerIds, isListed()) });
  });

  // The bank page's per-category groups, each paged on its own ('Load more offers (n)').
  app.post('/get/offer/bank/category/multiple', async (c) => {
    const request = await parseJsonBody(c, CategoryGroupsRequest);
    return answer(c, CategoryGroupsResponse, { status: true, data: await findCategoryGroups(db, request) });
  });

  app.get('/get/offer/insights/:merchantId/:bankId/:categoryId/:count', async (c) => {
    const { count, ...like } = parseParams(
      c,
      v.object({
        merchantId: IdOrAll,
        bankId: IdOrAll,
        categoryId: IdOrAll,
        count: v.pipe(
          v.string(),
          v.regex(/^\d{1,3}$/, 'count must be a number'),
          v.transform(Number),
          v.minValue(1),
          v.maxValue(RELATED_OFFERS_MAX),
        ),
      }),
    );
    return answer(c, OffersResponse, { status: true, data: await findRelatedOffers(db, like, count) });
  });

  return app;
}
