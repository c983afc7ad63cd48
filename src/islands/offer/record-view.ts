// One view of an offer, on its page or in the offer modal (spec §2, §4): the offer goes first in
// the recently-viewed strips (whose code the service worker keeps then, to be there offline), and one impression is recorded (it counts the view and feeds the
// visitor's Top Picks). An impression that fails is only logged (spec §8): the page still works.
import type { OfferData } from '../../contract/index.ts';
import { recordOfferImpression } from '../../stores/insight.ts';
import { rememberOfferView } from '../../stores/recently-viewed.ts';
import { keepRecentStripsCode } from '../recent-strips-offline.ts';

/** The latest view of each offer in this page, settled once its impression is recorded or has failed. */
const recordings = new Map<number, Promise<void>>();

/** Records one view of the offer. Call it once per view: every call is an impression. */
export function recordOfferView(offer: OfferData): Promise<void> {
  rememberOfferView(offer);
  keepRecentStripsCode();
  const recorded = recordOfferImpression(offer).then(
    () => undefined,
    (error: unknown) => console.error(`Offer ${offer.offerId}: the view was not recorded`, error),
  );
  recordings.set(offer.offerId, recorded);
  return recorded;
}

/**
 * Settles when this page's view of the offer is recorded (at once when none was started), so that
 * Top Picks, ranked from the visitor's views, count it and leave the offer out.
 */
export const viewRecorded = (offerId: number): Promise<void> => recordings.get(offerId) ?? Promise.resolve();
