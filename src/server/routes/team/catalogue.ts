// The team console's catalogue, {API}/team/banks, /team/categories, /team/locations and
// /team/card-tiers: add one, or
// change one (PUT sends the whole of it). Mounted by teamRoutes after its middleware, so every route
// needs a team account's sign-in and counts toward its write limit. The lists are the public ones.
// After a change the response cache is emptied, so the lists and offers show it at once; the site
// follows within seconds (the rebuilder notices the catalogue changed and rebuilds it in full).
import type { Hono } from 'hono';
import * as v from 'valibot';
import { Id } from '../../../contract/index.ts';
import {
  BankRequest,
  CardTierRequest,
  CardTiersResponse,
  CategoryRequest,
  LocationRequest,
  TeamBankResponse,
  TeamCardTierResponse,
  TeamCategoryResponse,
  TeamLocationResponse,
} from '../../../contract/team-catalogue.ts';
import type { AppEnv, ServerDeps } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import {
  createBank,
  createCardTier,
  createCategory,
  createLocation,
  listCardTiers,
  updateBank,
  updateCardTier,
  updateCategory,
  updateLocation,
} from '../../domain/catalogue-edit.ts';
import { answer } from '../../http/answer.ts';
import { parseJsonBody, parseParams } from '../../validate.ts';

/** POST /team/{path} adds an entry (201), PUT /team/{path}/{:param} changes one; both answer it. */
function mountEntryRoutes<Input, Entry>(
  app: Hono<AppEnv>,
  deps: ServerDeps,
  [path, param]: [string, string],
  Request: v.GenericSchema<unknown, Input>,
  Response: v.GenericSchema<unknown, { status: true; data: Entry }>,
  create: (db: Database, actorUserId: number, input: Input) => Promise<Entry>,
  update: (db: Database, actorUserId: number, id: number, input: Input) => Promise<Entry>,
) {
  app.post(`/team/${path}`, async (c) => {
    const entry = await create(deps.db, c.get('user').userId, await parseJsonBody(c, Request));
    deps.publicChanged();
    return answer(c, Response, { status: true, data: entry }, 201);
  });
  app.put(`/team/${path}/:${param}`, async (c) => {
    const id = parseParams(c, v.object({ [param]: Id }))[param]!;
    const entry = await update(deps.db, c.get('user').userId, id, await parseJsonBody(c, Request));
    deps.publicChanged();
    return answer(c, Response, { status: true, data: entry });
  });
}

export function mountTeamCatalogueRoutes(app: Hono<AppEnv>, deps: ServerDeps) {
  mountEntryRoutes(app, deps, ['banks', 'bankId'], BankRequest, TeamBankResponse, createBank, updateBank);
  mountEntryRoutes(
    app,
    deps,
    ['categories', 'categoryId'],
    CategoryRequest,
    TeamCategoryResponse,
    createCategory,
    updateCategory,
  );
  mountEntryRoutes(
    app,
    deps,
    ['locations', 'locationId'],
    LocationRequest,
    TeamLocationResponse,
    createLocation,
    updateLocation,
  );
  // The tier list is the team's alone: banks' cards and offers carry the names themselves.
  app.get('/team/card-tiers', async (c) =>
    answer(c, CardTiersResponse, { status: true, data: await listCardTiers(deps.db) }),
  );
  mountEntryRoutes(
    app,
    deps,
    ['card-tiers', 'tierId'],
    CardTierRequest,
    TeamCardTierResponse,
    createCardTier,
    updateCardTier,
  );
}
