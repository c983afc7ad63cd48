// What stands in for the recently-viewed strips when their code cannot load (offline, before the
// service worker ever kept it): a short note that they will show online, rather than nothing or an error.
import { m } from '../paraglide/messages.js';
import recentStripsCss from './RecentlyViewed.css?url';

/**
 * The strips' stylesheet, by URL: Astro would inline CSS imported as CSS into every page that could
 * ever load the strips, though a first visit draws none.
 */
export const RECENT_STRIPS_CSS = recentStripsCss;

export const RECENT_STRIPS_OFFLINE_CLASS = 'recent-strips-offline';

/** Puts the note in `slot`, in place of the strips. */
export function showRecentStripsOffline(slot: HTMLElement): void {
  const note = document.createElement('p');
  note.className = RECENT_STRIPS_OFFLINE_CLASS;
  note.textContent = m.browse_recent_offline();
  slot.replaceChildren(note);
}

/**
 * Fetches the strips' code once an offer is viewed, so that the service worker keeps it (its
 * /_astro/ cache): home and a bank page opened before then draw their strips offline too.
 */
export function keepRecentStripsCode(): void {
  // Only a worker keeps it; without one, a page loads no code it does not draw.
  if (kept || typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
  kept = true;
  const fetchCode = () =>
    void Promise.all([
      import('./mount-recent-strips.tsx'),
      import('./bank/mount-bank-strips.tsx'),
      import('./RecentStrips.tsx'),
      import('keen-slider'),
      fetch(RECENT_STRIPS_CSS).then((response) => response.blob()),
    ]).catch(() => {
      kept = false;
    });
  if ('requestIdleCallback' in window) requestIdleCallback(fetchCode);
  else setTimeout(fetchCode, 0);
}
let kept = false;
