// Images the API serves, as the browser must load them. The API answers image URLs as paths under
// its own image route ('/api/images/…'): in a split deployment (PUBLIC_API_URL on another origin)
// such a path would load from the site's origin and 404, so it is moved under PUBLIC_API_URL.
// Tiny on purpose: home and bank page islands import it.
import { API_IMAGE_PATH } from '../contract/limits.ts';
import { PUBLIC_API_URL } from './public-config.ts';

/** `url` with a path under the API's image route moved under `apiBase`; any other URL unchanged. */
export function resolveApiImage(apiBase: string, url: string): string;
export function resolveApiImage(apiBase: string, url: string | null | undefined): string | undefined;
export function resolveApiImage(apiBase: string, url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  return url.startsWith(API_IMAGE_PATH) ? `${apiBase}/images/${url.slice(API_IMAGE_PATH.length)}` : url;
}

/** An image URL from an API answer as the browser must load it (null or undefined: undefined, for the caller's fallback). */
export function apiImageSrc(url: string): string;
export function apiImageSrc(url: string | null | undefined): string | undefined;
export function apiImageSrc(url: string | null | undefined): string | undefined {
  return resolveApiImage(PUBLIC_API_URL, url);
}

/** A category's icon, served by the API: a PNG drawn from its SVG (an SVG image is a document for the browser to build). */
export const categoryIconSrc = (iconName: string) => `${PUBLIC_API_URL}/images/icon-${iconName}.png`;
