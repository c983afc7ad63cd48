// Opens the search dialog and, the first time, loads Pagefind's UI and stylesheet from the build's
// /pagefind/ folder (written by the pagefind step of the site build), with My Cards' part of the
// results (src/page-scripts/search-my-cards.ts) and its texts in the page's language (pagefind-texts.ts).
import { searchFilterName } from '../lib/search-filters.ts';
import { m } from '../paraglide/messages.js';

const PAGEFIND_PATH = '/pagefind/';
/** Where the bank and category filters start open; on phones they would push results off screen. */
const WIDE_SCREEN = '(min-width: 768px)';

declare global {
  interface Window {
    PagefindUI?: new (options: Record<string, unknown>) => unknown;
  }
}

let loading: Promise<void> | undefined;

type SearchResult = { url: string; meta?: Record<string, string> };
/** The metas Pagefind UI uses itself; it shows every other one as a 'Name: value' tag. */
const UI_METAS = ['title', 'image', 'image_alt', 'url'];
/** An offer page's metas a result shows (src/pages/…/[offerId].astro), by their names in the page's language. */
const RESULT_FACTS = [
  ['bank', m.search_result_bank],
  ['merchant', m.search_result_merchant],
  ['rate', m.search_result_rate],
  ['dates', m.search_result_dates],
] as const;

/** The result's metas as it shows them: its bank, merchant, rate and dates, named in the page's language; no card rule. */
function shownMeta(meta: Record<string, string> = {}): Record<string, string> {
  const shown = Object.fromEntries(UI_METAS.filter((name) => name in meta).map((name) => [name, meta[name]!]));
  for (const [name, label] of RESULT_FACTS) if (meta[name]) shown[label()] = meta[name];
  return shown;
}

function loadPagefindUi(dialog: HTMLElement, container: HTMLElement): Promise<void> {
  loading ??= Promise.all([import('./search-my-cards.ts'), import('./pagefind-texts.ts')]).then(
    ([{ setUpSearchMyCards }, { pagefindTranslations }]) =>
      new Promise<void>((resolve, reject) => {
        const rememberCards = setUpSearchMyCards(dialog, container);
        const style = document.createElement('link');
        style.rel = 'stylesheet';
        style.href = `${PAGEFIND_PATH}pagefind-ui.css`;
        document.head.append(style);
        const script = document.createElement('script');
        script.src = `${PAGEFIND_PATH}pagefind-ui.js`;
        script.onload = () => {
          if (!window.PagefindUI) return reject(new Error('Pagefind UI did not load'));
          new window.PagefindUI({
            element: container,
            showSubResults: false,
            showImages: true,
            autofocus: true,
            openFilters: matchMedia(WIDE_SCREEN).matches
              ? [searchFilterName('bank'), searchFilterName('category')]
              : [],
            translations: pagefindTranslations(),
            processResult: (result: SearchResult) => {
              rememberCards(result);
              return { ...result, meta: shownMeta(result.meta) };
            },
          });
          resolve();
        };
        script.onerror = () => reject(new Error('Pagefind UI could not be loaded'));
        document.head.append(script);
      }),
  );
  return loading;
}

export function setUpSiteSearch() {
  const open = document.querySelector<HTMLButtonElement>('[data-search-open]');
  const dialog = document.querySelector<HTMLDialogElement>('[data-search-dialog]');
  const container = dialog?.querySelector<HTMLElement>('[data-search-ui]');
  if (!open || !dialog || !container) return;
  open.disabled = false;
  const show = async () => {
    dialog.showModal();
    try {
      await loadPagefindUi(dialog, container);
      container.querySelector<HTMLInputElement>('input')?.focus();
    } catch {
      loading = undefined; // try again on the next open
      container.textContent = m.browse_search_unavailable();
    }
  };
  open.addEventListener('click', () => void show());
  dialog.querySelector('[data-search-close]')?.addEventListener('click', () => dialog.close());
  // A click on the backdrop (outside the dialog's box) closes it.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  // '/' opens search from anywhere but a text field, as on most sites.
  addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement;
    if (event.key === '/' && !dialog.open && !target.closest('input, textarea, select, [contenteditable]')) {
      event.preventDefault();
      void show();
    }
  });
}
