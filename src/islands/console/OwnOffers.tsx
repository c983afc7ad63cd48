// The signed-in user's own offers from GET get/offers/by/user/{userId} with their session (pending
// and rejected ones included): loading, failure with Retry, the empty state, or the list. Offers
// sent from this page are shown at once, before the reloaded list comes back with them.
import { fetchOwnOffers } from '../../client/console.ts';
import { failureText } from '../../client/http.ts';
import type { ReactNode } from 'react';
import type { OfferData } from '../../contract/index.ts';
import { m } from '../../paraglide/messages.js';
import { sessionApi } from '../../stores/session-calls.ts';
import { useLoaded } from '../ui/use-loaded.ts';
import LoadState from './offer-steps/LoadState.tsx';
import OwnOfferList from './OwnOfferList.tsx';

export function useOwnOffers(userId: number) {
  return useLoaded(
    () => fetchOwnOffers(userId, sessionApi),
    (error) => `${m.console_offers_load_failed()} ${failureText(error)}`,
  );
}

interface Props {
  offers: ReturnType<typeof useOwnOffers>;
  /** Offers sent from this page, newest first. */
  sent?: readonly OfferData[];
  emptyText: ReactNode;
  /** Offers the owner may change (a rejected one): its Edit and send again. */
  onEdit?: (offer: OfferData) => void;
}

export default function OwnOffers({ offers, sent = [], emptyText, onEdit }: Props) {
  if (offers.state !== 'ready')
    return <LoadState loaded={offers} what={m.console_what_offers()} onRetry={offers.reload} />;
  const loadedIds = new Set(offers.data.map((offer) => offer.offerId));
  const all = [...sent.filter((offer) => !loadedIds.has(offer.offerId)), ...offers.data];
  if (all.length === 0) {
    return (
      <div className="console-empty" data-offers-empty>
        <p className="console-empty-title">{m.console_offers_empty_title()}</p>
        <p>{emptyText}</p>
      </div>
    );
  }
  return <OwnOfferList offers={all} onEdit={onEdit} />;
}
