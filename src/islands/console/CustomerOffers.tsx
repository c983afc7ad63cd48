// /console/customer/offer, My Offers (spec §2 'Customer console'): the customer's own offers.
import { useStore } from '@nanostores/react';
import { $user } from '../../stores/session.ts';
import OwnOffers, { useOwnOffers } from './OwnOffers.tsx';
import { OFFERS_EMPTY_CUSTOMER_TEXT } from './texts.ts';
import './console.css';

export default function CustomerOffers() {
  const user = useStore($user);
  return user ? <Offers userId={user.userId} /> : null;
}

function Offers({ userId }: { userId: number }) {
  const offers = useOwnOffers(userId);
  return <OwnOffers offers={offers} emptyText={OFFERS_EMPTY_CUSTOMER_TEXT} />;
}
