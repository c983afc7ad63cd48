// Writes the service worker (src/service-worker/sw.ts) into a finished astro build: bundled for the
// browser by esbuild, then given its precache list by Serwist's injectManifest over the built files,
// each entry revisioned by its content. The build's id goes into the worker too, so that every build
// is a new worker, which the browsers install on their next visit (sw.js is served no-cache).
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { injectManifest } from '@serwist/build';
import { build } from 'esbuild';
import { codeReferences, type CodeReferenceOptions } from '../../lib/code-references.ts';
import { localePath } from '../../lib/locale-path.ts';
import { OFFLINE_PAGE_PATH, SERVICE_WORKER_PATH, WEB_APP_MANIFEST_PATH } from '../../lib/web-app.ts';
import { baseLocale, locales, type Locale } from '../../paraglide/runtime.js';

const WORKER_SOURCE = resolve(import.meta.dirname, '../../service-worker/sw.ts');
export const SERVICE_WORKER_FILE = SERVICE_WORKER_PATH.slice(1);
/** What every visitor's browser keeps ahead: the icons (with the manifests and the offline pages). Pages and their code are kept as they are opened. */
const PRECACHED = ['icons/*.png', 'favicon.svg'];

/** Of each language's file at `path`, those the build in `dir` has, the base language's last. */
const eachLanguages = (dir: string, path: string) =>
  [...locales.filter((locale) => locale !== baseLocale), baseLocale]
    .map((locale) => localePath(path, locale as Locale))
    .filter((file) => existsSync(join(dir, file)));
/** The offline page of each language the build has, the base language's last (it stands for any page). */
const offlinePages = (dir: string) => eachLanguages(dir, `${OFFLINE_PAGE_PATH}index.html`);

/**
 * The entry files of the recently-viewed strips' code: home's strips, a bank page's, and the strips
 * and slider, which these load once there is an offer to show (the code files are named after their sources).
 */
const RECENT_STRIPS_ENTRIES = ['mount-recent-strips', 'mount-bank-strips', 'RecentStrips', 'keen-slider.es'].map(
  (name) => new RegExp(`^/_astro/${name.replace('.', '\\.')}\\.[\\w-]+\\.js$`),
);
/** Stands for the site's origin while reading the build's files. */
const BUILD_ORIGIN = 'https://build.invalid';

/** Every /_astro/ path that the files at `paths` (HTML or code) name, and those these name in turn. */
async function codeClosure(dir: string, paths: string[], options: CodeReferenceOptions = {}): Promise<Set<string>> {
  const seen = new Set<string>();
  const queue = [...paths];
  while (queue.length) {
    const path = queue.shift()!;
    const text = await readFile(join(dir, path), 'utf8').catch(() => '');
    for (const url of codeReferences(text, BUILD_ORIGIN + path, BUILD_ORIGIN, options)) {
      const found = new URL(url).pathname;
      if (seen.has(found)) continue;
      seen.add(found);
      if (found.endsWith('.js') || found.endsWith('.css')) queue.push(found);
    }
  }
  return seen;
}

/** A bank page of the language whose pages are under `home` ('/' or '/si/'), if the build has one. */
async function aBankPage(dir: string, home: string): Promise<string | undefined> {
  const banks = join(dir, home, 'credit-card-offers');
  for (const slug of await readdir(banks).catch(() => [])) {
    for (const bankId of await readdir(join(banks, slug)).catch(() => [])) {
      const page = `${home}credit-card-offers/${slug}/${bankId}/all/all/index.html`;
      if (existsSync(join(dir, page))) return page;
    }
  }
  return undefined;
}

/**
 * Each language's files of the recently-viewed strips (their code, shared chunks and stylesheet),
 * as reached from its home and bank pages: the worker keeps them when an offer is viewed, so that
 * home and bank pages opened before draw their strips offline. Each language has its own build of them.
 */
export async function recentStripsCode(dir: string): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const locale of locales) {
    const home = localePath('/', locale).replace(/\/?$/, '/'); // '/' or '/si/'
    if (!existsSync(join(dir, home, 'index.html'))) continue; // a build of some languages only
    const bankPage = await aBankPage(dir, home);
    const reached = await codeClosure(dir, [`${home}index.html`, ...(bankPage ? [bankPage] : [])]);
    const entries = [...reached].filter((path) => RECENT_STRIPS_ENTRIES.some((entry) => entry.test(path)));
    if (!entries.some((path) => RECENT_STRIPS_ENTRIES[0]!.test(path)))
      throw new Error(`the recently-viewed strips' code is not reached from ${home}index.html`);
    // What draws them: not what they load on a press (My Cards' dialog, say), which needs the network anyway.
    result[locale] = [...entries, ...(await codeClosure(dir, entries, { staticImportsOnly: true }))];
  }
  return result;
}

export interface ServiceWorkerResult {
  precached: number;
  bytes: number;
}

/** Writes `sw.js` into the build in `dir`, as the build `buildId`. */
export async function writeServiceWorker(dir: string, buildId: string): Promise<ServiceWorkerResult> {
  const scratch = await mkdtemp(join(tmpdir(), 'offerlanka-sw-'));
  try {
    const bundled = join(scratch, SERVICE_WORKER_FILE);
    const offline = offlinePages(dir);
    await build({
      entryPoints: [WORKER_SOURCE],
      outfile: bundled,
      bundle: true,
      format: 'iife',
      target: 'es2022',
      minify: true,
      legalComments: 'none',
      logLevel: 'error',
      define: {
        __SW_BUILD__: JSON.stringify(buildId),
        __OFFLINE_PAGES__: JSON.stringify(offline),
        __RECENT_STRIPS_CODE__: JSON.stringify(await recentStripsCode(dir)),
        'process.env.NODE_ENV': '"production"',
      },
    });
    const { count, size, warnings } = await injectManifest({
      swSrc: bundled,
      swDest: join(dir, SERVICE_WORKER_FILE),
      globDirectory: dir,
      globPatterns: [
        ...PRECACHED,
        ...[...eachLanguages(dir, WEB_APP_MANIFEST_PATH), ...offline].map((path) => path.slice(1)),
      ],
      modifyURLPrefix: { '': '/' },
    });
    if (warnings.length) throw new Error(`the service worker's precache list: ${warnings.join('; ')}`);
    return { precached: count, bytes: size };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
