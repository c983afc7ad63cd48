// The site's service worker (Serwist), bundled and given its precache list by each build
// (src/server/site/service-worker.ts). What it keeps, and why each way:
// - pages (HTML): network first, its cache only when the network fails or is slow, so a new build's
//   pages show as soon as they are out; a page never opened shows the precached offline page;
// - /_astro/ files: named by their content, so cache first, and kept across builds so that a page
//   cached by an older build still finds its own code (never a mix of two builds' files);
// - images: cache first, only those any visitor may be sent (no Authorization, not no-store);
// - a signed-in user's favourites, user and My Cards: network first into a cache of that session
//   alone (lib/offline-caches.ts personalCacheName), which the pages clear at logout. No other API answer is kept.
// A new build's worker takes over at once (skipWaiting, clientsClaim) and drops the caches that
// are not its own; its precache holds the offline page of each language, each language's manifest and the icons.
import {
  cacheNames,
  CacheFirst,
  ExpirationPlugin,
  NetworkFirst,
  Serwist,
  type PrecacheEntry,
  type SerwistPlugin,
} from 'serwist';
import {
  ASSETS_CACHE,
  CACHE_PREFIX,
  clearPersonalCaches,
  IMAGES_CACHE,
  PAGES_CACHE,
  PERSONAL_CACHE_PREFIX,
  personalCacheName,
} from '../lib/offline-caches.ts';
import { codeReferences } from '../lib/code-references.ts';
import { KEEP_RECENT_STRIPS_MESSAGE, type KeepRecentStripsMessage } from '../lib/recent-strips-message.ts';
import { OFFLINE_PAGE_PATH } from '../lib/web-app.ts';

// The worker's global scope, as far as this file uses it. Declared here rather than with the
// "webworker" lib, whose types would replace the DOM's in the rest of the project's typecheck.
interface WorkerEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface WorkerMessageEvent extends WorkerEvent {
  data: unknown;
  ports: readonly MessagePort[];
}
declare const self: {
  __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  location: Location;
  clients: { matchAll(options: { type: 'window' }): Promise<readonly { url: string }[]> };
  addEventListener(type: 'activate', listener: (event: WorkerEvent) => void): void;
  addEventListener(type: 'message', listener: (event: WorkerMessageEvent) => void): void;
};
/** The build that wrote this worker (esbuild's define): a new build is a new worker. */
declare const __SW_BUILD__: string;

/**
 * The offline page of each language, as precached (injectManifest names them by their files):
 * '/si/offline/index.html', '/ta/offline/index.html', then '/offline/index.html' (esbuild's define).
 */
declare const __OFFLINE_PAGES__: string[];
/** The pages an offline page stands for: those under its language's folder ('/si/'), the base language's for all. */
const offlineFallback = (page: string) => {
  const folder = page.slice(0, page.length - `${OFFLINE_PAGE_PATH}index.html`.length + 1);
  return {
    url: page,
    matcher: ({ request }: { request: Request }) => {
      if (request.mode !== 'navigate') return false;
      const { pathname } = new URL(request.url);
      return pathname.startsWith(folder) || `${pathname}/` === folder;
    },
  };
};
/** A slow network answers from the cache after this long; the network's answer still refreshes it. */
const PAGE_NETWORK_TIMEOUT_SECONDS = 4;
const DAY_SECONDS = 24 * 60 * 60;
/** The signed-in user's own answers kept for offline use (paths under the main API's base). */
const PERSONAL_PATHS = /\/(?:get\/offer\/favorite\/by\/\d+|get\/user\/by\/\d+|user\/cards)$/;
/** Each language's files of the recently-viewed strips, as the build found them (esbuild's define). */
declare const __RECENT_STRIPS_CODE__: Record<string, string[]>;
/** How many files keeping an open page's code may fetch at most: a bound on what a first visit costs in the background. */
const OPEN_PAGE_FETCHES = 150;

/** Only answers that any visitor may be sent, as the server said: 200, and not no-store or private. */
const sharedOnly: SerwistPlugin = {
  cacheWillUpdate: async ({ response }) => {
    const cacheControl = response.headers.get('cache-control') ?? '';
    return response.status === 200 && !/no-store|private/i.test(cacheControl) ? response : null;
  },
};

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: { cleanupOutdatedCaches: true },
  cacheId: CACHE_PREFIX,
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: true,
  disableDevLogs: true,
  runtimeCaching: [
    {
      matcher: ({ request, sameOrigin }) => sameOrigin && request.mode === 'navigate',
      handler: new NetworkFirst({
        cacheName: PAGES_CACHE,
        networkTimeoutSeconds: PAGE_NETWORK_TIMEOUT_SECONDS,
        plugins: [
          sharedOnly,
          {
            cacheWillUpdate: async ({ response }) =>
              (response.headers.get('content-type') ?? '').startsWith('text/html') ? response : null,
          },
          new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * DAY_SECONDS }),
        ],
      }),
    },
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/_astro/'),
      handler: new CacheFirst({
        cacheName: ASSETS_CACHE,
        plugins: [sharedOnly, new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * DAY_SECONDS })],
      }),
    },
    {
      matcher: ({ request }) => request.destination === 'image' && !request.headers.has('authorization'),
      handler: new CacheFirst({
        cacheName: IMAGES_CACHE,
        plugins: [sharedOnly, new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY_SECONDS })],
      }),
    },
    {
      matcher: ({ request, url }) =>
        request.method === 'GET' && request.headers.has('authorization') && PERSONAL_PATHS.test(url.pathname),
      handler: ({ request }) => personalAnswer(request),
    },
  ],
  // A page that neither the network nor the pages' cache can give: the offline page.
  fallbacks: { entries: __OFFLINE_PAGES__.map(offlineFallback) },
});

