// The offers' link-preview images in a build (build-job.ts). The astro build lists, for every offer
// page it rendered, what the page's image draws and its key (src/pages/preview-images.json.ts).
// An image is rendered once per key into a cache folder that outlives builds (under DATA_DIR), by a
// pool of worker threads, and hard-linked into the build's og/ folder. A rebuild in which nothing
// changed renders nothing; a changed offer gets a new key, so a new image at a new URL.
// Each build keeps its offer → key map in .preview-images.json (a dotfile: never served), so that a
// publish knows which images its pages still use.
import { copyFile, link, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { PREVIEW_IMAGE_DIR, PREVIEW_MANIFEST_FILE, type PreviewImageSpec } from '../../lib/preview-image.ts';
import { resolveApiImage } from '../../lib/api-images.ts';
import type { PreviewTask } from './preview-worker.ts';

/** The rendered images, named <key>.png, in this folder of DATA_DIR. */
export const PREVIEW_CACHE_DIR = 'preview-images';
/** A build's offer id → image key map. */
export const PREVIEW_KEYS_FILE = '.preview-images.json';
export type PreviewKeys = Record<string, string>;
type Manifest = Record<string, { key: string; spec: PreviewImageSpec }>;

const LOGO_TIMEOUT_MS = 10_000;

/** The astro build's list of images, removed from the build: it is not for visitors. */
export async function readManifest(buildDir: string): Promise<Manifest> {
  return JSON.parse(await readFile(join(buildDir, PREVIEW_MANIFEST_FILE), 'utf8').catch(() => '{}'));
}

/** The manifest, removed from the build: no one downloads it. */
export async function takeManifest(buildDir: string): Promise<Manifest> {
  const manifest = await readManifest(buildDir);
  await rm(join(buildDir, PREVIEW_MANIFEST_FILE), { force: true });
  return manifest;
}

/**
 * The bank logo as a data URL satori can draw (PNG, JPEG, or an SVG without text: resvg has no
 * fonts for an SVG's own text), or undefined for a monogram in the bank's colour.
 */
async function logoDataUrl(apiUrl: string, logoUrl: string): Promise<string | undefined> {
  try {
    const response = await fetch(resolveApiImage(apiUrl, logoUrl), { signal: AbortSignal.timeout(LOGO_TIMEOUT_MS) });
    if (!response.ok) return undefined;
    const type = response.headers.get('content-type')?.split(';')[0]?.trim();
    const bytes = Buffer.from(await response.arrayBuffer());
    if (type === 'image/svg+xml' && /<text[\s>]/.test(bytes.toString('utf8'))) return undefined;
    if (type !== 'image/png' && type !== 'image/jpeg' && type !== 'image/svg+xml') return undefined;
    return `data:${type};base64,${bytes.toString('base64')}`;
  } catch {
    return undefined;
  }
}

/** Runs the tasks on a pool of worker threads (one per core); rejects with the first failure. */
async function renderInPool(tasks: PreviewTask[], signal: AbortSignal): Promise<void> {
  const size = Math.max(1, Math.min(availableParallelism(), tasks.length));
  let next = 0;
  const workers: Worker[] = [];
  try {
    await Promise.all(
      Array.from(
        { length: size },
        () =>
          new Promise<void>((resolvePool, reject) => {
            const worker = new Worker(new URL('./preview-worker.ts', import.meta.url));
            workers.push(worker);
            const send = () => {
              if (signal.aborted) return reject(signal.reason);
              const task = tasks[next++];
              if (task) worker.postMessage(task);
              else resolvePool();
            };
            worker.on('message', (answer: { ok: boolean; error?: string }) =>
              answer.ok ? send() : reject(new Error(`a preview image failed: ${answer.error}`)),
            );
            worker.on('error', reject);
            send();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

/** Renders the images of the manifest whose key is not in the cache yet; the number rendered. */
export async function renderMissing(
  manifest: Manifest,
  cacheDir: string,
  apiUrl: string,
  signal: AbortSignal,
): Promise<number> {
  await mkdir(cacheDir, { recursive: true });
  const cached = new Set(await readdir(cacheDir));
  const missing = new Map<string, PreviewImageSpec>();
  for (const { key, spec } of Object.values(manifest)) if (!cached.has(`${key}.png`)) missing.set(key, spec);
  if (missing.size === 0) return 0;
  const logos = new Map<string, Promise<string | undefined>>();
  for (const spec of missing.values())
    if (!logos.has(spec.bankLogoUrl)) logos.set(spec.bankLogoUrl, logoDataUrl(apiUrl, spec.bankLogoUrl));
  const tasks: PreviewTask[] = [];
  for (const [key, spec] of missing)
    tasks.push({ spec, logoDataUrl: await logos.get(spec.bankLogoUrl), file: join(cacheDir, `${key}.png`) });
  await renderInPool(tasks, signal);
  return tasks.length;
}

/** The offer id → key map of a manifest. */
export const keysOf = (manifest: Manifest): PreviewKeys =>
  Object.fromEntries(Object.entries(manifest).map(([offerId, { key }]) => [offerId, key]));

/** Puts each key's image into the build's og/ folder (a hard link to the cache, a copy across file systems); those already there stay. */
export async function linkImages(keys: Iterable<string>, cacheDir: string, buildDir: string): Promise<void> {
  const dir = join(buildDir, PREVIEW_IMAGE_DIR);
  await mkdir(dir, { recursive: true });
  const present = new Set(await readdir(dir));
  for (const key of new Set(keys)) {
    const name = `${key}.png`;
    if (present.has(name)) continue;
    await link(join(cacheDir, name), join(dir, name)).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EXDEV' && error.code !== 'EPERM') throw error;
      await copyFile(join(cacheDir, name), join(dir, `${name}.partial`));
      await rename(join(dir, `${name}.partial`), join(dir, name));
    });
  }
}

/** Removes the images of the build's og/ folder that none of its pages uses any more. */
export async function removeUnusedImages(buildDir: string, keys: PreviewKeys): Promise<number> {
  const used = new Set(Object.values(keys).map((key) => `${key}.png`));
  const dir = join(buildDir, PREVIEW_IMAGE_DIR);
  const unused = (await readdir(dir).catch(() => [])).filter((name) => !used.has(name));
  await Promise.all(unused.map((name) => rm(join(dir, name), { force: true })));
  return unused.length;
}

export const readKeys = async (buildDir: string): Promise<PreviewKeys> =>
  JSON.parse(await readFile(join(buildDir, PREVIEW_KEYS_FILE), 'utf8').catch(() => '{}'));

/** Writes the build's map by a rename; offer ids in number order (JSON keeps integer keys sorted), so a publish writes what a full build would. */
export async function writeKeys(buildDir: string, keys: PreviewKeys): Promise<void> {
  const file = join(buildDir, PREVIEW_KEYS_FILE);
  await writeFile(`${file}.next`, JSON.stringify(keys));
  await rename(`${file}.next`, file);
}

/** After a full build: cache files no longer used by the served build go (older builds hold their own links). */
export async function pruneCache(cacheDir: string, keys: PreviewKeys): Promise<number> {
  const used = new Set(Object.values(keys).map((key) => `${key}.png`));
  const files = await readdir(cacheDir).catch(() => []);
  const stale = files.filter((name) => !used.has(name));
  await Promise.all(stale.map((name) => rm(join(cacheDir, name), { force: true })));
  return stale.length;
}
