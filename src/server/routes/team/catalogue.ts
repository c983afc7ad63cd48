// The team console's catalogue, {API}/team/banks, /team/categories and /team/locations: add one, or
// change one (PUT sends the whole of it). Mounted by teamRoutes after its middleware, so every route
// needs a team account's sign-in and counts toward its write limit. The lists are the public ones.
// After a change the response cache is emptied, so the lists and offers show it at once; the site
// follows within seconds (the rebuilder notices the catalogue changed and rebuilds it in full).
import type { Hono } from 'hono';
import * as v from 'valibot';
import { Id } from '../../../contract/index.ts';
import { BankRequest, CategoryRequest, LocationRequest, TeamBankResponse, TeamCategoryResponse, TeamLocationResponse } from '../../../contract/team-catalogue.ts';
import type { AppEnv, ServerDeps } from '../../context.ts';
import { createBank, createCategory, createLocation, updateBank, updateCategory, updateLocation } from '../../domain/catalogue-edit.ts';
import { answer } from '../../http/answer.ts';
import { parseJsonBody, parseParams } from '../../validate.ts';

export function mountTeamCatalogueRoutes(app: Hono<AppEnv>, deps: ServerDeps) {
  const { db, cache } = deps;

  app.post('/team/banks', async (c) => {
    const input = await parseJsonBody(c, BankRequest);
    const bank = await createBank(db, c.get('user').userId, input);
    cache.clear();
    return answer(c, TeamBankResponse, { status: true, data: bank }, 201);
  });

  app.put('/team/banks/:bankId', async (c) => {
    const { bankId } = parseParams(c, v.object({ bankId: Id }));
    const input = await parseJsonBody(c, BankRequest);
    const bank = await updateBank(db, c.get('user').userId, bankId, input);
    cache.clear();
    return answer(c, TeamBankResponse, { status: true, data: bank });
  });

  app.post('/team/categories', async (c) => {
    const input = await parseJsonBody(c, CategoryRequest);
    const category = await createCategory(db, c.get('user').userId, input);
    cache.clear();
    return answer(c, TeamCategoryResponse, { status: true, data: category }, 201);
  });

  app.put('/team/categories/:categoryId', async (c) => {
    const { categoryId } = parseParams(c, v.object({ categoryId: Id }));
    const input = await parseJsonBody(c, CategoryRequest);
    const category = await updateCategory(db, c.get('user').userId, categoryId, input);
    cache.clear();
    return answer(c, TeamCategoryResponse, { status: true, data: category });
  });

  app.post('/team/locations', async (c) => {
    const { locationName } = await parseJsonBody(c, LocationRequest);
    const location = await createLocation(db, c.get('user').userId, locationName);
    cache.clear();
    return answer(c, TeamLocationResponse, { status: true, data: location }, 201);
  });

  app.put('/team/locations/:locationId', async (c) => {
    const { locationId } = parseParams(c, v.object({ locationId: Id }));
    const { locationName } = await parseJsonBody(c, LocationRequest);
    const location = await updateLocation(db, c.get('user').userId, locationId, locationName);
    cache.clear();
    return answer(c, TeamLocationResponse, { status: true, data: location });
  });
}
