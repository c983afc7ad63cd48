// The browsing islands' stores and their API calls, against the real app on a real database (the
// browser's fetch is routed to the app in-process): the home filter and its URL form, the offer list
// and Load more, favourites (optimistic, rolled back on refusal, emptied at logout), the session
// (kept only whole, checked at load, ended by a 401), recently viewed, and the visitor's impressions.
import './test-storage.ts'; // first: the stores below are created on it
import { cleanTestStorage, getTestStorage, setTestStorageKey } from '@nanostores/persistent';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type OfferData } from '../../src/contract/index.ts';
import { fetchTopPicks, recordOfferImpression } from '../../src/stores/insight.ts';
import { OFFERS_PAGE_SIZE } from '../../src/lib/constants.ts';
import { offerCanonicalPath } from '../../src/lib/site-urls.ts';
import { sessionApi, signOut, validateStoredSession } from '../../src/stores/session-calls.ts';
import { createApp } from '../../src/server/app.ts';
import {
  $favorites,
  $favoriteIds,
  $interestChanges,
  loadFavorites,
  toggleFavorite,
} from '../../src/stores/favorites.ts';
import { $notices, dismissNotice } from '../../src/stores/notices.ts';
import {
  $offerList,
  loadMoreOffers,
  loadOffersFor,
  remainingOffers,
  startOfferList,
} from '../../src/stores/offer-list.ts';
import {
  $offerFilter,
  changeFilter,
  clearFilters,
  filterCount,
  filterFromQuery,
  NO_FILTER,
  queryWithFilter,
  removeFilter,
  toggleFilter,
  toggleSwitch,
  type OfferFilter,
} from '../../src/stores/offer-filters.ts';
import {
  $myCards,
  addMyCard,
  MY_CARDS_STORAGE_KEY,
  removeMyCard,
  syncMyCardsWithAccount,
} from '../../src/stores/my-cards.ts';
import type { MyCardData } from '../../src/contract/offer-search.ts';
import { someCardCanUse } from '../../src/lib/card-match.ts';
import {
  $recentBanks,
  $recentOffers,
  RECENT_KEPT,
  RECENT_OFFERS_STORAGE_KEY,
  rememberOfferView,
} from '../../src/stores/recently-viewed.ts';
import { $isSignedIn, $session, endSession, SESSION_STORAGE_KEY, startSession } from '../../src/stores/session.ts';
import { currentInsightId } from '../../src/stores/visitor.ts';
import { createTestApi, fetchFromApp, signUpVerified, type TestApi } from '../api/harness.ts';

// The islands' clients reach the services at absolute URLs here; fetch below answers them with the app.
vi.mock('../../src/lib/public-config.ts', () => ({
  PUBLIC_API_URL: 'http://offerlanka.test/api',
  PUBLIC_INSIGHT_URL: 'http://offerlanka.test/insight',
  PUBLIC_DEMO_API_URL: 'http://offerlanka.test/demo',
}));

let api: TestApi;
/** Every listed offer, newest first, as GET /get/offers/by/page lists them. */
let listed: OfferData[];

beforeAll(async () => {
  api = await createTestApi();
  const app = createApp(api.deps);
  vi.stubGlobal('fetch', fetchFromApp(app));
  listed = [];
  for (let pageNo = 1; pageNo === 1 || listed.length % 100 === 0; pageNo++) {
    const page: OfferData[] = (await api.call('GET', `/api/get/offers/by/page/${pageNo}/100`)).body.data;
    if (page.length === 0) break;
    listed.push(...page);
  }
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await api?.close();
});
afterEach(() => {
  endSession();
  cleanTestStorage();
  for (const notice of $notices.get()) dismissNotice(notice.id);
});

const bankWith = (atLeast: number) => {
  const counts = new Map<number, number>();
  for (const offer of listed) counts.set(offer.bankId, (counts.get(offer.bankId) ?? 0) + 1);
  const found = [...counts].find(([, count]) => count >= atLeast);
  if (!found) throw new Error(`no bank has ${atLeast} listed offers`);
  return { bankId: found[0], count: found[1] };
};

