// The reviewer's edit of an offer: the offer-creation wizard on the offer (any field), saved with
// PUT /api/team/offers/{id}. Its code loads when an edit first opens.
import { lazy, Suspense } from 'react';
import type { TeamOfferData } from '../../contract/team.ts';
import { m } from '../../paraglide/messages.js';
import TitledDialog from '../ui/TitledDialog.tsx';
import '../console/console.css';
import { editTeamOffer } from './team-calls.ts';

const OfferWizard = lazy(() => import('../console/OfferWizard.tsx'));

export default function OfferEditDialog({
  offer,
  onSaved,
  onClose,
}: {
  offer?: TeamOfferData;
  onSaved: () => void;
  onClose: () => void;
}) {
  return (
    <TitledDialog open={offer !== undefined} onClose={onClose} className="console-dialog" title={m.team_edit_offer()}>
      {offer && (
        <Suspense
          fallback={
            <p className="console-status" role="status">
              {m.team_loading()}
            </p>
          }
        >
          <OfferWizard
            key={offer.offerId}
            open
            onCreated={onSaved}
            onClose={onClose}
            edit={{
              offer,
              send: (form) => editTeamOffer(offer.offerId, form),
              submitLabel: m.team_save(),
              sentTitle: m.team_edit_offer_saved_title(),
              sentText: m.team_edit_offer_saved_text(),
              termsAccepted: true,
            }}
          />
        </Suspense>
      )}
    </TitledDialog>
  );
}
