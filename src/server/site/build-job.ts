// The work of a site build, run in a process of its own at the lowest CPU priority (build.ts
// starts it), so that the serving process never waits on it. Two kinds of job:
// - full: astro build, Pagefind and precompression into a new folder of builds/, marked done, then
//   SITE_DIR switched to it with one rename, and old or unfinished builds removed;
// - publish: the pages of some offers and banks (plus home, sitemap and the redirect maps) rendered
//   by the same astro build limited to them (page-selection.ts), written into the served build file
//   by file, each by a rename, pages gone from the catalogue removed, and the search index redone.
// Both render the offers' preview images whose key is new and link them in (preview-images.ts).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { buildLocales, SITE_LOCALES_ENV } from '../../build/locales.ts';
import { LOGO_SPRITE_DIR } from '../../lib/bank-logo-sprite.ts';
import { SITEMAP_FILES } from '../../build/sitemap-files.ts';
import { PAGE_SELECTION_ENV, type PageSelection } from '../../build/page-selection.ts';
import { baseLocale, type Locale } from '../../paraglide/runtime.js';
import { PRODUCT_SLUG } from '../../lib/constants.ts';
import { localePath, localeSegment } from '../../lib/locale-path.ts';
import { SAVINGS_DATA_DIR } from '../../lib/site-urls.ts';
import {
  BANK_PATHS_FILE,
  MERCHANT_PATHS_FILE,
  buildInfo,
  markBuildDone,
  newBuildName,
  OFFER_PATHS_FILE,
  pruneBuilds,
  servedBuild,
  switchSite,
  takeBuildLock,
} from './builds-dir.ts';
import { pagePolicy, sitePolicyOf, widenSiteHeaders, writeSiteHeaders } from './headers.ts';
import { compressedCopies, isCompressible, precompressBuild, precompressFiles } from './precompress.ts';
import { SERVICE_WORKER_FILE, writeServiceWorker } from './service-worker.ts';
import {
  keysOf,
  linkImages,
  pruneCache,
  readKeys,
  readManifest,
  removeUnusedImages,
  renderMissing,
  takeManifest,
  writeKeys,
} from './preview-images.ts';
import { PREVIEW_MANIFEST_FILE } from '../../lib/preview-image.ts';

export interface SiteJobOptions {
  apiUrl: string;
  siteDir: string;
  buildsDir: string;
  siteUrl?: string;
  /** Build-time variables over the process's own, such as the PUBLIC_* service URLs (public-config.ts). */
  env?: Record<string, string>;
  /** What the build shows of the catalogue, recorded in its done marker. */
  catalogue?: Record<string, unknown>;
  /** Where rendered preview images are kept between builds. */
  previewCacheDir: string;
  /** False: no preview image rendered or linked (the bench's comparison). */
  previewImages: boolean;
  /** The languages built (default SITE_LOCALES, else all); English, whose build writes the files every language shares, always among them. */
  locales?: readonly Locale[];
}
export type SiteJob = SiteJobOptions & ({ kind: 'full' } | { kind: 'publish'; pages: PageSelection });
export interface SiteJobResult {
  dir: string;
  seconds: number;
  filesWritten?: number;
  filesRemoved?: number;
  previewImagesRendered: number;
}

/** Where Pagefind writes its index in a build. */
const SEARCH_INDEX_DIR = 'pagefind';
/** Written last: they point at the pages, which must be there first. bank-paths.json changes when a bank gains or loses a category's page. */
const INDEX_FILES = [OFFER_PATHS_FILE, BANK_PATHS_FILE, MERCHANT_PATHS_FILE, ...SITEMAP_FILES];

function run(command: string, args: string[], env: NodeJS.ProcessEnv, signal: AbortSignal): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'inherit'], signal });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolvePromise() : reject(new Error(`${basename(args[0] ?? command)} exited with ${code}`)),
    );
  });
}

