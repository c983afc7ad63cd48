// The names of the service worker's caches, shared by the worker (src/service-worker/sw.ts) and the pages that clear
// a signed-in user's cache at logout (src/page-scripts/signed-in.ts). Everything here is the site's own
// prefix, so that the worker's clean-up never touches another cache of the origin.
export const CACHE_PREFIX = 'offerlanka';
/** Raise it when a cache's contents change shape: the worker then drops the older ones on activate. */
export const CACHE_GENERATION = 1;
export const PAGES_CACHE = `${CACHE_PREFIX}-pages-v${CACHE_GENERATION}`;
export const ASSETS_CACHE = `${CACHE_PREFIX}-assets-v${CACHE_GENERATION}`;
export const IMAGES_CACHE = `${CACHE_PREFIX}-images-v${CACHE_GENERATION}`;
/**
 * A signed-in user's own API answers (favourites, the user, My Cards), one cache per session,
 * named by a hash of its bearer token: an answer is only ever read back for the same token.
 */
export const PERSONAL_CACHE_PREFIX = `${CACHE_PREFIX}-personal-`;

/** The personal cache of the session whose bearer token is `token`. */
export async function personalCacheName(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${PERSONAL_CACHE_PREFIX}${hex.slice(0, 32)}`;
}

/** Removes every personal cache but `keep`: at logout (none kept), or for another session. */
export async function clearPersonalCaches(keep?: string): Promise<void> {
  if (typeof caches === 'undefined') return; // not a secure context, or no Cache API
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => name.startsWith(PERSONAL_CACHE_PREFIX) && name !== keep).map((name) => caches.delete(name)),
  );
}
