// The reviewer's edit of an offer: the offer-creation wizard on the offer (any field), saved with
// PUT /api/team/offers/{id}. Its code loads when an edit first opens.
import { lazy, Suspense } from 'react';
import type { TeamOfferData } from '../../contract/team.ts';
import TitledDialog from '../ui/TitledDialog.tsx';
import '../console/console.css';
import { editTeamOffer } from './team-calls.ts';

const OfferWizard = lazy(() => import('../console/OfferWizard.tsx'));

export const EDIT_OFFER = 'Edit offer';

export default function OfferEditDialog({ offer, onSaved, onClose }: { offer?: TeamOfferData; onSaved: () => void; onClose: () => void }) {
  return (
    <TitledDialog open={offer !== undefined} onClose={onClose} className="console-dialog" title={EDIT_OFFER}>
      {offer && (
        <Suspense fallback={<p className="console-status" role="status">Loading…</p>}>
          <OfferWizard key={offer.offerId} open onCreated={onSaved} onClose={onClose} edit={{
            offer,
            send: (form) => editTeamOffer(offer.offerId, form),
            submitLabel: 'Save', sentTitle: 'Offer saved', sentText: 'The offer was saved. Its review status is unchanged.', termsAccepted: true,
          }} />
        </Suspense>
      )}
    </TitledDialog>
  );
}
