// The visitor's insight and the offers they view (spec §7, docs/api.md §8, §9): an insight started
// on the main API, one impression per view, recorded on the main API and confirmed on the insight
// host, and offers ranked from them. The server takes the visitor's address itself: no IP is
// looked up or sent. Which insight is the visitor's is src/stores/insight.ts's part.
import type { KyInstance } from 'ky';
import {
  InsightImpressionResponse,
  NewImpressionResponse,
  NewInsightResponse,
  TopOffersResponse,
  type OfferData,
} from '../contract/index.ts';
import { ApiError, insightApi, readAnswer } from './http.ts';

type ViewedOffer = Pick<OfferData, 'offerId' | 'merchantId' | 'categoryId' | 'bankId'>;

/** The server no longer knows the insight id sent (spec §8): the caller starts a new one. */
export const isUnknownInsight = (error: unknown) =>
  error instanceof ApiError && error.status === 404 && error.code === 'unknown_insight';

/** Starts a new insight; its id. `api` is the main API, with the session's token when there is one. */
export async function startInsight(api: KyInstance): Promise<string> {
  return (
    await readAnswer(NewInsightResponse, api.post('new/insight', { json: { insightId: null, ip: null, user: null } }))
  ).insight_id;
}

/** One view of an offer on the main API (it counts the view); the impression's id. `api` as for startInsight. */
export async function recordImpression(offer: ViewedOffer, insightId: string, api: KyInstance): Promise<number> {
  return (
    await readAnswer(
      NewImpressionResponse,
      api.post('new/impression', {
        json: {
          offerId: offer.offerId,
          merchantId: offer.merchantId,
          categoryId: offer.categoryId,
          bankId: offer.bankId,
          insightId,
          ip: null,
          user: null,
        },
      }),
    )
  ).data.impressionId;
}

/** The insight host's record of an impression the main API recorded. */
export async function confirmImpression(
  impressionId: number,
  insightId: string | null,
  offer: ViewedOffer,
  api: KyInstance = insightApi,
): Promise<void> {
  await readAnswer(
    InsightImpressionResponse,
    api.post('new/impression', {
      json: {
        impression_id: impressionId,
        insight_id: insightId,
        offer_id: offer.offerId,
        merchant_id: offer.merchantId,
        category_id: offer.categoryId,
        bank_id: offer.bankId,
        count: 1,
      },
    }),
  );
}

/**
 * One page of offer ids ranked for the insight (Top Picks), or the most viewed offers without one.
 * `total` counts every candidate, for 'View more'.
 */
export async function fetchTopOffers(
  insightId: string | null,
  offset: number,
  limit: number,
  api: KyInstance = insightApi,
): Promise<{ offerIds: number[]; total: number }> {
  const searchParams = {
    ...(insightId ? { insight_id: insightId } : {}),
    limit: String(limit),
    offset: String(offset),
  };
  const ranked = await readAnswer(TopOffersResponse, api.get('top-offers-by-insight', { searchParams }));
  return { offerIds: ranked.top_offers, total: ranked.total };
}
