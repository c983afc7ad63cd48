// Serving the built site beside the API: static files from SITE_DIR (a symlink that a rebuild
// switches), 301s from the other offer URL forms to the canonical one, /login to /sign-in, a
// real 404 status for unknown pages, and a 503 page until the first build exists.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { offerIdFromPath } from '../lib/site-urls.ts';
import type { AppEnv } from './context.ts';

/** Files of the current build, re-read after a rebuild switched SITE_DIR to another folder. */
function currentBuildFiles(siteDir: string) {
  let buildDir: string | undefined;
  let offerPaths: Record<string, string> = {};
  let notFoundPage: string | undefined;
  return () => {
    if (!existsSync(siteDir)) return undefined;
    const real = realpathSync(siteDir);
    if (real !== buildDir) {
      buildDir = real;
      const pathsFile = join(real, 'offer-paths.json');
      offerPaths = existsSync(pathsFile) ? JSON.parse(readFileSync(pathsFile, 'utf8')) : {};
      notFoundPage = existsSync(join(real, '404.html')) ? readFileSync(join(real, '404.html'), 'utf8') : undefined;
    }
    return { offerPaths, notFoundPage };
  };
}

const BUILDING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5"><title>OfferLanka is starting</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem"><h1>OfferLanka is starting</h1>
<p>The site is being built for the first time. This page reloads by itself in a few seconds.</p></body></html>`;

/**
 * Astro's hashed assets never change; everything else may change with the next rebuild, so
 * browsers check back: pages at once, other files (favicon, Pagefind's UI) after an hour.
 */
function cacheControlFor(servedPath: string): string {
  const path = servedPath.replace(/\.(br|gz)$/, ''); // a precompressed copy is cached as its original
  if (path.includes('/_astro/')) return 'public, max-age=31536000, immutable';
  if (path.endsWith('.html') || path.endsWith('.xml') || path.endsWith('.txt') || path.endsWith('.json')) return 'public, max-age=0, must-revalidate';
  return 'public, max-age=3600';
}

export function mountSite(app: Hono<AppEnv>, siteDir: string, apiPrefixes: string[]) {
  const build = currentBuildFiles(siteDir);
  const isApi = (path: string) => apiPrefixes.some((base) => path === base || path.startsWith(`${base}/`));

  app.get('/login', (c) => c.redirect(`/sign-in${new URL(c.req.url).search}`, 302));
  app.get('*', async (c, next) => {
    if (isApi(c.req.path)) return next();
    const files = build();
    if (!files) return c.html(BUILDING_PAGE, 503, { 'retry-after': '5' });
    const offerId = offerIdFromPath(c.req.path);
    const canonical = offerId === undefined ? undefined : files.offerPaths[offerId];
    if (canonical && canonical !== c.req.path.replace(/\/$/, '')) return c.redirect(canonical, 301);
    return next();
  });
  app.use('*', serveStatic({ root: siteDir, precompressed: true, onFound: (path, c) => c.header('Cache-Control', cacheControlFor(path)) }));
  app.notFound((c) => {
    const page = isApi(c.req.path) ? undefined : build()?.notFoundPage;
    return page ? c.html(page, 404) : c.json({ status: false, message: 'No such API route.' }, 404);
  });
}
