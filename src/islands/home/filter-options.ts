// The choices of the home filter bar: banks and categories, as the build passes them to the island
// (only what the bar draws, so the page's HTML stays small), and the chips of a filter.
import { CARD_NETWORK_NAMES, type ChannelFilter, type OfferSort } from '../../contract/card-constants.ts';
import { m } from '../../paraglide/messages.js';
import type { FilterKind, FilterSwitch, OfferFilter } from '../../stores/offer-filters.ts';

export interface FilterOption {
  id: number;
  name: string;
  imageUrl: string;
}
export type FilterOptions = Record<FilterKind, FilterOption[]>;

export const FILTER_KINDS: FilterKind[] = ['bank', 'category'];
// Message functions, called where the text shows (the page's language is known only then).
export const KIND_NAMES: Record<
  FilterKind,
  { title: () => string; filterBy: () => string; search: () => string; none: (inputs: { search: string }) => string }
> = {
  bank: {
    title: m.browse_bank,
    filterBy: m.browse_filter_by_bank,
    search: m.browse_search_banks,
    none: m.browse_no_bank_matches,
  },
  category: {
    title: m.browse_category,
    filterBy: m.browse_filter_by_category,
    search: m.browse_search_categories,
    none: m.browse_no_category_matches,
  },
};
export const SWITCH_NAMES: Record<FilterSwitch, () => string> = {
  mine: m.browse_my_cards_only,
  validToday: m.browse_valid_today,
  endingSoon: m.browse_ending_soon,
  plans: m.browse_instalment_plans,
};
export const CHANNEL_FILTER_NAMES: Record<ChannelFilter, () => string> = {
  inStore: m.browse_in_store,
  online: m.browse_online,
};
/** The orders' names in the page's language. */
export const SORT_NAMES: Record<OfferSort, () => string> = {
  newest: m.browse_sort_newest,
  endingSoon: m.browse_sort_ending_soon,
  mostViewed: m.browse_sort_most_viewed,
  biggestDiscount: m.browse_sort_biggest_discount,
  longestPlan: m.browse_sort_longest_plan,
};

export const chosenIds = (filter: OfferFilter, kind: FilterKind) =>
  kind === 'bank' ? filter.bankIds : filter.categoryIds;

/** A removable chip: what it says, and the filter without it. */
export interface FilterChip {
  key: string;
  label: string;
  without: (filter: OfferFilter) => OfferFilter;
}

/** Every chosen filter as a chip: banks and categories in the order chosen, then networks, where, the switches and a chosen order. */
export function filterChips(filter: OfferFilter, options: FilterOptions): FilterChip[] {
  const listed = FILTER_KINDS.flatMap((kind) =>
    chosenIds(filter, kind).flatMap((id): FilterChip[] => {
      const option = options[kind].find((candidate) => candidate.id === id);
      const key = kind === 'bank' ? 'bankIds' : 'categoryIds';
      return option
        ? [
            {
              key: `${kind}-${id}`,
              label: option.name,
              without: (f) => ({ ...f, [key]: f[key].filter((other) => other !== id) }),
            },
          ]
        : [];
    }),
  );
  return [
    ...listed,
    ...filter.networks.map((network): FilterChip => ({
      key: `network-${network}`,
      label: CARD_NETWORK_NAMES[network],
      without: (f) => ({ ...f, networks: f.networks.filter((other) => other !== network) }),
    })),
    ...(filter.channel
      ? [
          {
            key: 'channel',
            label: CHANNEL_FILTER_NAMES[filter.channel](),
            without: (f: OfferFilter) => ({ ...f, channel: null }),
          },
        ]
      : []),
    ...(['mine', 'validToday', 'endingSoon', 'plans'] as const)
      .filter((name) => filter[name])
      .map((name): FilterChip => ({
        key: name,
        label: SWITCH_NAMES[name](),
        without: (f) => ({ ...f, [name]: false }),
      })),
    ...(filter.sort !== 'newest'
      ? [
          {
            key: 'sort',
            label: m.browse_sorted_chip({ sort: SORT_NAMES[filter.sort]() }),
            without: (f: OfferFilter) => ({ ...f, sort: 'newest' as const }),
          },
        ]
      : []),
  ];
}
