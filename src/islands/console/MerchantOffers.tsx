// /console/merchant/offer (spec §2 'Merchant console'): the review note, the merchant's own offers
// with where each stands ('Pending review' until accepted), and 'Create Offer', which opens the
// 5-step wizard in a modal dialog. /console/merchant/offer#create (or ?create) opens it directly.
// The wizard's code loads when it first opens; closing it keeps what was typed. A company the team
// has not activated yet sees why it cannot send offers instead. A rejected offer shows the team's
// reason, and 'Edit and send again' opens the wizard on it.
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { fetchCompanyReview, resendOffer } from '../../client/console.ts';
import { failureText } from '../../client/http.ts';
import type { OfferData } from '../../contract/index.ts';
import { localePath } from '../../lib/locale-path.ts';
import { m } from '../../paraglide/messages.js';
import { sessionApi } from '../../stores/session-calls.ts';
import { $user } from '../../stores/session.ts';
import Notices from '../Notices.tsx';
import TitledDialog from '../ui/TitledDialog.tsx';
import { useLoaded } from '../ui/use-loaded.ts';
import { consolePath, CREATE_OFFER_HASH, CREATE_OFFER_QUERY } from './console-routes.ts';
import LoadState from './offer-steps/LoadState.tsx';
import OwnOffers, { useOwnOffers } from './OwnOffers.tsx';
import './console.css';

const OfferWizard = lazy(() => import('./OfferWizard.tsx'));

const askedToCreate = () =>
  location.hash === CREATE_OFFER_HASH || new URLSearchParams(location.search).has(CREATE_OFFER_QUERY);

export default function MerchantOffers() {
  const user = useStore($user);
  return user ? <Offers userId={user.userId} /> : null;
}

function Offers({ userId }: { userId: number }) {
  const offers = useOwnOffers(userId);
  const review = useLoaded(() => fetchCompanyReview(sessionApi), failureText);
  const activated = review.state === 'ready' && review.data.merchantStep === 'activated';
  const [editing, setEditing] = useState<OfferData>();
  const [sent, setSent] = useState<OfferData[]>([]);
  const [open, setOpen] = useState(false);
  /** The wizard stays mounted once opened, so that closing and opening again finds the form as it was left. */
  const [opened, setOpened] = useState(false);

  const openWizard = () => {
    setOpened(true);
    setOpen(true);
  };
  useEffect(() => {
    if (!activated) return;
    if (askedToCreate()) openWizard();
    const onHash = () => {
      if (askedToCreate()) openWizard();
    };
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, [activated]);

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
      <p className="console-note">{m.console_offers_review_note()}</p>
      {review.state === 'ready' && !activated && (
        <p className="console-note" data-not-activated>
          {m.error_not_activated()}{' '}
          <a href={localePath(consolePath('merchant', 'profile'))}>{m.console_upload_documents_link()}</a>
        </p>
      )}
      {review.state === 'failed' && (
        <LoadState loaded={review} what={m.console_what_company_review()} onRetry={review.reload} />
      )}
      <div className="console-toolbar">
        <h2>{m.console_your_offers()}</h2>
        {activated && (
          <button type="button" className="button" onClick={openWizard} aria-haspopup="dialog">
            {m.console_create_offer()}
          </button>
        )}
      </div>
      <OwnOffers
        offers={offers}
        sent={sent}
        emptyText={activated ? m.console_offers_empty_merchant() : m.console_offers_empty_not_activated()}
        onEdit={activated ? setEditing : undefined}
      />
      <TitledDialog open={open} onClose={close} className="console-dialog" title={m.console_create_offer()}>
        {opened && (
          <Suspense
            fallback={
              <p className="console-status" role="status">
                {m.console_loading()}
              </p>
            }
          >
            <OfferWizard open={open} onCreated={created} onClose={close} />
          </Suspense>
        )}
      </TitledDialog>
      <TitledDialog
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
        className="console-dialog"
        title={m.console_edit_and_resend()}
      >
        {editing && (
          <Suspense
            fallback={
              <p className="console-status" role="status">
                {m.console_loading()}
              </p>
            }
          >
            <OfferWizard
              key={editing.offerId}
              open
              onCreated={() => offers.reload()}
              onClose={() => setEditing(undefined)}
              edit={{
                offer: editing,
                send: (form) => resendOffer(editing.offerId, form, sessionApi),
                submitLabel: m.console_resend_submit(),
                sentTitle: m.console_offer_resent_title(),
                sentText: m.console_offer_resent_text(),
              }}
            />
          </Suspense>
        )}
      </TitledDialog>
      <Notices />
    </div>
  );
}
