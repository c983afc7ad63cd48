// Writes the service worker (src/service-worker/sw.ts) into a finished astro build: bundled for the
// browser by esbuild, then given its precache list by Serwist's injectManifest over the built files,
// each entry revisioned by its content. The build's id goes into the worker too, so that every build
// is a new worker, which the browsers install on their next visit (sw.js is served no-cache).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { injectManifest } from '@serwist/build';
import { build } from 'esbuild';
import { OFFLINE_PAGE_PATH, SERVICE_WORKER_PATH, WEB_APP_MANIFEST_PATH } from '../../lib/web-app.ts';

const WORKER_SOURCE = resolve(import.meta.dirname, '../../service-worker/sw.ts');
export const SERVICE_WORKER_FILE = SERVICE_WORKER_PATH.slice(1);
/** What every visitor's browser keeps ahead: the offline page, the manifest and its icons. Pages and their code are kept as they are opened. */
const PRECACHED = [`${OFFLINE_PAGE_PATH.slice(1)}index.html`, WEB_APP_MANIFEST_PATH.slice(1), 'icons/*.png', 'favicon.svg'];

export interface ServiceWorkerResult { precached: number; bytes: number }

/** Writes `sw.js` into the build in `dir`, as the build `buildId`. */
export async function writeServiceWorker(dir: string, buildId: string): Promise<ServiceWorkerResult> {
  const scratch = await mkdtemp(join(tmpdir(), 'offerlanka-sw-'));
  try {
    const bundled = join(scratch, SERVICE_WORKER_FILE);
    await build({
      entryPoints: [WORKER_SOURCE], outfile: bundled, bundle: true, format: 'iife', target: 'es2022', minify: true, legalComments: 'none', logLevel: 'error',
      define: { __SW_BUILD__: JSON.stringify(buildId), 'process.env.NODE_ENV': '"production"' },
    });
    const { count, size, warnings } = await injectManifest({
      swSrc: bundled, swDest: join(dir, SERVICE_WORKER_FILE), globDirectory: dir, globPatterns: PRECACHED, modifyURLPrefix: { '': '/' },
    });
    if (warnings.length) throw new Error(`the service worker's precache list: ${warnings.join('; ')}`);
    return { precached: count, bytes: size };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
