// The builds folder keeps the served build and one previous finished build; an unfinished build
// (cut off by a stop) is never kept, whatever its age.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { holderText } from '../../src/server/db/data-dir-lock.ts';
import {
  buildInfo,
  markBuildDone,
  pruneBuilds,
  servedBuild,
  switchSite,
  takeBuildLock,
} from '../../src/server/site/builds-dir.ts';

let work: string;
let buildsDir: string;
let siteDir: string;

function makeBuild(name: string, finished: boolean) {
  const dir = join(buildsDir, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), name);
  if (finished) markBuildDone(dir, { builtAt: name });
  return dir;
}
const buildsLeft = () =>
  readdirSync(buildsDir)
    .filter((name) => !name.endsWith('.done'))
    .sort();

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'offerlanka-builds-'));
  buildsDir = join(work, 'builds');
  siteDir = join(work, 'dist');
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

describe('the builds folder', () => {
  it('keeps the served build and the newest other finished one, and removes unfinished builds', async () => {
    makeBuild('20260101-000000-1', true);
    makeBuild('20260102-000000-1', true);
    makeBuild('20260103-000000-1', true);
    const served = makeBuild('20260104-000000-1', true);
    makeBuild('20260105-000000-1', false); // newer, but cut off: never the fallback
    makeBuild('20260104-000000-1-publish', false);
    switchSite(siteDir, served, buildsDir);

    await pruneBuilds(buildsDir, siteDir);

    expect(buildsLeft()).toEqual(['20260103-000000-1', '20260104-000000-1']);
    expect(existsSync(join(buildsDir, '20260101-000000-1.done'))).toBe(false);
    expect(servedBuild(siteDir)).toBe(served);
  });

  it('keeps a served build even when it has no done marker (one made before markers existed)', async () => {
    const served = makeBuild('20250101-000000-1', false);
    makeBuild('20250102-000000-1', true);
    switchSite(siteDir, served, buildsDir);
    await pruneBuilds(buildsDir, siteDir);
    expect(buildsLeft()).toEqual(['20250101-000000-1', '20250102-000000-1']);
  });

  it('records what a finished build says about itself, and nothing for an unfinished one', () => {
    const done = makeBuild('20260101-000000-1', true);
    expect(buildInfo(done)).toEqual({ builtAt: '20260101-000000-1' });
    expect(buildInfo(makeBuild('20260102-000000-1', false))).toBeUndefined();
  });
});

describe('the build lock', () => {
  const lockDir = () => join(work, '.astro', 'build.lock');
  const leaveLock = (holder: string) => {
    mkdirSync(lockDir(), { recursive: true });
    writeFileSync(join(lockDir(), 'pid'), holder);
  };

  it('is taken over from a process that no longer runs, and released', async () => {
    leaveLock('2147483646'); // no such pid
    const unlock = await takeBuildLock(AbortSignal.timeout(5_000), lockDir());
    expect(readFileSync(join(lockDir(), 'pid'), 'utf8')).toBe(holderText(process.pid));
    unlock();
    expect(existsSync(lockDir())).toBe(false);
  });

  it("is taken over from a later process that got the holder's pid", async () => {
    leaveLock(`${process.pid} 1`); // this pid, but another start time: an earlier process's lock
    const unlock = await takeBuildLock(AbortSignal.timeout(5_000), lockDir());
    unlock();
  });

  it('waits while its holder runs', async () => {
    leaveLock(holderText(process.pid));
    await expect(takeBuildLock(AbortSignal.timeout(1_500), lockDir())).rejects.toThrow();
    expect(readFileSync(join(lockDir(), 'pid'), 'utf8')).toBe(holderText(process.pid));
  });
});