/**
 * A personal answer: from the network, kept in the cache of this session's token only; offline,
 * from that cache. Seeing a session's token drops the caches of any other (an earlier user whose
 * logout this worker never heard about).
 */
async function personalAnswer(request: Request): Promise<Response> {
  const cacheName = await personalCacheName(request.headers.get('authorization')!.replace(/^Bearer\s+/i, ''));
  await clearPersonalCaches(cacheName);
  try {
    const response = await fetch(request);
    if (response.status === 200) {
      const cache = await caches.open(cacheName);
      await cache.put(request.url, response.clone());
    } else if (response.status === 401) {
      await caches.delete(cacheName); // the session has ended
    }
    return response;
  } catch (error) {
    const cached = await (await caches.open(cacheName)).match(request.url, { ignoreVary: true });
    if (cached) return cached;
    throw error;
  }
}

/** The site's caches this worker does not use (an older generation's, say). Personal ones are the pages' to clear. */
async function dropOtherCaches() {
  const own = new Set([cacheNames.precache, PAGES_CACHE, ASSETS_CACHE, IMAGES_CACHE]);
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(CACHE_PREFIX) && !own.has(name) && !name.startsWith(PERSONAL_CACHE_PREFIX))
      .map((name) => caches.delete(name)),
  );
}

/**
 * Keeps the /_astro/ files at `urls` in the assets' cache, fetching those it lacks. `follow` also
 * keeps what each file needs to run (its static imports and the stylesheets and fonts it names),
 * up to `maxFetches` fetches: not the code it loads on a press, which would be most of the site's.
 */
async function keepCode(urls: string[], { follow = false, maxFetches = Infinity } = {}) {
  const assets = await caches.open(ASSETS_CACHE);
  const seen = new Set(urls);
  const queue = [...urls];
  let fetches = 0;
  while (queue.length) {
    const url = queue.shift()!;
    let response = await assets.match(url);
    if (!response) {
      if (fetches++ >= maxFetches) break;
      response = await fetch(url).catch(() => undefined);
      if (!response?.ok) continue;
      await assets.put(url, response.clone());
    }
    if (!follow || !/\.(?:js|css)$/.test(url)) continue;
    for (const found of codeReferences(await response.text(), url, self.location.origin, { staticImportsOnly: true })) {
      if (!seen.has(found)) {
        seen.add(found);
        queue.push(found);
      }
    }
  }
}

/**
 * The pages open when the worker first starts were loaded without it: kept now, with the files
 * they name and what these need to run (up to a bound), so that they also open offline.
 */
async function keepOpenPages() {
  const windows = await self.clients.matchAll({ type: 'window' });
  const pages = await caches.open(PAGES_CACHE);
  const code = new Set<string>();
  for (const client of windows) {
    const url = new URL(client.url);
    if (url.origin !== self.location.origin || (await pages.match(url.href))) continue;
    const response = await fetch(url.href).catch(() => undefined);
    if (
      !response?.ok ||
      !(response.headers.get('content-type') ?? '').startsWith('text/html') ||
      /no-store|private/i.test(response.headers.get('cache-control') ?? '')
    )
      continue;
    await pages.put(url.href, response.clone());
    for (const found of codeReferences(await response.text(), url.href, self.location.origin)) code.add(found);
  }
  await keepCode([...code], { follow: true, maxFetches: OPEN_PAGE_FETCHES });
}

self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all([dropOtherCaches(), keepOpenPages().catch(() => {})]));
});
self.addEventListener('message', (event) => {
  const message = event.data as { type?: string } | null;
  // Which build this worker came from: for the pages' tests, and for anyone checking a release.
  if (message?.type === 'OFFERLANKA_BUILD') event.ports[0]?.postMessage(__SW_BUILD__);
  // An offer was viewed: home and bank pages kept before can now draw their strips offline.
  if (message?.type === KEEP_RECENT_STRIPS_MESSAGE) {
    const files = __RECENT_STRIPS_CODE__[(message as KeepRecentStripsMessage).locale] ?? [];
    event.waitUntil(keepCode(files.map((path) => new URL(path, self.location.origin).href)).catch(() => {}));
  }
});

serwist.addEventListeners();
