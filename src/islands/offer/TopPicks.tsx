// 'Top Picks for You' on the offer page (spec §2, §4 'Top Picks'): the build's HTML shows the most
// viewed offers; once hydrated (client:visible, below the fold), the insight service's picks for
// this visitor take their place, TOP_PICKS_PAGE_SIZE per request, and 'View more' appends the next
// ones while the service has more. A new visitor gets the most viewed offers from the service too.
import { useEffect, useRef, useState } from 'react';
import { failureText } from '../../client/http.ts';
import type { OfferData } from '../../contract/index.ts';
import { TOP_PICKS_PAGE_SIZE } from '../../lib/constants.ts';
import { m } from '../../paraglide/messages.js';
import { fetchTopPicks } from '../../stores/insight.ts';
import OfferCard, { OfferCardSkeleton } from '../offer-card/OfferCard.tsx';
import { viewRecorded } from './record-view.ts';
import './TopPicks.css';

interface Props {
  /** The offer being viewed: never one of its own picks. */
  offerId: number;
  /** The build's picks, shown until this visitor's arrive. */
  popular: OfferData[];
}

interface Picks {
  offers: readonly OfferData[];
  /** How many candidates the service has given so far: the next request's offset. */
  fetched: number;
  /** How many candidates the service has. */
  total: number;
}

export default function TopPicks({ offerId, popular }: Props) {
  // Until this visitor's picks arrive: the build's, and no 'View more'.
  const [picks, setPicks] = useState<Picks>({ offers: popular, fetched: 0, total: 0 });
  const [loadingMore, setLoadingMore] = useState(false);
  const [failure, setFailure] = useState<string>();
  const grid = useRef<HTMLDivElement>(null);

  const fetchPage = async (offset: number) => {
    const page = await fetchTopPicks(offset, TOP_PICKS_PAGE_SIZE);
    return { ...page, fetched: offset + TOP_PICKS_PAGE_SIZE };
  };

  useEffect(() => {
    let mounted = true;
    // After the page's view is recorded, so that the ranking counts it and leaves this offer out.
    void viewRecorded(offerId)
      .then(() => fetchPage(0))
      .then(
        (page) => {
          const offers = page.offers.filter((offer) => offer.offerId !== offerId);
          // A visitor who has seen every candidate keeps the build's picks rather than an empty section.
          if (mounted && offers.length > 0) setPicks({ offers, fetched: page.fetched, total: page.total });
        },
        (error: unknown) => console.error('Top Picks: the picks for this visitor did not load', error), // the build's picks stay
      );
    return () => {
      mounted = false;
    };
  }, [offerId]);

  const viewMore = async () => {
    if (loadingMore) return;
    setLoadingMore(true);
    setFailure(undefined);
    try {
      const page = await fetchPage(picks.fetched);
      // The ranking can move between requests (others' views): an offer already shown is not shown twice.
      const shown = new Set(picks.offers.map((offer) => offer.offerId).concat(offerId));
      const added = page.offers.filter((offer) => !shown.has(offer.offerId));
      setPicks({ offers: [...picks.offers, ...added], fetched: page.fetched, total: page.total });
      // When 'View more' goes away with the last picks, focus moves on to the first new one.
      if (page.fetched >= page.total && added.length > 0) {
        requestAnimationFrame(() =>
          grid.current
            ?.querySelector<HTMLElement>(`[data-offer-id="${added[0]!.offerId}"] .offer-card-title a`)
            ?.focus(),
        );
      }
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setLoadingMore(false);
    }
  };

  const more = picks.total > picks.fetched;
  return (
    <section className="top-picks" aria-labelledby="top-picks-heading" data-top-picks data-pagefind-ignore="all">
      <h2 id="top-picks-heading">{m.browse_top_picks()}</h2>
      <div className="grid" ref={grid} aria-busy={loadingMore || undefined}>
        {picks.offers.map((offer) => (
          <OfferCard key={offer.offerId} offer={offer} />
        ))}
        {loadingMore &&
          Array.from({ length: TOP_PICKS_PAGE_SIZE }, (_, index) => <OfferCardSkeleton key={`skeleton-${index}`} />)}
      </div>
      {failure && (
        <p className="top-picks-failure" role="alert">
          {failure}
        </p>
      )}
      {more && (
        <p className="top-picks-more">
          <button
            type="button"
            className="button secondary"
            onClick={viewMore}
            aria-disabled={loadingMore || undefined}
          >
            {m.browse_view_more()}
          </button>
        </p>
      )}
    </section>
  );
}
