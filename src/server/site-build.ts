// Builds the static site from the API into builds/<stamp>/ and then points SITE_DIR (a symlink)
// at it with one rename, so a visitor never sees a half-built site.
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { basename, join, resolve } from 'node:path';
import { precompressBuild } from './site-precompress.ts';

export const BUILDS_DIR = 'builds';
const BUILDS_KEPT = 2;

export interface SiteBuildResult { dir: string; seconds: number }

/** Runs `astro build` against the API at apiUrl (its main base URL) and switches siteDir to it. */
export async function buildSite(options: {
  apiUrl: string; siteDir: string; siteUrl?: string; log?: (line: string) => void; signal?: AbortSignal;
  /** Where the builds are kept; the last two stay. */
  buildsDir?: string;
}): Promise<SiteBuildResult> {
  const log = options.log ?? console.log;
  const buildsDir = options.buildsDir ?? BUILDS_DIR;
  mkdirSync(buildsDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[-:.]/g, '').replace('T', '-').slice(0, 15) + '-' + process.pid;
  const outDir = join(buildsDir, stamp);
  const unlock = await takeBuildLock(options.signal);
  const started = Date.now(); // after any wait for another build
  try {
    await run(process.execPath, [resolve('node_modules/astro/bin/astro.mjs'), 'build', '--outDir', outDir, '--silent'], {
      ...process.env, API_URL: options.apiUrl, ...(options.siteUrl ? { SITE_URL: options.siteUrl } : {}),
    }, options.signal);
    await run(process.execPath, [resolve('node_modules/pagefind/lib/runner/bin.cjs'), '--site', outDir, '--silent'], process.env, options.signal);
    await precompressBuild(outDir);
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true }); // a failed build never becomes the site
    throw error;
  } finally {
    unlock();
  }
  switchSite(options.siteDir, outDir, buildsDir);
  pruneBuilds(buildsDir, outDir);
  const seconds = (Date.now() - started) / 1000;
  log(`[site] built ${outDir} in ${seconds.toFixed(1)} s`);
  return { dir: outDir, seconds };
}

/**
 * Astro keeps build state in the checkout (.astro/), so two builds at once break each other
 * (a scheduled rebuild and `npm run rebuild`, or parallel test suites): they take turns.
 */
async function takeBuildLock(signal?: AbortSignal): Promise<() => void> {
  const lock = resolve('.astro/build.lock');
  mkdirSync(resolve('.astro'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      return () => rmSync(lock, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (lockIsStale(lock)) {
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    signal?.throwIfAborted();
    await sleep(500);
  }
}

/** A lock left by a process that has died, or never given a pid (a crash between the two steps). */
function lockIsStale(lock: string): boolean {
  try {
    const pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
    process.kill(pid, 0);
    return false;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EPERM') return false; // alive, another user's
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      try { return Date.now() - statSync(lock).mtimeMs > 10_000; } catch { return false; }
    }
    return true;
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, signal?: AbortSignal): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'inherit'], signal });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error(`${basename(args[0] ?? command)} exited with ${code}`))));
  });
}

/** Replaces siteDir with a symlink to outDir in one rename. A plain folder there is moved aside once. */
function switchSite(siteDir: string, outDir: string, buildsDir: string) {
  const stat = existsSync(siteDir) || isDanglingLink(siteDir) ? lstatSync(siteDir) : undefined;
  if (stat && !stat.isSymbolicLink()) renameSync(siteDir, join(buildsDir, `previous-${Date.now()}`));
  const next = `${siteDir}.next-${process.pid}`;
  rmSync(next, { force: true });
  symlinkSync(resolve(outDir), next);
  renameSync(next, siteDir);
}

function isDanglingLink(path: string) {
  try { return lstatSync(path).isSymbolicLink(); } catch { return false; }
}

function pruneBuilds(buildsDir: string, current: string) {
  const builds = readdirSync(buildsDir).sort();
  const old = builds.filter((name) => join(buildsDir, name) !== current).slice(0, Math.max(0, builds.length - BUILDS_KEPT));
  for (const name of old) rmSync(join(buildsDir, name), { recursive: true, force: true });
}
