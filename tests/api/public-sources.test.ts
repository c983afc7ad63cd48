// GET /api/site/sources: the sources offers are imported from, as the public sources page shows them.
import { eq, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteSourcesResponse } from '../../src/contract/site-responses.ts';
import { importRuns, importSources, offers, offerSources } from '../../src/server/db/schema.ts';
import { createTestApi, type TestApi } from './harness.ts';

let api: TestApi;
// No response cache: each test changes the runs and reads the answer again.
beforeAll(async () => {
  api = await createTestApi({ offers: 60, cacheTtlMs: 0 });
});
afterAll(async () => {
  await api.close();
});

const HOUR = 3_600_000;
const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR);
const sources = async () => {
  const { status, body } = await api.call('GET', '/api/site/sources');
  expect(status).toBe(200);
  expect(v.safeParse(SiteSourcesResponse, body).issues).toBeUndefined();
  return body.data as v.InferOutput<typeof SiteSourcesResponse>['data'];
};

describe('GET /api/site/sources', () => {
  beforeAll(async () => {
    const [offer] = await api.handle.db.select().from(offers).where(eq(offers.reviewStatus, 'accepted')).limit(1);
    await api.handle.db.insert(importSources).values([
      {
        sourceKey: 'partner-feed',
        name: 'Partner feed',
        adapter: 'partner-feed',
        url: 'https://feeds.partner.example/private/offers.json?key=secret',
        bankId: offer!.bankId,
        enabled: true,
      },
      { sourceKey: 'never-ok', name: 'Never worked', adapter: 'jsonld', url: 'https://never.example/', enabled: true },
      {
        sourceKey: 'switched-off',
        name: 'Switched off, nothing listed',
        adapter: 'jsonld',
        url: 'https://off.example/',
        enabled: false,
      },
    ]);
    await api.handle.db
      .insert(offerSources)
      .values({ sourceKey: 'partner-feed', itemKey: 'A1', offerId: offer!.offerId, contentHash: 'x' });
    await api.handle.db.insert(importRuns).values([
      {
        sourceKey: 'partner-feed',
        trigger: 'schedule',
        startedAt: at(30),
        finishedAt: at(29.9),
        ok: false,
        errors: [{ reason: 'old failure at https://feeds.partner.example/private' }],
      },
      { sourceKey: 'partner-feed', trigger: 'schedule', startedAt: at(24), finishedAt: at(23.9), ok: true },
      {
        sourceKey: 'partner-feed',
        trigger: 'schedule',
        startedAt: at(18),
        finishedAt: at(17.9),
        ok: false,
        errors: [{ reason: 'HTTP 500 at https://feeds.partner.example/private' }],
      },
      {
        sourceKey: 'partner-feed',
        trigger: 'schedule',
        startedAt: at(12),
        finishedAt: at(11.9),
        ok: false,
        errors: [{ reason: 'HTTP 500' }],
      },
      // Still running: neither good nor failed.
      { sourceKey: 'partner-feed', trigger: 'console', startedAt: at(1), finishedAt: null, ok: null },
      { sourceKey: 'never-ok', trigger: 'schedule', startedAt: at(5), finishedAt: at(4.9), ok: false },
    ]);
  });

  it('gives a failing source its last good run and when the failures began, with its listed offers, and nothing of its address or errors', async () => {
    const { body } = await api.call('GET', '/api/site/sources');
    const text = JSON.stringify(body);
    expect(text).not.toContain('partner.example');
    expect(text).not.toContain('HTTP 500');
    const feed = (await sources()).find((source) => source.name === 'Partner feed')!;
    const [link] = await api.handle.db
      .select({ bankId: offers.bankId })
      .from(offers)
      .innerJoin(offerSources, eq(offerSources.offerId, offers.offerId))
      .where(eq(offerSources.sourceKey, 'partner-feed'));
    expect(feed).toMatchObject({
      name: 'Partner feed',
      bank: { bankId: link!.bankId, bankName: expect.any(String) },
      listedOffers: 1,
    });
    expect(Object.keys(feed).sort()).toEqual(['bank', 'failingSince', 'lastGoodRunAt', 'listedOffers', 'name']);
    const runs = await api.handle.db
      .select()
      .from(importRuns)
      .where(eq(importRuns.sourceKey, 'partner-feed'))
      .orderBy(importRuns.startedAt);
    const [, good, firstFailureAfterGood] = runs;
    expect(good!.ok).toBe(true);
    expect(feed.lastGoodRunAt).toBe(good!.finishedAt!.toISOString());
    // The first failure after the good run, not the one before it.
    expect(feed.failingSince).toBe(firstFailureAfterGood!.startedAt.toISOString());
  });

  it('says a source that never ran well has been failing since its first run, and leaves out switched-off sources with nothing listed', async () => {
    const list = await sources();
    const [run] = await api.handle.db.select().from(importRuns).where(eq(importRuns.sourceKey, 'never-ok'));
    expect(list.find((source) => source.name === 'Never worked')).toEqual({
      name: 'Never worked',
      bank: null,
      lastGoodRunAt: null,
      failingSince: run!.startedAt.toISOString(),
      listedOffers: 0,
    });
    expect(list.some((source) => source.name === 'Switched off, nothing listed')).toBe(false);
  });

  it('stops saying a source is failing once a run succeeds again', async () => {
    await api.handle.db
      .insert(importRuns)
      .values({ sourceKey: 'partner-feed', trigger: 'console', startedAt: at(0.5), finishedAt: at(0.4), ok: true });
    const feed = (await sources()).find((source) => source.name === 'Partner feed')!;
    expect(feed.failingSince).toBeNull();
    expect(new Date(feed.lastGoodRunAt!).getTime()).toBeGreaterThan(at(1).getTime());
  });

  it('counts only the listed offers a source holds', async () => {
    const [link] = await api.handle.db.select().from(offerSources).where(eq(offerSources.sourceKey, 'partner-feed'));
    await api.handle.db.update(offers).set({ withdrawnAt: new Date() }).where(eq(offers.offerId, link!.offerId));
    expect((await sources()).find((source) => source.name === 'Partner feed')!.listedOffers).toBe(0);
    await api.handle.db.update(offers).set({ withdrawnAt: null }).where(eq(offers.offerId, link!.offerId));
  });

  it("lists the demo data set's bank listings, which hold its imported offers, though they are switched off", async () => {
    const seeded = await api.handle.db
      .select()
      .from(importSources)
      .where(inArray(importSources.sourceKey, ['combank', 'hnb']));
    const list = await sources();
    const withOffers = list.filter((source) => source.listedOffers > 0 && source.name !== 'Partner feed');
    expect(withOffers.length).toBeGreaterThan(0);
    expect(seeded.every((source) => !source.enabled)).toBe(true);
    for (const source of withOffers) expect(source.lastGoodRunAt).not.toBeNull();
  });
});
