// The rebuilder keeps the served site in step with the catalogue without full rebuilds: offers
// accepted, edited, withdrawn or ended are published into the served build, which then matches a
// full build of the same catalogue byte for byte. A renamed bank or category (its slug is in the URL of
// every page of its offers) is rebuilt in full instead.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { asc, eq, ne } from 'drizzle-orm';
import ky from 'ky';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferData } from '../../src/contract/index.ts';
import { offerCanonicalPath } from '../../src/lib/site-urls.ts';
import { banks, offers, siteBuilds } from '../../src/server/db/schema.ts';
import { readEnv } from '../../src/server/env.ts';
import { startServer, type RebuilderTuning, type RunningServer } from '../../src/server/server.ts';
import { buildSite } from '../../src/server/site/build.ts';
import { buildInfo } from '../../src/server/site/builds-dir.ts';
import { processStatFields } from '../../src/server/db/data-dir-lock.ts';
import type { SiteRebuilder } from '../../src/server/site/rebuilder.ts';
import { SITE_TEST_OFFERS } from '../support/site-catalogue.ts';
import { NO_DELAY_SHEDDING } from '../support/server-env.ts';

const work = mkdtempSync(join(tmpdir(), 'offerlanka-rebuild-'));
const siteDir = join(work, 'dist');
const buildsDir = join(work, 'builds');
const logLines: string[] = [];
let server: RunningServer;
let rebuilder: SiteRebuilder;

const html = (dir: string, path: string) => readFileSync(join(dir, path, 'index.html'), 'utf8');
/** Every public offer, page by page, as the build reads them (the response cache emptied first). */
async function siteOffers(): Promise<OfferData[]> {
  server.deps.cache.clear();
  const all: OfferData[] = [];
  for (let page = 1; ; page++) {
    // Retried as the build retries: a server busy with a build may shed a request (503, Retry-After).
    const { data } = await ky
      .get(`${server.url}/api/site/offers/${page}`, { retry: { limit: 4, afterStatusCodes: [503] } })
      .json<{ data: OfferData[] }>();
    if (data.length === 0) return all;
    all.push(...data);
  }
}

/**
 * How long a build or publish may take here (the tests' own timeouts are written out, as 600_000 or
 * twice that). Alone, this file's builds take seconds; `npm test` runs this lane at the lowest CPU
 * priority beside the browser lane, which then leaves its builds next to no CPU: a publish that
 * takes 20 s alone took over 400 s in a full run on a slow machine.
 */
const STARVED_BUILD_MS = 600_000;

async function waitFor(condition: () => boolean, what: string, timeoutMs = STARVED_BUILD_MS) {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}; log: ${logLines.join(' | ')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
const count = (prefix: string) => logLines.filter((line) => line.startsWith(prefix)).length;

/** A process's /proc stat fields: the parent is [1], the niceness [16]. */
const statFields = (pid: string | number) => processStatFields(Number(pid));
/** Whether the process was started by this one, through any number of others. */
function startedHere(pid: string): boolean {
  for (let parent = Number(statFields(pid)[1]); parent > 1; parent = Number(statFields(parent)[1]))
    if (parent === process.pid) return true;
  return false;
}

/**
 * The CPU niceness of every running site build process of this file's server (the job and its
 * astro build), from /proc: other builds on the machine (another test lane's) are not its.
 */
function buildProcessNiceness(): number[] {
  const values: number[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!command.includes('build-job.ts') && !command.includes('astro.mjs')) continue;
      if (startedHere(pid)) values.push(Number(statFields(pid)[16]));
    } catch {
      // the process ended meanwhile
    }
  }
  return values;
}

/** The pages and files a visitor can get from a build, by path, without the compressed copies, the search index and sw.js (which names the build that wrote it). */
function siteFiles(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = relative(dir, join(entry.parentPath, entry.name));
    if (
      !entry.isFile() ||
      /\.(br|gz)$/.test(path) ||
      path.startsWith('pagefind/') ||
      path === '_headers' ||
      path === 'nginx-headers.conf' ||
      path === 'sw.js'
    )
      continue;
    files.set(path, readFileSync(join(dir, path)));
  }
  return files;
}

