// The bank page's "My cards only" (src/page-scripts/bank-page.ts mounts it when chosen): the bank's
// offers (of the page's category, if any) that one of the visitor's cards can use, from the search
// (docs/api.md §4b), with Load more and the count, in place of the category rows. A change of cards
// loads it again.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { m } from '../../paraglide/messages.js';
import { $myCards } from '../../stores/my-cards.ts';
import { NO_FILTER } from '../../stores/offer-filters.ts';
import { $offerList, loadMoreOffers, loadOffersFor, remainingOffers } from '../../stores/offer-list.ts';
import { openMyCards } from '../my-cards/open-my-cards.ts';
import OfferCard, { OfferCardSkeleton } from '../offer-card/OfferCard.tsx';
import '../home/OfferBrowser.css';

interface Props {
  bankId: number;
  bankName: string;
  categoryId?: number;
}

export default function BankMyCardsList({ bankId, bankName, categoryId }: Props) {
  const list = useStore($offerList);
  const cards = useStore($myCards);
  useEffect(() => {
    void loadOffersFor({ ...NO_FILTER, bankIds: [bankId], categoryIds: categoryId ? [categoryId] : [], mine: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the page's bank and category never change; the cards do
  }, [cards]);
  const remaining = remainingOffers(list);
  return (
    <section className="offer-browser" aria-label={m.browse_bank_offers_for_cards({ bankName })}>
      <div className="grid offer-list-grid" aria-busy={list.loading ? true : undefined}>
        {list.loading === 'replacing'
          ? [0, 1, 2].map((n) => <OfferCardSkeleton key={n} />)
          : list.offers.map((offer) => <OfferCard key={offer.offerId} offer={offer} />)}
      </div>
      <div className="offer-browser-more">
        <p role="status">
          {list.loading
            ? m.browse_loading_offers()
            : list.error
              ? ''
              : list.totalCount === 1
                ? m.browse_offers_fit_one({ count: list.totalCount })
                : m.browse_offers_fit_other({ count: list.totalCount })}
        </p>
        {list.error && (
          <div className="offer-browser-problem" role="alert">
            <p>{list.error}</p>
          </div>
        )}
        {!list.loading && !list.error && list.offers.length === 0 && (
          <div className="offer-browser-problem">
            {cards.length === 0 ? (
              <>
                <p>{m.browse_add_cards_to_see()}</p>
                <button type="button" className="button" onClick={() => openMyCards()}>
                  {m.browse_add_your_cards()}
                </button>
              </>
            ) : (
              <p>{m.browse_no_bank_offers_fit({ bankName })}</p>
            )}
          </div>
        )}
        {!list.loading && !list.error && remaining > 0 && (
          <button type="button" className="button" onClick={() => void loadMoreOffers()}>
            {m.browse_load_more({ count: remaining })}
          </button>
        )}
      </div>
    </section>
  );
}
