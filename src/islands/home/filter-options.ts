// The choices of the home filter bar: banks and categories, as the build passes them to the island
// (only what the bar draws, so the page's HTML stays small), and the chips of a filter.
import { CARD_NETWORK_NAMES, OFFER_SORT_NAMES, type ChannelFilter } from '../../contract/card-constants.ts';
import type { FilterKind, FilterSwitch, OfferFilter } from '../../stores/offer-filters.ts';

export interface FilterOption { id: number; name: string; imageUrl: string }
export type FilterOptions = Record<FilterKind, FilterOption[]>;

export const FILTER_KINDS: FilterKind[] = ['bank', 'category'];
export const KIND_NAMES: Record<FilterKind, { one: string; many: string; title: string }> = {
  bank: { one: 'bank', many: 'banks', title: 'Bank' },
  category: { one: 'category', many: 'categories', title: 'Category' },
};
export const SWITCH_NAMES: Record<FilterSwitch, string> = { mine: 'My cards only', validToday: 'Valid today', endingSoon: 'Ending soon' };
export const CHANNEL_FILTER_NAMES: Record<ChannelFilter, string> = { inStore: 'In store', online: 'Online' };

export const chosenIds = (filter: OfferFilter, kind: FilterKind) => (kind === 'bank' ? filter.bankIds : filter.categoryIds);

/** A removable chip: what it says, and the filter without it. */
export interface FilterChip { key: string; label: string; without: (filter: OfferFilter) => OfferFilter }

/** Every chosen filter as a chip: banks and categories in the order chosen, then networks, where, the switches and a chosen order. */
export function filterChips(filter: OfferFilter, options: FilterOptions): FilterChip[] {
  const listed = FILTER_KINDS.flatMap((kind) => chosenIds(filter, kind).flatMap((id): FilterChip[] => {
    const option = options[kind].find((candidate) => candidate.id === id);
    const key = kind === 'bank' ? 'bankIds' : 'categoryIds';
    return option ? [{ key: `${kind}-${id}`, label: option.name, without: (f) => ({ ...f, [key]: f[key].filter((other) => other !== id) }) }] : [];
  }));
  return [
    ...listed,
    ...filter.networks.map((network): FilterChip => ({ key: `network-${network}`, label: CARD_NETWORK_NAMES[network], without: (f) => ({ ...f, networks: f.networks.filter((other) => other !== network) }) })),
    ...(filter.channel ? [{ key: 'channel', label: CHANNEL_FILTER_NAMES[filter.channel], without: (f: OfferFilter) => ({ ...f, channel: null }) }] : []),
    ...(['mine', 'validToday', 'endingSoon'] as const).filter((name) => filter[name])
      .map((name): FilterChip => ({ key: name, label: SWITCH_NAMES[name], without: (f) => ({ ...f, [name]: false }) })),
    ...(filter.sort !== 'newest' ? [{ key: 'sort', label: `Sorted: ${OFFER_SORT_NAMES[filter.sort]}`, without: (f: OfferFilter) => ({ ...f, sort: 'newest' as const }) }] : []),
  ];
}