/** The server's rebuilder, started again (as a restart of the server would) with these settings. */
const rebuilderSettings = (sourceVersion = 'test-source'): RebuilderTuning => ({
  buildsDir,
  // 03:00 in Colombo on 29 February only: a nightly time (21:30 UTC) started full builds inside runs.
  rebuildCron: '0 3 29 2 *',
  sourceVersion,
  changeCheckMs: 500,
  // tests/site/preview-images.test.ts covers the images a publish renders.
  previewImages: false,
  log: (line) => logLines.push(line),
});
const startRebuilder = (sourceVersion?: string) => server.restartRebuilder(rebuilderSettings(sourceVersion));

beforeAll(async () => {
  const env = readEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: join(work, 'data'),
    SITE_DIR: siteDir,
    RATE_LIMITS: '0',
    ...NO_DELAY_SHEDDING,
  });
  // What a build cut off by a stop leaves behind: it must never be served, kept or counted.
  mkdirSync(join(buildsDir, '20200101-000000-1'), { recursive: true });
  writeFileSync(join(buildsDir, '20200101-000000-1', 'index.html'), 'half a build');
  server = await startServer({
    env,
    seedWhenEmpty: { offers: SITE_TEST_OFFERS },
    rebuildSite: rebuilderSettings(),
    log: () => {},
  });
  rebuilder = server.rebuilder!;
  await waitFor(() => count('[site] built') === 1, 'the first build');
}, 600_000);

afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('site rebuilder', () => {
  it('builds when there is none, removing a partial build, and records what it shows', async () => {
    expect(logLines).toContain('[site] rebuilding: no build yet');
    // The team console's overview reads the builds from the database. The row is finished just
    // after the build's own log line, so it is read until it is.
    const firstRecord = async () =>
      (await server.handle.db.select().from(siteBuilds).orderBy(asc(siteBuilds.buildId)).limit(1))[0];
    const until = Date.now() + 60_000;
    while ((await firstRecord())?.finishedAt == null && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const recorded = await firstRecord();
    expect(recorded).toMatchObject({ kind: 'full', ok: true, message: 'no build yet' });
    expect(recorded!.finishedAt!.getTime()).toBeGreaterThanOrEqual(recorded!.startedAt.getTime());
    expect(existsSync(join(buildsDir, '20200101-000000-1'))).toBe(false);
    const builds = readdirSync(buildsDir);
    expect(builds.filter((name) => name.endsWith('.done'))).toHaveLength(1);
    expect(
      buildInfo(
        join(
          buildsDir,
          builds.find((name) => !name.endsWith('.done'))!,
        ),
      ),
    ).toMatchObject({ source: 'test-source', catalogue: expect.any(Object) });
  });

  it('publishes accepted, edited, withdrawn and ended offers into the served build, which then equals a full build', async () => {
    const db = server.handle.db;
    const before = await siteOffers();
    const listed = before
      .filter((offer) => offer.status !== 'expired')
      .sort((a, b) => a.views - b.views || a.offerId - b.offerId);
    const [pending] = await db
      .select({ offerId: offers.offerId })
      .from(offers)
      .where(eq(offers.reviewStatus, 'pending'))
      .orderBy(asc(offers.offerId));
    expect(pending).toBeDefined();
    // The least viewed offers: not among the Top Picks that every offer page shows.
    const [withdrawn, edited, ending, teamWithdrawn] = listed;
    const [otherCategory] = await db
      .select({ categoryId: offers.categoryId })
      .from(offers)
      .where(ne(offers.categoryId, edited!.categoryId));
    const withdrawnPath = offerCanonicalPath(withdrawn!);
    const editedOldPath = offerCanonicalPath(edited!);
    const publishesBefore = count('[site] published');
    const batchesBefore = count('[site] publishing offers');
    const buildsBefore = count('[site] built');

    // One transaction: the changes arrive together, and are published together.
    await db.transaction(async (tx) => {
      await tx.update(offers).set({ reviewStatus: 'accepted' }).where(eq(offers.offerId, pending!.offerId));
      await tx.update(offers).set({ reviewStatus: 'rejected' }).where(eq(offers.offerId, withdrawn!.offerId));
      await tx
        .update(offers)
        .set({ header: 'Edited: 30% off the whole bill', categoryId: otherCategory!.categoryId })
        .where(eq(offers.offerId, edited!.offerId));
      await tx
        .update(offers)
        .set({ offerEnd: new Date(Date.now() + 4_000) })
        .where(eq(offers.offerId, ending!.offerId));
      // Withdrawn by the team: its page stays, saying so.
      await tx.update(offers).set({ withdrawnAt: new Date() }).where(eq(offers.offerId, teamWithdrawn!.offerId));
    });

    const after = await siteOffers();
    const acceptedPath = offerCanonicalPath(after.find((offer) => offer.offerId === pending!.offerId)!);
    const editedPath = offerCanonicalPath(after.find((offer) => offer.offerId === edited!.offerId)!);
    const endingPath = offerCanonicalPath(ending!);
    expect(editedPath).not.toBe(editedOldPath);

    await waitFor(
      () =>
        existsSync(join(siteDir, acceptedPath, 'index.html')) &&
        !existsSync(join(siteDir, withdrawnPath, 'index.html')),
      'the accepted and withdrawn offers published',
    );
    await waitFor(() => html(siteDir, endingPath).includes('>Expired<'), 'the ended offer published');
    await waitFor(
      () => html(siteDir, offerCanonicalPath(teamWithdrawn!)).includes('>No longer available<'),
      'the offer the team withdrew published',
    );
    await rebuilder.publishChanges(); // anything still waiting
    const firstBatch = logLines.filter((line) => line.startsWith('[site] publishing offers'))[batchesBefore];
    const batchIds = firstBatch!.replace('[site] publishing offers ', '').split(', ').map(Number);
    expect(batchIds).toEqual(
      expect.arrayContaining([pending!.offerId, withdrawn!.offerId, edited!.offerId, ending!.offerId]),
    );
    expect(count('[site] published')).toBeGreaterThan(publishesBefore);
    expect(count('[site] built')).toBe(buildsBefore); // no full rebuild

    // Served at once: the new page, the moved page, a 301 from the old path, a 404 for the withdrawn one.
    expect(await (await fetch(`${server.url}${acceptedPath}`)).text()).toContain('<link rel="canonical"');
    expect(await (await fetch(`${server.url}${editedPath}`)).text()).toContain('Edited: 30% off the whole bill');
    const moved = await fetch(`${server.url}${editedOldPath}`, { redirect: 'manual' });
    expect([moved.status, moved.headers.get('location')]).toEqual([301, editedPath]);
    expect((await fetch(`${server.url}${withdrawnPath}`)).status).toBe(404);
    const home = html(siteDir, '');
    expect(home).not.toContain(`href="${endingPath}"`);
    expect(home).not.toContain(`href="${withdrawnPath}"`);
    const sitemap = readFileSync(join(siteDir, 'sitemap-en.xml'), 'utf8');
    expect(sitemap).toContain(acceptedPath);
    expect(sitemap).not.toContain(withdrawnPath);
    // The compressed copies are the new page too.
    expect(brotliDecompressSync(readFileSync(join(siteDir, editedPath, 'index.html.br'))).toString()).toBe(
      html(siteDir, editedPath),
    );

    // A full build of the same catalogue: every page and file the same, byte for byte.
    const fullSite = join(work, 'dist-full');
    await buildSite({
      apiUrl: `${server.url}/api`,
      siteDir: fullSite,
      siteUrl: server.url,
      buildsDir: join(work, 'builds-full'),
      previewImages: false,
      log: () => {},
    });
    const published = siteFiles(siteDir);
    const full = siteFiles(fullSite);
    expect([...published.keys()].sort()).toEqual([...full.keys()].sort());
    const different = [...full].filter(([path, bytes]) => !published.get(path)?.equals(bytes)).map(([path]) => path);
    expect(different).toEqual([]);
    // The search index is the full build's, and the header leaves the pages' inline code to their own <meta>.
    expect(readFileSync(join(siteDir, 'pagefind/pagefind-entry.json'), 'utf8')).toBe(
      readFileSync(join(fullSite, 'pagefind/pagefind-entry.json'), 'utf8'),
    );
    const policy = (await fetch(`${server.url}${acceptedPath}`)).headers.get('content-security-policy')!;
    expect(policy).toMatch(/frame-ancestors 'none'/);
    expect(policy).not.toMatch(/sha256-|script-src|default-src/);
    expect(html(siteDir, acceptedPath)).toMatch(
      /<meta http-equiv="content-security-policy" content="[^"]*script-src[^"]*'sha256-/,
    );
  }, 1_200_000); // a publish and a full build

  it('publishes a change made through this server at once, not at its next check', async () => {
    const db = server.handle.db;
    // Its check of the database would not come within this test.
    rebuilder = await server.restartRebuilder({ ...rebuilderSettings(), changeCheckMs: 3_600_000 });
    await rebuilder.publishChanges(); // what it publishes at start
    const offer = (await siteOffers())
      .filter((listed) => listed.status !== 'expired')
      .sort((a, b) => a.views - b.views || b.offerId - a.offerId)[0]!;
    const header = 'Told at once: 15% off on weekdays';
    await db.update(offers).set({ header }).where(eq(offers.offerId, offer.offerId));
    server.deps.publicChanged(); // as the team console's edit does
    await waitFor(() => html(siteDir, offerCanonicalPath(offer)).includes(header), 'the edit published');
    await rebuilder.publishChanges(); // the publish finished, not cut off by the next test's restart
  }, 600_000);

  it('rebuilds in full on its schedule', async () => {
    const scheduled = await server.restartRebuilder({
      ...rebuilderSettings(),
      rebuildCron: '* * * * * *',
      changeCheckMs: 60_000,
    });
    try {
      await waitFor(() => logLines.includes('[site] rebuilding: scheduled'), 'the scheduled rebuild', 60_000);
      // The build runs in processes of its own at the lowest CPU priority: the job and the astro build it starts.
      // At that priority on a machine busy with other lanes, the job may take a minute to start astro.
      await waitFor(() => buildProcessNiceness().length >= 2, 'the build processes');
      expect(new Set(buildProcessNiceness())).toEqual(new Set([19]));
    } finally {
      scheduled.stop(); // the build stops; the served one stays
      rebuilder = await startRebuilder();
    }
  }, 600_000);

  it('rebuilds in full when a bank is renamed, also by another process (noticed by its check)', async () => {
    const db = server.handle.db;
    const [bank] = await db.select().from(banks).orderBy(asc(banks.bankId)).limit(1);
    const [rebuilds, publishes] = [count('[site] rebuilding'), count('[site] publishing offers')];
    // Written to the database directly, as another server's team console would: nobody tells this rebuilder.
    await db
      .update(banks)
      .set({ bankName: `${bank!.bankName} PLC`, slug: `${bank!.slug}-plc` })
      .where(eq(banks.bankId, bank!.bankId));
    try {
      await waitFor(() => logLines.includes('[site] rebuilding: the catalogue changed'), 'a rebuild after the rename');
      expect(count('[site] publishing offers')).toBe(publishes); // not a publish: every page of the bank's offers moves
    } finally {
      rebuilder.stop(); // the build in progress stops (a full build is checked above), the served build stays
      await db.update(banks).set({ bankName: bank!.bankName, slug: bank!.slug }).where(eq(banks.bankId, bank!.bankId));
    }
    await waitFor(
      () => readdirSync(buildsDir).filter((name) => !name.endsWith('.done')).length === 1,
      'the stopped build removed',
    );
    // The catalogue is the served build's again: nothing to rebuild at start.
    rebuilder = await startRebuilder();
    await rebuilder.publishChanges();
    expect(count('[site] rebuilding')).toBe(rebuilds + 1);
  }, 600_000);

  it('rebuilds in full at start when the code changed since the served build, and publishes otherwise', async () => {
    rebuilder.stop();
    const builds = count('[site] rebuilding');
    rebuilder = await startRebuilder();
    await rebuilder.publishChanges();
    expect(count('[site] rebuilding')).toBe(builds);

    rebuilder.stop();
    rebuilder = await startRebuilder('another-source');
    await waitFor(() => count('[site] rebuilding') > builds, 'a rebuild after the code changed');
    expect(logLines).toContain('[site] rebuilding: the code changed since the served build');
    rebuilder.stop(); // the build in progress stops, and the served build stays
    await waitFor(
      () => readdirSync(buildsDir).filter((name) => !name.endsWith('.done')).length === 1,
      'the stopped build removed',
    );
    expect(html(siteDir, '')).toContain('Credit card offers in Sri Lanka</h1>');
  }, 600_000);
});
