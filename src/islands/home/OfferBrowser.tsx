// Home's 'All offers' with its filter bar (spec §2 Home, §4 'Offers list', 'Filters'), one island.
// The build renders the first page of offers as HTML (links that work without JavaScript); once
// hydrated, the filter lives in the URL's query string (?bank=1,3&category=2&today=1&sort=…:
// shareable, kept on reload, Back and Forward step through it), a filter change loads its first
// page (three skeleton cards meanwhile), and 'Load more offers (N)' appends the next page. With My
// cards only, a change of cards loads the list again.
//
// The build's first page of cards is the island's children: HTML that React never hydrates (an
// astro-slot), brought to life by plain DOM code (src/page-scripts/static-cards.ts). React draws only
// the cards that Load more appends after them, and the whole list from a filter's first page on.
// Hydrated with client:intent (src/pages/[...locale]/index.astro, src/islands/intent-directive.ts): its
// controls are needed only once the visitor starts using the page, so a first visit that only
// reads loads no React. It marks itself HYDRATED_ATTRIBUTE once its effects run: a press held
// until then is given to its controls.
//
// For a signed-in user with interests, the build's cards in those categories move first once
// hydrated (the build's order is what hydration sees, so React finds the HTML it expects).
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { afterNextPaint } from '../../lib/after-paint.ts';
import { interestsFirst } from '../../lib/interests-first.ts';
import { m } from '../../paraglide/messages.js';
import { $myCards } from '../../stores/my-cards.ts';
import {
  $offerFilter,
  clearFilters,
  filterFromQuery,
  NO_FILTER,
  queryWithFilter,
  sameFilter,
  setOfferFilter,
  type OfferFilter,
} from '../../stores/offer-filters.ts';
import { openMyCards } from '../my-cards/open-my-cards.ts';
import { $user } from '../../stores/session.ts';
import {
  $offerList,
  loadMoreOffers,
  loadOffersFor,
  prepareOfferLoading,
  remainingOffers,
  startOfferList,
  type OfferListState,
} from '../../stores/offer-list.ts';
import { CARD_OFFERS_ATTRIBUTE, cardOffersIn } from '../offer-card/card-offers.ts';
import OfferCard, { OfferCardSkeleton } from '../offer-card/OfferCard.tsx';
import { HYDRATED_ATTRIBUTE } from '../intent-directive.ts';
import { useHydrated } from '../ui/use-hydrated.ts';
import FilterBar from './FilterBar.tsx';
import type { FilterOptions } from './filter-options.ts';
import './OfferBrowser.css';

interface Props {
  /** The build's first page of listed offers as offer cards, with their offers' JSON (static-cards.ts). */
  children?: ReactNode;
  /** How many offers the build's page shows, and how many are listed in all. */
  shownCount: number;
  totalCount: number;
  options: FilterOptions;
}

const SKELETONS = 3;
const skeletons = () =>
  Array.from({ length: SKELETONS }, (_, index) => <OfferCardSkeleton key={`skeleton-${index}`} />);

