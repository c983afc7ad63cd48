// Writes the service worker (src/service-worker/sw.ts) into a finished astro build: bundled for the
// browser by esbuild, then given its precache list by Serwist's injectManifest over the built files,
// each entry revisioned by its content. The build's id goes into the worker too, so that every build
// is a new worker, which the browsers install on their next visit (sw.js is served no-cache).
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { injectManifest } from '@serwist/build';
import { build } from 'esbuild';
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
