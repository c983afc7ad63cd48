// How the team console writes dates and an offer's state.
import type { TeamOfferData } from '../../contract/team.ts';
import { SITE_TIME_ZONE } from '../../lib/constants.ts';
import { m } from '../../paraglide/messages.js';
import { REVIEW_STATUS_LABELS } from '../console/texts.ts';

const DATE_TIME = new Intl.DateTimeFormat('en-LK', { timeZone: SITE_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });

/** A moment as Sri Lanka's clocks show it. */
export const dateTimeText = (iso: string) => DATE_TIME.format(new Date(iso));

/** Where an offer stands, as the team reads it; `tone` is its badge's class. */
export function teamOfferStatus(offer: TeamOfferData): { label: string; tone: string } {
  if (offer.withdrawnAt) return { label: m.team_withdrawn(), tone: 'expired' };
  if (offer.reviewStatus !== 'accepted') return { label: REVIEW_STATUS_LABELS[offer.reviewStatus], tone: offer.reviewStatus };
  return offer.status === 'expired' ? { label: m.team_ended(), tone: 'expired' } : { label: REVIEW_STATUS_LABELS.accepted, tone: 'accepted' };
}

/** An accepted offer still listed: it can be withdrawn or ended. */
export const isLive = (offer: TeamOfferData) => offer.reviewStatus === 'accepted' && !offer.withdrawnAt && offer.status !== 'expired';
