// How the team console writes dates and an offer's state.
import type { TeamOfferData } from '../../contract/team.ts';
import { SITE_TIME_ZONE } from '../../lib/constants.ts';
import { REVIEW_STATUS_LABELS } from '../console/texts.ts';

const DATE_TIME = new Intl.DateTimeFormat('en-LK', { timeZone: SITE_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });

/** The offers search of Review and Offers (GET team/offers q). */
export const SEARCH_OFFERS_LABEL = 'Title, merchant or offer id';

/** A moment as Sri Lanka's clocks show it. */
export const dateTimeText = (iso: string) => DATE_TIME.format(new Date(iso));

/** Where an offer stands, as the team reads it; `tone` is its badge's class. */
export function teamOfferStatus(offer: TeamOfferData): { label: string; tone: string } {
  if (offer.withdrawnAt) return { label: 'Withdrawn', tone: 'expired' };
  if (offer.reviewStatus !== 'accepted') return { label: REVIEW_STATUS_LABELS[offer.reviewStatus], tone: offer.reviewStatus };
  return offer.status === 'expired' ? { label: 'Ended', tone: 'expired' } : { label: REVIEW_STATUS_LABELS.accepted, tone: 'accepted' };
}

/** An accepted offer still listed: it can be withdrawn or ended. */
export const isLive = (offer: TeamOfferData) => offer.reviewStatus === 'accepted' && !offer.withdrawnAt && offer.status !== 'expired';
