// Builds and publishes the static site in a child process at the lowest CPU priority
// (build-job.ts does the work), so that a build never takes the CPU or the event loop from
// the process serving visitors. All the serving process does is wait for the child's answer.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import type { PageSelection } from '../../build/page-selection.ts';
import type { Locale } from '../../paraglide/runtime.js';
import type { SiteJob, SiteJobResult } from './build-job.ts';
import { BUILDS_DIR } from './builds-dir.ts';
import { PREVIEW_CACHE_DIR } from './preview-images.ts';

export interface SiteBuildOptions {
  apiUrl: string;
  siteDir: string;
  siteUrl?: string;
  log?: (line: string) => void;
  /** Aborting stops the build: the child ends and removes what it wrote. */
  signal?: AbortSignal;
  /** Where the builds are kept (the served one and one previous good one stay); default `builds` beside siteDir. */
  buildsDir?: string;
  /** Build-time variables over the process's own, such as the PUBLIC_* service URLs (public-config.ts). */
  env?: Record<string, string>;
  /** What the build shows of the catalogue, recorded with it for the rebuilder (rebuilder.ts). */
  catalogue?: Record<string, unknown>;
  /** Where rendered preview images are kept between builds (preview-images.ts); default DATA_DIR's folder, taken as `data` beside siteDir. */
  previewCacheDir?: string;
  /** False renders and links no preview image (the bench's build without them, to compare). */
  previewImages?: boolean;
  /** The languages built: default SITE_LOCALES, else all (src/build/locales.ts). */
  locales?: readonly Locale[];
  /**
   * The build's CPU niceness, added to the process's own: default the lowest priority. The browser
   * suite's server (tests/browser/site-setup.ts) asks for less, so that the publishes its tests wait
   * for are not starved by the suite's other lanes, which run at the lowest.
   */
  niceness?: number;
}

const JOB_SCRIPT = resolve(import.meta.dirname, 'build-job.ts');
/** `nice` gives the child and everything it starts (astro, its workers, Pagefind) the lowest priority from the first instruction. */
const NICE = ['/usr/bin/nice', '/bin/nice'].find((path) => existsSync(path));
const LOWEST_PRIORITY = 19;

function runJob(job: SiteJob, options: SiteBuildOptions): Promise<SiteJobResult> {
  const log = options.log ?? console.log;
  const node = [process.execPath, '--import', 'tsx', JOB_SCRIPT];
  const [command, ...args] = NICE ? [NICE, '-n', String(options.niceness ?? LOWEST_PRIORITY), ...node] : node;
  return new Promise((resolvePromise, reject) => {
    options.signal?.throwIfAborted();
    const child = spawn(command!, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.send(job); // over the channel: the catalogue is too large for an argument
    let outcome: { result: SiteJobResult } | { error: string } | undefined;
    child.on('message', (message: { log?: string; result?: SiteJobResult; error?: string }) => {
      if (message.log) log(message.log);
      else if (message.result) outcome = { result: message.result };
      else if (message.error) outcome = { error: message.error };
    });
    const stop = () => child.kill('SIGTERM');
    options.signal?.addEventListener('abort', stop, { once: true });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      options.signal?.removeEventListener('abort', stop);
      if (outcome && 'result' in outcome) resolvePromise(outcome.result);
      else reject(new Error(outcome?.error ?? `the site build process ended (${signal ?? `exit code ${code}`})`));
    });
  });
}

const jobOptions = (options: SiteBuildOptions) => ({
  apiUrl: options.apiUrl,
  siteDir: options.siteDir,
  siteUrl: options.siteUrl,
  buildsDir: options.buildsDir ?? join(dirname(options.siteDir), BUILDS_DIR),
  env: options.env,
  catalogue: options.catalogue,
  previewCacheDir: options.previewCacheDir ?? join(dirname(options.siteDir), 'data', PREVIEW_CACHE_DIR),
  previewImages: options.previewImages ?? true,
  locales: options.locales,
});

/** A full build from the API at apiUrl (its main base URL) into a new folder, then siteDir switched to it. */
export const buildSite = (options: SiteBuildOptions) => runJob({ kind: 'full', ...jobOptions(options) }, options);

/** The pages of these offers and banks (with home, the sitemap and the search index) rendered again into the served build. */
export const publishPages = (options: SiteBuildOptions & { pages: PageSelection }) =>
  runJob({ kind: 'publish', pages: options.pages, ...jobOptions(options) }, options);

/** Where the pages' code lives: a build made from other code (a deploy) is rebuilt at start. */
const SOURCE_PATHS = [
  'src',
  'public',
  'messages',
  'project.inlang/settings.json',
  'project.inlang/paraglide.config.js',
  'astro.config.mjs',
  'package-lock.json',
];

/** A hash of the code the pages are made from. */
export async function siteSourceVersion(root = process.cwd()): Promise<string> {
  const hash = createHash('sha256');
  for (const path of SOURCE_PATHS) {
    const full = join(root, path);
    const isDir = (await stat(full).catch(() => undefined))?.isDirectory();
    const files = isDir
      ? (await readdir(full, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile())
          .map((entry) => join(entry.parentPath, entry.name))
      : [full];
    for (const file of files.sort()) {
      hash.update(relative(root, file)).update('\0');
      hash.update(await readFile(file).catch(() => Buffer.alloc(0))).update('\0');
    }
  }
  return hash.digest('hex').slice(0, 16);
}
