// The builds folder: one folder per build (builds/<stamp>-<pid>), SITE_DIR a symlink to the one being
// served. A build counts only once finished: it then gets a marker file beside it (<stamp>.done),
// so a build cut off by a stop or a crash is never served, kept or taken as the fallback.
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { dirname, join, resolve } from 'node:path';
import { holderRuns, holderText, readHolder } from '../db/data-dir-lock.ts';

export const BUILDS_DIR = 'builds';
/** A build's redirect maps, read by the server (routes.ts): offer id → canonical path (src/pages/offer-paths.json.ts), bank page key → path (bank-paths.json.ts). */
export const OFFER_PATHS_FILE = 'offer-paths.json';
export const BANK_PATHS_FILE = 'bank-paths.json';
export const MERCHANT_PATHS_FILE = 'merchant-paths.json';
/** The served build and one previous good one, to go back to by hand. */
const GOOD_BUILDS_KEPT = 2;
const DONE_SUFFIX = '.done';

export const newBuildName = () =>
  new Date().toISOString().replace(/[-:.]/g, '').replace('T', '-').slice(0, 15) + '-' + process.pid;

/** The marker of a finished build; a publish rewrites it, so its date tells other processes of the publish. */
export const buildDoneFile = (buildDir: string) => `${buildDir}${DONE_SUFFIX}`;

export function markBuildDone(buildDir: string, info: Record<string, unknown>) {
  writeFileSync(`${buildDoneFile(buildDir)}.next`, JSON.stringify(info));
  renameSync(`${buildDoneFile(buildDir)}.next`, buildDoneFile(buildDir));
}

/** What the finished build in `buildDir` recorded about itself, or undefined for an unfinished one. */
export function buildInfo(buildDir: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(readFileSync(buildDoneFile(buildDir), 'utf8'));
  } catch {
    return undefined;
  }
}

/** The build SITE_DIR points at, if any. */
export function servedBuild(siteDir: string): string | undefined {
  try {
    return realpathSync(siteDir);
  } catch {
    return undefined;
  }
}

/** Replaces siteDir with a symlink to buildDir in one rename. A plain folder there is moved aside once. */
export function switchSite(siteDir: string, buildDir: string, buildsDir: string) {
  const stat = existsSync(siteDir) || isDanglingLink(siteDir) ? lstatSync(siteDir) : undefined;
  if (stat && !stat.isSymbolicLink()) renameSync(siteDir, join(buildsDir, `previous-${Date.now()}`));
  const next = `${siteDir}.next-${process.pid}`;
  rmSync(next, { force: true });
  symlinkSync(resolve(buildDir), next);
  renameSync(next, siteDir);
}

function isDanglingLink(path: string) {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * Removes every build but the served one and the newest other finished one: unfinished builds
 * (left by a stop or a crash) and older finished ones. Call it holding the build lock, so that no
 * build of this checkout is being written.
 */
export async function pruneBuilds(buildsDir: string, siteDir: string) {
  const served = servedBuild(siteDir);
  const entries = (await readdir(buildsDir, { withFileTypes: true }).catch(() => [])).filter((entry) =>
    entry.isDirectory(),
  );
  const finished = entries
    .filter((entry) => buildInfo(join(buildsDir, entry.name)))
    .map((entry) => entry.name)
    .sort();
  const keep = new Set(
    finished.filter((name) => join(resolve(buildsDir), name) !== served).slice(-(GOOD_BUILDS_KEPT - 1)),
  );
  for (const entry of entries) {
    const dir = join(buildsDir, entry.name);
    if (keep.has(entry.name) || resolve(dir) === served) continue;
    await rm(dir, { recursive: true, force: true });
    await rm(buildDoneFile(dir), { force: true });
  }
}

/**
 * Builds from one checkout take turns: Astro keeps build state in the checkout (.astro/), and a
 * publish writes into the served build. A lock left by a dead process is taken over.
 */
export async function takeBuildLock(signal?: AbortSignal, lock = resolve('.astro/build.lock')): Promise<() => void> {
  mkdirSync(dirname(lock), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), holderText(process.pid));
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

/** A lock left by a process that has died, or never given a holder (a crash between the two steps). */
function lockIsStale(lock: string): boolean {
  const holder = readHolder(join(lock, 'pid'));
  if (holder) return !holderRuns(holder);
  try {
    return Date.now() - statSync(lock).mtimeMs > 10_000;
  } catch {
    return false;
  }
}
