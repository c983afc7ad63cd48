// The home filter bar (spec §2 Home, §4 'Filters', and docs/api.md §4b): the Filter button with the
// count of chosen filters (it opens the 'All filters' modal: banks, categories, card networks,
// in store / online), the 'Filter by Bank' / 'Filter by Category' panels, the Valid today and
// Ending soon switches, the order, the My Cards line, and a removable chip for each chosen filter.
// More than 4 chips fold behind '+N more'.
import { useStore } from '@nanostores/react';
import { lazy, memo, Suspense, useRef, useState } from 'react';
import { OFFER_SORTS, type MyCardData, type OfferSort } from '../../contract/card-constants.ts';
import { afterNextPaint, openAfterPaint } from '../../lib/after-paint.ts';
import { FILTER_CHIPS_SHOWN } from '../../lib/constants.ts';
import { m } from '../../paraglide/messages.js';
import { $myCards } from '../../stores/my-cards.ts';
import {
  $offerFilter,
  changeFilter,
  clearFilters,
  filterCount,
  setOfferFilter,
  toggleSwitch,
  type FilterSwitch,
} from '../../stores/offer-filters.ts';
import { openAlertMe } from '../alerts/open-alert-me.ts';
import { openMyCards } from '../my-cards/open-my-cards.ts';
import ChosenCount, { chosenLabel } from './ChosenCount.tsx';
import {
  filterChips,
  FILTER_KINDS,
  chosenIds,
  SORT_NAMES,
  SWITCH_NAMES,
  type FilterChip,
  type FilterOptions,
} from './filter-options.ts';
import FilterPanel from './FilterPanel.tsx';

/** Loaded when first opened: most visitors filter with the panels, if at all. */
const loadAllFilters = () => import('./AllFiltersDialog.tsx');
const AllFiltersDialog = lazy(loadAllFilters);

interface Props {
  options: FilterOptions;
  /** False in the build's HTML: the visitor's cards are not known there. */
  ready: boolean;
}

/** In the bar itself; Instalment plans is in All filters only: a third would take a phone's bar to another line, pushing the first offer off the first screen. */
const BAR_SWITCHES: FilterSwitch[] = ['validToday', 'endingSoon'];
const NO_CARDS: readonly MyCardData[] = [];

/**
 * Memoised: the list's own changes (Load more, a page arriving) re-render the offer browser, and
 * the bar, with every bank and category of its panels, need not follow.
 */
