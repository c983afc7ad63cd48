// The choices of the home filter bar: banks and categories, as the build passes them to the island
// (only what the bar draws, so the page's HTML stays small).
import type { OfferFilter } from '../../client/catalogue.ts';
import type { FilterKind } from '../../stores/offer-filters.ts';

export interface FilterOption { id: number; name: string; imageUrl: string }
export type FilterOptions = Record<FilterKind, FilterOption[]>;

export const FILTER_KINDS: FilterKind[] = ['bank', 'category'];
export const KIND_NAMES: Record<FilterKind, { one: string; many: string; title: string }> = {
  bank: { one: 'bank', many: 'banks', title: 'Bank' },
  category: { one: 'category', many: 'categories', title: 'Category' },
};

export const chosenIds = (filter: OfferFilter, kind: FilterKind) => (kind === 'bank' ? filter.bankIds : filter.categoryIds);

/** The chosen banks, then the chosen categories, in the order they were chosen: the chips. */
export function chosenOptions(filter: OfferFilter, options: FilterOptions): { kind: FilterKind; option: FilterOption }[] {
  return FILTER_KINDS.flatMap((kind) => chosenIds(filter, kind).flatMap((id) => {
    const option = options[kind].find((candidate) => candidate.id === id);
    return option ? [{ kind, option }] : [];
  }));
}
