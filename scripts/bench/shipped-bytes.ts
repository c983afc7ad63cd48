// What a page ships, for bench:site: its HTML, its inline scripts, every script file it loads
// (<script src>, the scripts the offer page's loader adds after its first paint, modulepreload
// links, astro-island component/renderer/before-hydration URLs, static imports of inline module
// scripts) with their static imports followed recursively, and its
// stylesheets. Script files are counted apart by when they load: at load (scripts, modulepreloads,
// islands with client:load / client:idle / client:only), or only when an island comes into view
// (client:visible, client:media): a file reached both ways counts at load. Sizes are gzip -9 (node:zlib gzipSync, level 9) of each file or inline script on its
// own, whatever the server itself sends; inline scripts are counted in the HTML too.
//
// What the page's HTML says cannot tell when a client:visible island is in the first screen, nor
// which import() a script makes at load without being asked: `scriptsLoadedAtLoad` loads the page
// in Chromium on the phone Lighthouse emulates and lists every script it fetched, and each counts
// at load too. Scripts that code inserts later (Pagefind UI on a search click) are not counted: they
// load only when the visitor asks for them.
import { chromium } from 'playwright-core';
import { gzipSync } from 'node:zlib';
import { AFTER_PAINT_ATTRIBUTE } from '../../src/build/after-paint-scripts.ts';

export interface ShippedFile {
  url: string;
  bytes: number;
  gzip: number;
}
export interface PageWeight {
  html: ShippedFile;
  /** Inline <script> elements that run (not JSON-LD and other data), each gzipped on its own. */
  inlineJs: ShippedFile[];
  /** Script files that load with the page, each once. */
  js: ShippedFile[];
  /** Script files that load only when a client:visible (client:media, client:intent) island needs them. */
  jsOnView: ShippedFile[];
  /** Import-like text in a script that named no file on the server (not counted). */
  skipped: string[];
  css: ShippedFile[];
  /** What the server answered for the HTML, the first script file and the first stylesheet: content-encoding and cache-control. */
  headers: { html: ServedHeaders; js?: ServedHeaders; css?: ServedHeaders };
}
export interface ServedHeaders {
  contentEncoding: string;
  cacheControl: string;
}

/** As a browser asks; fetch decodes the answer, so sizes are of the files themselves. */
const BROWSER = { headers: { 'accept-encoding': 'gzip, deflate, br' } };
const gzip = (body: Buffer) => gzipSync(body, { level: 9 }).byteLength;
export const sum = (files: ShippedFile[]) => files.reduce((total, file) => total + file.gzip, 0);

/** <tag attr="..." ...>: the attributes of every opening tag named `tag`, entities in values decoded. */
function tags(html: string, tag: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'gi'))].map((match) => attributes(match[1]!));
}

