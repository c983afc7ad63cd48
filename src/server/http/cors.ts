// CORS for a site served from another origin than its API (PUBLIC_API_URL pointing at, for example,
// https://api.offerlanka.lk while a CDN serves the pages): only the listed origins may call it.
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

export function apiCors(allowedOrigins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(allowedOrigins);
  return cors({
    // A listed origin is echoed back (with Vary: Origin); any other gets no Access-Control-Allow-Origin
    // at all, so its browser refuses the answer. '*' is never sent.
    origin: (origin) => (allowed.has(origin) ? origin : null),
    allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', 'Accept-Language'],
    exposeHeaders: ['Retry-After'],
    maxAge: 600, // seconds a browser may reuse a preflight's answer
  });
}
