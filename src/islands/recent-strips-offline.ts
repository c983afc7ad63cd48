// What stands in for the recently-viewed strips when their code cannot load (offline, before the
// service worker ever kept it): a short note that they will show online, rather than nothing or an error.
import { KEEP_RECENT_STRIPS_MESSAGE, type KeepRecentStripsMessage } from '../lib/recent-strips-message.ts';
import { m } from '../paraglide/messages.js';
import { getLocale } from '../paraglide/runtime.js';
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
 * Asks the service worker, once an offer is viewed, to keep the strips' code of the page's language
 * (in its /_astro/ cache): home and a bank page opened before then draw their strips offline too.
 * The worker fetches it, so the page itself loads no code it does not draw.
 */
export function keepRecentStripsCode(): void {
  if (asked || typeof navigator === 'undefined' || !navigator.serviceWorker) return;
  asked = true;
  const message: KeepRecentStripsMessage = { type: KEEP_RECENT_STRIPS_MESSAGE, locale: getLocale() };
  // ready: on a first visit the worker is installed after the page has loaded.
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(message));
}
let asked = false;