export default memo(function FilterBar({ options, ready }: Props) {
  const filter = useStore($offerFilter);
  // The build's HTML knows no visitor's cards: they show once hydrated, so hydration matches it.
  const storedCards = useStore($myCards);
  const cards = ready ? storedCards : NO_CARDS;
  const [dialogOpen, setDialogOpen] = useState(false);
  const [allChips, setAllChips] = useState(false);
  const chips = useRef<HTMLUListElement>(null);
  const filterButton = useRef<HTMLButtonElement>(null);
  const chosen = filterChips(filter, options);
  const shown = allChips ? chosen : chosen.slice(0, FILTER_CHIPS_SHOWN);

  // Focus moves to the chip that takes the removed one's place, or to the Filter button.
  const remove = (chip: FilterChip, index: number) => {
    setOfferFilter(chip.without($offerFilter.get()));
    requestAnimationFrame(() => {
      const buttons = chips.current?.querySelectorAll<HTMLButtonElement>('.filter-chip button');
      (buttons?.[Math.min(index, buttons.length - 1)] ?? filterButton.current)?.focus();
    });
  };
  // The dialog opens once its code is here, asked for after the press has painted.
  const openDialog = () => openAfterPaint(loadAllFilters, () => setDialogOpen(true));
  const clear = () => {
    clearFilters();
    filterButton.current?.focus();
  };

  return (
    // Shown in the build's HTML: a press before the island hydrates is held (client:intent), and given then.
    <div className="filter-bar" role="group" aria-label={m.browse_filter_offers()}>
      <div className="filter-bar-controls">
        <button
          ref={filterButton}
          type="button"
          className="filter-bar-button filter-bar-main"
          aria-haspopup="dialog"
          aria-label={chosenLabel(m.browse_filter(), filterCount(filter))}
          onClick={openDialog}
        >
          <svg
            aria-hidden="true"
            width="16"
            height="16"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
          >
            <path d="M3 6h18M6 12h12M10 18h4" />
          </svg>
          {m.browse_filter()}
          <ChosenCount count={filterCount(filter)} />
        </button>
        {FILTER_KINDS.map((kind) => (
          <FilterPanel key={kind} kind={kind} options={options[kind]} chosen={chosenIds(filter, kind)} />
        ))}
        {BAR_SWITCHES.map((name) => (
          <button
            key={name}
            type="button"
            className="filter-bar-button filter-switch"
            aria-pressed={filter[name]}
            onClick={() => toggleSwitch(name)}
          >
            {SWITCH_NAMES[name]()}
          </button>
        ))}
        <label className="filter-bar-button filter-sort">
          <span aria-hidden="true">{m.browse_sort()}</span>
          <select
            aria-label={m.browse_sort_by()}
            value={filter.sort}
            onChange={(event) => changeFilter({ sort: event.currentTarget.value as OfferSort })}
          >
            {OFFER_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_NAMES[sort]()}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="filter-my-cards">
        {cards.length === 0 ? (
          <p>
            <button type="button" className="filter-my-cards-add" onClick={() => openMyCards()}>
              {m.browse_add_your_cards()}
            </button>
            {m.browse_add_cards_invite_rest()}
          </p>
        ) : (
          <>
            <button
              type="button"
              className="filter-bar-button filter-switch"
              aria-pressed={filter.mine}
              onClick={() => toggleSwitch('mine')}
            >
              {SWITCH_NAMES.mine()}
            </button>
            <button type="button" className="filter-my-cards-edit" onClick={() => openMyCards()}>
              {cards.length === 1
                ? m.browse_my_cards_edit_one()
                : m.browse_my_cards_edit_other({ count: cards.length })}
            </button>
          </>
        )}
      </div>
      {chosen.length > 0 && (
        <div className="filter-chips-row">
          <ul ref={chips} className="filter-chips" aria-label={m.browse_chosen_filters()}>
            {shown.map((chip, index) => (
              <ChosenFilterChip key={chip.key} chip={chip} onRemoved={() => remove(chip, index)} />
            ))}
          </ul>
          {chosen.length > FILTER_CHIPS_SHOWN && (
            <button
              type="button"
              className="filter-chips-more"
              aria-expanded={allChips}
              onClick={() => setAllChips(!allChips)}
            >
              {allChips ? m.browse_show_less() : m.browse_more_chips({ count: chosen.length - FILTER_CHIPS_SHOWN })}
            </button>
          )}
          <button type="button" className="filter-chips-clear" onClick={clear}>
            {m.browse_clear_all()}
          </button>
          {/* Follow this list by e-mail (issue 17): the dialog's code loads on the first press. */}
          <button
            type="button"
            className="filter-bar-button filter-alert-me"
            aria-haspopup="dialog"
            onClick={() => openAlertMe({ label: chosen.map((chip) => chip.label).join(' · '), filter })}
          >
            <svg
              aria-hidden="true"
              width="16"
              height="16"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.9 1.9 0 0 0 3.4 0" />
            </svg>
            {m.browse_alert_me()}
          </button>
        </div>
      )}
      {dialogOpen && (
        <Suspense fallback={null}>
          <AllFiltersDialog options={options} filter={filter} onClose={() => setDialogOpen(false)} />
        </Suspense>
      )}
    </div>
  );
});

/**
 * A chosen filter's chip. Its × only hides it, in its place, so that the press's frame redraws
 * one chip and moves nothing (INP); the filter without it, which the bar, the list and the address
 * follow, is set once that frame has painted.
 */
function ChosenFilterChip({ chip, onRemoved }: { chip: FilterChip; onRemoved: () => void }) {
  const [removed, setRemoved] = useState(false);
  const remove = () => {
    setRemoved(true);
    void afterNextPaint().then(onRemoved);
  };
  return (
    <li className="filter-chip" data-removed={removed || undefined}>
      <span>{chip.label}</span>
      <button type="button" aria-label={m.browse_remove_filter({ label: chip.label })} onClick={remove}>
        ×
      </button>
    </li>
  );
}
