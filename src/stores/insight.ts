// The visitor's insight at work (spec §7, §8; docs/api.md §8, §9): one impression per offer view,
// recorded on the main API and confirmed on the insight host, and Top Picks ranked from them. The
// insight id is the visitor store's (visitor.ts); one the server no longer knows is forgotten and
// replaced. Calls go as the signed-in user when there is one.
import { fetchOffersByIds } from '../client/catalogue.ts';
import { insightApi } from '../client/http.ts';
import {
  confirmImpression,
  fetchTopOffers,
  isUnknownInsight,
  recordImpression,
  startInsight,
} from '../client/insights.ts';
import type { OfferData } from '../contract/index.ts';
import { sessionApi, withSession } from './session-calls.ts';
import { currentInsightId, forgetInsightId, rememberInsightId } from './visitor.ts';

/** The visitor's insight id, starting one when the browser has none. */
export async function ensureInsight(): Promise<string> {
  const known = currentInsightId();
  if (known) return known;
  const insightId = await startInsight(sessionApi);
  rememberInsightId(insightId);
  return insightId;
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
export async function recordOfferImpression(
  offer: Pick<OfferData, 'offerId' | 'merchantId' | 'categoryId' | 'bankId'>,
): Promise<number> {
  const impressionId = await withInsight((insightId) => recordImpression(offer, insightId, sessionApi));
  await confirmImpression(impressionId, currentInsightId(), offer);
  return impressionId;
}

/** The insight service as the signed-in user: Top Picks put the user's interest categories first. */
const insightAsUser = withSession(insightApi);

/**
 * Top Picks for this visitor, one page: offers in a signed-in user's interest categories first,
 * then offers ranked from what they viewed, or the most viewed offers for a new visitor. `total` counts every candidate, for 'View more'.
 */
export async function fetchTopPicks(offset: number, limit: number): Promise<{ offers: OfferData[]; total: number }> {
  let ranked: Awaited<ReturnType<typeof fetchTopOffers>>;
  try {
    ranked = await fetchTopOffers(currentInsightId(), offset, limit, insightAsUser);
  } catch (error) {
    if (!isUnknownInsight(error)) throw error;
    forgetInsightId();
    ranked = await fetchTopOffers(null, offset, limit, insightAsUser);
  }
  return { offers: await fetchOffersByIds(ranked.offerIds), total: ranked.total };
}
