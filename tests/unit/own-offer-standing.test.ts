// Where a user's own offer stands in their console (src/islands/console/own-offer-standing.ts):
// the contract's display statuses read as live, in review, rejected or ended, and only a live
// offer links to its public page.
import { describe, expect, it } from 'vitest';
import { OFFER_DISPLAY_STATUSES } from '../../src/contract/limits.ts';
import { OWN_OFFER_STANDING_LABELS, ownOfferStanding } from '../../src/islands/console/own-offer-standing.ts';
import { m } from '../../src/paraglide/messages.js';

describe('own offer standing', () => {
  it('reads every display status as live, in review, rejected or ended', () => {
    expect(Object.fromEntries(OFFER_DISPLAY_STATUSES.map((status) => [status, ownOfferStanding({ status })]))).toEqual({
      new: 'live',
      expireSoon: 'live',
      accepted: 'live',
      pending: 'inReview',
      rejected: 'rejected',
      expired: 'ended',
    });
  });

  it('calls an accepted offer that is new "Live", not "New"', () => {
    expect(OWN_OFFER_STANDING_LABELS[ownOfferStanding({ status: 'new' })]).toBe(m.console_status_live());
    expect(m.console_status_live()).toBe('Live');
    expect(OWN_OFFER_STANDING_LABELS.inReview).toBe(m.console_status_pending());
    expect(OWN_OFFER_STANDING_LABELS.ended).toBe('Ended');
  });
});
