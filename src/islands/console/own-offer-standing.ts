// Where a user's own offer stands, as its owner needs it: the public badges (New, Ending soon) say
// nothing to a merchant waiting for the team, so the console reads the contract's display status
// as live, in review, rejected or ended (expired or withdrawn by the team).
import type { OfferDisplayStatus } from '../../lib/offer-status.ts';
import { m } from '../../paraglide/messages.js';
import { messageTexts } from './texts.ts';

export type OwnOfferStanding = 'live' | 'inReview' | 'rejected' | 'ended';

export function ownOfferStanding(offer: { status: OfferDisplayStatus }): OwnOfferStanding {
  switch (offer.status) {
    case 'pending':
      return 'inReview';
    case 'rejected':
      return 'rejected';
    case 'expired':
      return 'ended';
    default:
      return 'live';
  }
}

export const OWN_OFFER_STANDING_LABELS = messageTexts({
  live: m.console_status_live,
  inReview: m.console_status_pending,
  rejected: m.console_status_rejected,
  ended: m.console_status_ended,
});
