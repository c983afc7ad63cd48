// Serving the built site beside the API: static files from SITE_DIR (a symlink that a rebuild
// switches), 301s from the other offer URL forms to the canonical one and from a renamed bank's or
// category's old bank page URLs to the current ones (both by id), and from the short bank URLs
// (/hnb-credit-card-offers) to the bank pages, /login to /sign-in, a
// real 404 status for unknown pages, and a 503 page until the first build exists. Every answer
// carries the headers the build wrote for it (headers.ts), its Content-Security-Policy included.
// Nothing on a request's path reads a file synchronously: what every request needs of the build
// (redirects, headers, the 404 page) is kept in memory and read again after a build or publish.
// A file's whole answer is kept too, and answered before Hono the next time (answer-memory.ts).
import { createHash } from 'node:crypto';
import { createReadStream, type Stats } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { Context, Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { PREVIEW_IMAGE_DIR } from '../../lib/preview-image.ts';
import { LOGO_SPRITE_DIR } from '../../lib/bank-logo-sprite.ts';
import { localePath, splitLocale } from '../../lib/locale-path.ts';
import { bankPageKeyFromPath, merchantSlugFromPath, offerIdFromPath, shortPathKey } from '../../lib/site-urls.ts';
import { baseLocale, locales, type Locale } from '../../paraglide/runtime.js';
import type { AppEnv } from '../context.ts';
import { noSuchRoute } from '../http/answer.ts';
import { BANK_PATHS_FILE, buildDoneFile, MERCHANT_PATHS_FILE, OFFER_PATHS_FILE } from './builds-dir.ts';
import { CDN_HEADERS_FILE, NGINX_HEADERS_FILE, parseSiteHeaders } from './headers.ts';
import { acceptedEncodings, MEMORY_FILE_MAX_BYTES, type SiteAnswerMemory } from './answer-memory.ts';
import { isCompressible } from './precompress.ts';
import { SERVICE_WORKER_PATH } from '../../lib/web-app.ts';

interface BuildState {
  dir: string;
  /** Offer id → its canonical path (offer-paths.json). */
  offerPaths: Record<string, string>;
  /** Bank page key ('{bankId}/{categoryId|all}', site-urls.ts), or a short bank URL, → its path (bank-paths.json). */
  bankPaths: Record<string, string>;
  /** Each slug a merchant's page has had → its page's path (merchant-paths.json). */
  merchantPaths: Record<string, string>;
  /** Each language's not-found page (English's is the build's 404.html). */
  notFoundPages: Partial<Record<Locale, string>>;
  headers: Record<string, string>;
  version: string;
}

/** How often a build made by another process (npm run build) is looked for. */
const BUILD_CHECK_MS = 5_000;

const readOptional = (file: string) => readFile(file, 'utf8').catch(() => undefined);

/** Where a language's not-found page is in a build: Astro writes English's as 404.html, the others as pages. */
const notFoundFile = (locale: Locale) => (locale === baseLocale ? '404.html' : join(locale, '404', 'index.html'));

/** What every request needs of the served build, read once per build or publish. */
async function readBuildState(siteDir: string): Promise<BuildState | undefined> {
  const dir = await realpath(siteDir).catch(() => undefined);
  if (!dir) return undefined;
  const [offerPaths, bankPaths, merchantPaths, headers, ...notFoundPages] = await Promise.all([
    readOptional(join(dir, OFFER_PATHS_FILE)),
    readOptional(join(dir, BANK_PATHS_FILE)),
    readOptional(join(dir, MERCHANT_PATHS_FILE)),
    readOptional(join(dir, CDN_HEADERS_FILE)),
    ...locales.map((locale) => readOptional(join(dir, notFoundFile(locale)))),
  ]);
  return {
    dir,
    offerPaths: offerPaths ? JSON.parse(offerPaths) : {},
    bankPaths: bankPaths ? JSON.parse(bankPaths) : {},
    merchantPaths: merchantPaths ? JSON.parse(merchantPaths) : {},
    notFoundPages: Object.fromEntries(locales.map((locale, index) => [locale, notFoundPages[index]])),
    headers: headers ? parseSiteHeaders(headers) : {},
    version: await buildVersion(siteDir),
  };
}

/** Changes when a build is switched in or a publish rewrote the offers' or the bank pages' paths. */
/**
 * What changes when another process switches a build in (the folder) or publishes into the
 * served one (its done marker, rewritten by every publish, and the redirect maps).
 */
async function buildVersion(siteDir: string): Promise<string> {
  const dir = await realpath(siteDir).catch(() => '');
  const files = await Promise.all(
    [
      buildDoneFile(dir),
      ...[OFFER_PATHS_FILE, BANK_PATHS_FILE, MERCHANT_PATHS_FILE].map((file) => join(siteDir, file)),
    ].map((file) => stat(file).catch(() => undefined)),
  );
  return [dir, ...files.map((file) => file?.mtimeMs ?? '')].join(':');
}

const BUILDING_PAGE_CSS =
  'body { font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; }';
const BUILDING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5"><title>OfferLanka is starting</title><style>${BUILDING_PAGE_CSS}</style></head>
<body><h1>OfferLanka is starting</h1>
<p>The site is being built for the first time. This page reloads by itself in a few seconds.</p></body></html>`;
/** The building page has no build's headers to take: it allows its own style and nothing else. */
const BUILDING_PAGE_POLICY = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(BUILDING_PAGE_CSS).digest('base64')}'; frame-ancestors 'none'`;
/** The build's header files are for the CDN or nginx in front, not pages to serve. */
const HEADER_FILES = new Set([`/${CDN_HEADERS_FILE}`, `/${NGINX_HEADERS_FILE}`]);

/**
 * Astro's hashed assets, the preview images and the logos' sprite never change; everything else may change with the next rebuild, so
 * browsers check back: pages at once, other files (favicon, Pagefind's UI) after an hour. `path`: the file's in the
 * build, from its root ('/_astro/…'), so that a page's own path (a merchant named 'og') cannot match a folder's.
 */
function cacheControlFor(path: string): string {
  path = path.replace(/\.(br|gz)$/, ''); // a precompressed copy is cached as its original
  if (path.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  // The service worker is checked on every visit, so a new build's worker is found at once.
  if (path.endsWith(SERVICE_WORKER_PATH)) return 'no-cache';
  // Offers' preview images are named by a hash of what they draw (src/lib/preview-image.ts), the bank
  // logos' sprite by a hash of its bytes (src/build/bank-logo-sprite.ts).
  if (path.startsWith(`/${PREVIEW_IMAGE_DIR}/`) || path.startsWith(`/${LOGO_SPRITE_DIR}/`))
    return 'public, max-age=31536000, immutable';
  if (path.endsWith('.html') || path.endsWith('.xml') || path.endsWith('.txt') || path.endsWith('.json'))
    return 'public, max-age=0, must-revalidate';
  return 'public, max-age=3600';
}

const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;
const statOf = (file: string) => stat(file).catch(() => undefined);

/** The file a request path names in siteDir (a folder's index.html), or undefined. Dot segments and dotfiles are never served. */
async function findFile(siteDir: string, requestPath: string): Promise<{ file: string; stats: Stats } | undefined> {
  let path: string;
  try {
    path = decodeURIComponent(requestPath);
  } catch {
    return undefined;
  }
  if (path.includes('\0') || path.includes('\\') || path.split('/').some((segment) => segment.startsWith('.')))
    return undefined;
  let file = join(siteDir, path);
  let stats = await statOf(file);
  if (stats?.isDirectory()) {
    file = join(file, 'index.html');
    stats = await statOf(file);
  }
  return stats?.isFile() ? { file, stats } : undefined;
}

/** A file of the build, precompressed when the client takes it, or undefined when there is none. */
async function serveFile(c: Context<AppEnv>, siteDir: string): Promise<Response | undefined> {
  const found = await findFile(siteDir, c.req.path);
  if (!found) return undefined;
  let { file, stats } = found;
  c.header('Content-Type', getMimeType(file) ?? 'application/octet-stream');
  c.header('Cache-Control', cacheControlFor(`/${relative(siteDir, file).split(sep).join('/')}`));
  if (isCompressible(file)) {
    c.header('Vary', 'Accept-Encoding');
    const accepted = acceptedEncodings(c.req.header('accept-encoding'));
    for (const [encoding, suffix] of ENCODINGS) {
      const compressed = accepted.has(encoding) ? await statOf(`${file}${suffix}`) : undefined;
      if (!compressed?.isFile()) continue;
      c.header('Content-Encoding', encoding);
      [file, stats] = [`${file}${suffix}`, compressed];
      break;
    }
  }
  c.header('Content-Length', String(stats.size));
  c.header('Last-Modified', stats.mtime.toUTCString());
  if (c.req.method === 'HEAD') return c.body(null, 200);
  if (stats.size > MEMORY_FILE_MAX_BYTES) return c.body(Readable.toWeb(createReadStream(file)) as ReadableStream, 200);
  // Read whole, so that the answer memory can keep it (answer-memory.ts).
  const body = await readFile(file);
  c.set('siteFileBody', body);
  return c.body(body, 200);
}

export interface ServedSite {
  /** Reads the served build's state again: call it after a build or a publish. */
  reload(): Promise<void>;
  stop(): void;
}

/** `memory`, when given, is emptied whenever the served build changes. */
export async function mountSite(
  app: Hono<AppEnv>,
  siteDir: string,
  apiPrefixes: string[],
  memory?: SiteAnswerMemory,
): Promise<ServedSite> {
  let build: BuildState | undefined;
  // A build that cannot be read (a broken offer-paths.json, say) leaves the last one in place.
  const reload = async () => {
    try {
      build = await readBuildState(siteDir);
    } catch (error) {
      console.error(`[site] could not read the build in ${siteDir}: ${error instanceof Error ? error.message : error}`);
    }
    // Last: an answer read while the build was changing is dropped with the rest.
    memory?.clear();
  };
  await reload();
  // A build switched in by another process (npm run build) is noticed within a few seconds.
  const check = setInterval(
    () =>
      void buildVersion(siteDir)
        .then((version) => (version !== build?.version ? reload() : undefined))
        .catch(() => {}),
    BUILD_CHECK_MS,
  );
  check.unref();
  const isApi = (path: string) => apiPrefixes.some((base) => path === base || path.startsWith(`${base}/`));

  app.use('*', async (c, next) => {
    await next();
    if (isApi(c.req.path)) return;
    for (const [name, value] of Object.entries(build?.headers ?? {})) c.res.headers.set(name, value);
  });
  for (const locale of locales)
    app.get(localePath('/login', locale), (c) =>
      c.redirect(`${localePath('/sign-in', locale)}${new URL(c.req.url).search}`, 302),
    );
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    if (isApi(c.req.path)) return next();
    if (!build)
      return c.html(BUILDING_PAGE, 503, { 'retry-after': '5', 'content-security-policy': BUILDING_PAGE_POLICY });
    if (HEADER_FILES.has(c.req.path)) return c.notFound();
    // The redirects are the same in every language: /si/<old form> goes to /si/<canonical>.
    const { locale, path } = splitLocale(c.req.path);
    const offerId = offerIdFromPath(path);
    const bankPage = offerId === undefined ? bankPageKeyFromPath(path) : undefined;
    // Otherwise perhaps a short bank URL (keyed by its own path), which has no page of its own.
    const key = offerId !== undefined ? undefined : (bankPage ?? shortPathKey(path));
    const merchantSlug = merchantSlugFromPath(path);
    const canonical =
      offerId !== undefined
        ? build.offerPaths[offerId]
        : merchantSlug !== undefined
          ? Object.hasOwn(build.merchantPaths, merchantSlug)
            ? build.merchantPaths[merchantSlug]
            : undefined
          : key !== undefined && Object.hasOwn(build.bankPaths, key)
            ? build.bankPaths[key]
            : undefined;
    if (canonical && localePath(canonical, locale) !== c.req.path.replace(/\/$/, ''))
      return c.redirect(localePath(canonical, locale), 301);
    // From the folder the headers were read with: after another process switches the link, the old
    // build's pages go on until the new build's headers (its CSP) are read with them.
    return (await serveFile(c, build.dir)) ?? next();
  });
  app.notFound((c) => {
    const page = isApi(c.req.path)
      ? undefined
      : (build?.notFoundPages[splitLocale(c.req.path).locale] ?? build?.notFoundPages[baseLocale]);
    return page ? c.html(page, 404) : noSuchRoute(c);
  });
  return { reload, stop: () => clearInterval(check) };
}
