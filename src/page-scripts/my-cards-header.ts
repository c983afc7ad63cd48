// Every page's My Cards: the header's control and the "Your card" marks. Started once by
// src/components/SiteHeader.astro, which also hears the control's presses: once the page is idle when
// the visitor keeps cards, and otherwise once cards come or the control is pressed. Until then the
// build's HTML ("Add your cards", no marks) is what it would draw.
import { startMyCardsButton } from './my-cards-button.ts';
import { startYourCardMarks } from './your-card-marks.ts';

export { openMyCards } from '../islands/my-cards/open-my-cards.ts';

export function startMyCardsHeader(): void {
  startMyCardsButton();
  startYourCardMarks();
}
