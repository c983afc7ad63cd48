// A bank's offers grouped by category (spec §2 'Bank offers page', §4 'Top Picks'): the build's
// first CATEGORY_GROUP_PAGE_SIZE offers of each group, then 'Load more offers (n)', n being the
// offers still unshown, which asks for page loaded/6 + 1 of that group and appends it. Without
// JavaScript each longer group links to its category page ('See all N … offers') instead.
import { useEffect, useRef, useState } from 'react';
import { fetchCategoryGroups } from '../../client/catalogue.ts';
import { failureText } from '../../client/http.ts';
import type { OfferData } from '../../contract/index.ts';
import { ABOVE_FOLD_CARDS, CATEGORY_GROUP_PAGE_SIZE } from '../../lib/constants.ts';
import { showNotice } from '../../stores/notices.ts';
import Notices from '../Notices.tsx';
import OfferCard from '../offer-card/OfferCard.tsx';
import { useHydrated } from '../ui/use-hydrated.ts';
import './CategoryGroups.css';

export interface OfferGroup {
  categoryId: number;
  categoryName: string;
  /** What the build shows first: one page, or the whole group on a category's own page. */
  offers: OfferData[];
  totalCount: number;
  /** The category's own page on this bank: the fallback without JavaScript. */
  seeAllPath: string;
}

interface Props { bankId: number; groups: OfferGroup[] }

export default function CategoryGroups({ bankId, groups }: Props) {
  return (
    <div className="category-groups">
      {groups.map((group, index) => <Group key={group.categoryId} bankId={bankId} group={group} first={index === 0} />)}
      <Notices />
    </div>
  );
}

function Group({ bankId, group, first }: { bankId: number; group: OfferGroup; first: boolean }) {
  const hydrated = useHydrated();
  const [offers, setOffers] = useState(group.offers);
  const [totalCount, setTotalCount] = useState(group.totalCount);
  const [loading, setLoading] = useState(false);
  /** The first card a 'Load more' added: focus goes to it, so that keyboard users continue there. */
  const [firstAdded, setFirstAdded] = useState<number>();
  const gridRef = useRef<HTMLDivElement>(null);
  const remaining = Math.max(0, totalCount - offers.length);
  const headingId = `group-${group.categoryId}`;

  useEffect(() => {
    if (firstAdded !== undefined) gridRef.current?.querySelector<HTMLElement>(`[data-offer-id="${firstAdded}"] .offer-card-title a`)?.focus();
  }, [firstAdded]);

  const loadMore = async () => {
    if (loading) return;
    setLoading(true);
    try {
      const pageNo = Math.floor(offers.length / CATEGORY_GROUP_PAGE_SIZE) + 1;
      const [answer] = await fetchCategoryGroups(bankId, [group.categoryId], pageNo, CATEGORY_GROUP_PAGE_SIZE);
      const shown = new Set(offers.map((offer) => offer.offerId));
      const added = (answer?.offers ?? []).filter((offer) => !shown.has(offer.offerId));
      setOffers([...offers, ...added]);
      // An empty page means the group has shrunk since the build: what is shown is all there is.
      setTotalCount(added.length > 0 && answer ? answer.totalCount : offers.length);
      setFirstAdded(added[0]?.offerId);
    } catch (error) {
      showNotice({ kind: 'danger', title: group.categoryName, text: failureText(error) });
    } finally {
      setLoading(false);
    }
  };

  return (
    <section className="category-group" aria-labelledby={headingId} data-category-group={group.categoryId}>
      <h2 id={headingId}>{group.categoryName} <span className="category-group-count">({totalCount})</span></h2>
      <div className="grid" ref={gridRef}>
        {offers.map((offer, i) => <OfferCard key={offer.offerId} offer={offer} aboveFold={first && i < ABOVE_FOLD_CARDS} />)}
      </div>
      {remaining > 0 && (hydrated
        ? (
          <p className="category-group-more">
            <button type="button" className="button secondary" onClick={() => void loadMore()} aria-busy={loading || undefined} data-load-more>
              {loading ? 'Loading…' : `Load more offers (${remaining})`}
            </button>
          </p>
        )
        : <p className="category-group-more"><a href={group.seeAllPath}>See all {totalCount} {group.categoryName.toLowerCase()} offers</a></p>)}
    </section>
  );
}
