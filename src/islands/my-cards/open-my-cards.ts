// Opens the My Cards dialog from anywhere (the header, the filter bar, an empty list), loading its
// code on the first press.
import { openAfterPaint } from '../../lib/after-paint.ts';

export function openMyCards(): void {
  openAfterPaint(
    () => import('./mount-my-cards.tsx'),
    ({ showMyCardsDialog }) => showMyCardsDialog(),
  );
}
