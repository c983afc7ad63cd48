// The security headers of every answer, the site's and the API's. One list: the server sends it, and
// the site build writes it (src/server/site/headers.ts) for a CDN or nginx serving the site instead.
import type { MiddlewareHandler } from 'hono';

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // Browser features the site never uses, off for it and for anything it could embed.
  'Permissions-Policy':
    'accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), serial=(), usb=()',
  // For browsers without the Content-Security-Policy's frame-ancestors.
  'X-Frame-Options': 'DENY',
};

/** For a site on https only: browsers then refuse plain http to its host for a year. */
export const hstsHeader = (siteUrl: string | undefined): Record<string, string> =>
  siteUrl?.startsWith('https:') ? { 'Strict-Transport-Security': 'max-age=31536000' } : {};

/** The API answers data and images, never a page: nothing in an answer may run, load or be framed. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Sets each of `wanted` that the answer does not carry already (a route or the site may set its own). */
function setMissing(headers: Headers, wanted: Record<string, string>) {
  for (const [name, value] of Object.entries(wanted)) if (!headers.has(name)) headers.set(name, value);
}

/** Every answer, site and API. */
export function securityHeaders(siteUrl: string | undefined): MiddlewareHandler {
  const headers = { ...SECURITY_HEADERS, ...hstsHeader(siteUrl) };
  return async (c, next) => {
    await next();
    setMissing(c.res.headers, headers);
  };
}

/**
 * The three services' answers. No browser or proxy keeps one unless its route says so (images, by
 * name forever): most carry a token or personal data, and a rule for all cannot miss a new route.
 */
export const apiAnswerHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  setMissing(c.res.headers, { 'Cache-Control': 'no-store', 'Content-Security-Policy': API_CONTENT_SECURITY_POLICY });
};
