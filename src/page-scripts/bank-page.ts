// The bank page's plain-DOM part (spec §2 'Bank offers page', §4 'Bank page', §9): remembers the
// visit for the recently-viewed strips, keeps the category the visitor came from so that 'Clear
// all' restores it, makes each category's 'Load more offers (n)' work (its code loads on the first
// press), gives a row of more than CATEGORY_CHIPS_BEFORE_SLIDER chips its arrows, brings
// the build's offer cards to life (src/page-scripts/static-cards.ts), shows the bank's live favourites
// count, and mounts the browser-only strips (recently viewed, favourites) when they have something
// to show, and "My cards only". The page hydrates no island at load: a guest's first visit loads no React.
// The chips are links, so all of it is extra: without JavaScript they still lead to each
// category's page, and 'Clear all' to all categories.
import type { ReadableAtom } from 'nanostores';
import { openAlertMe } from '../islands/alerts/open-alert-me.ts';
import { loadAfterPaint, showLoadFailure } from '../lib/after-paint.ts';
import { openMyCards } from '../islands/my-cards/open-my-cards.ts';
import { showRecentStripsOffline } from '../islands/recent-strips-offline.ts';
import { m } from '../paraglide/messages.js';
import { $myCards } from '../stores/my-cards.ts';
import { FILTER_QUERY_PARAMS, NO_FILTER } from '../stores/offer-filters.ts';
import { $recentOffers, rememberBankView } from '../stores/recently-viewed.ts';
import { $isSignedIn } from '../stores/session.ts';
import { showLiveBankFavourites } from './bank-favourites.ts';
import { startStaticCards } from './static-cards.ts';

/** In sessionStorage: the page (a bank × category path) the visitor left by choosing a chip. */
const PREVIOUS_CATEGORY_KEY = 'offerlanka:bankPreviousCategory';

interface PreviousCategory {
  bankId: number;
  path: string;
}

function readPrevious(): PreviousCategory | undefined {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(PREVIOUS_CATEGORY_KEY) ?? 'null');
    if (
      typeof value === 'object' &&
      value !== null &&
      'bankId' in value &&
      'path' in value &&
      typeof value.bankId === 'number' &&
      typeof value.path === 'string' &&
      value.path.startsWith('/')
    ) {
      return { bankId: value.bankId, path: value.path };
    }
  } catch {
    /* no storage, or not ours: no previous category */
  }
  return undefined;
}

function keepPrevious(previous: PreviousCategory) {
  try {
    sessionStorage.setItem(PREVIOUS_CATEGORY_KEY, JSON.stringify(previous));
  } catch {
    /* storage refused: 'Clear all' goes to all categories */
  }
}

/** Choosing a chip saves the category shown now; 'Clear all' leads back to it (spec §4). */
function followPreviousCategory(root: HTMLElement, bankId: number) {
  root.querySelector('[data-category-chips]')?.addEventListener('click', (event) => {
    const chip = (event.target as Element).closest<HTMLAnchorElement>('a[href]:not([data-clear-all])');
    if (chip && chip.pathname !== location.pathname) keepPrevious({ bankId, path: location.pathname });
  });
  const clearAll = root.querySelector<HTMLAnchorElement>('[data-clear-all]');
  const previous = readPrevious();
  if (clearAll && previous?.bankId === bankId && previous.path !== location.pathname) clearAll.href = previous.path;
}

/** The chip row scrolls sideways; its arrows move it by most of its width and grey out at its ends. */
function makeChipSlider(row: HTMLElement): void {
  const track = row.querySelector<HTMLElement>('[data-chip-track]');
  const previousButton = row.querySelector<HTMLButtonElement>('[data-chip-previous]');
  const nextButton = row.querySelector<HTMLButtonElement>('[data-chip-next]');
  if (!track || !previousButton || !nextButton) return;
  const showEnds = () => {
    const end = track.scrollWidth - track.clientWidth;
    previousButton.hidden = nextButton.hidden = end <= 1;
    previousButton.disabled = track.scrollLeft <= 1;
    nextButton.disabled = track.scrollLeft >= end - 1;
  };
  const smooth = matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
  const move = (direction: 1 | -1) => track.scrollBy({ left: direction * track.clientWidth * 0.8, behavior: smooth });
  previousButton.addEventListener('click', () => move(-1));
  nextButton.addEventListener('click', () => move(1));
  track.addEventListener('scroll', showEnds, { passive: true });
  // The chosen category in view from the start.
  const showSelected = () => {
    const selected = track.querySelector<HTMLElement>('[aria-current="page"]')?.closest('li');
    if (!selected) return;
    const [chip, row] = [selected.getBoundingClientRect(), track.getBoundingClientRect()];
    track.scrollLeft += chip.left - row.left - (track.clientWidth - chip.width) / 2;
  };
  // Sizes are read in the observer, which the browser calls after its layout: read as the script
  // runs, they would make it lay out the whole page at once, a long task on a phone.
  let sized = false;
  new ResizeObserver(() => {
    if (!sized) showSelected();
    sized = true;
    showEnds();
  }).observe(track);
  row.classList.add('is-slider');
}

/** Each category's 'Load more offers (n)': busy from the press until its page is in (src/islands/bank/more-offers.tsx). */
function setUpLoadMore(root: HTMLElement, bankId: number) {
  root.querySelector('[data-static-cards]')?.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button[data-load-more-category]');
    const section = button?.closest<HTMLElement>('[data-category-group]');
    if (!button || !section || button.getAttribute('aria-busy') === 'true') return;
    button.setAttribute('aria-busy', 'true');
    loadAfterPaint(() => import('../islands/bank/more-offers.tsx'))
      .then((more) => more.loadMoreInCategory(section, button, bankId), showLoadFailure)
      .finally(() => button.removeAttribute('aria-busy'));
  });
}

