import { ENDING_SOON_DAYS, NEW_OFFER_DAYS } from './constants.ts';

const DAY_MS = 86_400_000;

export type OfferDisplayStatus = 'new' | 'expireSoon' | 'expired' | 'accepted' | 'pending' | 'rejected';

/** What an offer shows: Expired wins, then Ending soon, then New; otherwise its review state. */
export function offerDisplayStatus(
  offer: { reviewStatus: string; createdAt: Date; offerEnd: Date | null },
  now: Date = new Date(),
): OfferDisplayStatus {
  if (offer.reviewStatus !== 'accepted') return offer.reviewStatus as OfferDisplayStatus;
  const t = now.getTime();
  if (offer.offerEnd && offer.offerEnd.getTime() < t) return 'expired';
  if (offer.offerEnd && offer.offerEnd.getTime() - t <= ENDING_SOON_DAYS * DAY_MS) return 'expireSoon';
  if (t - offer.createdAt.getTime() <= NEW_OFFER_DAYS * DAY_MS) return 'new';
  return 'accepted';
}
