// Home's recently-viewed strips, mounted by home's page script only once the browser has something
// to show (src/pages/[...locale]/index.astro), so that a first visit loads no React for them.
import { createRoot } from 'react-dom/client';
import RecentlyViewed from './RecentlyViewed.tsx';

export function mountRecentStrips(container: HTMLElement): void {
  createRoot(container).render(<RecentlyViewed />);
}
