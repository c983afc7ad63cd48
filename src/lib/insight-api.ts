// The visitor's insight and the offers they view (spec §7, docs/api.md §8, §9): one impression per
// view, recorded on the main API and confirmed on the insight host; Top Picks ranked from them.
// The server takes the visitor's address itself: no IP is looked up or sent.
import * as v from 'valibot';
import type { OfferData } from '../contract/index.ts';
import { currentInsightId, forgetInsightId, rememberInsightId } from '../stores/visitor.ts';
import { ApiError, insightApi, mainApi, readAnswer } from './api-client.ts';
import { fetchOffersByIds } from './catalogue-api.ts';
import { withSession } from './session-api.ts';

const NewInsight = v.object({ status: v.literal(true), insight_id: v.string() });
const NewImpression = v.object({ status: v.literal(true), data: v.object({ impressionId: v.number() }) });
const InsightImpression = v.object({ status: v.literal(true), data: v.object({ impression_id: v.number() }) });
const TopOffers = v.object({ status: v.literal(true), top_offers: v.array(v.number()), total: v.number() });

const UNKNOWN_INSIGHT = 'Unknown insightId';
const isUnknownInsight = (error: unknown) => error instanceof ApiError && error.status === 404 && error.message.startsWith(UNKNOWN_INSIGHT);

/** The visitor's insight id, starting one when the browser has none. */
export async function ensureInsight(): Promise<string> {
  const known = currentInsightId();
  if (known) return known;
  const answer = await readAnswer(NewInsight, withSession(mainApi).post('new/insight', { json: { insightId: null, ip: null, user: null } }));
  rememberInsightId(answer.insight_id);
  return answer.insight_id;
}

/** Runs `call` with the visitor's insight; an insight the server no longer knows is replaced once (spec §8). */
async function withInsight<T>(call: (insightId: string) => Promise<T>): Promise<T> {
  try {
    return await call(await ensureInsight());
  } catch (error) {
    if (!isUnknownInsight(error)) throw error;
    forgetInsightId();
    return call(await ensureInsight());
  }
}

/** One view of an offer: an impression on the main API (it counts the view), then the insight host's record of it. */
export async function recordOfferImpression(offer: Pick<OfferData, 'offerId' | 'merchantId' | 'categoryId' | 'bankId'>): Promise<number> {
  const impressionId = await withInsight(async (insightId) => (await readAnswer(NewImpression, withSession(mainApi).post('new/impression', {
    json: { offerId: offer.offerId, merchantId: offer.merchantId, categoryId: offer.categoryId, bankId: offer.bankId, insightId, ip: null, user: null },
  }))).data.impressionId);
  await readAnswer(InsightImpression, insightApi.post('new/impression', {
    json: { impression_id: impressionId, insight_id: currentInsightId(), offer_id: offer.offerId, merchant_id: offer.merchantId, category_id: offer.categoryId, bank_id: offer.bankId, count: 1 },
  }));
  return impressionId;
}

/**
 * Top Picks for this visitor, one page: offers ranked from what they viewed, or the most viewed
 * offers for a new visitor. `total` counts every candidate, for 'View more'.
 */
export async function fetchTopPicks(offset: number, limit: number): Promise<{ offers: OfferData[]; total: number }> {
  const searchParams = (insightId: string | null) => ({ ...(insightId ? { insight_id: insightId } : {}), limit: String(limit), offset: String(offset) });
  let ranked: v.InferOutput<typeof TopOffers>;
  try {
    ranked = await readAnswer(TopOffers, insightApi.get('top-offers-by-insight', { searchParams: searchParams(currentInsightId()) }));
  } catch (error) {
    if (!isUnknownInsight(error)) throw error;
    forgetInsightId();
    ranked = await readAnswer(TopOffers, insightApi.get('top-offers-by-insight', { searchParams: searchParams(null) }));
  }
  return { offers: await fetchOffersByIds(ranked.top_offers), total: ranked.total };
}
