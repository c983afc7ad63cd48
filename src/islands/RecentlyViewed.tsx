// The recently-viewed strips (spec §2 Home, Bank offers page; §9): 'Your recently viewed offers'
// and the banks this browser opened, newest first, from src/stores/recently-viewed.ts. Each strip
// shows 3 until 'View all' ('View less' folds it again): a row of cards on wide screens, a slider of
// one card at a time (keen-slider) under 768px. What is kept in the browser shows only after
// hydration, so the build's HTML (and a first visit) has nothing here; the strips' code (and
// keen-slider) loads only when there is something to show (RecentStrips.tsx).
import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { m } from '../paraglide/messages.js';
import { $recentBanks, $recentOffers } from '../stores/recently-viewed.ts';
import { RECENT_STRIPS_OFFLINE_CLASS } from './recent-strips-offline.ts';
import type { RecentStripKind } from './RecentStrips.tsx';
import { useHydrated } from './ui/use-hydrated.ts';

/** Offline, code never fetched: a note in place of the strips (recent-strips-offline.ts). */
const RecentStripsOffline: typeof import('./RecentStrips.tsx').default = () => (
  <p className={RECENT_STRIPS_OFFLINE_CLASS}>{m.browse_recent_offline()}</p>
);
const RecentStrips = lazy(() => import('./RecentStrips.tsx').catch(() => ({ default: RecentStripsOffline })));

interface Props {
  /** Which strips to show, in this order. */
  strips?: RecentStripKind[];
  headingLevel?: 'h2' | 'h3';
}

export default function RecentlyViewed({ strips = ['offers', 'banks'], headingLevel = 'h2' }: Props) {
  const hydrated = useHydrated();
  const offers = useStore($recentOffers);
  const banks = useStore($recentBanks);
  if (!hydrated) return null;
  const kinds = strips.filter((kind) => (kind === 'offers' ? offers : banks).length > 0);
  if (kinds.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <RecentStrips kinds={kinds} offers={offers} banks={banks} headingLevel={headingLevel} />
    </Suspense>
  );
}
