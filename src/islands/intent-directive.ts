// client:intent, an Astro client directive (registered in astro.config.mjs, inlined into each page
// that uses it): the island hydrates when the visitor first shows they may use it, not as the page
// loads. Home's offer list is such an island. Its cards are already HTML, so React (about 66 KB
// gzipped) would otherwise load on every first visit to draw nothing.
//
// The signs of use: a pointer over or pressing the island, focus entering it, or the visitor
// scrolling or typing anywhere on the page. It hydrates at once when the page opens in a state
// the build's HTML cannot show: a query parameter, an attribute on <html> or a stored value that
// is named in its options. A button of the island pressed before it has hydrated is held. It shows
// as busy and is pressed again once the island has marked itself working (HYDRATED_ATTRIBUTE).
// A sort or other <select> changed meanwhile is given its change again then. The build's static
// children (an astro-slot) are not the island's, and their buttons are never held.
import type { ClientDirective } from 'astro';

export interface IntentDirectiveOptions {
  /** Hydrate at once when the page's URL has one of these query parameters (a shared filter). */
  queryParams?: readonly string[];
  /** ... or <html> has one of these attributes (a signed-in visitor's page). */
  htmlAttributes?: readonly string[];
  /** ... or localStorage holds a value other than an empty list under one of these keys. */
  storageKeys?: readonly string[];
}

/** The island's component sets it on an element of its own once its controls work (after its mount effects). */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';
/** How long a held press waits for that mark after hydration, at most: a press is never held for ever. */
const MARK_WAIT_MS = 5_000;

const ISLAND_SIGNS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;
const PAGE_SIGNS = ['scroll', 'wheel', 'keydown'] as const;
const EMPTY_STORED = new Set([null, '', '[]', 'null']);

function openedInOwnState({ queryParams = [], htmlAttributes = [], storageKeys = [] }: IntentDirectiveOptions) {
  const query = new URLSearchParams(location.search);
  const stored = (key: string) => {
    try {
      return !EMPTY_STORED.has(localStorage.getItem(key));
    } catch {
      return false; // no storage: nothing stored
    }
  };
  return (
    queryParams.some((name) => query.has(name)) ||
    htmlAttributes.some((name) => document.documentElement.hasAttribute(name)) ||
    storageKeys.some(stored)
  );
}

/** Settles once an element in `island` carries HYDRATED_ATTRIBUTE, or after MARK_WAIT_MS. */
function marked(island: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    if (island.querySelector(`[${HYDRATED_ATTRIBUTE}]`)) return resolve();
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new MutationObserver(() => {
      if (island.querySelector(`[${HYDRATED_ATTRIBUTE}]`)) done();
    });
    observer.observe(island, { subtree: true, attributes: true, attributeFilter: [HYDRATED_ATTRIBUTE] });
    const timer = setTimeout(done, MARK_WAIT_MS);
  });
}

const intentDirective: ClientDirective = (load, options, island) => {
  const settings = (typeof options.value === 'object' ? options.value : {}) as IntentDirectiveOptions;
  let started = false;
  let heldButton: HTMLButtonElement | undefined;
  let changed: { select: HTMLSelectElement; value: string } | undefined;
  const islandOwn = (target: EventTarget | null) =>
    target instanceof Element && island.contains(target) && !target.closest('astro-slot');

  const holdPress = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !islandOwn(button)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    heldButton?.removeAttribute('aria-busy');
    heldButton = button;
    button.setAttribute('aria-busy', 'true');
    start();
  };
  const keepChange = (event: Event) => {
    if (!(event.target instanceof HTMLSelectElement) || !islandOwn(event.target)) return;
    changed = { select: event.target, value: event.target.value };
    start();
  };
  const signOfUse = () => start();

  const listen = (on: boolean) => {
    const method = on ? 'addEventListener' : 'removeEventListener';
    for (const type of ISLAND_SIGNS) island[method](type, signOfUse, { passive: true });
    for (const type of PAGE_SIGNS) window[method](type, signOfUse, { passive: true });
  };
  const holding = (on: boolean) => {
    if (on) {
      island.addEventListener('click', holdPress, true);
      island.addEventListener('change', keepChange, true);
    } else {
      island.removeEventListener('click', holdPress, true);
      island.removeEventListener('change', keepChange, true);
    }
  };

  const giveHeld = () => {
    holding(false);
    const [button, change] = [heldButton, changed];
    heldButton = changed = undefined;
    button?.removeAttribute('aria-busy');
    if (change?.select.isConnected) {
      change.select.value = change.value;
      change.select.dispatchEvent(new Event('change', { bubbles: true }));
    }
    if (button?.isConnected) button.click();
  };

  function start() {
    if (started) return;
    started = true;
    listen(false);
    load()
      .then((hydrate) => hydrate())
      .then(() => marked(island))
      .then(giveHeld, (error: unknown) => {
        // The code did not load (offline, say): the next sign of use tries again.
        heldButton?.removeAttribute('aria-busy');
        heldButton = changed = undefined;
        started = false;
        listen(true);
        console.error(error);
      });
  }

  holding(true);
  if (openedInOwnState(settings)) start();
  else listen(true);
};

export default intentDirective;
