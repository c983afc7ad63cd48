// Opens the search dialog and, the first time, loads Pagefind's UI and stylesheet from the build's
// /pagefind/ folder (written by the pagefind step of the site build). My Cards: each offer page
// gives its card rule as the result's `cards` meta; results the visitor's cards can use are marked,
// and 'My cards only' hides the others, loading more results while too few are left to see.
import { cardRuleFrom, someCardCanUse } from '../lib/card-match.ts';
import { $myCards } from '../stores/my-cards.ts';

const PAGEFIND_PATH = '/pagefind/';
/** Where the bank and category filters start open; on phones they would push results off screen. */
const WIDE_SCREEN = '(min-width: 768px)';

declare global {
  interface Window { PagefindUI?: new (options: Record<string, unknown>) => unknown }
}

let loading: Promise<void> | undefined;

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

function setUpMyCards(dialog: HTMLElement, container: HTMLElement) {
  const line = dialog.querySelector<HTMLElement>('[data-search-mine]');
  const mineOnly = line?.querySelector<HTMLInputElement>('[data-search-mine-only]');
  if (!line || !mineOnly) return;
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
  container.addEventListener('input', () => { pagesAsked.count = 0; });
  new MutationObserver(update).observe(container, { childList: true, subtree: true });
}

function loadPagefindUi(container: HTMLElement): Promise<void> {
  loading ??= new Promise<void>((resolve, reject) => {
    const style = document.createElement('link');
    style.rel = 'stylesheet';
    style.href = `${PAGEFIND_PATH}pagefind-ui.css`;
    document.head.append(style);
    const script = document.createElement('script');
    script.src = `${PAGEFIND_PATH}pagefind-ui.js`;
    script.onload = () => {
      if (!window.PagefindUI) return reject(new Error('Pagefind UI did not load'));
      new window.PagefindUI({
        element: container, showSubResults: false, showImages: true, autofocus: true, openFilters: matchMedia(WIDE_SCREEN).matches ? ['bank', 'category'] : [],
        processResult: (result: { url: string; meta?: Record<string, string> }) => {
          // The link shown is the canonical URL (meta url); Pagefind's own ends with a slash.
          if (result.meta?.cards) cardRules.set(pathOf(result.meta.url ?? result.url), result.meta.cards);
          return result;
        },
      });
      resolve();
    };
    script.onerror = () => reject(new Error('Pagefind UI could not be loaded'));
    document.head.append(script);
  });
  return loading;
}

export function setUpSiteSearch() {
  const open = document.querySelector<HTMLButtonElement>('[data-search-open]');
  const dialog = document.querySelector<HTMLDialogElement>('[data-search-dialog]');
  const container = dialog?.querySelector<HTMLElement>('[data-search-ui]');
  if (!open || !dialog || !container) return;
  open.disabled = false;
  setUpMyCards(dialog, container);
  const show = async () => {
    dialog.showModal();
    try {
      await loadPagefindUi(container);
      container.querySelector<HTMLInputElement>('input')?.focus();
    } catch {
      loading = undefined; // try again on the next open
      container.textContent = 'Search is not available right now. Please try again later.';
    }
  };
  open.addEventListener('click', () => void show());
  dialog.querySelector('[data-search-close]')?.addEventListener('click', () => dialog.close());
  // A click on the backdrop (outside the dialog's box) closes it.
  dialog.addEventListener('click', (event) => { if (event.target === dialog) dialog.close(); });
  // '/' opens search from anywhere but a text field, as on most sites.
  addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement;
    if (event.key === '/' && !dialog.open && !target.closest('input, textarea, select, [contenteditable]')) {
      event.preventDefault();
      void show();
    }
  });
}
