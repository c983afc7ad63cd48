// The rebuilder keeps the served site in step with the catalogue: an offer that ends leaves the
// lists, and an offer that is accepted gets its page, each without waiting for the hourly rebuild.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, gt, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferData } from '../../src/contract/index.ts';
import { offerCanonicalPath } from '../../src/lib/site-urls.ts';
import { offers } from '../../src/server/db/schema.ts';
import { readEnv } from '../../src/server/env.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { startSiteRebuilder, type SiteRebuilder } from '../../src/server/site-rebuilder.ts';

const work = mkdtempSync(join(tmpdir(), 'offerlanka-rebuild-'));
const siteDir = join(work, 'dist');
const logLines: string[] = [];
let server: RunningServer;
let rebuilder: SiteRebuilder;

const html = (path: string) => readFileSync(join(siteDir, path, 'index.html'), 'utf8');
const offerById = async (id: number): Promise<OfferData> =>
  (await (await fetch(`${server.url}/api/site/offers/1`)).json()).data.find((offer: OfferData) => offer.offerId === id);

async function waitFor(condition: () => boolean, what: string, timeoutMs = 150_000) {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}; log: ${logLines.join(' | ')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
const builds = () => logLines.filter((line) => line.startsWith('[site] built')).length;

beforeAll(async () => {
  const env = readEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: join(work, 'data'), SITE_DIR: siteDir, RATE_LIMITS: '0' });
  server = await startServer({ env, log: () => {} });
  rebuilder = startSiteRebuilder({
    db: server.handle.db, apiUrl: `${server.url}/api`, siteDir, buildsDir: join(work, 'builds'),
    intervalMs: 3_600_000, catalogueCheckMs: 500, clearResponseCache: () => server.deps.cache.clear(),
    log: (line) => logLines.push(line),
  });
  await rebuilder.request('first build');
}, 240_000);

afterAll(async () => {
  rebuilder?.stop();
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('site rebuilder', () => {
  it('rebuilds when a listed offer ends, and the offer leaves the home page', async () => {
    const db = server.handle.db;
    const homeIds = [...html('').matchAll(/href="[^"]*\/(\d+)"/g)].map((m) => Number(m[1]));
    const [listed] = await db.select({ offerId: offers.offerId }).from(offers)
      .where(and(eq(offers.reviewStatus, 'accepted'), isNotNull(offers.offerEnd), gt(offers.offerEnd, new Date())));
    const offerId = homeIds.find((id) => id === listed?.offerId) ?? homeIds[0]!;
    const path = offerCanonicalPath(await offerById(offerId));
    expect(html(path)).not.toContain('>Expired<');

    const before = builds();
    await db.update(offers).set({ offerEnd: new Date(Date.now() + 1_500) }).where(eq(offers.offerId, offerId));
    await waitFor(() => logLines.some((line) => line.includes('an offer ended')) && builds() > before, 'the rebuild after the offer ended');
    expect(html(path)).toMatch(/<span class="badge expired"[^>]*>Expired<\/span>/);
    expect(html('')).not.toContain(`href="${path}"`);
  }, 200_000);

  it('rebuilds when an offer is accepted, and the offer gets its page', async () => {
    const db = server.handle.db;
    const [pending] = await db.select({ offerId: offers.offerId }).from(offers).where(eq(offers.reviewStatus, 'pending'));
    expect(pending).toBeDefined();
    const before = builds();
    await db.update(offers).set({ reviewStatus: 'accepted', offerEnd: null }).where(eq(offers.offerId, pending!.offerId));
    await waitFor(() => logLines.some((line) => line.includes('the accepted offers changed')) && builds() > before, 'the rebuild after the offer was accepted');
    const path = offerCanonicalPath(await offerById(pending!.offerId));
    expect(existsSync(join(siteDir, path, 'index.html'))).toBe(true);
    expect(readFileSync(join(siteDir, 'sitemap.xml'), 'utf8')).toContain(path);
  }, 200_000);
});
