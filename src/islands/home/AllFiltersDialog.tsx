// The 'All filters' modal (spec §2 Home): Bank and Category tabs, each with a search (any part of
// the name, any case) over its options, the chosen ones listed first. Ticks change a draft; View
// results applies it (reloading the offers), Clear all unticks everything, and closing by the ×,
// Escape or the backdrop leaves the filter as it was. A modal <dialog>: the page behind is inert,
// Tab cycles inside it, and focus goes back to the Filter button when it closes.
import { useId, useState, type KeyboardEvent } from 'react';
import type { OfferFilter } from '../../client/catalogue.ts';
import { apiImageSrc } from '../../lib/api-images.ts';
import { NO_FILTER, setOfferFilter, type FilterKind } from '../../stores/offer-filters.ts';
import Dialog from '../ui/Dialog.tsx';
import ChosenCount, { chosenLabel } from './ChosenCount.tsx';
import { chosenIds, FILTER_KINDS, KIND_NAMES, type FilterOption, type FilterOptions } from './filter-options.ts';

interface Props {
  options: FilterOptions;
  filter: OfferFilter;
  onClose: () => void;
}

const matches = (option: FilterOption, search: string) => option.name.toLowerCase().includes(search.trim().toLowerCase());

export default function AllFiltersDialog({ options, filter, onClose }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<OfferFilter>(filter);
  const [tab, setTab] = useState<FilterKind>('bank');
  const [searches, setSearches] = useState<Record<FilterKind, string>>({ bank: '', category: '' });
  // The order is taken when the modal opens, a tab is shown or the search changes, not on each
  // tick: an option never jumps away from under the pointer.
  const [firstIds, setFirstIds] = useState<OfferFilter>(filter);

  const listKey = (kind: FilterKind) => (kind === 'bank' ? 'bankIds' : 'categoryIds');
  const toggle = (kind: FilterKind, optionId: number) => {
    const ids = chosenIds(draft, kind);
    setDraft({ ...draft, [listKey(kind)]: ids.includes(optionId) ? ids.filter((other) => other !== optionId) : [...ids, optionId] });
  };
  const showTab = (kind: FilterKind) => {
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
    const index = FILTER_KINDS.indexOf(tab);
    const next = event.key === 'Home' ? 0 : event.key === 'End' ? FILTER_KINDS.length - 1
      : (index + (event.key === 'ArrowRight' ? 1 : -1) + FILTER_KINDS.length) % FILTER_KINDS.length;
    showTab(FILTER_KINDS[next]!);
    document.getElementById(`${id}-tab-${FILTER_KINDS[next]}`)?.focus();
  };
  const kindName = KIND_NAMES[tab];
  const chosen = chosenIds(draft, tab);
  const pinned = chosenIds(firstIds, tab);
  const listed = options[tab]
    .filter((option) => matches(option, searches[tab]))
    .sort((a, b) => Number(pinned.includes(b.id)) - Number(pinned.includes(a.id)) || a.name.localeCompare(b.name));

  return (
    <Dialog open onClose={onClose} className="all-filters card" labelledBy={`${id}-title`}>
      <div className="all-filters-head">
        <h2 id={`${id}-title`} className="all-filters-title">All filters</h2>
        <button type="button" className="all-filters-close" aria-label="Close" onClick={onClose}>×</button>
      </div>
      <div className="all-filters-tabs" role="tablist" aria-label="Filter by" onKeyDown={onTabKeyDown}>
        {FILTER_KINDS.map((kind) => (
          <button key={kind} id={`${id}-tab-${kind}`} type="button" role="tab" className="all-filters-tab" aria-selected={kind === tab}
            aria-controls={`${id}-panel`} tabIndex={kind === tab ? 0 : -1} onClick={() => showTab(kind)}
            aria-label={chosenLabel(KIND_NAMES[kind].title, chosenIds(draft, kind).length)}>
            {KIND_NAMES[kind].title}
            <ChosenCount count={chosenIds(draft, kind).length} />
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} className="all-filters-panel" role="tabpanel" aria-labelledby={`${id}-tab-${tab}`}>
        <label className="all-filters-search">
          <span className="visually-hidden">Search {kindName.many}</span>
          <input type="search" value={searches[tab]} placeholder={`Search ${kindName.many}`}
            onChange={(event) => search(tab, event.currentTarget.value)} autoComplete="off" />
        </label>
        <ul className="all-filters-options" aria-label={kindName.title}>
          {listed.map((option) => (
            <li key={option.id}>
              <label className="all-filters-option">
                <input type="checkbox" checked={chosen.includes(option.id)} onChange={() => toggle(tab, option.id)} />
                <img src={apiImageSrc(option.imageUrl)} alt="" width={28} height={28} loading="lazy" />
                <span>{option.name}</span>
              </label>
            </li>
          ))}
        </ul>
        {listed.length === 0 && <p className="all-filters-none" role="status">No {kindName.one} matches “{searches[tab].trim()}”.</p>}
      </div>
      <div className="all-filters-actions">
        <button type="button" className="button secondary" onClick={() => setDraft(NO_FILTER)}>Clear all</button>
        <button type="button" className="button" onClick={viewResults}>View results</button>
      </div>
    </Dialog>
  );
}
