// The header's My Cards control on every page: it shows how many cards the visitor keeps (or
// invites them to add some). Its presses open the My Cards dialog (src/components/SiteHeader.astro).
import { m } from '../paraglide/messages.js';
import { $myCards } from '../stores/my-cards.ts';

export function startMyCardsButton(): void {
  const buttons = document.querySelectorAll<HTMLButtonElement>('[data-my-cards-button]');
  $myCards.subscribe((cards) => {
    for (const button of buttons) {
      const label = button.querySelector('[data-my-cards-label]');
      if (label)
        label.textContent = cards.length ? m.browse_my_cards_count({ count: cards.length }) : m.header_add_your_cards(); // as the header's HTML
      // On a phone only the icon and this count show.
      const count = button.querySelector<HTMLElement>('[data-my-cards-count]');
      if (count) {
        count.textContent = String(cards.length);
        count.hidden = cards.length === 0;
      }
      button.setAttribute(
        'aria-label',
        cards.length ? m.browse_my_cards_chosen({ count: cards.length }) : m.header_my_cards_label(),
      );
      button.querySelector('[data-my-cards-count]')?.setAttribute('aria-hidden', 'true');
    }
  });
}
