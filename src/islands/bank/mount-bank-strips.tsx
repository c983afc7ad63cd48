// The bank page's browser-only strips, mounted by src/page-scripts/bank-page.ts only when there is
// something to show, so that a guest's first visit loads no React: 'Your recently viewed offers'
// once the browser has any, and, for a signed-in visitor, 'Your favourites' with the notices of the
// favourite toggles (the page has no other island to show them).
import { createRoot } from 'react-dom/client';
import Notices from '../Notices.tsx';
import RecentlyViewed from '../RecentlyViewed.tsx';
import BankMyCardsList from './BankMyCardsList.tsx';
import FavoritesStrip from './FavoritesStrip.tsx';

export function mountRecentOffers(container: HTMLElement): void {
  createRoot(container).render(<RecentlyViewed strips={['offers']} headingLevel="h2" />);
}

export function mountFavoritesStrip(container: HTMLElement): void {
  createRoot(container).render(
    <>
      <FavoritesStrip />
      <Notices />
    </>,
  );
}

/** "My cards only": the bank's offers the visitor's cards can use, in place of the category rows. Returns the unmount. */
export function mountMyCardsList(
  container: HTMLElement,
  props: { bankId: number; bankName: string; categoryId?: number },
): () => void {
  const root = createRoot(container);
  root.render(<BankMyCardsList {...props} />);
  return () => root.unmount();
}
