// The home page's 'All offers' list (spec §4 'Offers list'): the offers loaded so far for the
// current filter, the total, and the page reached. A filter change (or, with My cards only, a
// change of cards) starts again at page 1; 'Load more' appends the next page. An answer to an
// older request is dropped.
import { map } from 'nanostores';
import type { OfferData } from '../contract/index.ts';
import { afterNextPaint } from '../lib/after-paint.ts';
import { CLIENT_ERROR_TEXTS, OFFERS_PAGE_SIZE } from '../lib/constants.ts';
import { $myCards } from './my-cards.ts';
import { NO_FILTER, onlyBanksAndCategories, type OfferFilter } from './offer-filters.ts';

export interface OfferListState {
  filter: OfferFilter;
  offers: readonly OfferData[];
  totalCount: number;
  pageNo: number;
  /** 'replacing' while a new filter's first page loads (skeletons), 'appending' during Load more. */
  loading: 'replacing' | 'appending' | false;
  error: string | undefined;
}

/**
 * The API calls, loaded on first use: the build already wrote the first page. Banks and categories
 * alone take the §7 lists; anything more, the search (docs/api.md §4b). My cards only without
 * cards has nothing to show, and asks nothing.
 */
async function fetchPage(filter: OfferFilter, pageNo: number) {
  const { fetchOffersPage, searchOffers } = await import('../client/catalogue.ts');
  if (onlyBanksAndCategories(filter)) return fetchOffersPage(filter, pageNo, OFFERS_PAGE_SIZE);
  const cards = filter.mine ? $myCards.get() : [];
  if (filter.mine && cards.length === 0) return { status: true as const, data: [], totalCount: 0 };
  const { mine: _mine, plans, ...search } = filter;
  return searchOffers(
    {
      ...search,
      kind: plans ? 'instalment' : null,
      bankIds: [...search.bankIds],
      categoryIds: [...search.categoryIds],
      networks: [...search.networks],
      cards,
    },
    pageNo,
    OFFERS_PAGE_SIZE,
  );
}
/**
 * A page, kept until the press that asked for it has painted its skeletons: an answer that comes
 * at once (loopback, the service worker's cache) would otherwise draw its cards in the press's frame.
 */
async function pageAfterPaint(filter: OfferFilter, pageNo: number) {
  const [answer] = await Promise.all([fetchPage(filter, pageNo), afterNextPaint()]);
  return answer;
}
/**
 * Loads the API calls ahead, in a task of their own once the list has hydrated, so that even a
 * 'Load more' pressed at once waits only for the API. The list hydrates on the visitor's first sign of use.
 */
export function prepareOfferLoading(): void {
  setTimeout(() => void import('../client/catalogue.ts').catch(() => {}), 0); // offline: fetchPage tries again
}
const failureText = async (error: unknown) =>
  (await import('../client/http.ts').catch(() => undefined))?.failureText(error) ?? CLIENT_ERROR_TEXTS.network;

export const $offerList = map<OfferListState>({
  filter: NO_FILTER,
  offers: [],
  totalCount: 0,
  pageNo: 0,
  loading: false,
  error: undefined,
});

/** Each request's number: only the latest one's answer is kept. */
let latestRequest = 0;

/** The offers still unshown: the N of 'Load more offers (N)'. */
export const remainingOffers = (state: OfferListState) => Math.max(0, state.totalCount - state.offers.length);

/** The page the build wrote as HTML, so the island starts where the page already is. */
export function startOfferList(filter: OfferFilter, offers: readonly OfferData[], totalCount: number): void {
  $offerList.set({
    filter,
    offers,
    totalCount,
    pageNo: Math.ceil(offers.length / OFFERS_PAGE_SIZE),
    loading: false,
    error: undefined,
  });
}

export async function loadOffersFor(filter: OfferFilter): Promise<void> {
  const request = ++latestRequest;
  $offerList.set({ ...$offerList.get(), filter, loading: 'replacing', error: undefined });
  try {
    const answer = await pageAfterPaint(filter, 1);
    if (request !== latestRequest) return;
    $offerList.set({
      filter,
      offers: answer.data,
      totalCount: answer.totalCount,
      pageNo: 1,
      loading: false,
      error: undefined,
    });
  } catch (error) {
    const text = await failureText(error);
    if (request !== latestRequest) return;
    $offerList.set({ ...$offerList.get(), offers: [], totalCount: 0, pageNo: 0, loading: false, error: text });
  }
}

export async function loadMoreOffers(): Promise<void> {
  const state = $offerList.get();
  if (state.loading || remainingOffers(state) === 0) return;
  const request = ++latestRequest;
  $offerList.setKey('loading', 'appending');
  try {
    const answer = await pageAfterPaint(state.filter, state.pageNo + 1);
    if (request !== latestRequest) return;
    const now = $offerList.get();
    // An offer already shown (the list moved between pages) is not shown twice.
    const shown = new Set(now.offers.map((offer) => offer.offerId));
    $offerList.set({
      ...now,
      offers: [...now.offers, ...answer.data.filter((offer) => !shown.has(offer.offerId))],
      // An empty page means the end, whatever the total said.
      totalCount: answer.data.length === 0 ? now.offers.length : answer.totalCount,
      pageNo: state.pageNo + 1,
      loading: false,
      error: undefined,
    });
  } catch (error) {
    const text = await failureText(error);
    if (request === latestRequest) $offerList.set({ ...$offerList.get(), loading: false, error: text });
  }
}