describe('the home filter and its URL', () => {
  beforeEach(() => clearFilters());

  it('reads banks and categories from the query string, ignoring junk and repeats', () => {
    expect(filterFromQuery('?bank=3,1,3&category=2')).toEqual({ ...NO_FILTER, bankIds: [3, 1], categoryIds: [2] });
    expect(filterFromQuery('?bank=1,x,-2,0,,99999999999&category=')).toEqual({
      ...NO_FILTER,
      bankIds: [1],
      categoryIds: [],
    });
    expect(filterFromQuery('')).toEqual(NO_FILTER);
  });

  it('writes the filter into the query string, keeping other parameters, and nothing without one', () => {
    expect(queryWithFilter('?utm=x', { ...NO_FILTER, bankIds: [1, 3], categoryIds: [2] })).toBe(
      '?utm=x&bank=1,3&category=2',
    );
    expect(queryWithFilter('?bank=1&category=2', NO_FILTER)).toBe('');
    expect(filterFromQuery(queryWithFilter('', { ...NO_FILTER, bankIds: [7], categoryIds: [4, 5] }))).toEqual({
      ...NO_FILTER,
      bankIds: [7],
      categoryIds: [4, 5],
    });
  });

  it('toggles, removes and clears banks and categories', () => {
    toggleFilter('bank', 2);
    toggleFilter('category', 5);
    toggleFilter('bank', 4);
    expect($offerFilter.get()).toEqual({ ...NO_FILTER, bankIds: [2, 4], categoryIds: [5] });
    expect(filterCount($offerFilter.get())).toBe(3);
    toggleFilter('bank', 2);
    removeFilter('category', 5);
    expect($offerFilter.get()).toEqual({ ...NO_FILTER, bankIds: [4], categoryIds: [] });
    clearFilters();
    expect($offerFilter.get()).toEqual(NO_FILTER);
  });
});

describe('the richer filters and their URL', () => {
  beforeEach(() => clearFilters());

  it('reads and writes networks, channel, the switches and the order, ignoring unknown values', () => {
    const filter: OfferFilter = {
      ...NO_FILTER,
      bankIds: [2],
      networks: ['visa', 'amex'],
      channel: 'online',
      validToday: true,
      endingSoon: true,
      mine: true,
      sort: 'mostViewed',
    };
    const query = queryWithFilter('?utm=x', filter);
    expect(query).toBe('?utm=x&bank=2&network=visa,amex&channel=online&mine=1&today=1&ending=1&sort=most-viewed');
    expect(filterFromQuery(query)).toEqual(filter);
    expect(filterFromQuery('?network=discover,visa&channel=phone&today=yes&sort=random')).toEqual({
      ...NO_FILTER,
      networks: ['visa'],
    });
    expect(queryWithFilter('?sort=most-viewed&today=1', NO_FILTER)).toBe('');
  });

  it('counts each chosen filter, but not the order', () => {
    expect(
      filterCount({
        ...NO_FILTER,
        networks: ['visa', 'jcb'],
        channel: 'inStore',
        validToday: true,
        sort: 'biggestDiscount',
      }),
    ).toBe(4);
    toggleSwitch('validToday');
    changeFilter({ sort: 'endingSoon' });
    expect($offerFilter.get()).toMatchObject({ validToday: true, sort: 'endingSoon' });
    clearFilters();
    expect($offerFilter.get()).toEqual(NO_FILTER);
  });
});