function astroBuild(job: SiteJob, outDir: string, signal: AbortSignal, extraEnv: Record<string, string> = {}) {
  return run(
    process.execPath,
    [resolve('node_modules/astro/bin/astro.mjs'), 'build', '--outDir', outDir, '--silent'],
    {
      ...process.env,
      // Always a production build, whatever the server runs under: Vite keeps a NODE_ENV it is
      // given (a test runner's 'test'), and React's development build would then ship.
      NODE_ENV: 'production',
      ...job.env,
      ...extraEnv,
      API_URL: job.apiUrl,
      ...(job.siteUrl ? { SITE_URL: job.siteUrl } : {}),
    },
    signal,
  );
}

/** The languages a job builds, English first: its build writes the files every language shares. */
const jobLocales = (job: SiteJob): Locale[] => [
  baseLocale,
  ...(job.locales ?? buildLocales).filter((locale) => locale !== baseLocale),
];

/**
 * One `astro build` per language into outDir (docs/i18n.md "Per-language builds"): each language's
 * scripts then carry its own messages alone (astro.config.mjs defines the build's one locale).
 * English builds first, into outDir: its build writes the files every language shares (sitemap,
 * path maps, icons). Each other language builds into a folder of its own, merged into outDir: its
 * pages are its own, and the scripts and styles in _astro/ are named by their content (the same
 * name is the same file). `built` is told each language's new files, as paths in outDir, while the
 * next language builds: work on them (compression) then runs on the other core.
 */
async function astroBuilds(
  job: SiteJob,
  outDir: string,
  signal: AbortSignal,
  extraEnv: Record<string, string> = {},
  built?: (locale: Locale, files: string[], seconds: number) => void,
) {
  for (const locale of jobLocales(job)) {
    const started = Date.now();
    const env = { ...extraEnv, [SITE_LOCALES_ENV]: locale };
    if (locale === baseLocale) {
      await astroBuild(job, outDir, signal, env);
      built?.(
        locale,
        (await filesUnder(outDir)).map((file) => join(outDir, file)),
        (Date.now() - started) / 1000,
      );
      continue;
    }
    const localeDir = `${outDir}.${locale}`;
    try {
      await astroBuild(job, localeDir, signal, env);
      const moved = await mergeInto(localeDir, outDir);
      built?.(locale, moved, (Date.now() - started) / 1000);
    } finally {
      await rm(localeDir, { recursive: true, force: true });
    }
  }
}

/** Moves what `from` has and `to` lacks into `to`, folder by folder (a file `to` has is kept); the files moved, as paths in `to`. */
async function mergeInto(from: string, to: string): Promise<string[]> {
  const moved: string[] = [];
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const [source, target] = [join(from, entry.name), join(to, entry.name)];
    if (existsSync(target)) {
      if (entry.isDirectory()) moved.push(...(await mergeInto(source, target)));
      continue;
    }
    await rename(source, target);
    moved.push(...(entry.isDirectory() ? (await filesUnder(target)).map((file) => join(target, file)) : [target]));
  }
  return moved;
}

const pagefind = (site: string, signal: AbortSignal, outputPath?: string) =>
  run(
    process.execPath,
    [
      resolve('node_modules/pagefind/lib/runner/bin.cjs'),
      '--site',
      site,
      ...(outputPath ? ['--output-path', outputPath] : []),
      '--silent',
    ],
    process.env,
    signal,
  );