/**
 * Mounts one of the browser-only strips into `slot` the first time `store` has something to show;
 * `unavailable` draws what stands in for it when its code does not load (offline).
 */
function mountWhen<T>(
  store: ReadableAtom<T>,
  shows: (value: T) => boolean,
  slot: HTMLElement | null,
  mount: (strips: typeof import('../islands/bank/mount-bank-strips.tsx'), slot: HTMLElement) => void,
  unavailable?: (slot: HTMLElement) => void,
) {
  if (!slot) return;
  let mounted = false;
  const unsubscribe = store.subscribe((value) => {
    if (mounted || !shows(value)) return;
    mounted = true;
    queueMicrotask(() => unsubscribe()); // subscribe() calls back before it returns
    import('../islands/bank/mount-bank-strips.tsx').then(
      (strips) => mount(strips, slot),
      (error: unknown) => {
        if (unavailable) unavailable(slot);
        else console.error("The bank page's strips did not load", error);
      },
    );
  });
}

/**
 * "My cards only" (?mine=1, kept on reload and Back): the bank's offers the visitor's cards can
 * use, listed by an island loaded on first use, in place of the category rows. Without cards, the
 * line invites the visitor to add them.
 */
function setUpMyCardsOnly(root: HTMLElement, bank: { bankId: number; bankName: string; categoryId?: number }) {
  const line = root.querySelector<HTMLElement>('[data-bank-my-cards]');
  const toggle = line?.querySelector<HTMLButtonElement>('[data-my-cards-only]');
  const invite = line?.querySelector<HTMLElement>('[data-my-cards-invite]');
  const rows = root.querySelector<HTMLElement>('[data-static-cards]');
  const host = root.querySelector<HTMLElement>('[data-my-cards-list]');
  if (!line || !toggle || !invite || !rows || !host) return;
  let unmount: (() => void) | undefined;
  const show = (mine: boolean) => {
    toggle.setAttribute('aria-pressed', String(mine));
    rows.hidden = mine;
    host.hidden = !mine;
    if (mine && !unmount) {
      void import('../islands/bank/mount-bank-strips.tsx').then((strips) => {
        if (!unmount && !host.hidden) unmount = strips.mountMyCardsList(host, bank);
      });
    }
    if (!mine && unmount) {
      unmount();
      unmount = undefined;
    }
  };
  const mineInUrl = () => new URLSearchParams(location.search).get(FILTER_QUERY_PARAMS.mine) === '1';
  toggle.addEventListener('click', () => {
    const mine = toggle.getAttribute('aria-pressed') !== 'true';
    const url = new URL(location.href);
    if (mine) url.searchParams.set(FILTER_QUERY_PARAMS.mine, '1');
    else url.searchParams.delete(FILTER_QUERY_PARAMS.mine);
    history.pushState(history.state, '', url);
    show(mine);
  });
  line.querySelector('[data-my-cards-add]')?.addEventListener('click', () => openMyCards());
  addEventListener('popstate', () => show(mineInUrl()));
  $myCards.subscribe((cards) => {
    toggle.hidden = cards.length === 0 && !mineInUrl();
    invite.hidden = cards.length > 0;
  });
  line.hidden = false;
  show(mineInUrl());
}

export function setUpBankPage(): void {
  const root = document.querySelector<HTMLElement>('[data-bank-page]');
  if (!root) return;
  const { bankId, bankName, bankLogo } = root.dataset;
  if (!bankId || !bankName || !bankLogo) return;
  rememberBankView({ bankId: Number(bankId), bankName, logoURL: bankLogo });
  followPreviousCategory(root, Number(bankId));
  const row = root.querySelector<HTMLElement>('[data-chip-slider]');
  if (row) makeChipSlider(row);
  const cards = root.querySelector<HTMLElement>('[data-static-cards]');
  if (cards) startStaticCards(cards);
  setUpLoadMore(root, Number(bankId));
  showLiveBankFavourites(Number(bankId));
  mountWhen(
    $recentOffers,
    (offers) => offers.length > 0,
    root.querySelector('[data-recent-offers]'),
    (strips, slot) => strips.mountRecentOffers(slot),
    showRecentStripsOffline,
  );
  mountWhen($isSignedIn, Boolean, root.querySelector('[data-favorites-strip]'), (strips, slot) =>
    strips.mountFavoritesStrip(slot),
  );
  const categoryId = root.dataset.categoryId ? Number(root.dataset.categoryId) : undefined;
  setUpMyCardsOnly(root, { bankId: Number(bankId), bankName, categoryId });
  // "Alert me" follows the page's list: the bank, its category, and My cards only when it is on.
  root.querySelector('[data-alert-me]')?.addEventListener('click', () => {
    const mine = new URLSearchParams(location.search).get(FILTER_QUERY_PARAMS.mine) === '1';
    const label = [bankName, root.dataset.categoryName, mine ? m.browse_my_cards_only() : '']
      .filter(Boolean)
      .join(' · ');
    openAlertMe({
      label,
      filter: { ...NO_FILTER, bankIds: [Number(bankId)], categoryIds: categoryId ? [categoryId] : [], mine },
    });
  });
}
