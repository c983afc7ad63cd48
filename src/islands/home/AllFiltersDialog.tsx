// The 'All filters' modal (spec §2 Home): Bank and Category tabs, each with a search (any part of
// the name, any case) over its options, the chosen ones listed first, and a 'Cards & more' tab:
// card networks, in store / online, the switches and the order. Ticks change a draft; View
// results applies it (reloading the offers), Clear all unticks everything, and closing by the ×,
// Escape or the backdrop leaves the filter as it was. A modal <dialog>: the page behind is inert,
// Tab cycles inside it, and focus goes back to the Filter button when it closes.
import { useId, useState, type KeyboardEvent } from 'react';
import { CARD_NETWORK_NAMES, CARD_NETWORKS, CHANNEL_FILTERS, OFFER_SORTS } from '../../contract/card-constants.ts';
import { apiImageSrc } from '../../lib/api-images.ts';
import { m } from '../../paraglide/messages.js';
import {
  FILTER_SWITCHES,
  filterCount,
  NO_FILTER,
  setOfferFilter,
  type FilterKind,
  type OfferFilter,
} from '../../stores/offer-filters.ts';
import Dialog from '../ui/Dialog.tsx';
import ChosenCount, { chosenLabel } from './ChosenCount.tsx';
import {
  CHANNEL_FILTER_NAMES,
  chosenIds,
  FILTER_KINDS,
  KIND_NAMES,
  SORT_NAMES,
  SWITCH_NAMES,
  type FilterOption,
  type FilterOptions,
} from './filter-options.ts';

type Tab = FilterKind | 'more';
const TABS: Tab[] = [...FILTER_KINDS, 'more'];
/** The 'Cards & more' tab's count: networks, where and the switches. */
const moreCount = (filter: OfferFilter) => filterCount(filter) - filter.bankIds.length - filter.categoryIds.length;

interface Props {
  options: FilterOptions;
  filter: OfferFilter;
  onClose: () => void;
}

const matches = (option: FilterOption, search: string) =>
  option.name.toLowerCase().includes(search.trim().toLowerCase());

export default function AllFiltersDialog({ options, filter, onClose }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<OfferFilter>(filter);
  const [tab, setTab] = useState<Tab>('bank');
  const [searches, setSearches] = useState<Record<FilterKind, string>>({ bank: '', category: '' });
  // The order is taken when the modal opens, a tab is shown or the search changes, not on each
  // tick: an option never jumps away from under the pointer.
  const [firstIds, setFirstIds] = useState<OfferFilter>(filter);

  const listKey = (kind: FilterKind) => (kind === 'bank' ? 'bankIds' : 'categoryIds');
  const toggle = (kind: FilterKind, optionId: number) => {
    const ids = chosenIds(draft, kind);
    setDraft({
      ...draft,
      [listKey(kind)]: ids.includes(optionId) ? ids.filter((other) => other !== optionId) : [...ids, optionId],
    });
  };
  const showTab = (kind: Tab) => {
    setTab(kind);
    setFirstIds(draft);
  };
  const search = (kind: FilterKind, text: string) => {
    setSearches({ ...searches, [kind]: text });
    setFirstIds(draft);
  };
  const viewResults = () => {
    setOfferFilter(draft);
    onClose();
  };

  const onTabKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight' && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const index = TABS.indexOf(tab);
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? TABS.length - 1
          : (index + (event.key === 'ArrowRight' ? 1 : -1) + TABS.length) % TABS.length;
    showTab(TABS[next]!);
    document.getElementById(`${id}-tab-${TABS[next]}`)?.focus();
  };
  const tabTitle = (kind: Tab) => (kind === 'more' ? m.browse_cards_and_more() : KIND_NAMES[kind].title());
  const tabCount = (kind: Tab) => (kind === 'more' ? moreCount(draft) : chosenIds(draft, kind).length);

  return (
    <Dialog open onClose={onClose} className="all-filters card" labelledBy={`${id}-title`}>
      <div className="all-filters-head">
        <h2 id={`${id}-title`} className="all-filters-title">
          {m.browse_all_filters()}
        </h2>
        <button type="button" className="all-filters-close" aria-label={m.common_close()} onClick={onClose}>
          ×
        </button>
      </div>
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- the tabs take the focus, one at a time, and the arrow keys move it */}
      <div className="all-filters-tabs" role="tablist" aria-label={m.browse_filter_by()} onKeyDown={onTabKeyDown}>
        {TABS.map((kind) => (
          <button
            key={kind}
            id={`${id}-tab-${kind}`}
            type="button"
            role="tab"
            className="all-filters-tab"
            aria-selected={kind === tab}
            aria-controls={`${id}-panel`}
            tabIndex={kind === tab ? 0 : -1}
            onClick={() => showTab(kind)}
            aria-label={chosenLabel(tabTitle(kind), tabCount(kind))}
          >
            {tabTitle(kind)}
            <ChosenCount count={tabCount(kind)} />
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} className="all-filters-panel" role="tabpanel" aria-labelledby={`${id}-tab-${tab}`}>
        {tab === 'more' ? (
          <MoreFilters draft={draft} onChange={setDraft} />
        ) : (
          <OptionList
            kind={tab}
            options={options[tab]}
            chosen={chosenIds(draft, tab)}
            pinned={chosenIds(firstIds, tab)}
            search={searches[tab]}
            onSearch={(text) => search(tab, text)}
            onToggle={(optionId) => toggle(tab, optionId)}
          />
        )}
      </div>
      <div className="all-filters-actions">
        <button type="button" className="button secondary" onClick={() => setDraft(NO_FILTER)}>
          {m.browse_clear_all()}
        </button>
        <button type="button" className="button" onClick={viewResults}>
          {m.browse_view_results()}
        </button>
      </div>
    </Dialog>
  );
}

