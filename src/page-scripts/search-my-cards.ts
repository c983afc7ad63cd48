// My Cards in the header search (src/page-scripts/site-search.ts loads it with Pagefind's UI): each
// offer page gives its card rule as the result's `cards` meta; results the visitor's cards can use
// are marked, and 'My cards only' hides the others, loading more results while too few are left.
import { cardRuleFrom, someCardCanUse } from '../lib/card-match.ts';
import { $myCards } from '../stores/my-cards.ts';

/** Each result's card rule, by its URL's path (without a trailing slash), as processResult saw it. */
const cardRules = new Map<string, string>();
const pathOf = (url: string) => new URL(url, location.href).pathname.replace(/\/$/, '');
/** Pagefind UI shows this many results before its 'Load more results'. */
const RESULTS_PER_PAGE = 5;
/** 'My cards only' asks for at most this many more pages of results at a time. */
const MORE_PAGES_MAX = 10;

function markResults(container: HTMLElement) {
  const cards = $myCards.get();
  for (const result of container.querySelectorAll<HTMLElement>('.pagefind-ui__result')) {
    const link = result.querySelector<HTMLAnchorElement>('a[href]');
    const rule = link ? cardRuleFrom(cardRules.get(pathOf(link.href))) : undefined;
    result.toggleAttribute('data-your-card', Boolean(rule && cards.length && someCardCanUse(cards, rule)));
  }
}

/** With 'My cards only', too few results to see: Pagefind UI's 'Load more results', a few times. */
function fillMineOnly(dialog: HTMLElement, container: HTMLElement, pagesAsked: { count: number }) {
  if (!dialog.hasAttribute('data-mine-only') || pagesAsked.count >= MORE_PAGES_MAX) return;
  const visible = container.querySelectorAll('.pagefind-ui__result[data-your-card]').length;
  const more = container.querySelector<HTMLButtonElement>('.pagefind-ui__button');
  if (visible < RESULTS_PER_PAGE && more) {
    pagesAsked.count++;
    more.click();
  }
}

/**
 * Marks the results, keeps 'My cards only' working, and returns what the UI's processResult calls
 * with each result to keep its card rule.
 */
export function setUpSearchMyCards(
  dialog: HTMLElement,
  container: HTMLElement,
): (result: { url: string; meta?: Record<string, string> }) => void {
  const line = dialog.querySelector<HTMLElement>('[data-search-mine]');
  const mineOnly = line?.querySelector<HTMLInputElement>('[data-search-mine-only]');
  // The link shown is the canonical URL (meta url); Pagefind's own ends with a slash.
  const remember = (result: { url: string; meta?: Record<string, string> }) => {
    if (result.meta?.cards) cardRules.set(pathOf(result.meta.url ?? result.url), result.meta.cards);
  };
  if (!line || !mineOnly) return remember;
  const pagesAsked = { count: 0 };
  const update = () => {
    markResults(container);
    fillMineOnly(dialog, container, pagesAsked);
  };
  $myCards.subscribe((cards) => {
    line.hidden = cards.length === 0;
    if (cards.length === 0) mineOnly.checked = false;
    dialog.toggleAttribute('data-mine-only', mineOnly.checked);
    markResults(container);
  });
  mineOnly.addEventListener('change', () => {
    dialog.toggleAttribute('data-mine-only', mineOnly.checked);
    pagesAsked.count = 0;
    update();
  });
  // A new search starts the count of pages asked again; each change of the results is marked.
  container.addEventListener('input', () => {
    pagesAsked.count = 0;
  });
  new MutationObserver(update).observe(container, { childList: true, subtree: true });
  return remember;
}
