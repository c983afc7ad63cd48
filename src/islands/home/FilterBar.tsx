// The home filter bar (spec §2 Home, §4 'Filters'): the Filter button with the count of chosen
// filters (it opens the 'All filters' modal), the 'Filter by Bank' / 'Filter by Category' panels,
// and a removable chip for each chosen bank and category. More than 4 chips fold behind '+N more'.
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useRef, useState } from 'react';
import { FILTER_CHIPS_SHOWN } from '../../lib/constants.ts';
import { $offerFilter, clearFilters, filterCount, removeFilter } from '../../stores/offer-filters.ts';
import ChosenCount, { chosenLabel } from './ChosenCount.tsx';
import { chosenIds, chosenOptions, FILTER_KINDS, type FilterOptions } from './filter-options.ts';
import FilterPanel from './FilterPanel.tsx';

/** Loaded when first opened: most visitors filter with the panels, if at all. */
const AllFiltersDialog = lazy(() => import('./AllFiltersDialog.tsx'));

interface Props {
  options: FilterOptions;
  /** False in the build's HTML: the controls keep their place but stay hidden until they work. */
  ready: boolean;
}

export default function FilterBar({ options, ready }: Props) {
  const filter = useStore($offerFilter);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [allChips, setAllChips] = useState(false);
  const chips = useRef<HTMLUListElement>(null);
  const filterButton = useRef<HTMLButtonElement>(null);
  const chosen = chosenOptions(filter, options);
  const shown = allChips ? chosen : chosen.slice(0, FILTER_CHIPS_SHOWN);

  // Focus moves to the chip that takes the removed one's place, or to the Filter button.
  const remove = (index: number) => {
    const { kind, option } = shown[index]!;
    removeFilter(kind, option.id);
    requestAnimationFrame(() => {
      const buttons = chips.current?.querySelectorAll<HTMLButtonElement>('.filter-chip button');
      (buttons?.[Math.min(index, buttons.length - 1)] ?? filterButton.current)?.focus();
    });
  };
  const clear = () => {
    clearFilters();
    filterButton.current?.focus();
  };

  return (
    <div className="filter-bar" role="group" aria-label="Filter offers" hidden={!ready}>
      <div className="filter-bar-controls">
        <button ref={filterButton} type="button" className="filter-bar-button filter-bar-main" aria-haspopup="dialog"
          aria-label={chosenLabel('Filter', filterCount(filter))} onClick={() => setDialogOpen(true)}>
          <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round"><path d="M3 6h18M6 12h12M10 18h4" /></svg>
          Filter
          <ChosenCount count={filterCount(filter)} />
        </button>
        {FILTER_KINDS.map((kind) => <FilterPanel key={kind} kind={kind} options={options[kind]} chosen={chosenIds(filter, kind)} />)}
      </div>
      {chosen.length > 0 && (
        <div className="filter-chips-row">
          <ul ref={chips} className="filter-chips" aria-label="Chosen filters">
            {shown.map(({ kind, option }, index) => (
              <li key={`${kind}-${option.id}`} className="filter-chip">
                <span>{option.name}</span>
                <button type="button" aria-label={`Remove ${option.name}`} onClick={() => remove(index)}>×</button>
              </li>
            ))}
          </ul>
          {chosen.length > FILTER_CHIPS_SHOWN && (
            <button type="button" className="filter-chips-more" aria-expanded={allChips} onClick={() => setAllChips(!allChips)}>
              {allChips ? 'Show less' : `+${chosen.length - FILTER_CHIPS_SHOWN} more`}
            </button>
          )}
          <button type="button" className="filter-chips-clear" onClick={clear}>Clear all</button>
        </div>
      )}
      {dialogOpen && <Suspense fallback={null}><AllFiltersDialog options={options} filter={filter} onClose={() => setDialogOpen(false)} /></Suspense>}
    </div>
  );
}
