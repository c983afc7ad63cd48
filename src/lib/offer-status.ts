import dayjs from 'dayjs';
import { ENDING_SOON_DAYS, NEW_OFFER_DAYS, PUBLIC_REVIEW_STATUS } from './constants.ts';

export type OfferDisplayStatus = 'new' | 'expireSoon' | 'expired' | 'accepted' | 'pending' | 'rejected';

/** What an offer shows: Expired (or withdrawn by the team) wins, then Ending soon, then New; otherwise its review state. */
export function offerDisplayStatus(
  offer: { reviewStatus: string; createdAt: Date; offerEnd: Date | null; withdrawnAt?: Date | null },
  now: Date = new Date(),
): OfferDisplayStatus {
  if (offer.reviewStatus !== PUBLIC_REVIEW_STATUS) return offer.reviewStatus as OfferDisplayStatus;
  if (offer.withdrawnAt) return 'expired';
  const at = dayjs(now);
  if (offer.offerEnd && at.isAfter(offer.offerEnd)) return 'expired';
  if (offer.offerEnd && !at.add(ENDING_SOON_DAYS, 'day').isBefore(offer.offerEnd)) return 'expireSoon';
  if (!at.subtract(NEW_OFFER_DAYS, 'day').isAfter(offer.createdAt)) return 'new';
  return 'accepted';
}
