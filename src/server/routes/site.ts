// What the static-site build reads in bulk: every public offer (expired ones too, whose pages stay
// up), the terms by bank, the sources offers are imported from, and facts about the data set.
// Public data only.
import { Hono } from 'hono';
import * as v from 'valibot';
import { PageNo, TermsResponse } from '../../contract/index.ts';
import {
  SiteMerchantSlugsResponse,
  SiteMetaResponse,
  SiteOffersResponse,
  SiteSourcesResponse,
} from '../../contract/site-responses.ts';
import { listMerchantSlugs } from '../db/merchant-slugs.ts';
import type { AppEnv, ServerDeps } from '../context.ts';
import { findDataset, findTerms } from '../domain/catalogue.ts';
import { countOffers, findOfferPage, isPublic } from '../domain/offers.ts';
import { listPublicSources } from '../domain/public-sources.ts';
import { answer, cachedJson, shaped } from '../http/answer.ts';
import { parseParams } from '../validate.ts';

/** Offers per export page: large, since the build reads them all. */
const EXPORT_PAGE_SIZE = 1000;

export function siteExportRoutes(deps: ServerDeps) {
  const { db, cache } = deps;
  const app = new Hono<AppEnv>();

  app.get('/site/offers/:pageNo', async (c) => {
    const { pageNo } = parseParams(c, v.object({ pageNo: PageNo }));
    return cachedJson(c, cache, `site-offers:${pageNo}`, async () =>
      shaped(SiteOffersResponse, {
        status: true,
        pageSize: EXPORT_PAGE_SIZE,
        ...(await findOfferPage(db, isPublic(), pageNo, EXPORT_PAGE_SIZE, () => countOffers(db, isPublic()))),
      }),
    );
  });

  app.get('/site/terms', (c) =>
    cachedJson(c, cache, 'site-terms', async () => shaped(TermsResponse, { status: true, data: await findTerms(db) })),
  );

  app.get('/site/sources', (c) =>
    cachedJson(c, cache, 'site-sources', async () =>
      shaped(SiteSourcesResponse, { status: true, data: await listPublicSources(db) }),
    ),
  );

  app.get('/site/merchant-slugs', (c) =>
    cachedJson(c, cache, 'site-merchant-slugs', async () =>
      shaped(SiteMerchantSlugsResponse, { status: true, data: await listMerchantSlugs(db) }),
    ),
  );

  app.get('/site/meta', async (c) =>
    answer(c, SiteMetaResponse, { status: true, data: { dataset: await findDataset(db) } }),
  );

  return app;
}
