// /console/team/review: the pending offers, oldest first, each as the public view shows it, or
// those of one merchant or title. A reviewer edits any field, then accepts, or rejects with a
// reason (a common one or their own); several at once with the checkboxes. The merchant is told by
// SMS (the server sends it).
import { useState } from 'react';
import { decideOffer, decideOffers, fetchTeamOffers } from './team-calls.ts';
import { failureText } from '../../client/http.ts';
import { COMMON_REJECT_REASONS, type TeamOfferData } from '../../contract/team.ts';
import LoadState from '../console/offer-steps/LoadState.tsx';
import { TextField } from '../ui/Field.tsx';
import OfferEditDialog, { EDIT_OFFER } from './OfferEditDialog.tsx';
import Pager from './Pager.tsx';
import ReasonDialog from './ReasonDialog.tsx';
import { SEARCH_OFFERS_LABEL } from './team-format.ts';
import TeamOfferItem from './TeamOfferItem.tsx';
import { usePaged } from './use-paged.ts';
import './team.css';

type Rejecting = { offerIds: number[]; subject: string };

export default function TeamReview() {
  const list = usePaged(fetchTeamOffers, { status: 'pending', sort: 'oldest', q: '' });
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [rejecting, setRejecting] = useState<Rejecting>();
  const [editing, setEditing] = useState<TeamOfferData>();
  const [message, setMessage] = useState<{ failed: boolean; text: string }>();
  const [busy, setBusy] = useState(false);

  const offers = list.page.state === 'ready' ? list.page.data.data : [];
  const select = (offerId: number, checked: boolean) => setSelected((current) => {
    const next = new Set(current);
    if (checked) next.add(offerId); else next.delete(offerId);
    return next;
  });
  const done = (text: string) => {
    setMessage({ failed: false, text });
    setSelected(new Set());
    list.reload();
  };

  async function accept(offerIds: number[]) {
    setBusy(true);
    setMessage(undefined);
    try {
      if (offerIds.length === 1) {
        const offer = await decideOffer(offerIds[0]!, 'accept');
        done(`Accepted: ${offer.header}`);
      } else {
        const result = await decideOffers(offerIds, 'accept');
        done(decidedText('Accepted', result.decided.length, result.skipped));
      }
    } catch (error) {
      setMessage({ failed: true, text: failureText(error) });
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
    <div className="team-review">
      <form className="card team-filters auth-form" role="search" onSubmit={(event) => { event.preventDefault(); setSelected(new Set()); list.setQuery({ q: search.trim() }); }}>
        <TextField id="team-review-q" label={SEARCH_OFFERS_LABEL} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        <button type="submit" className="button">Search</button>
      </form>
      {message && <p className={`console-status team-message${message.failed ? ' is-failed' : ''}`} role={message.failed ? 'alert' : 'status'}>{message.text}</p>}
      {list.page.state !== 'ready' ? <LoadState loaded={list.page} what="the offers waiting for review" onRetry={list.reload} /> : offers.length === 0 ? (
        <div className="console-empty"><p className="console-empty-title">No offers are waiting for review.</p></div>
      ) : (
        <>
          <h2 className="visually-hidden">Offers waiting for review</h2>
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
          <ul className="team-offers">
            {offers.map((offer) => (
              <TeamOfferItem key={offer.offerId} offer={offer} selection={{ checked: selected.has(offer.offerId), onChange: (checked) => select(offer.offerId, checked) }}>
                <button type="button" className="button secondary" onClick={() => setEditing(offer)} aria-haspopup="dialog">{EDIT_OFFER}</button>
                <button type="button" className="button" disabled={busy} onClick={() => void accept([offer.offerId])}>Accept</button>
                <button type="button" className="button danger secondary" aria-haspopup="dialog" onClick={() => setRejecting({ offerIds: [offer.offerId], subject: offer.header })}>Reject</button>
              </TeamOfferItem>
            ))}
          </ul>
          <Pager page={list.page.data} onGo={list.goTo} label="Review queue" />
        </>
      )}
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