describe("the 'All offers' list", () => {
  it('starts from the page the build wrote, and Load more appends the next page of 10 to the end', async () => {
    startOfferList(NO_FILTER, listed.slice(0, OFFERS_PAGE_SIZE), listed.length);
    expect(remainingOffers($offerList.get())).toBe(listed.length - OFFERS_PAGE_SIZE);
    await loadMoreOffers();
    expect($offerList.get().pageNo).toBe(2);
    expect($offerList.get().offers.map((o) => o.offerId)).toEqual(
      listed.slice(0, 2 * OFFERS_PAGE_SIZE).map((o) => o.offerId),
    );
    while (remainingOffers($offerList.get()) > 0) await loadMoreOffers();
    expect($offerList.get().offers.map((o) => o.offerId)).toEqual(listed.map((o) => o.offerId));
    const pages = $offerList.get().pageNo;
    await loadMoreOffers(); // nothing left: nothing asked
    expect($offerList.get().pageNo).toBe(pages);
  });

  it('a filter starts again at page 1 with only the matching offers', async () => {
    const { bankId, count } = bankWith(2);
    await loadOffersFor({ ...NO_FILTER, bankIds: [bankId], categoryIds: [] });
    const state = $offerList.get();
    expect(state.pageNo).toBe(1);
    expect(state.totalCount).toBe(count);
    expect(state.offers.length).toBe(Math.min(count, OFFERS_PAGE_SIZE));
    expect(state.offers.every((offer) => offer.bankId === bankId)).toBe(true);
  });

  it('shows the skeletons while a filter loads, and drops the answer of a filter no longer chosen', async () => {
    const first = bankWith(1).bankId;
    const second = listed.find((offer) => offer.bankId !== first)!.bankId;
    const stale = loadOffersFor({ ...NO_FILTER, bankIds: [first], categoryIds: [] });
    expect($offerList.get().loading).toBe('replacing');
    await loadOffersFor({ ...NO_FILTER, bankIds: [second], categoryIds: [] });
    await stale;
    expect($offerList.get().filter.bankIds).toEqual([second]);
    expect($offerList.get().offers.every((offer) => offer.bankId === second)).toBe(true);
  });
});

describe('My Cards', () => {
  const cardOfListedOffer = (): MyCardData => {
    const offer = listed.find(
      (candidate) => candidate.eligibility.cardScope === 'listed' && candidate.eligibility.cards[0]!.tier !== null,
    )!;
    const card = offer.eligibility.cards[0]!;
    return { bankId: offer.bankId, network: card.network, kind: card.kind, tier: card.tier };
  };
  const accountCards = async (token: string) => (await api.call('GET', '/api/user/cards', { token })).body.data;

  it("a guest's cards stay in the browser; at sign-in they merge with the account's, and another browser gets them all", async () => {
    const account = await signUpVerified(api);
    const onAccount: MyCardData = { bankId: 1, network: null, kind: null, tier: null };
    await api.call('PUT', '/api/user/cards', { token: account.token, body: { cards: [onAccount] } });
    const mine = cardOfListedOffer();
    addMyCard(mine);
    addMyCard(mine); // once only
    expect($myCards.get()).toEqual([mine]);
    expect(JSON.parse(getTestStorage()[MY_CARDS_STORAGE_KEY]!)).toEqual([mine]);

    startSession(account.token, account.user);
    await syncMyCardsWithAccount();
    expect($myCards.get()).toEqual([onAccount, mine]);
    expect(await accountCards(account.token)).toEqual([onAccount, mine]);

    // Another browser: nothing stored, the same account.
    endSession();
    expect($myCards.get()).toEqual([]); // logout forgets the account's cards here
    cleanTestStorage();
    startSession(account.token, account.user);
    await syncMyCardsWithAccount();
    expect($myCards.get()).toEqual([onAccount, mine]);

    // A change while signed in reaches the account.
    removeMyCard(onAccount);
    await vi.waitFor(async () => expect(await accountCards(account.token)).toEqual([mine]), { timeout: 10_000 }); // a loaded machine's API takes over the default second
  });

  it('My cards only lists exactly the offers one of the cards can use, and nothing without cards', async () => {
    const card = cardOfListedOffer();
    $myCards.set([card]);
    await loadOffersFor({ ...NO_FILTER, mine: true });
    const want = listed.filter((offer) => someCardCanUse([card], offer));
    expect($offerList.get().totalCount).toBe(want.length);
    expect($offerList.get().offers.map((offer) => offer.offerId)).toEqual(
      want.slice(0, OFFERS_PAGE_SIZE).map((offer) => offer.offerId),
    );
    expect(want.length).toBeLessThan(listed.length);

    $myCards.set([]);
    await loadOffersFor({ ...NO_FILTER, mine: true });
    expect($offerList.get()).toMatchObject({ offers: [], totalCount: 0, error: undefined });
  });
});