async function runFullBuild(job: SiteJob, signal: AbortSignal, log: (line: string) => void): Promise<SiteJobResult> {
  await mkdir(job.buildsDir, { recursive: true });
  const unlock = await takeBuildLock(signal);
  const started = Date.now(); // after any wait for another build
  const outDir = join(job.buildsDir, newBuildName());
  const phases: string[] = [];
  let previewImagesRendered = 0;
  let keys: Record<string, string> = {};
  const timed = async (phase: string, work: () => Promise<unknown>) => {
    const phaseStarted = Date.now();
    await work();
    phases.push(`${phase} ${((Date.now() - phaseStarted) / 1000).toFixed(1)} s`);
  };
  // Work on each language's files, one piece after another, on the other core while the next
  // language's astro build renders: English's preview images, then each language's compression.
  let background: Promise<unknown> = Promise.resolve();
  const stopBackground = new AbortController();
  let backgroundSeconds = 0;
  const inBackground = (work: () => Promise<unknown>) => {
    background = background.then(async () => {
      const workStarted = Date.now();
      await work();
      backgroundSeconds += (Date.now() - workStarted) / 1000;
    });
    background.catch(() => {}); // awaited below; a failure must not go unhandled before then
  };
  try {
    await pruneBuilds(job.buildsDir, job.siteDir); // an unfinished build left by a stop goes first
    // The site's CSP header comes from the pages' own policies, read as the pages are compressed.
    const pagePolicies = new Set<string>();
    const readPolicy = (file: string, bytes: Buffer) => {
      if (file.endsWith('.html')) pagePolicies.add(pagePolicy(bytes, file));
    };
    // English's list of preview images; every language's build writes the same, English's is kept.
    const manifestFile = join(outDir, PREVIEW_MANIFEST_FILE);
    let manifestRead: ReturnType<typeof readManifest> = Promise.resolve({});
    // Once the astro builds are done, the compression left (the last language's) takes both cores.
    let astroDone = false;
    const coresFree = () => astroDone;
    await timed('astro', () =>
      astroBuilds(job, outDir, signal, {}, (locale, files, seconds) => {
        phases.push(`astro ${locale} ${seconds.toFixed(1)} s`);
        if (locale === baseLocale && job.previewImages) {
          manifestRead = readManifest(outDir);
          inBackground(async () => {
            const manifest = await manifestRead;
            previewImagesRendered = await renderMissing(manifest, job.previewCacheDir, job.apiUrl, signal);
            await linkImages(Object.values(keysOf(manifest)), job.previewCacheDir, outDir);
          });
        }
        inBackground(() =>
          precompressFiles(
            files.filter((file) => isCompressible(file) && file !== manifestFile),
            readPolicy,
            stopBackground.signal,
            coresFree,
          ),
        );
      }),
    );
    astroDone = true;
    // No one downloads it. Removed once read: a read not yet begun would find none, and the prune below would then empty the cache.
    await manifestRead;
    await rm(manifestFile, { force: true });
    // Named by this build, so browsers update; compressed on its own, as the pages may still be.
    await timed('service worker', async () => {
      await writeServiceWorker(outDir, basename(outDir));
      await precompressFiles([join(outDir, SERVICE_WORKER_FILE)]);
    });
    // Pagefind indexes every language's pages while the last language's are compressed.
    await Promise.all([
      timed('pagefind', () => pagefind(outDir, signal)),
      timed('waiting for compression and preview images', () => background),
    ]);
    phases.push(`compression and preview images ${backgroundSeconds.toFixed(1)} s in all`);
    await timed('search index compression', () => precompressBuild(join(outDir, SEARCH_INDEX_DIR)));
    writeSiteHeaders(outDir, job.siteUrl, sitePolicyOf(pagePolicies));
    if (job.previewImages) await writeKeys(outDir, (keys = keysOf(await manifestRead))); // after compression: a dotfile no one downloads
    markBuildDone(outDir, {
      builtAt: new Date().toISOString(),
      source: job.env?.SITE_SOURCE_VERSION,
      catalogue: job.catalogue,
    });
    switchSite(job.siteDir, outDir, job.buildsDir);
    await pruneBuilds(job.buildsDir, job.siteDir);
    // Builds kept hold their own links. Never fails the build: it is served already.
    if (job.previewImages)
      await pruneCache(job.previewCacheDir, keys).catch((error) =>
        log(`[site] could not prune the preview image cache: ${error}`),
      );
  } catch (error) {
    stopBackground.abort();
    await background.catch(() => {});
    await rm(outDir, { recursive: true, force: true }); // a failed build never becomes the site
    throw error;
  } finally {
    unlock();
  }
  const seconds = (Date.now() - started) / 1000;
  log(
    `[site] built ${outDir} in ${seconds.toFixed(1)} s (${phases.join(', ')}; ${previewImagesRendered} preview image(s) rendered)`,
  );
  return { dir: outDir, seconds, previewImagesRendered };
}

