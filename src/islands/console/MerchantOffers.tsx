// /console/merchant/offer (spec §2 'Merchant console'): the review note, the merchant's own offers
// with where each stands ('Pending review' until accepted), and 'Create Offer', which opens the
// 5-step wizard in a modal dialog. /console/merchant/offer#create (or ?create) opens it directly.
// The wizard's code loads when it first opens; closing it keeps what was typed.
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { OfferData } from '../../contract/index.ts';
import { $user } from '../../stores/session.ts';
import Notices from '../Notices.tsx';
import TitledDialog from '../ui/TitledDialog.tsx';
import { CREATE_OFFER_HASH, CREATE_OFFER_QUERY } from './console-routes.ts';
import OwnOffers, { useOwnOffers } from './OwnOffers.tsx';
import { CREATE_OFFER, OFFERS_EMPTY_MERCHANT_TEXT, OFFERS_REVIEW_NOTE } from './texts.ts';
import './console.css';

const OfferWizard = lazy(() => import('./OfferWizard.tsx'));

const askedToCreate = () => location.hash === CREATE_OFFER_HASH || new URLSearchParams(location.search).has(CREATE_OFFER_QUERY);

export default function MerchantOffers() {
  const user = useStore($user);
  return user ? <Offers userId={user.userId} /> : null;
}

function Offers({ userId }: { userId: number }) {
  const offers = useOwnOffers(userId);
  const [sent, setSent] = useState<OfferData[]>([]);
  const [open, setOpen] = useState(false);
  /** The wizard stays mounted once opened, so that closing and opening again finds the form as it was left. */
  const [opened, setOpened] = useState(false);

  const openWizard = () => { setOpened(true); setOpen(true); };
  useEffect(() => {
    if (askedToCreate()) openWizard();
    const onHash = () => { if (askedToCreate()) openWizard(); };
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);

  function close() {
    setOpen(false);
    // A reload must not open it again, and the header's link must open it again on this page.
    if (askedToCreate()) {
      const url = new URL(location.href);
      url.hash = '';
      url.searchParams.delete(CREATE_OFFER_QUERY);
      history.replaceState(history.state, '', url.pathname + url.search);
    }
  }

  function created(offer: OfferData) {
    setSent((current) => [offer, ...current]);
    offers.reload();
  }

  return (
    <div className="merchant-offers">
      <p className="console-note">{OFFERS_REVIEW_NOTE}</p>
      <div className="console-toolbar">
        <h2>Your offers</h2>
        <button type="button" className="button" onClick={openWizard} aria-haspopup="dialog">{CREATE_OFFER}</button>
      </div>
      <OwnOffers offers={offers} sent={sent} emptyText={OFFERS_EMPTY_MERCHANT_TEXT} />
      <TitledDialog open={open} onClose={close} className="console-dialog" title={CREATE_OFFER}>
        {opened && (
          <Suspense fallback={<p className="console-status" role="status">Loading…</p>}>
            <OfferWizard open={open} onCreated={created} onClose={close} />
          </Suspense>
        )}
      </TitledDialog>
      <Notices />
    </div>
  );
}
