// Banks, categories and locations (spec §7).
import { Hono } from 'hono';
import * as v from 'valibot';
import { BanksResponse, CategoriesResponse, CategoryIdsRequest, Id, LocationsResponse } from '../../contract/index.ts';
import { BankDetailResponse, CategoriesWithCountResponse } from '../../contract/site-responses.ts';
import type { AppEnv, ServerDeps } from '../context.ts';
import { findCategoriesByIds, listBanks, listCategories, listLocations } from '../domain/catalogue.ts';
import { findBankDetail, findCategoriesWithListedOffers } from '../domain/offers.ts';
import { answer, cachedJson, shaped } from '../http/answer.ts';
import { toCategory } from '../serialize.ts';
import { parseJsonBody, parseParams } from '../validate.ts';

export function catalogueRoutes(deps: ServerDeps) {
  const { db, cache } = deps;
  const app = new Hono<AppEnv>();

  app.get('/get/all/banks', (c) =>
    cachedJson(c, cache, 'banks', async () => shaped(BanksResponse, { status: true, data: await listBanks(db) })),
  );

  app.get('/get/bank/by/:bankId', async (c) => {
    const { bankId } = parseParams(c, v.object({ bankId: Id }));
    return cachedJson(c, cache, `bank:${bankId}`, async () =>
      shaped(BankDetailResponse, { status: true, data: await findBankDetail(db, bankId) }),
    );
  });

  app.get('/get/all/categories', (c) =>
    cachedJson(c, cache, 'categories', async () =>
      shaped(CategoriesResponse, { status: true, data: await listCategories(db) }),
    ),
  );

  // Categories that have listed offers, with their counts; 'all' for every bank.
  app.get('/get/all/categories/with/offers/:bankId', async (c) => {
    const { bankId } = parseParams(
      c,
      v.object({ bankId: v.union([v.literal('all'), Id], "Expected a bank id or 'all'") }),
    );
    return cachedJson(c, cache, `categories-with-offers:${bankId}`, async () =>
      shaped(CategoriesWithCountResponse, { status: true, data: await findCategoriesWithListedOffers(db, bankId) }),
    );
  });

  app.post('/get/category/multiple', async (c) => {
    const { categoryIds } = await parseJsonBody(c, CategoryIdsRequest);
    return answer(c, CategoriesResponse, {
      status: true,
      data: (await findCategoriesByIds(db, categoryIds, { byName: true })).map(toCategory),
    });
  });

  // §7: 'response.response is the list'; data carries the same for the common envelope.
  app.get('/location/all', (c) =>
    cachedJson(c, cache, 'locations', async () => {
      const list = await listLocations(db);
      return shaped(LocationsResponse, { status: true, response: list, data: list });
    }),
  );

  return app;
}
