// Visitor insights and offer impressions (domain/insights.ts). The main API records them; the
// insight service ranks offers for a visitor from the recorded impressions.
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  Id,
  InsightId,
  InsightImpressionRequest,
  InsightImpressionResponse,
  NewImpressionRequest,
  NewImpressionResponse,
  NewInsightRequest,
  NewInsightResponse,
  TopOffersQuery,
  TopOffersResponse,
} from '../../contract/index.ts';
import {
  BankImpressionResponse,
  MostViewedOffersResponse,
  TopOffersByBankResponse,
} from '../../contract/site-responses.ts';
import { bearerToken, requestIp, type AppEnv, type ServerDeps } from '../context.ts';
import { requireBank } from '../domain/catalogue.ts';
import {
  bankImpressionTotal,
  createInsight,
  mostViewedByInsight,
  rankOffersForInsight,
  recordInsightImpression,
  recordOfferView,
  requireImpression,
  requireInsight,
  topCategoriesForBank,
  type Visitor,
} from '../domain/insights.ts';
import { sessionUserId } from '../domain/sessions.ts';
import { findUserById } from '../domain/users.ts';
import { answer } from '../http/answer.ts';
import { parseJsonBody, parseParams, parseQuery } from '../validate.ts';

/** The request's address and signed-in user, if any. */
const visitor = async (deps: ServerDeps, c: Context): Promise<Visitor> => ({
  ip: requestIp(deps, c),
  userId: (await sessionUserId(deps.db, bearerToken(c))) ?? null,
});

async function newInsight(deps: ServerDeps, c: Context) {
  await parseJsonBody(c, NewInsightRequest);
  const { insightId, token } = await createInsight(deps.db, await visitor(deps, c));
  return answer(c, NewInsightResponse, { status: true, token, insight_id: insightId, data: { insightId, token } }, 201);
}

/** The categories the signed-in user chose as interests (Top Picks puts them first); none for a guest. */
async function signedInInterests(deps: ServerDeps, c: Context): Promise<number[]> {
  const userId = await sessionUserId(deps.db, bearerToken(c));
  return userId ? ((await findUserById(deps.db, userId))?.tags ?? []) : [];
}

/** Main API: POST /new/insight and POST /new/impression. */
export function insightRecordingRoutes(deps: ServerDeps) {
  const app = new Hono<AppEnv>();

  app.post('/new/insight', (c) => newInsight(deps, c));

  // One call per offer view: records the impression and counts the view.
  app.post('/new/impression', async (c) => {
    const input = await parseJsonBody(c, NewImpressionRequest);
    await deps.limiter.check('impressionPerIp', requestIp(deps, c));
    const impressionId = await recordOfferView(deps.db, input.offerId, input.insightId, await visitor(deps, c));
    return answer(c, NewImpressionResponse, { status: true, data: { impressionId } }, 201);
  });

  return app;
}

/** The insight service (PUBLIC_INSIGHT_URL). */
export function insightServiceRoutes(deps: ServerDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  app.post('/new/insight', (c) => newInsight(deps, c));

  // The insight record of an impression. With the impression_id the main API returned it only
  // confirms that record, so a view is never counted twice.
  app.post('/new/impression', async (c) => {
    const input = await parseJsonBody(c, InsightImpressionRequest);
    if (input.impression_id) {
      return answer(c, InsightImpressionResponse, {
        status: true,
        data: { impression_id: await requireImpression(db, input.impression_id, input.offer_id) },
      });
    }
    const impressionId = await recordInsightImpression(
      db,
      input.offer_id,
      input.insight_id,
      requestIp(deps, c),
      input.count,
    );
    return answer(c, InsightImpressionResponse, { status: true, data: { impression_id: impressionId } }, 201);
  });

  // An unknown insight or bank id answers 404, as POST /new/impression does, so the client falls
  // back to a new insight (spec §8); no insight id at all ranks for a guest.
  app.get('/top-offers-by-insight', async (c) => {
    const { insight_id, limit, offset } = parseQuery(c, TopOffersQuery);
    await requireInsight(db, insight_id);
    const interestCategoryIds = await signedInInterests(deps, c);
    const { ids, total } = await rankOffersForInsight(db, insight_id || undefined, {
      interestCategoryIds,
      limit,
      offset,
    });
    return answer(c, TopOffersResponse, { status: true, top_offers: ids, total });
  });

  app.get('/top-offers-by-bank-insight', async (c) => {
    const { insight_id, bank_id, limit, offset } = parseQuery(
      c,
      v.object({
        ...TopOffersQuery.entries,
        bank_id: v.pipe(
          v.string('bank_id is required'),
          v.regex(/^\d{1,9}$/, 'bank_id must be a number'),
          v.transform(Number),
        ),
      }),
    );
    await requireInsight(db, insight_id);
    await requireBank(db, bank_id, { bankId: bank_id });
    const { ids, total } = await rankOffersForInsight(db, insight_id || undefined, { bankId: bank_id, limit, offset });
    const topCategories = await topCategoriesForBank(db, insight_id || undefined, bank_id);
    return answer(c, TopOffersByBankResponse, { status: true, top_offers: ids, top_categories: topCategories, total });
  });

  app.get('/get/offers/:insightId/top-10-most-viewed', async (c) => {
    const { insightId } = parseParams(c, v.object({ insightId: InsightId }));
    await requireInsight(db, insightId);
    return answer(c, MostViewedOffersResponse, { status: true, data: await mostViewedByInsight(db, insightId) });
  });

  app.get('/bank/impression/:bankId', async (c) => {
    const { bankId } = parseParams(c, v.object({ bankId: Id }));
    await requireBank(db, bankId, { bankId });
    return answer(c, BankImpressionResponse, {
      status: true,
      total_impressions: await bankImpressionTotal(db, bankId),
    });
  });

  return app;
}