/** Every file under dir, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

/** Writes bytes to target (and its .gz and .br copies), each by a rename, so a reader sees the old file or the new one. */
async function replaceFile(target: string, bytes: Buffer) {
  await mkdir(dirname(target), { recursive: true });
  const copies = isCompressible(target) ? compressedCopies(bytes) : undefined;
  const writes: [string, Buffer][] = [
    ...(copies ? Object.entries(copies).map(([suffix, data]) => [`${target}${suffix}`, data] as [string, Buffer]) : []),
    [target, bytes],
  ];
  for (const [file, data] of writes) {
    await writeFile(`${file}.publishing`, data);
    await rename(`${file}.publishing`, file);
  }
  if (!copies) await Promise.all(['.gz', '.br'].map((suffix) => rm(`${target}${suffix}`, { force: true })));
}

const removePage = (file: string) =>
  Promise.all(['', '.gz', '.br'].map((suffix) => rm(`${file}${suffix}`, { force: true })));

/** The folder of a bank's pages, whatever its name's slug: credit-card-offers/<slug>/<bankId>. */
async function bankPageDirs(root: string, bankId: number): Promise<string[]> {
  const banksRoot = join(root, PRODUCT_SLUG);
  const slugs = existsSync(banksRoot) ? await readdir(banksRoot) : [];
  return slugs.map((slug) => join(PRODUCT_SLUG, slug, String(bankId))).filter((dir) => existsSync(join(root, dir)));
}

/**
 * What a publish copies of what it rendered: pages, the merchants' savings data (pages/savings/), and
 * the bank logos' sprite that home names (a new name when a logo changed; the old one stays unused).
 */
const isPublishedFile = (file: string) =>
  file.endsWith('.html') ||
  (file.startsWith(`${SAVINGS_DATA_DIR}/`) && file.endsWith('.json')) ||
  file.startsWith(`${LOGO_SPRITE_DIR}/`);