describe('favourites', () => {
  const signIn = async () => {
    const account = await signUpVerified(api);
    startSession(account.token, account.user);
    return account;
  };
  const savedOnServer = async (account: { token: string; userId: number }) =>
    (
      await api.call('GET', `/api/get/offer/favorite/by/${account.userId}`, { token: account.token })
    ).body.data[0].favorites.map((f: { offerId: number }) => f.offerId);

  it('a guest toggles nothing: the island shows the sign-in prompt', async () => {
    expect(await toggleFavorite(listed[0]!)).toBe('signed-out');
    expect($favorites.get()).toEqual([]);
  });

  it('saves at once, confirms with the spec notice, and the server has it; pressed again it is removed', async () => {
    const account = await signIn();
    const offer = listed[1]!;
    const before = $interestChanges.get()[offer.offerId] ?? 0;
    const adding = toggleFavorite(offer);
    expect($favoriteIds.get().has(offer.offerId)).toBe(true); // before the server answered
    expect($interestChanges.get()[offer.offerId]).toBe(before + 1);
    expect(await adding).toBe('added');
    expect($notices.get().map((n) => n.text)).toContain(MESSAGES.favoriteAdded);
    expect(await savedOnServer(account)).toEqual([offer.offerId]);
    expect($session.get()?.user.favorites).toEqual([offer.offerId]);

    expect(await toggleFavorite(offer)).toBe('removed');
    expect($favoriteIds.get().has(offer.offerId)).toBe(false);
    expect($interestChanges.get()[offer.offerId]).toBe(before);
    expect($notices.get().map((n) => n.text)).toContain(MESSAGES.favoriteRemoved);
    expect(await savedOnServer(account)).toEqual([]);
  });

  it("rolls back and shows the server's reason when it refuses", async () => {
    await signIn();
    const kept = listed[2]!;
    await toggleFavorite(kept);
    const unknown = { ...listed[3]!, offerId: 987_654 };
    expect(await toggleFavorite(unknown)).toBe('failed');
    expect([...$favoriteIds.get()]).toEqual([kept.offerId]);
    expect($interestChanges.get()[unknown.offerId]).toBe(0);
    expect($notices.get().find((n) => n.kind === 'danger')?.text).toBe('Offer not found.');
  });

  it('a load answered while a toggle is unanswered leaves the toggle shown; the toggle brings the list up to date', async () => {
    const account = await signIn();
    const offer = listed[6]!;
    // The save is held until the load has been answered: the load's list is older than the save.
    let releaseSave!: () => void;
    const saveHeld = new Promise<void>((resolve) => (releaseSave = resolve));
    const toApp = globalThis.fetch; // the app's, stubbed for the file
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/api/add/user/favorite/offer')) await saveHeld;
      return toApp(input, init);
    });
    try {
      const adding = toggleFavorite(offer);
      await loadFavorites();
      expect($favoriteIds.get().has(offer.offerId)).toBe(true);
      releaseSave();
      expect(await adding).toBe('added');
      await vi.waitFor(() => expect($favorites.get().map((f) => f.offerId)).toEqual([offer.offerId]));
      expect(await savedOnServer(account)).toEqual([offer.offerId]);
    } finally {
      vi.stubGlobal('fetch', toApp);
    }
  });

  it('loads the saved list, newest first, and logout empties it', async () => {
    const account = await signIn();
    for (const offer of [listed[4]!, listed[5]!]) {
      await api.call('PUT', '/api/add/user/favorite/offer', { token: account.token, body: { offerId: offer.offerId } });
    }
    await loadFavorites();
    expect($favorites.get().map((f) => f.offerId)).toEqual([listed[5]!.offerId, listed[4]!.offerId]);
    await signOut();
    expect($favorites.get()).toEqual([]);
    expect($session.get()).toBeUndefined();
    const revoked = await api.call('GET', `/api/session/validate/${encodeURIComponent(account.token)}`);
    expect(revoked.status).toBe(401);
  });
});

