// The bank page's 'Load more offers (n)' (spec §4: page = shown / CATEGORY_PAGE_SIZE + 1), loaded on
// the first press by src/page-scripts/bank-page.ts: the category's next page from the API, drawn by
// React after the build's cards. The button counts down the offers still unshown and goes at the end.
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { fetchCategoryGroups } from '../../client/catalogue.ts';
import { failureText } from '../../client/http.ts';
import { CATEGORY_PAGE_SIZE } from '../../contract/limits.ts';
import { afterNextPaint } from '../../lib/after-paint.ts';
import { m } from '../../paraglide/messages.js';
import OfferCard from '../offer-card/OfferCard.tsx';

const shownOfferIds = (cards: HTMLElement) =>
  new Set([...cards.querySelectorAll<HTMLElement>('article.offer-card')].map((card) => Number(card.dataset.offerId)));

/** Appends the next page of `section`'s category; `button` is its Load more, busy meanwhile. */
export async function loadMoreInCategory(
  section: HTMLElement,
  button: HTMLButtonElement,
  bankId: number,
): Promise<void> {
  const cards = section.querySelector<HTMLElement>('[data-category-cards]');
  const more = button.closest<HTMLElement>('[data-category-more]');
  if (!cards || !more) return;
  more.querySelector('[role="alert"]')?.remove();
  const shown = shownOfferIds(cards);
  try {
    const [group] = await fetchCategoryGroups(
      bankId,
      [Number(section.dataset.categoryGroup)],
      Math.floor(shown.size / CATEGORY_PAGE_SIZE) + 1,
      CATEGORY_PAGE_SIZE,
    );
    // An offer already shown (the list moved between pages) is not shown twice.
    const added = (group?.offers ?? []).filter((offer) => !shown.has(offer.offerId));
    const page = document.createElement('div');
    page.className = 'category-cards-page';
    cards.append(page);
    flushSync(() => createRoot(page).render(added.map((offer) => <OfferCard key={offer.offerId} offer={offer} />)));
    // An empty page means the end, whatever the total said.
    const remaining = added.length === 0 ? 0 : Math.max(0, (group?.totalCount ?? 0) - shown.size - added.length);
    const hadFocus = document.activeElement === button || document.activeElement === document.body;
    if (remaining > 0) button.textContent = m.browse_load_more({ count: remaining });
    else more.remove();
    // Focus moves on to the first new card once it has painted (focus() would lay the page out at once).
    if (hadFocus) void afterNextPaint().then(() => page.querySelector<HTMLElement>('.offer-card-title a')?.focus());
  } catch (error) {
    const alert = document.createElement('p');
    alert.setAttribute('role', 'alert');
    alert.className = 'category-more-problem';
    more.prepend(alert);
    // The text comes after the empty region is in the page, so that screen readers announce it.
    setTimeout(() => {
      alert.textContent = failureText(error);
    }, 0);
  }
}