function attributes(text: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const m of text.matchAll(/([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    result[m[1]!.toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return result;
}

const decodeEntities = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/** Static `import ... from "x"`, `import "x"` and `export ... from "x"` specifiers that are paths (not bare names). */
export function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:^|[^\w$.])(?:import|export)\s*(?:[^'"`();]*?\bfrom\s*)?(["'])([./][^"'\s]*)\1/g)].map(
    (m) => m[2]!,
  );
}

/** Lighthouse's mobile screen (its default config): where a phone's first screen ends. */
const PHONE_SCREEN = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
/** The network counts as quiet after this long without a request, as Lighthouse's load ends. */
const NETWORK_QUIET_MS = 2_000;

/**
 * Every script file Chromium fetched while it loaded the page on a phone's screen, until its network
 * was quiet: client:visible islands in the first screen and import() made at load included.
 */
export async function scriptsLoadedAtLoad(pageUrl: string, executablePath: string): Promise<Set<string>> {
  const browser = await chromium.launch({ executablePath });
  try {
    const page = await (await browser.newContext(PHONE_SCREEN)).newPage();
    const scripts = new Set<string>();
    let lastRequest = Date.now();
    page.on('request', (request) => {
      lastRequest = Date.now();
      if (request.resourceType() === 'script') scripts.add(request.url());
    });
    await page.goto(pageUrl, { waitUntil: 'load' });
    while (Date.now() - lastRequest < NETWORK_QUIET_MS) await page.waitForTimeout(250);
    return scripts;
  } finally {
    await browser.close();
  }
}

/**
 * Fetches a page from the served site and adds up what it ships. `loadedAtLoad` (scriptsLoadedAtLoad)
 * adds the files a browser fetched at load to those the HTML names for load.
 */
export async function measurePage(pageUrl: string, loadedAtLoad: Set<string> = new Set()): Promise<PageWeight> {
  const response = await fetch(pageUrl, BROWSER);
  if (!response.ok) throw new Error(`${pageUrl}: ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  const html = body.toString('utf8');
  const origin = new URL(pageUrl).origin;
  const local = (href: string, base: string) => {
    const url = new URL(href, base);
    return url.origin === origin ? url.toString() : undefined; // a third-party script would be listed apart; there is none today
  };

  const entries = new Set<string>();
  const onViewEntries = new Set<string>();
  const inlineImports: string[] = [];
  const inlineJs: ShippedFile[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = attributes(match[1]!);
    const type = (attrs.type ?? '').toLowerCase();
    if (attrs.src) entries.add(local(attrs.src, pageUrl) ?? attrs.src);
    // The loader's scripts load with the page, once it has painted (src/build/after-paint-scripts.ts).
    for (const src of JSON.parse(attrs[AFTER_PAINT_ATTRIBUTE] || '[]') as string[])
      entries.add(local(src, pageUrl) ?? src);
    if (attrs.src) continue;
    if (type === '' || type === 'module' || type.includes('javascript')) {
      const code = Buffer.from(match[2]!);
      inlineJs.push({ url: `${pageUrl}#inline-${inlineJs.length + 1}`, bytes: code.byteLength, gzip: gzip(code) });
      if (type === 'module') inlineImports.push(...staticImports(match[2]!));
    }
  }
  for (const link of tags(html, 'link')) {
    if (link.href && /(^|\s)modulepreload(\s|$)/i.test(link.rel ?? ''))
      entries.add(local(link.href, pageUrl) ?? link.href);
  }
  for (const island of tags(html, 'astro-island')) {
    // Islands that hydrate as they come into view, match a media query, or on a sign of use (the site's client:intent).
    const deferred = island.client === 'visible' || island.client === 'media' || island.client === 'intent';
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url']) {
      if (island[name]) (deferred ? onViewEntries : entries).add(local(island[name]!, pageUrl) ?? island[name]!);
    }
  }
  for (const specifier of inlineImports) entries.add(local(specifier, pageUrl) ?? specifier);
  for (const url of loadedAtLoad) if (local(url, pageUrl)) entries.add(url);

  const js = new Map<string, ShippedFile>();
  let jsHeaders: ServedHeaders | undefined;
  const skipped: string[] = [];
  // At-load files first: what they reach is at load too, whatever an on-view island also needs.
  const queue = [...entries].map((url) => ({ url, from: pageUrl }));
  const followImports = async () => {
    while (queue.length) {
      const { url, from } = queue.shift()!;
      if (js.has(url)) continue;
      if (!url.startsWith(origin)) throw new Error(`${pageUrl} loads a script from another origin: ${url}`);
      const res = await fetch(url, BROWSER);
      if (!res.ok) {
        // The page itself names only real files; an import found in a file's text that does not
        // exist is a false match of the pattern (import-like text inside a string), not a script.
        if (from === pageUrl) throw new Error(`${url} (loaded by ${pageUrl}): ${res.status}`);
        skipped.push(`${url} (${res.status}, named in ${from})`);
        await res.arrayBuffer();
        continue;
      }
      jsHeaders ??= servedHeaders(res);
      const code = Buffer.from(await res.arrayBuffer());
      js.set(url, { url, bytes: code.byteLength, gzip: gzip(code) });
      for (const specifier of staticImports(code.toString('utf8'))) {
        const next = local(specifier, url);
        if (next && !js.has(next)) queue.push({ url: next, from: url });
      }
    }
  };
  await followImports();
  const atLoad = new Set(js.keys());
  queue.push(...[...onViewEntries].map((url) => ({ url, from: pageUrl })));
  await followImports();

  const css: ShippedFile[] = [];
  let cssHeaders: ServedHeaders | undefined;
  for (const link of tags(html, 'link')) {
    if (!link.href || !/(^|\s)stylesheet(\s|$)/i.test(link.rel ?? '')) continue;
    const url = local(link.href, pageUrl);
    if (!url) continue;
    const res = await fetch(url, BROWSER);
    if (!res.ok) throw new Error(`${url} (stylesheet of ${pageUrl}): ${res.status}`);
    cssHeaders ??= servedHeaders(res);
    const sheet = Buffer.from(await res.arrayBuffer());
    css.push({ url, bytes: sheet.byteLength, gzip: gzip(sheet) });
  }

  return {
    html: { url: pageUrl, bytes: body.byteLength, gzip: gzip(body) },
    inlineJs,
    js: [...js.values()].filter((file) => atLoad.has(file.url)),
    jsOnView: [...js.values()].filter((file) => !atLoad.has(file.url)),
    skipped,
    css,
    headers: { html: servedHeaders(response), js: jsHeaders, css: cssHeaders },
  };
}

function servedHeaders(response: Response): ServedHeaders {
  return {
    contentEncoding: response.headers.get('content-encoding') ?? 'none',
    cacheControl: response.headers.get('cache-control') ?? 'none',
  };
}
