// /console/team/offers: every offer, searched by title, header, merchant or id, by bank, category
// and status, or only those with an open report (?q= fills the search: Reports links here). A
// listed offer can be withdrawn (it leaves every list, its page says it is no longer available)
// or ended now, each with a reason; any offer can be edited. The site's pages follow by themselves
// (the rebuilder publishes what changed).
import { useState } from 'react';
import { fetchBanks, fetchCategories } from '../../client/catalogue-lists.ts';
import { failureText } from '../../client/http.ts';
import type { TeamOfferData } from '../../contract/team.ts';
import { m } from '../../paraglide/messages.js';
import { useLoaded } from '../ui/use-loaded.ts';
import { ChoiceSelect, Filters, PagedList, StatusLine, type Status } from './list-parts.tsx';
import OfferEditDialog from './OfferEditDialog.tsx';
import ReasonDialog from './ReasonDialog.tsx';
import { fetchTeamOffers, withdrawOrEndOffer } from './team-calls.ts';
import { isLive } from './team-format.ts';
import TeamOfferItem, { OfferName } from './TeamOfferItem.tsx';
import type { Choices } from './texts.ts';
import { usePaged } from './use-paged.ts';
import { useFocusRow } from './use-row-edits.ts';

const statusChoices = (): Choices => [
  ['all', m.team_all()],
  ['pending', m.team_offers_status_pending()],
  ['accepted', m.team_accepted()],
  ['rejected', m.team_rejected()],
  ['withdrawn', m.team_withdrawn()],
];
const endingChoices = (): Choices => [
  ['any', m.team_offers_any_time()],
  ['week', m.team_offers_within_week()],
];
const ACTIONS = {
  withdraw: { title: m.team_offers_withdraw, done: m.team_offers_withdrawn },
  end: { title: m.team_offers_end_now, done: m.team_offers_ended },
} as const;
type Action = keyof typeof ACTIONS;

export default function TeamOffers() {
  // Reports link here with ?q= (the offer's id), the overview with ?ending=week.
  const params = new URLSearchParams(location.search);
  const initialText = params.get('q') ?? '';
  const ending = params.get('ending') === 'week' ? 'week' : 'any';
  const list = usePaged(fetchTeamOffers, {
    q: initialText,
    status: 'all',
    bankId: '',
    categoryId: '',
    reported: 'false',
    ending,
  });
  const banks = useLoaded(fetchBanks, failureText);
  const categories = useLoaded(fetchCategories, failureText);
  const [acting, setActing] = useState<{ offer: TeamOfferData; action: Action }>();
  const [editing, setEditing] = useState<TeamOfferData>();
  const [status, setStatus] = useState<Status>();

  // Its Withdraw and End now go with the change: focus goes to the offer's row once the dialog closes.
  const focusRow = useFocusRow(acting !== undefined);
  async function act({ offer, action }: { offer: TeamOfferData; action: Action }, reason: string) {
    await withdrawOrEndOffer(offer.offerId, action, reason);
    setStatus({ text: ACTIONS[action].done({ header: offer.header }) });
    list.reload();
    focusRow(`team-offer-row-${offer.offerId}`);
  }

  return (
    <div className="team-page">
      <Filters
        label={m.team_offers_filters()}
        search={{ label: m.team_search_offers_label(), initialText, onSearch: (q) => list.setQuery({ q }) }}
      >
        <ChoiceSelect
          label={m.team_status()}
          choices={statusChoices()}
          value={list.query.status}
          onChange={(status) => list.setQuery({ status })}
        />
        <ChoiceSelect
          label={m.team_bank()}
          value={list.query.bankId}
          onChange={(bankId) => list.setQuery({ bankId })}
          choices={[
            ['', m.team_offers_all_banks()],
            ...(banks.state === 'ready' ? banks.data.map((bank) => [String(bank.bankId), bank.bankName] as const) : []),
          ]}
        />
        <ChoiceSelect
          label={m.team_category()}
          value={list.query.categoryId}
          onChange={(categoryId) => list.setQuery({ categoryId })}
          choices={[
            ['', m.team_offers_all_categories()],
            ...(categories.state === 'ready'
              ? categories.data.map((category) => [String(category.categoryId), category.categoryName] as const)
              : []),
          ]}
        />
        <ChoiceSelect
          label={m.team_offers_ends()}
          choices={endingChoices()}
          value={list.query.ending}
          onChange={(ending) => list.setQuery({ ending })}
        />
        <label className="team-check">
          <input
            type="checkbox"
            checked={list.query.reported === 'true'}
            onChange={(event) => list.setQuery({ reported: String(event.target.checked) })}
          />
          {m.team_offers_reported()}
        </label>
      </Filters>
      <StatusLine status={status} />
      <h2 className="visually-hidden">{m.team_offers_found()}</h2>
      <PagedList
        list={list}
        name={m.team_offers_name()}
        empty={m.team_offers_empty()}
        row={(offer) => (
          <TeamOfferItem key={offer.offerId} offer={offer}>
            <button type="button" className="button secondary" onClick={() => setEditing(offer)} aria-haspopup="dialog">
              {m.team_edit_offer()}
              <OfferName offer={offer} />
            </button>
            {isLive(offer) &&
              (Object.keys(ACTIONS) as Action[]).map((action) => (
                <button
                  key={action}
                  type="button"
                  className="button danger secondary"
                  aria-haspopup="dialog"
                  onClick={() => setActing({ offer, action })}
                >
                  {ACTIONS[action].title()}
                  <OfferName offer={offer} />
                </button>
              ))}
          </TeamOfferItem>
        )}
      />
      <ReasonDialog
        open={acting !== undefined}
        title={acting ? ACTIONS[acting.action].title() : ''}
        subject={acting?.offer.header}
        confirmLabel={acting ? ACTIONS[acting.action].title() : ''}
        onConfirm={(reason) => act(acting!, reason)}
        onClose={() => setActing(undefined)}
      />
      <OfferEditDialog offer={editing} onSaved={list.reload} onClose={() => setEditing(undefined)} />
    </div>
  );
}
