// The installable site (web app manifests, src/pages/[...locale]/manifest.webmanifest.ts): its colours and icons,
// one definition for the manifest, the pages' <head> (BaseLayout.astro) and the icon renderer
// (scripts/make-icons.ts).
/** The English manifest; each language has its own at its localePath. */
export const WEB_APP_MANIFEST_PATH = '/manifest.webmanifest';
/** The header's blue: the browser's and the installed app's title bar. */
export const THEME_COLOR = '#0b4f9c';
/** The splash screen of the installed app while the first page loads. */
export const BACKGROUND_COLOR = '#ffffff';
export const APP_ICONS = [
  { src: '/icons/icon-192.png', size: 192, purpose: 'any' },
  { src: '/icons/icon-512.png', size: 512, purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', size: 512, purpose: 'maskable' },
] as const;
/** The service worker (src/service-worker/sw.ts, written into each build by src/server/site/service-worker.ts). */
export const SERVICE_WORKER_PATH = '/sw.js';
/**
 * How long after the page's load event the service worker is registered, at the browser's next idle
 * moment. Its install (its script, the precache's requests and writes) takes a slow phone's cores for
 * about as long as the page's own code does at load: on two cores it made the offer page's main thread
 * take about an eighth longer. By then the page's own start (its scripts after the first paint, its
 * API calls, the islands near the screen) is over; a visitor who leaves sooner gets it on the next page.
 */
export const SERVICE_WORKER_DELAY_MS = 3_000;
/** The offline page (src/pages/[...locale]/offline.astro), which the worker shows for a page it does not hold. */
export const OFFLINE_PAGE_PATH = '/offline/';
