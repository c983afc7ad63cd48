// Each page is rendered in its URL's language (/si/… Sinhala, /ta/… Tamil, else English): Paraglide's
// middleware keeps that locale for the page's messages while Astro renders it (docs/i18n.md). Each
// HTML page then gets its module scripts started after its first paint (src/build/after-paint-scripts.ts),
// and its Content-Security-Policy names the hashes of its own inline code alone (src/build/page-policy.ts).
import { defineMiddleware } from 'astro:middleware';
import { scriptsAfterPaint } from './build/after-paint-scripts.ts';
import { ownHashesOnly } from './build/page-policy.ts';
import { paraglideMiddleware } from './paraglide/server.js';

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await paraglideMiddleware(context.request, () => next());
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  return new Response(ownHashesOnly(scriptsAfterPaint(await response.text())), response);
});