export default function OfferBrowser({ children, shownCount, totalCount, options }: Props) {
  const hydrated = useHydrated();
  const liveList = useStore($offerList);
  const cards = useStore($myCards);
  // The build's page until the island has started the store from it (same HTML when hydrating).
  const list: OfferListState = hydrated
    ? liveList
    : { filter: NO_FILTER, offers: [], totalCount, pageNo: 1, loading: false, error: undefined };
  /**
   * The build's cards stay on screen until the first filter change, which replaces the whole list:
   * 'leaving' from that press until its frame has painted, while the list on screen is held.
   */
  const [buildPage, setBuildPage] = useState<'shown' | 'leaving' | 'gone'>('shown');
  const grid = useRef<HTMLDivElement>(null);
  /** Where the last 'Load more' put its first card, to move focus there once it arrives. */
  const appendedAt = useRef<number>(undefined);

  useEffect(() => {
    startOfferList(NO_FILTER, grid.current ? cardOffersIn(grid.current) : [], totalCount);
    const homePath = location.pathname;
    const known = (kind: keyof FilterOptions, ids: readonly number[]) =>
      ids.filter((id) => options[kind].some((option) => option.id === id));
    // The URL's filter, leaving out ids of no bank or category the page knows.
    const urlFilter = (): OfferFilter => {
      const filter = filterFromQuery(location.search);
      return { ...filter, bankIds: known('bank', filter.bankIds), categoryIds: known('category', filter.categoryIds) };
    };
    const fromUrl = urlFilter();
    if (!sameFilter(fromUrl, filterFromQuery(location.search)))
      history.replaceState(history.state, '', urlWith(fromUrl));
    setOfferFilter(fromUrl);
    const replaceList = (filter: OfferFilter) => {
      setBuildPage((page) => (page === 'shown' ? 'leaving' : page));
      void loadOffersFor(filter);
    };
    if (!sameFilter(fromUrl, NO_FILTER)) replaceList(fromUrl);
    else prepareOfferLoading();

    const stopListening = $offerFilter.listen((filter) => {
      if (!sameFilter(filter, filterFromQuery(location.search))) history.pushState(history.state, '', urlWith(filter));
      replaceList(filter);
    });
    // Back / Forward between filters. Another island may put another path in the address bar
    // (the offer modal shows the offer's URL): only home's own entries carry a filter.
    const followHistory = () => {
      if (location.pathname === homePath) setOfferFilter(urlFilter());
    };
    addEventListener('popstate', followHistory);
    const stopFollowingCards = $myCards.listen(() => {
      if ($offerFilter.get().mine) replaceList($offerFilter.get());
    });
    return () => {
      stopListening();
      stopFollowingCards();
      removeEventListener('popstate', followHistory);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at hydration: the options and count are the built page's own
  }, []);

  // The build's cards, the user's interest categories first (the build's order again when there are none).
  const interestKey = (useStore($user)?.tags ?? []).join(',');
  useEffect(() => {
    if (buildPage !== 'shown') return;
    const offersScript = grid.current?.querySelector(`script[${CARD_OFFERS_ATTRIBUTE}]`);
    const cards = offersScript?.parentElement;
    if (!offersScript || !cards) return;
    const interests = interestKey ? interestKey.split(',').map(Number) : [];
    const ordered = interestsFirst(cardOffersIn(grid.current!), interests);
    // Cards move only when the order changes: a moved card would lose a press or the focus on its way.
    const shownIds = [...cards.querySelectorAll(':scope > [data-offer-id]')].map((card) =>
      Number(card.getAttribute('data-offer-id')),
    );
    if (ordered.every((offer, index) => offer.offerId === shownIds[index])) return;
    for (const offer of ordered) {
      const card = cards.querySelector(`:scope > [data-offer-id="${offer.offerId}"]`);
      if (card) cards.insertBefore(card, offersScript);
    }
  }, [interestKey, buildPage]);

  // 'Load more' goes while the page loads, which drops focus to the page: it moves on to the first new card.
  useEffect(() => {
    const first = appendedAt.current;
    if (list.loading || first === undefined) return;
    appendedAt.current = undefined;
    // Once the new cards have painted: focus() lays the page out at once, which would hold their frame.
    void afterNextPaint().then(() => {
      if (document.activeElement === document.body)
        grid.current?.querySelectorAll<HTMLElement>('.offer-card-title a')[first]?.focus();
    });
  }, [list.loading]);

  // A press answers within its frame (INP): Load more's button turns busy, and a filter's list is
  // held, busy, as it was. The skeletons, which replace the cards or move everything below them,
  // follow once that frame has painted.
  const [loadingDrawn, setLoadingDrawn] = useState(false);
  useEffect(() => {
    if (!list.loading) {
      setLoadingDrawn(false);
      return;
    }
    let current = true;
    void afterNextPaint().then(() => {
      if (current) setLoadingDrawn(true);
    });
    return () => {
      current = false;
    };
  }, [list.loading]);
  const pressedMore = list.loading === 'appending' && !loadingDrawn;
  const holdsList = list.loading === 'replacing' && !loadingDrawn;
  const showsBuildPage = buildPage === 'shown' || (buildPage === 'leaving' && holdsList);
  useEffect(() => {
    if (buildPage === 'leaving' && !holdsList) setBuildPage('gone');
  }, [buildPage, holdsList]);

  const loadMore = () => {
    appendedAt.current = list.offers.length;
    void loadMoreOffers();
  };
  const retry = () => void (list.offers.length ? loadMoreOffers() : loadOffersFor(list.filter));
  const remaining = remainingOffers(list);
  const replacing = list.loading === 'replacing' && loadingDrawn;
  // Under the build's cards, React draws only those appended after them.
  const drawnOffers = showsBuildPage ? list.offers.slice(shownCount) : list.offers;

  return (
    <div className="offer-browser" {...{ [HYDRATED_ATTRIBUTE]: hydrated || undefined }}>
      <FilterBar options={options} ready={hydrated} />
      {/* static-cards.ts marks the grid data-cards-live before React may hydrate it: an attribute React does not own. */}
      <div
        ref={grid}
        className="grid offer-list-grid"
        data-offer-list
        aria-busy={list.loading ? true : undefined}
        suppressHydrationWarning
      >
        {showsBuildPage && children}
        {replacing ? skeletons() : drawnOffers.map((offer) => <OfferCard key={offer.offerId} offer={offer} />)}
        {list.loading === 'appending' && loadingDrawn && skeletons()}
      </div>
      {!hydrated ? (
        <p className="offer-browser-more" data-load-more data-total={totalCount}>
          {m.browse_showing_build({ shown: shownCount, total: totalCount })}
        </p>
      ) : (
        <div className="offer-browser-more">
          <p className="visually-hidden" role="status">
            {list.loading
              ? m.browse_loading_offers()
              : list.error
                ? ''
                : m.browse_showing({ shown: list.offers.length, total: list.totalCount })}
          </p>
          {list.error && (
            <div className="offer-browser-problem" role="alert">
              <p>{list.error}</p>
              <button type="button" className="button secondary" onClick={retry}>
                {m.browse_try_again()}
              </button>
            </div>
          )}
          {!list.loading &&
            !list.error &&
            list.offers.length === 0 &&
            (list.filter.mine && cards.length === 0 ? (
              <div className="offer-browser-problem">
                <p>{m.browse_add_cards_to_see()}</p>
                <button type="button" className="button" onClick={() => openMyCards()}>
                  {m.browse_add_your_cards()}
                </button>
              </div>
            ) : (
              <div className="offer-browser-problem">
                <p>{m.browse_no_offers_match()}</p>
                <button type="button" className="button secondary" onClick={clearFilters}>
                  {m.browse_clear_filters()}
                </button>
              </div>
            ))}
          {(!list.loading || pressedMore) && !list.error && remaining > 0 && (
            <button
              type="button"
              className="button"
              onClick={loadMore}
              disabled={pressedMore}
              aria-busy={pressedMore || undefined}
            >
              {m.browse_load_more({ count: remaining })}
            </button>
          )}
        </div>
      )}
      {/* No <Notices /> here: the list shows its own errors inline, and the favourite notices of a
          signed-in visitor show in the account menu's (a guest raises none). */}
    </div>
  );
}

const urlWith = (filter: OfferFilter) =>
  `${location.pathname}${queryWithFilter(location.search, filter)}${location.hash}`;
