// The "Your card" mark on every offer card a visitor's cards can use, on every list: the build's
// HTML and the lists the islands load alike, and on a merchant page's week strip. Each carries its
// offer's card rule (data-cards, OfferCard.tsx); the mark is an attribute (data-your-card) that CSS draws.
import { cardRuleFrom, someCardCanUse } from '../lib/card-match.ts';
import { $myCards } from '../stores/my-cards.ts';

const CARDS = '.offer-card[data-cards], .week-entry[data-cards]';

function mark(cards: Iterable<HTMLElement>) {
  const mine = $myCards.get();
  for (const card of cards) {
    const rule = cardRuleFrom(card.dataset.cards);
    card.toggleAttribute('data-your-card', Boolean(rule && mine.length && someCardCanUse(mine, rule)));
  }
}

export function startYourCardMarks(): void {
  $myCards.subscribe(() => mark(document.querySelectorAll<HTMLElement>(CARDS)));
  // Cards the islands add later (Load more, a filter, a strip).
  new MutationObserver((changes) => {
    if (!$myCards.get().length) return;
    for (const change of changes) {
      for (const node of change.addedNodes) {
        if (!(node instanceof HTMLElement)) continue;
        mark(node.matches(CARDS) ? [node] : node.querySelectorAll<HTMLElement>(CARDS));
      }
    }
  }).observe(document.body, { childList: true, subtree: true });
}
