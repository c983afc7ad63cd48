// /console/team/review: the pending offers, oldest first, each as the public view shows it, or
// those of one merchant or title. A reviewer edits any field, then accepts, or rejects with a
// reason (a common one or their own); several at once with the checkboxes. The merchant is told by
// SMS (the server sends it).
import { useState } from 'react';
import { failureText } from '../../client/http.ts';
import { COMMON_REJECT_REASONS, type TeamOfferData } from '../../contract/team.ts';
import OfferEditDialog, { EDIT_OFFER } from './OfferEditDialog.tsx';
import { Filters, PagedList, StatusLine, type Status } from './list-parts.tsx';
import ReasonDialog from './ReasonDialog.tsx';
import { decideOffer, decideOffers, fetchTeamOffers } from './team-calls.ts';
import { SEARCH_OFFERS_LABEL } from './team-format.ts';
import TeamOfferItem, { OfferName } from './TeamOfferItem.tsx';
import { useFocusRow } from './use-row-edits.ts';
import { usePaged } from './use-paged.ts';

type Rejecting = { offerIds: number[]; subject: string };
const LIST_HEADING_ID = 'team-review-list';

export default function TeamReview() {
  const list = usePaged(fetchTeamOffers, { status: 'pending', sort: 'oldest', q: '' });
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [rejecting, setRejecting] = useState<Rejecting>();
  const [editing, setEditing] = useState<TeamOfferData>();
  const [status, setStatus] = useState<Status>();
  const [busy, setBusy] = useState(false);

  const offers = list.page.state === 'ready' ? list.page.data.data : [];
  const select = (offerId: number, checked: boolean) => setSelected((current) => {
    const next = new Set(current);
    if (checked) next.add(offerId); else next.delete(offerId);
    return next;
  });
  // The decided rows leave the queue, their buttons with them: focus goes to the list's heading.
  const focusList = useFocusRow(rejecting !== undefined || editing !== undefined);
  const done = (text: string) => {
    setStatus({ text });
    setSelected(new Set());
    list.reload();
    focusList(LIST_HEADING_ID);
  };

  async function accept(offerIds: number[]) {
    setBusy(true);
    setStatus(undefined);
    try {
      if (offerIds.length === 1) {
        const offer = await decideOffer(offerIds[0]!, 'accept');
        done(`Accepted: ${offer.header}`);
      } else {
        const result = await decideOffers(offerIds, 'accept');
        done(decidedText('Accepted', result.decided.length, result.skipped));
      }
    } catch (error) {
      // Another reviewer may have decided first: the list shows where things stand now.
      setStatus({ failed: true, text: failureText(error) });
      list.reload();
    }
    setBusy(false);
  }

  async function reject({ offerIds }: Rejecting, reason: string) {
    if (offerIds.length === 1) {
      const offer = await decideOffer(offerIds[0]!, 'reject', reason);
      done(`Rejected: ${offer.header}`);
    } else {
      const result = await decideOffers(offerIds, 'reject', reason);
      done(decidedText('Rejected', result.decided.length, result.skipped));
    }
  }

  const chosen = offers.filter((offer) => selected.has(offer.offerId));
  return (
    <div className="team-page">
      <Filters label="Find offers waiting for review" search={{ label: SEARCH_OFFERS_LABEL, onSearch: (q) => { setSelected(new Set()); list.setQuery({ q }); } }} />
      <StatusLine status={status} />
      <h2 className="visually-hidden" id={LIST_HEADING_ID} tabIndex={-1}>Offers waiting for review</h2>
      {offers.length > 0 && (
        <div className="team-bulk">
          <label>
            <input type="checkbox" checked={chosen.length === offers.length}
              onChange={(event) => setSelected(new Set(event.target.checked ? offers.map((offer) => offer.offerId) : []))} />
            Select all on this page
          </label>
          <button type="button" className="button" disabled={busy || chosen.length === 0} onClick={() => void accept(chosen.map((offer) => offer.offerId))}>
            Accept selected ({chosen.length})
          </button>
          <button type="button" className="button danger secondary" disabled={busy || chosen.length === 0} aria-haspopup="dialog"
            onClick={() => setRejecting({ offerIds: chosen.map((offer) => offer.offerId), subject: `${chosen.length} offers` })}>
            Reject selected ({chosen.length})
          </button>
        </div>
      )}
      <PagedList list={list} name="Offers waiting for review" empty="No offers are waiting for review." row={(offer) => (
        <TeamOfferItem key={offer.offerId} offer={offer} selection={{ checked: selected.has(offer.offerId), onChange: (checked) => select(offer.offerId, checked) }}>
          <button type="button" className="button secondary" onClick={() => setEditing(offer)} aria-haspopup="dialog">{EDIT_OFFER}<OfferName offer={offer} /></button>
          <button type="button" className="button" disabled={busy} onClick={() => void accept([offer.offerId])}>Accept<OfferName offer={offer} /></button>
          <button type="button" className="button danger secondary" aria-haspopup="dialog" onClick={() => setRejecting({ offerIds: [offer.offerId], subject: offer.header })}>
            Reject<OfferName offer={offer} />
          </button>
        </TeamOfferItem>
      )} />
      <ReasonDialog open={rejecting !== undefined} title="Reject" subject={rejecting?.subject} choices={COMMON_REJECT_REASONS} confirmLabel="Reject"
        onConfirm={(reason) => reject(rejecting!, reason)} onClose={() => setRejecting(undefined)} />
      <OfferEditDialog offer={editing} onSaved={list.reload} onClose={() => setEditing(undefined)} />
    </div>
  );
}

/** What a bulk decision did, with the offers it skipped and why. */
function decidedText(verb: string, decided: number, skipped: { offerId: number; message: string }[]) {
  const skippedText = skipped.map((item) => `#${item.offerId}: ${item.message}`).join(' ');
  return `${verb} ${decided} ${decided === 1 ? 'offer' : 'offers'}.${skipped.length ? ` Not changed: ${skippedText}` : ''}`;
}
