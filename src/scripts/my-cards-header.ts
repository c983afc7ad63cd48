// Every page's My Cards: the header's control and the "Your card" marks, started once the page is
// idle (src/components/SiteHeader.astro).
import { startMyCardsButton } from './my-cards-button.ts';
import { startYourCardMarks } from './your-card-marks.ts';

export function startMyCardsHeader(): void {
  startMyCardsButton();
  startYourCardMarks();
}
