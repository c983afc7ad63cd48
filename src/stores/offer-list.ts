// The home page's 'All offers' list (spec §4 'Offers list'): the offers loaded so far for the
// current filter, the total, and the page reached. A filter change starts again at page 1; 'Load
// more' appends the next page. An answer for a filter no longer chosen is dropped.
import { map } from 'nanostores';
import type { OfferFilter } from '../client/catalogue.ts';
import type { OfferData } from '../contract/index.ts';
import { CLIENT_ERROR_TEXTS, OFFERS_PAGE_SIZE } from '../lib/constants.ts';
import { NO_FILTER, sameFilter } from './offer-filters.ts';

export interface OfferListState {
  filter: OfferFilter;
  offers: readonly OfferData[];
  totalCount: number;
  pageNo: number;
  /** 'replacing' while a new filter's first page loads (skeletons), 'appending' during Load more. */
  loading: 'replacing' | 'appending' | false;
  error: string | undefined;
}

/** The API calls, loaded on first use: the build already wrote the first page. */
async function fetchPage(filter: OfferFilter, pageNo: number) {
  const { fetchOffersPage } = await import('../client/catalogue.ts');
  return fetchOffersPage(filter, pageNo, OFFERS_PAGE_SIZE);
}
/** Loads the API calls ahead, when the browser is idle, so that the first 'Load more' waits only for the API. */
export function prepareOfferLoading(): void {
  const load = () => void import('../client/catalogue.ts').catch(() => {}); // offline: fetchPage tries again
  if ('requestIdleCallback' in window) requestIdleCallback(load, { timeout: 5_000 });
  else setTimeout(load, 1_000);
}
const failureText = async (error: unknown) =>
  (await import('../client/http.ts').catch(() => undefined))?.failureText(error) ?? CLIENT_ERROR_TEXTS.network;

export const $offerList = map<OfferListState>({ filter: NO_FILTER, offers: [], totalCount: 0, pageNo: 0, loading: false, error: undefined });

/** The offers still unshown: the N of 'Load more offers (N)'. */
export const remainingOffers = (state: OfferListState) => Math.max(0, state.totalCount - state.offers.length);

/** The page the build wrote as HTML, so the island starts where the page already is. */
export function startOfferList(filter: OfferFilter, offers: readonly OfferData[], totalCount: number): void {
  $offerList.set({ filter, offers, totalCount, pageNo: Math.ceil(offers.length / OFFERS_PAGE_SIZE), loading: false, error: undefined });
}

export async function loadOffersFor(filter: OfferFilter): Promise<void> {
  $offerList.set({ ...$offerList.get(), filter, loading: 'replacing', error: undefined });
  try {
    const answer = await fetchPage(filter, 1);
    if (!sameFilter($offerList.get().filter, filter)) return;
    $offerList.set({ filter, offers: answer.data, totalCount: answer.totalCount, pageNo: 1, loading: false, error: undefined });
  } catch (error) {
    const text = await failureText(error);
    if (!sameFilter($offerList.get().filter, filter)) return;
    $offerList.set({ ...$offerList.get(), offers: [], totalCount: 0, pageNo: 0, loading: false, error: text });
  }
}

export async function loadMoreOffers(): Promise<void> {
  const state = $offerList.get();
  if (state.loading || remainingOffers(state) === 0) return;
  $offerList.setKey('loading', 'appending');
  try {
    const answer = await fetchPage(state.filter, state.pageNo + 1);
    const now = $offerList.get();
    if (!sameFilter(now.filter, state.filter)) return;
    // An offer already shown (the list moved between pages) is not shown twice.
    const shown = new Set(now.offers.map((offer) => offer.offerId));
    $offerList.set({
      ...now, offers: [...now.offers, ...answer.data.filter((offer) => !shown.has(offer.offerId))],
      // An empty page means the end, whatever the total said.
      totalCount: answer.data.length === 0 ? now.offers.length : answer.totalCount, pageNo: state.pageNo + 1, loading: false, error: undefined,
    });
  } catch (error) {
    const text = await failureText(error);
    if (sameFilter($offerList.get().filter, state.filter)) $offerList.set({ ...$offerList.get(), loading: false, error: text });
  }
}
