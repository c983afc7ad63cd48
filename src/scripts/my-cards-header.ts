// Every page's My Cards: the header's control and the "Your card" marks. Started by
// src/components/SiteHeader.astro once the page is idle when the visitor keeps cards, and otherwise
// once cards come or the control is pressed: until then the build's HTML ("Add your cards", no
// marks) is what it would draw.
import { openMyCards } from '../islands/my-cards/open-my-cards.ts';
import { startMyCardsButton } from './my-cards-button.ts';
import { startYourCardMarks } from './your-card-marks.ts';

let started = false;

/** `openDialog`: started by a press on the control, which its own listener came too late to hear. */
export function startMyCardsHeader({ openDialog = false } = {}): void {
  if (!started) {
    started = true;
    startMyCardsButton();
    startYourCardMarks();
  }
  if (openDialog) openMyCards();
}
