// Opens the My Cards dialog from anywhere (the header, the filter bar, an empty list), loading its
// code on the first press.
import { loadAfterPaint } from '../../lib/after-paint.ts';

export function openMyCards(): void {
  void loadAfterPaint(() => import('./mount-my-cards.tsx')).then(({ showMyCardsDialog }) => showMyCardsDialog());
}
