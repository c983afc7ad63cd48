// /console/team/offers: every offer, searched by title, header, merchant or id, by bank, category
// and status, or only those with an open report (?q= fills the search: Reports links here). A
// listed offer can be withdrawn (it leaves every list, its page says it is no longer available)
// or ended now, each with a reason; any offer can be edited. The site's pages follow by themselves
// (the rebuilder publishes what changed).
import { useState, type FormEvent } from 'react';
import { fetchBanks, fetchCategories } from '../../client/catalogue-lists.ts';
import { failureText } from '../../client/http.ts';
import { fetchTeamOffers, withdrawOrEndOffer } from './team-calls.ts';
import type { TeamOfferData } from '../../contract/team.ts';
import LoadState from '../console/offer-steps/LoadState.tsx';
import { SelectField, TextField } from '../ui/Field.tsx';
import { useLoaded } from '../ui/use-loaded.ts';
import OfferEditDialog, { EDIT_OFFER } from './OfferEditDialog.tsx';
import Pager from './Pager.tsx';
import ReasonDialog from './ReasonDialog.tsx';
import { isLive, SEARCH_OFFERS_LABEL } from './team-format.ts';
import TeamOfferItem from './TeamOfferItem.tsx';
import { usePaged } from './use-paged.ts';
import './team.css';

const STATUS_CHOICES = [['all', 'All'], ['pending', 'Pending review'], ['accepted', 'Accepted'], ['rejected', 'Rejected'], ['withdrawn', 'Withdrawn']] as const;
const ACTIONS = {
  withdraw: { title: 'Withdraw', done: 'Withdrawn' },
  end: { title: 'End now', done: 'Ended' },
} as const;
type Action = keyof typeof ACTIONS;

export default function TeamOffers() {
  const list = usePaged(fetchTeamOffers, {
    q: new URLSearchParams(location.search).get('q') ?? '', status: 'all', bankId: '', categoryId: '', reported: 'false',
  });
  const banks = useLoaded(fetchBanks, failureText);
  const categories = useLoaded(fetchCategories, failureText);
  const [search, setSearch] = useState(list.query.q);
  const [acting, setActing] = useState<{ offer: TeamOfferData; action: Action }>();
  const [editing, setEditing] = useState<TeamOfferData>();
  const [message, setMessage] = useState<string>();

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    list.setQuery({ q: search.trim() });
  };

  async function act({ offer, action }: { offer: TeamOfferData; action: Action }, reason: string) {
    await withdrawOrEndOffer(offer.offerId, action, reason);
    setMessage(`${ACTIONS[action].done}: ${offer.header}`);
    list.reload();
  }

  const offers = list.page.state === 'ready' ? list.page.data.data : [];
  return (
    <div className="team-offers-page">
      <form className="card team-filters auth-form" role="search" onSubmit={submitSearch}>
        <TextField id="team-offers-q" label={SEARCH_OFFERS_LABEL} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        <button type="submit" className="button">Search</button>
        <SelectField id="team-offers-status" label="Status" value={list.query.status} onChange={(event) => list.setQuery({ status: event.target.value })}>
          {STATUS_CHOICES.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </SelectField>
        <SelectField id="team-offers-bank" label="Bank" value={list.query.bankId} onChange={(event) => list.setQuery({ bankId: event.target.value })}>
          <option value="">All banks</option>
          {banks.state === 'ready' && banks.data.map((bank) => <option key={bank.bankId} value={bank.bankId}>{bank.bankName}</option>)}
        </SelectField>
        <SelectField id="team-offers-category" label="Category" value={list.query.categoryId} onChange={(event) => list.setQuery({ categoryId: event.target.value })}>
          <option value="">All categories</option>
          {categories.state === 'ready' && categories.data.map((category) => <option key={category.categoryId} value={category.categoryId}>{category.categoryName}</option>)}
        </SelectField>
        <label className="team-check">
          <input type="checkbox" checked={list.query.reported === 'true'} onChange={(event) => list.setQuery({ reported: String(event.target.checked) })} />
          With an open report
        </label>
      </form>
      {message && <p className="console-status team-message" role="status">{message}</p>}
      {list.page.state !== 'ready' ? <LoadState loaded={list.page} what="offers" onRetry={list.reload} /> : offers.length === 0 ? (
        <div className="console-empty"><p className="console-empty-title">No offers match.</p></div>
      ) : (
        <>
          <h2 className="visually-hidden">Offers found</h2>
          <ul className="team-offers">
            {offers.map((offer) => (
              <TeamOfferItem key={offer.offerId} offer={offer}>
                <button type="button" className="button secondary" onClick={() => setEditing(offer)} aria-haspopup="dialog">{EDIT_OFFER}</button>
                {isLive(offer) && (Object.keys(ACTIONS) as Action[]).map((action) => (
                  <button key={action} type="button" className="button danger secondary" aria-haspopup="dialog" onClick={() => setActing({ offer, action })}>
                    {ACTIONS[action].title}
                  </button>
                ))}
              </TeamOfferItem>
            ))}
          </ul>
          <Pager page={list.page.data} onGo={list.goTo} label="Offers" />
        </>
      )}
      <ReasonDialog open={acting !== undefined} title={acting ? ACTIONS[acting.action].title : ''} subject={acting?.offer.header}
        confirmLabel={acting ? ACTIONS[acting.action].title : ''} onConfirm={(reason) => act(acting!, reason)} onClose={() => setActing(undefined)} />
      <OfferEditDialog offer={editing} onSaved={list.reload} onClose={() => setEditing(undefined)} />
    </div>
  );
}