describe('the session', () => {
  it('counts as signed in only with a whole stored session', async () => {
    const account = await signUpVerified(api);
    expect($isSignedIn.get()).toBe(false);
    startSession(account.token, account.user);
    expect($isSignedIn.get()).toBe(true);
    setTestStorageKey(SESSION_STORAGE_KEY, JSON.stringify({ token: account.token, user: { userId: 1 } }));
    expect($session.get()).toBeUndefined();
    setTestStorageKey(SESSION_STORAGE_KEY, '{not json');
    expect($isSignedIn.get()).toBe(false);
  });

  it('at load a good session stays and its user is refreshed; a revoked one logs out', async () => {
    const account = await signUpVerified(api, { firstName: 'Kamala' });
    startSession(account.token, { ...account.user, firstName: 'Stale' });
    expect(await validateStoredSession()).toBe(true);
    expect($session.get()?.user.firstName).toBe('Kamala');

    await api.call('POST', '/api/user/logout', { token: account.token });
    expect(await validateStoredSession()).toBe(false);
    expect($session.get()).toBeUndefined();
  });

  it('a 401 from any signed-in call ends the session', async () => {
    const account = await signUpVerified(api);
    startSession(account.token, account.user);
    await api.call('POST', '/api/user/logout', { token: account.token });
    await sessionApi.get(`get/user/by/${account.userId}`).catch(() => undefined);
    expect($session.get()).toBeUndefined();
  });
});

describe('recently viewed', () => {
  it('keeps the offers and their banks opened, newest first, each once, at most 12', () => {
    const opened = listed.slice(0, RECENT_KEPT + 2);
    for (const offer of opened) rememberOfferView(offer);
    rememberOfferView(opened[3]!);
    const ids = $recentOffers.get().map((entry) => entry.offerId);
    expect(ids).toHaveLength(RECENT_KEPT);
    expect(ids[0]).toBe(opened[3]!.offerId);
    expect(ids.slice(1, 3)).toEqual([opened.at(-1)!.offerId, opened.at(-2)!.offerId]);
    expect(new Set(ids).size).toBe(ids.length);
    expect($recentOffers.get()[0]!.path).toBe(offerCanonicalPath(opened[3]!));
    expect($recentBanks.get()[0]!.bankId).toBe(opened[3]!.bankId);
  });

  it('drops stored entries of another shape', () => {
    const entry = {
      offerId: 1,
      header: 'H',
      path: '/p',
      bannerImageURL: null,
      bankName: 'B',
      categoryName: 'C',
      merchantName: 'M',
      iconName: 'i',
    };
    setTestStorageKey(RECENT_OFFERS_STORAGE_KEY, JSON.stringify([entry, { offerId: 'x' }, 'junk']));
    expect($recentOffers.get()).toEqual([entry]);
    setTestStorageKey(RECENT_OFFERS_STORAGE_KEY, 'not json');
    expect($recentOffers.get()).toEqual([]);
  });
});

describe("the visitor's views and Top Picks", () => {
  const viewsOf = async (offerId: number) =>
    (await api.call('GET', `/api/get/offer/by/${offerId}`)).body.data[0].views as number;

  it('one view records one impression, starting an insight for a new visitor', async () => {
    const offer = listed[6]!;
    const before = await viewsOf(offer.offerId);
    expect(currentInsightId()).toBeNull();
    await recordOfferImpression(offer);
    expect(currentInsightId()).not.toBeNull();
    expect(await viewsOf(offer.offerId)).toBe(before + 1);
  });

  it('an insight the server does not know is replaced, and the view still counts', async () => {
    setTestStorageKey('offerlanka:insightId', '00000000-0000-4000-8000-000000000000');
    const offer = listed[7]!;
    const before = await viewsOf(offer.offerId);
    await recordOfferImpression(offer);
    expect(currentInsightId()).not.toBe('00000000-0000-4000-8000-000000000000');
    expect(await viewsOf(offer.offerId)).toBe(before + 1);
  });

  it("ranks Top Picks from the visitor's views: the viewed category first, viewed offers left out", async () => {
    const category = listed[0]!.categoryId;
    const sameCategory = listed.filter((offer) => offer.categoryId === category);
    expect(sameCategory.length, 'the demo data needs 3 offers of one category').toBeGreaterThan(2);
    for (const offer of sameCategory.slice(0, 2)) await recordOfferImpression(offer);
    const picks = await fetchTopPicks(0, 4);
    expect(picks.total).toBeGreaterThan(4);
    expect(picks.offers).toHaveLength(4);
    expect(picks.offers[0]!.categoryId).toBe(category);
    expect(picks.offers.map((o) => o.offerId)).not.toContain(sameCategory[0]!.offerId);
    const next = await fetchTopPicks(4, 4);
    expect(next.offers.map((o) => o.offerId).filter((id) => picks.offers.some((p) => p.offerId === id))).toEqual([]);
  });
});
