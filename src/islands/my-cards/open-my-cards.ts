// Opens the My Cards dialog from anywhere (the header, the filter bar, an empty list), loading its
// code on the first press.
import { afterNextPaint } from '../../lib/after-paint.ts';

export function openMyCards(): void {
  // The press paints first (INP): asking for the code appends a preload link for each of its
  // files and its stylesheet, tens of milliseconds on a slow phone.
  void afterNextPaint().then(() => import('./mount-my-cards.tsx')).then(({ showMyCardsDialog }) => showMyCardsDialog());
}
