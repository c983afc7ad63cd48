// Banks, categories and locations (spec §7).
import { asc, count, countDistinct, desc, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { CategoryIdsRequest, Id } from '../../../contract/index.ts';
import { safeUrl } from '../../../contract/safe-url.ts';
import { cachedJson, type AppEnv, type ServerDeps } from '../../context.ts';
import { banks, categories, favorites, locations, merchants, offers } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { toBank, toCategory } from '../../serialize.ts';
import { parseJsonBody, parseParams } from '../../validate.ts';
import { countOffers, listedWhere } from '../offers/offer-queries.ts';

/** The bank card shows this many merchant logos, then '+N'. */
const BANK_CARD_MERCHANTS = 4;

export function catalogueRoutes(deps: ServerDeps) {
  const { db, cache } = deps;
  const app = new Hono<AppEnv>();

  app.get('/get/all/banks', (c) => cachedJson(c, cache, 'banks', async () => ({
    status: true,
    data: (await db.select().from(banks).orderBy(asc(banks.bankName))).map(toBank),
  })));

  app.get('/get/bank/by/:bankId', async (c) => {
    const { bankId } = parseParams(c, v.object({ bankId: Id }));
    return cachedJson(c, cache, `bank:${bankId}`, async () => {
      const [bank] = await db.select().from(banks).where(eq(banks.bankId, bankId)).limit(1);
      if (!bank) throw notFound('Bank not found.');
      const where = listedWhere({ bankIds: [bankId] });
      const [totalCount, favoriteRows, merchantRows, merchantCountRows] = await Promise.all([
        countOffers(db, where),
        db.select({ n: count() }).from(favorites).innerJoin(offers, eq(offers.offerId, favorites.offerId)).where(where),
        db.select({ merchantId: merchants.merchantId, merchantName: merchants.merchantName, logoURL: merchants.logoUrl, n: count() })
          .from(offers).innerJoin(merchants, eq(merchants.merchantId, offers.merchantId)).where(where)
          .groupBy(merchants.merchantId).orderBy(desc(count()), asc(merchants.merchantId)).limit(BANK_CARD_MERCHANTS),
        db.select({ n: countDistinct(offers.merchantId) }).from(offers).where(where),
      ]);
      return {
        status: true,
        data: {
          ...toBank(bank),
          totalCount,
          favoriteCount: favoriteRows[0]?.n ?? 0,
          merchants: merchantRows.map(({ n: _n, logoURL, ...merchant }) => ({ ...merchant, logoURL: safeUrl(logoURL) ?? null })),
          merchantCount: merchantCountRows[0]?.n ?? 0,
        },
      };
    });
  });

  app.get('/get/all/categories', (c) => cachedJson(c, cache, 'categories', async () => ({
    status: true,
    data: (await db.select().from(categories).orderBy(asc(categories.categoryName))).map(toCategory),
  })));

  // Categories that have listed offers, with their counts; 'all' for every bank.
  app.get('/get/all/categories/with/offers/:bankId', async (c) => {
    const { bankId } = parseParams(c, v.object({ bankId: v.union([v.literal('all'), Id], "Expected a bank id or 'all'") }));
    return cachedJson(c, cache, `categories-with-offers:${bankId}`, async () => {
      if (bankId !== 'all') {
        const [bank] = await db.select({ bankId: banks.bankId }).from(banks).where(eq(banks.bankId, bankId)).limit(1);
        if (!bank) throw notFound('Bank not found.');
      }
      const where = listedWhere(bankId === 'all' ? {} : { bankIds: [bankId] });
      const rows = await db.select({ category: categories, n: count() }).from(offers)
        .innerJoin(categories, eq(categories.categoryId, offers.categoryId)).where(where)
        .groupBy(categories.categoryId).orderBy(asc(categories.categoryName));
      return { status: true, data: rows.map(({ category, n }) => ({ ...toCategory(category), totalCount: n })) };
    });
  });

  app.post('/get/category/multiple', async (c) => {
    const { categoryIds } = await parseJsonBody(c, CategoryIdsRequest);
    const rows = categoryIds.length ? await db.select().from(categories).where(inArray(categories.categoryId, categoryIds)).orderBy(asc(categories.categoryName)) : [];
    return c.json({ status: true, data: rows.map(toCategory) });
  });

  // §7: 'response.response is the list'; data carries the same for the common envelope.
  app.get('/location/all', (c) => cachedJson(c, cache, 'locations', async () => {
    const list = (await db.select().from(locations).orderBy(asc(locations.locationName)))
      .map((location) => ({ locationId: location.locationId, locationName: location.locationName, isActive: false }));
    return { status: true, response: list, data: list };
  }));

  return app;
}
