// What the static-site build reads in bulk: every public offer (expired ones too, whose pages stay
// up), the terms by bank, and facts about the data set. Public data only.
import { asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { PageNo } from '../../../contract/index.ts';
import { cachedJson, type AppEnv, type ServerDeps } from '../../context.ts';
import { siteMeta, termsConditions } from '../../db/schema.ts';
import { parseParams } from '../../validate.ts';
import { countOffers, findOfferPage, isPublic } from '../offers/offer-queries.ts';

/** Offers per export page: large, since the build reads them all. */
export const EXPORT_PAGE_SIZE = 1000;

export function siteExportRoutes(deps: ServerDeps) {
  const { db, cache } = deps;
  const app = new Hono<AppEnv>();

  app.get('/site/offers/:pageNo', async (c) => {
    const { pageNo } = parseParams(c, v.object({ pageNo: PageNo }));
    return cachedJson(c, cache, `site-offers:${pageNo}`, async () => ({
      status: true,
      pageSize: EXPORT_PAGE_SIZE,
      ...(await findOfferPage(db, isPublic(), pageNo, EXPORT_PAGE_SIZE, () => countOffers(db, isPublic()))),
    }));
  });

  app.get('/site/terms', (c) => cachedJson(c, cache, 'site-terms', async () => {
    const rows = await db.select().from(termsConditions).orderBy(asc(termsConditions.position), asc(termsConditions.termId));
    const general = rows.filter((row) => row.bankId === null).map((row) => ({ id: row.termId, value: row.value }));
    const byBank: Record<string, { id: number; value: string }[]> = {};
    for (const row of rows) if (row.bankId !== null) (byBank[row.bankId] ??= []).push({ id: row.termId, value: row.value });
    return { status: true, data: { general, byBank } };
  }));

  app.get('/site/meta', async (c) => {
    const [dataset] = await db.select().from(siteMeta).where(eq(siteMeta.key, 'dataset')).limit(1);
    return c.json({ status: true, data: { dataset: dataset?.value ?? null } });
  });

  return app;
}
