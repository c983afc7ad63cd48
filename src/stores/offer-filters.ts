// The home page's filter (spec §4 'Filters', and the richer filters of docs/api.md §4b): banks,
// categories, card networks, in store / online, Valid today, Ending soon, My cards only, and the
// order, and Instalment plans. It lives in the URL's query string (?bank=1,3&category=2&network=visa&today=1&sort=most-viewed),
// so a filtered view can be shared and survives a reload and Back: the island reads it from the
// URL and writes each change back.
import { atom } from 'nanostores';
import { CARD_NETWORKS, type CardNetwork, type ChannelFilter, type OfferSort } from '../contract/card-constants.ts';
import { CHANNEL_IN_URL, FILTER_QUERY_PARAMS, SORT_IN_URL } from '../lib/filter-query.ts';

export interface OfferFilter {
  bankIds: readonly number[];
  categoryIds: readonly number[];
  networks: readonly CardNetwork[];
  channel: ChannelFilter | null;
  validToday: boolean;
  endingSoon: boolean;
  /** My cards only: the offers the visitor's cards (stores/my-cards.ts) can use. */
  mine: boolean;
  /** Instalment plans only (the search's kind 'instalment'). */
  plans: boolean;
  sort: OfferSort;
}

export type FilterKind = 'bank' | 'category';
/** The filters that are on or off: each a chip and a toggle. */
export type FilterSwitch = 'validToday' | 'endingSoon' | 'mine' | 'plans';
export const FILTER_SWITCHES: FilterSwitch[] = ['mine', 'validToday', 'endingSoon', 'plans'];

export { FILTER_QUERY_PARAMS };
const fromUrlValue = <T extends string>(names: Record<T, string>, value: string | null) =>
  (Object.keys(names) as T[]).find((key) => names[key] === value);

export const NO_FILTER: OfferFilter = {
  bankIds: [],
  categoryIds: [],
  networks: [],
  channel: null,
  validToday: false,
  endingSoon: false,
  mine: false,
  plans: false,
  sort: 'newest',
};
export const $offerFilter = atom<OfferFilter>(NO_FILTER);

const listKey = (kind: FilterKind) => (kind === 'bank' ? 'bankIds' : 'categoryIds');

/** Positive whole ids from a comma list; anything else in it is ignored. */
function idsFrom(value: string | null): number[] {
  const ids = (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d{1,9}$/.test(part))
    .map(Number)
    .filter((id) => id > 0);
  return [...new Set(ids)];
}

export function filterFromQuery(search: string): OfferFilter {
  const params = new URLSearchParams(search);
  const networks = (params.get(FILTER_QUERY_PARAMS.network) ?? '')
    .split(',')
    .filter((name): name is CardNetwork => (CARD_NETWORKS as readonly string[]).includes(name));
  return {
    bankIds: idsFrom(params.get(FILTER_QUERY_PARAMS.bank)),
    categoryIds: idsFrom(params.get(FILTER_QUERY_PARAMS.category)),
    networks: CARD_NETWORKS.filter((network) => networks.includes(network)),
    channel: fromUrlValue(CHANNEL_IN_URL, params.get(FILTER_QUERY_PARAMS.channel)) ?? null,
    validToday: params.get(FILTER_QUERY_PARAMS.validToday) === '1',
    endingSoon: params.get(FILTER_QUERY_PARAMS.endingSoon) === '1',
    mine: params.get(FILTER_QUERY_PARAMS.mine) === '1',
    plans: params.get(FILTER_QUERY_PARAMS.plans) === '1',
    sort: fromUrlValue(SORT_IN_URL, params.get(FILTER_QUERY_PARAMS.sort)) ?? 'newest',
  };
}

/** The query string for a filter ('' without one), keeping the other parameters of `search`. */
export function queryWithFilter(search: string, filter: OfferFilter): string {
  const params = new URLSearchParams(search);
  const put = (name: string, value: string | false) => (value ? params.set(name, value) : params.delete(name));
  put(FILTER_QUERY_PARAMS.bank, filter.bankIds.join(','));
  put(FILTER_QUERY_PARAMS.category, filter.categoryIds.join(','));
  put(FILTER_QUERY_PARAMS.network, filter.networks.join(','));
  put(FILTER_QUERY_PARAMS.channel, filter.channel ? CHANNEL_IN_URL[filter.channel] : false);
  for (const name of FILTER_SWITCHES) put(FILTER_QUERY_PARAMS[name], filter[name] && '1');
  put(FILTER_QUERY_PARAMS.sort, filter.sort !== 'newest' && SORT_IN_URL[filter.sort]);
  const query = params.toString().replace(/%2C/g, ',');
  return query ? `?${query}` : '';
}

/** How many filters are chosen: the Filter button's count (the order is not a filter). */
export const filterCount = (filter: OfferFilter) =>
  filter.bankIds.length +
  filter.categoryIds.length +
  filter.networks.length +
  Number(Boolean(filter.channel)) +
  FILTER_SWITCHES.filter((name) => filter[name]).length;
/** Only banks and categories (or nothing): what the §7 lists answer. */
export const onlyBanksAndCategories = (filter: OfferFilter) =>
  filter.networks.length === 0 &&
  !filter.channel &&
  FILTER_SWITCHES.every((name) => !filter[name]) &&
  filter.sort === 'newest';

export const sameFilter = (a: OfferFilter, b: OfferFilter) => queryWithFilter('', a) === queryWithFilter('', b);

export function setOfferFilter(filter: OfferFilter): void {
  if (!sameFilter(filter, $offerFilter.get())) $offerFilter.set({ ...filter });
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

export function toggleSwitch(name: FilterSwitch): void {
  const filter = $offerFilter.get();
  setOfferFilter({ ...filter, [name]: !filter[name] });
}

export const changeFilter = (change: Partial<OfferFilter>) => setOfferFilter({ ...$offerFilter.get(), ...change });

/** Clears every filter chip, the order's included. */
export function clearFilters(): void {
  setOfferFilter(NO_FILTER);
}
