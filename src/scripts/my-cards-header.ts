// Every page's My Cards: the header's control and the "Your card" marks, started once the page is
// idle, or at once by an earlier press on the control (src/components/SiteHeader.astro).
import { openMyCards } from '../islands/my-cards/open-my-cards.ts';
import { startMyCardsButton } from './my-cards-button.ts';
import { startYourCardMarks } from './your-card-marks.ts';

/** `openDialog`: started by a press on the control, which its own listener came too late to hear. */
export function startMyCardsHeader({ openDialog = false } = {}): void {
  startMyCardsButton();
  startYourCardMarks();
  if (openDialog) openMyCards();
}