interface OptionListProps {
  kind: FilterKind;
  options: FilterOption[];
  chosen: readonly number[];
  /** Chosen when the modal opened or the tab was shown: listed first. */
  pinned: readonly number[];
  search: string;
  onSearch: (text: string) => void;
  onToggle: (optionId: number) => void;
}

/** A Bank or Category tab: the search and the ticks. */
function OptionList({ kind, options, chosen, pinned, search, onSearch, onToggle }: OptionListProps) {
  const kindName = KIND_NAMES[kind];
  const listed = options
    .filter((option) => matches(option, search))
    .sort((a, b) => Number(pinned.includes(b.id)) - Number(pinned.includes(a.id)) || a.name.localeCompare(b.name));
  return (
    <>
      <label className="all-filters-search">
        <span className="visually-hidden">{kindName.search()}</span>
        <input
          type="search"
          value={search}
          placeholder={kindName.search()}
          onChange={(event) => onSearch(event.currentTarget.value)}
          autoComplete="off"
        />
      </label>
      <ul className="all-filters-options" aria-label={kindName.title()}>
        {listed.map((option) => (
          <li key={option.id}>
            <label className="all-filters-option">
              <input type="checkbox" checked={chosen.includes(option.id)} onChange={() => onToggle(option.id)} />
              <img src={apiImageSrc(option.imageUrl)} alt="" width={28} height={28} loading="lazy" />
              <span>{option.name}</span>
            </label>
          </li>
        ))}
      </ul>
      {listed.length === 0 && (
        <p className="all-filters-none" role="status">
          {kindName.none({ search: search.trim() })}
        </p>
      )}
    </>
  );
}

/** The 'Cards & more' tab: card networks, in store / online, the switches and the order. */
function MoreFilters({ draft, onChange }: { draft: OfferFilter; onChange: (filter: OfferFilter) => void }) {
  const change = (part: Partial<OfferFilter>) => onChange({ ...draft, ...part });
  return (
    <div className="all-filters-options all-filters-more">
      <fieldset>
        <legend>{m.browse_card_network()}</legend>
        {CARD_NETWORKS.map((network) => (
          <label key={network} className="all-filters-option">
            <input
              type="checkbox"
              checked={draft.networks.includes(network)}
              onChange={() =>
                change({
                  networks: CARD_NETWORKS.filter((other) => (other === network) !== draft.networks.includes(other)),
                })
              }
            />
            <span>{CARD_NETWORK_NAMES[network]}</span>
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{m.browse_where_you_pay()}</legend>
        {[null, ...CHANNEL_FILTERS].map((channel) => (
          <label key={channel ?? 'any'} className="all-filters-option">
            <input
              type="radio"
              name="channel"
              checked={draft.channel === channel}
              onChange={() => change({ channel })}
            />
            <span>{channel ? CHANNEL_FILTER_NAMES[channel]() : m.browse_in_store_or_online()}</span>
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{m.browse_show_only()}</legend>
        {FILTER_SWITCHES.map((name) => (
          <label key={name} className="all-filters-option">
            <input type="checkbox" checked={draft[name]} onChange={() => change({ [name]: !draft[name] })} />
            <span>{SWITCH_NAMES[name]()}</span>
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{m.browse_sort_by()}</legend>
        {OFFER_SORTS.map((sort) => (
          <label key={sort} className="all-filters-option">
            <input type="radio" name="sort" checked={draft.sort === sort} onChange={() => change({ sort })} />
            <span>{SORT_NAMES[sort]()}</span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}
