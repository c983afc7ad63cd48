// The home page's filter (spec §4 'Filters'): the chosen banks and categories. It lives in the
// URL's query string (?bank=1,3&category=2), so a filtered view can be shared and survives a
// reload and Back: the island reads it from the URL and writes each change back.
import { atom } from 'nanostores';
import type { OfferFilter } from '../client/catalogue.ts';

export type FilterKind = 'bank' | 'category';
export const FILTER_QUERY_PARAMS: Record<FilterKind, string> = { bank: 'bank', category: 'category' };

export const NO_FILTER: OfferFilter = { bankIds: [], categoryIds: [] };
export const $offerFilter = atom<OfferFilter>(NO_FILTER);

const listKey = (kind: FilterKind) => (kind === 'bank' ? 'bankIds' : 'categoryIds');

/** Positive whole ids from a comma list; anything else in it is ignored. */
function idsFrom(value: string | null): number[] {
  const ids = (value ?? '').split(',').map((part) => part.trim()).filter((part) => /^\d{1,9}$/.test(part)).map(Number).filter((id) => id > 0);
  return [...new Set(ids)];
}

export function filterFromQuery(search: string): OfferFilter {
  const params = new URLSearchParams(search);
  return { bankIds: idsFrom(params.get(FILTER_QUERY_PARAMS.bank)), categoryIds: idsFrom(params.get(FILTER_QUERY_PARAMS.category)) };
}

/** The query string for a filter ('' without one), keeping the other parameters of `search`. */
export function queryWithFilter(search: string, filter: OfferFilter): string {
  const params = new URLSearchParams(search);
  for (const kind of ['bank', 'category'] as const) {
    const ids = filter[listKey(kind)];
    if (ids.length) params.set(FILTER_QUERY_PARAMS[kind], ids.join(','));
    else params.delete(FILTER_QUERY_PARAMS[kind]);
  }
  const query = params.toString().replace(/%2C/g, ',');
  return query ? `?${query}` : '';
}

export const filterCount = (filter: OfferFilter) => filter.bankIds.length + filter.categoryIds.length;
export const sameFilter = (a: OfferFilter, b: OfferFilter) =>
  a.bankIds.join() === b.bankIds.join() && a.categoryIds.join() === b.categoryIds.join();

export function setOfferFilter(filter: OfferFilter): void {
  if (!sameFilter(filter, $offerFilter.get())) $offerFilter.set({ bankIds: [...filter.bankIds], categoryIds: [...filter.categoryIds] });
}

/** Chooses the bank or category, or removes it when chosen (a chip's close button, a panel option). */
export function toggleFilter(kind: FilterKind, id: number): void {
  const filter = $offerFilter.get();
  const ids = filter[listKey(kind)];
  setOfferFilter({ ...filter, [listKey(kind)]: ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id] });
}

export function removeFilter(kind: FilterKind, id: number): void {
  const filter = $offerFilter.get();
  setOfferFilter({ ...filter, [listKey(kind)]: filter[listKey(kind)].filter((other) => other !== id) });
}

export function clearFilters(): void {
  setOfferFilter(NO_FILTER);
}
