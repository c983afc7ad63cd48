// The one "listed" rule (docs/api.md "Listed offers"): as SQL over the offers table, and over a row
// already read. Here, beside the schema, so that every room that queries offers (the rules in
// domain/, the import pipeline, the site rebuilder) reads the same rule.
import { and, eq, gte, isNull, or } from 'drizzle-orm';
import { PUBLIC_REVIEW_STATUS } from '../../lib/constants.ts';
import { offers } from './schema.ts';

type OfferRow = typeof offers.$inferSelect;

/** Accepted, ended or not: an expired offer's page stays up, marked Expired. */
export const isPublic = () => eq(offers.reviewStatus, PUBLIC_REVIEW_STATUS);
/**
 * Not ended at `now`: no end, or an end at or after it (an offer ending this very minute is still
 * listed). The server's clock, not the database's, so that this and isListedRow agree.
 */
export const notEnded = (now = new Date()) => or(isNull(offers.offerEnd), gte(offers.offerEnd, now))!;
/** Accepted, not withdrawn by the team and not yet ended: what lists show. */
export const isListed = (now = new Date()) => and(isPublic(), isNull(offers.withdrawnAt), notEnded(now))!;
/** isListed over a row already read. lib/offer-status.ts says Expired for an accepted offer that is not. */
export const isListedRow = (offer: Pick<OfferRow, 'reviewStatus' | 'withdrawnAt' | 'offerEnd'>, now = new Date()) =>
  offer.reviewStatus === PUBLIC_REVIEW_STATUS &&
  offer.withdrawnAt === null &&
  (offer.offerEnd === null || offer.offerEnd >= now);
