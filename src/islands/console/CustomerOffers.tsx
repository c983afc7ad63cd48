// /console/customer/offer, My Offers (spec §2 'Customer console'): the customer's own offers. Only
// merchants publish offers, so a customer's list is empty: it says so, and where offers are kept.
import { useStore } from '@nanostores/react';
import { localePath } from '../../lib/locale-path.ts';
import { m } from '../../paraglide/messages.js';
import { $user } from '../../stores/session.ts';
import OwnOffers, { useOwnOffers } from './OwnOffers.tsx';
import './console.css';

export default function CustomerOffers() {
  const user = useStore($user);
  return user ? <Offers userId={user.userId} /> : null;
}

function Offers({ userId }: { userId: number }) {
  const offers = useOwnOffers(userId);
  return (
    <OwnOffers
      offers={offers}
      emptyText={
        <>
          {m.console_offers_empty_customer()} <a href={localePath('/')}>{m.console_browse_offers()}</a>
        </>
      }
    />
  );
}