async function runPublish(
  job: SiteJob & { kind: 'publish' },
  signal: AbortSignal,
  log: (line: string) => void,
): Promise<SiteJobResult> {
  await mkdir(job.buildsDir, { recursive: true });
  const unlock = await takeBuildLock(signal);
  const started = Date.now();
  const served = servedBuild(job.siteDir);
  const outDir = join(job.buildsDir, `${newBuildName()}-publish`);
  try {
    if (!served || !buildInfo(served)) throw new Error('there is no finished build to publish into');
    const phases: string[] = [];
    await astroBuilds(job, outDir, signal, { [PAGE_SELECTION_ENV]: JSON.stringify(job.pages) }, (locale, _, seconds) =>
      phases.push(`astro ${locale} ${seconds.toFixed(1)} s`),
    );
    signal.throwIfAborted();
    // The new pages' images go in before the pages that show them; the served map gets the rendered
    // offers' keys, and loses those of the offers changed or gone.
    const manifest = await takeManifest(outDir);
    const keys = await readKeys(served);
    let previewImagesRendered = 0;
    if (job.previewImages) {
      previewImagesRendered = await renderMissing(manifest, job.previewCacheDir, job.apiUrl, signal);
      for (const offerId of job.pages.offerIds) delete keys[offerId];
      Object.assign(keys, keysOf(manifest));
      await linkImages(Object.values(keys), job.previewCacheDir, served);
    }

    const oldPaths: Record<string, string> = JSON.parse(
      await readFile(join(served, OFFER_PATHS_FILE), 'utf8').catch(() => '{}'),
    );
    const pageFile = (path: string) => join(path.replace(/^\//, ''), 'index.html');
    // Every page the selection rendered (the static ones come out the same), and the pages of the
    // served build it replaces: where the changed offers were, and their banks' pages.
    // Pages last: the files they name (a new sprite, savings data) are in place before them.
    const rendered = new Set(
      (await filesUnder(outDir))
        .filter(isPublishedFile)
        .sort((a, b) => Number(a.endsWith('.html')) - Number(b.endsWith('.html'))),
    );
    // In every language: /si/<path> is Sinhala's page of <path>.
    const replaced = new Set<string>();
    for (const locale of jobLocales(job)) {
      for (const offerId of job.pages.offerIds)
        if (oldPaths[offerId]) replaced.add(pageFile(localePath(oldPaths[offerId], locale)));
      const localeRoot = localeSegment(locale) ?? '';
      for (const bankId of job.pages.bankIds) {
        for (const dir of await bankPageDirs(join(served, localeRoot), bankId)) {
          for (const file of await filesUnder(join(served, localeRoot, dir)))
            if (file.endsWith('.html')) replaced.add(join(localeRoot, dir, file));
        }
      }
    }

    const written = new Map<string, Buffer>();
    for (const file of [...rendered, ...INDEX_FILES]) written.set(file, await readFile(join(outDir, file)));
    // The header's policy first, so it already allows whatever source a new page names when it appears.
    const policies = [...written]
      .filter(([file]) => file.endsWith('.html'))
      .map(([file, bytes]) => pagePolicy(bytes, file));
    widenSiteHeaders(served, job.siteUrl, policies);
    for (const [file, bytes] of written) {
      // Most of a bank's pages come out unchanged: left as they are, with their copies and dates.
      if ((await readFile(join(served, file)).catch(() => undefined))?.equals(bytes)) written.delete(file);
      else await replaceFile(join(served, file), bytes);
    }
    const removed = [...replaced].filter((file) => !rendered.has(file));
    for (const file of removed) await removePage(join(served, file));
    if (job.previewImages) {
      await writeKeys(served, keys);
      await removeUnusedImages(served, keys); // as a full build would have them
    }
    const indexStarted = Date.now();
    await refreshSearchIndex(served, join(job.buildsDir, `${newBuildName()}-pagefind`), signal);
    phases.push(`pagefind ${((Date.now() - indexStarted) / 1000).toFixed(1)} s`);
    markBuildDone(served, { ...buildInfo(served), publishedAt: new Date().toISOString(), catalogue: job.catalogue });

    const seconds = (Date.now() - started) / 1000;
    log(
      `[site] published ${job.pages.offerIds.length} offer(s) and ${job.pages.bankIds.length} bank(s) into ${served} in ${seconds.toFixed(1)} s (${previewImagesRendered} preview image(s) rendered; ${phases.join(', ')})`,
    );
    return { dir: served, seconds, filesWritten: written.size, filesRemoved: removed.length, previewImagesRendered };
  } finally {
    await rm(outDir, { recursive: true, force: true });
    unlock();
  }
}

/**
 * Pagefind indexes the served build again into a folder aside. Its files are named by their
 * content, so the new ones are moved in beside the old, and the entry file that points at them
 * goes last: a search sees the old index or the new one.
 */
async function refreshSearchIndex(served: string, scratch: string, signal: AbortSignal) {
  try {
    await pagefind(served, signal, scratch);
    const target = join(served, SEARCH_INDEX_DIR);
    const files = await filesUnder(scratch);
    const isEntry = (file: string) => file === 'pagefind-entry.json';
    for (const file of [...files.filter((f) => !isEntry(f)), ...files.filter(isEntry)]) {
      const bytes = await readFile(join(scratch, file));
      const existing = await readFile(join(target, file)).catch(() => undefined);
      if (existing?.equals(bytes)) continue;
      await replaceFile(join(target, file), bytes);
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The child process: one job from argv, log lines and the result sent to the parent. */
async function main() {
  const job = await new Promise<SiteJob>((resolveJob) =>
    process.once('message', (message) => resolveJob(message as SiteJob)),
  );
  const abort = new AbortController();
  // The parent stops a job with SIGTERM: the astro build is ended and what it wrote removed.
  process.on('SIGTERM', () => abort.abort(new Error('the build was stopped')));
  // The parent gone (killed, say) closes the channel: the build stops with it.
  process.on('disconnect', () => abort.abort(new Error('the server stopped')));
  const log = (line: string) => process.send!({ log: line });
  try {
    const result =
      job.kind === 'full' ? await runFullBuild(job, abort.signal, log) : await runPublish(job, abort.signal, log);
    process.send!({ result }, () => process.exit(0));
  } catch (error) {
    process.send!({ error: error instanceof Error ? error.message : String(error) }, () => process.exit(1));
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) void main();
