// The import pipeline against a fixture server on 127.0.0.1, on PGlite and PostgreSQL: a partner
// feed imported, imported again unchanged, edited, trimmed; sources that fail; the job queue; the
// team console's routes over what the runs left.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/contract/error-codes.ts';
import { PARTNER_FEED_CSV_COLUMNS, PARTNER_FEED_OFFERS_MAX } from '../../src/contract/partner-feed.ts';
import {
  CategoryKeywordList,
  ImportSourceDetail,
  ImportSourceList,
  RevisionList,
  RUN_ERRORS_KEPT,
} from '../../src/contract/team-importers.ts';
import { TeamOverview } from '../../src/contract/team.ts';
import {
  banks,
  images,
  importRuns,
  importSources,
  offerRevisions,
  offers,
  offerSources,
} from '../../src/server/db/schema.ts';
import { createPoliteFetcher } from '../../src/server/importers/fetch/polite-fetch.ts';
import { cargillsAdapter } from '../../src/server/importers/adapters/banks/cargills.ts';
import { createReplayFetcher, parseHar } from '../../src/server/importers/fetch/har.ts';
import { FLYER_DRAFT_VALIDITY } from '../../src/server/importers/flyer-draft.ts';
import { harOf } from '../support/real-data.ts';
import { MISSING_FLAG_RUNS, runSource, summaryLine, type PipelineDeps } from '../../src/server/importers/pipeline.ts';
import { startImportQueue } from '../../src/server/jobs/import-queue.ts';
import { readCatalogue } from '../../src/server/importers/resolve.ts';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.ts';
import { createOrPromoteTeamMember } from '../../src/server/domain/team-members.ts';
import { expectError } from './expectations.ts';
import { createTestApi, freshMobile, signUpVerified, STRONG_PASSWORD, type TestApi } from './harness.ts';

const DAY = 86_400_000;
/** A Sri Lanka day as YYYY-MM-DD, days from today. */
const slDay = (days: number) => new Date(Date.now() + days * DAY + 330 * 60_000).toISOString().slice(0, 10);

type FeedOffer = Record<string, unknown>;
const feedOffer = (id: string, overrides: FeedOffer = {}): FeedOffer => ({
  id,
  title: `${id}: 20% off the dinner buffet`,
  merchant: `Harbour Grill ${id}`,
  bank: 'Commercial Bank',
  url: `https://partner.example/offers/${id}`,
  description: 'Enjoy 20% off the dinner buffet.',
  discount: { percent: 20, kind: 'off' },
  validFrom: slDay(-1),
  validThrough: slDay(60),
  cards: 'credit',
  days: ['fri', 'sat'],
  minBill: 5000,
  category: 'Dining',
  ...overrides,
});
const feed = (items: FeedOffer[]) =>
  JSON.stringify({ format: 'offerlanka-partner-feed', version: 1, publisher: 'Test partner', offers: items });

let api: TestApi;
let server: FixtureServer;
let deps: PipelineDeps;

const setFeed = (path: string, items: FeedOffer[]) =>
  server.setRoute(path, { headers: { 'content-type': 'application/json' }, body: feed(items) });
async function addSource(sourceKey: string, path: string, extra: Partial<typeof importSources.$inferInsert> = {}) {
  await api.handle.db
    .insert(importSources)
    .values({ sourceKey, name: `Source ${sourceKey}`, adapter: 'partner-feed', url: `${server.url}${path}`, ...extra });
}
const linkOf = async (sourceKey: string, itemKey: string) =>
  (
    await api.handle.db
      .select()
      .from(offerSources)
      .where(and(eq(offerSources.sourceKey, sourceKey), eq(offerSources.itemKey, itemKey)))
  )[0]!;
const offerOf = async (offerId: number) =>
  (await api.handle.db.select().from(offers).where(eq(offers.offerId, offerId)))[0]!;
const accept = (offerId: number) =>
  api.handle.db.update(offers).set({ reviewStatus: 'accepted' }).where(eq(offers.offerId, offerId));

beforeAll(async () => {
  api = await createTestApi({ offers: 30 });
  server = await startFixtureServer();
  // The fixture server is on loopback: allowed as IMPORT_ALLOWED_HOSTS would allow it, by host and port.
  deps = {
    db: api.handle.db,
    fetcher: createPoliteFetcher({
      perHostDelayMs: 0,
      retries: 1,
      retryBaseMs: 10,
      timeoutMs: 2_000,
      allowedHosts: [new URL(server.url).host],
    }),
  };
});
afterAll(async () => {
  await server?.close();
  await api?.close();
});
beforeEach(() => server.resetHits());

describe('a partner feed', () => {
  it('creates pending offers on the first run, logs the items it refuses, and changes nothing on the second', async () => {
    setFeed('/first.json', [
      feedOffer('A1'),
      feedOffer('A2', {
        channel: 'online',
        website: 'https://harbour.example',
        locations: ['Colombo 03', 'Colombo 07'],
      }),
      feedOffer('A3'),
      feedOffer('BAD1', { bank: 'Bank of Atlantis' }),
      feedOffer('BAD2', { validThrough: slDay(-10), validFrom: slDay(-20) }),
      feedOffer('BAD3', { category: 'Spaceflight', title: 'BAD3: 20% off a trip', description: 'Off we go.' }),
    ]);
    await addSource('first', '/first.json');
    const run = await runSource(deps, 'first', 'command');
    expect(run).toMatchObject({ ok: true, fetched: 6, newCount: 3, changed: 0, unchanged: 0, missing: 0, failed: 3 });
    expect(run.errors).toHaveLength(3);
    expect(run.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ itemKey: 'BAD1', reason: "No bank named 'Bank of Atlantis' in the catalogue." }),
        expect.objectContaining({ itemKey: 'BAD2', reason: expect.stringMatching(/^Ended on /) }),
        expect.objectContaining({ itemKey: 'BAD3', reason: expect.stringMatching(/^No category/) }),
      ]),
    );
    expect(summaryLine(run)).toBe('import: new 3, changed 0, unchanged 0, missing 0, failed 3');

    const link = await linkOf('first', 'A2');
    const offer = await offerOf(link.offerId);
    expect(offer).toMatchObject({
      reviewStatus: 'pending',
      header: 'A2: 20% off the dinner buffet',
      offerType: 'off',
      offerRate: '20',
      offerDateType: 'fromTo',
      sourceName: 'Source first',
      sourceUrl: 'https://partner.example/offers/A2',
      sourceHash: link.contentHash,
      eligibility: {
        cardScope: 'credit',
        days: ['fri', 'sat'],
        minBill: 5000,
        channel: 'online',
        website: 'https://harbour.example',
      },
    });
    // Every town the feed names is listed, not only the first.
    expect(offer.location).toEqual([
      { value: 'Colombo 03', isActive: true },
      { value: 'Colombo 07', isActive: true },
    ]);
    expect(offer.cardTypes.length).toBeGreaterThan(0);
    const [row] = await api.handle.db.select().from(importRuns).where(eq(importRuns.runId, run.runId));
    expect(row).toMatchObject({ ok: true, trigger: 'command', fetched: 6, newCount: 3, failed: 3 });
    expect(row!.finishedAt).not.toBeNull();

    const again = await runSource(deps, 'first', 'command');
    expect(again).toMatchObject({ ok: true, newCount: 0, changed: 0, unchanged: 3, missing: 0, failed: 3 });
    const after = await offerOf(link.offerId);
    expect(after.sourceVerifiedAt!.getTime()).toBeGreaterThan(offer.sourceVerifiedAt!.getTime());
    expect(await api.handle.db.select().from(offerRevisions).where(eq(offerRevisions.offerId, link.offerId))).toEqual(
      [],
    );
  });

  it('turns an edit of an accepted offer into exactly one revision in Review; the public offer keeps its accepted version', async () => {
    setFeed('/edit.json', [feedOffer('E1'), feedOffer('E2')]);
    await addSource('edit', '/edit.json');
    await runSource(deps, 'edit', 'command');
    const { offerId } = await linkOf('edit', 'E1');
    await accept(offerId);

    setFeed('/edit.json', [
      feedOffer('E1', { discount: { percent: 30, kind: 'off' }, description: 'Now 30% off.' }),
      feedOffer('E2'),
    ]);
    const run = await runSource(deps, 'edit', 'command');
    expect(run).toMatchObject({ changed: 1, unchanged: 1, newCount: 0 });
    const revisions = await api.handle.db.select().from(offerRevisions).where(eq(offerRevisions.offerId, offerId));
    expect(revisions).toHaveLength(1);
    expect(revisions[0]).toMatchObject({ status: 'pending', sourceKey: 'edit' });
    expect(revisions[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'offerRate', before: '20', after: '30' },
        { field: 'description', before: expect.stringContaining('20%'), after: expect.stringContaining('30%') },
      ]),
    );
    expect(await offerOf(offerId)).toMatchObject({ offerRate: '20', reviewStatus: 'accepted' });

    // Unchanged since: no second revision.
    expect(await runSource(deps, 'edit', 'command')).toMatchObject({ changed: 0, unchanged: 2 });
    expect(await api.handle.db.select().from(offerRevisions).where(eq(offerRevisions.offerId, offerId))).toHaveLength(
      1,
    );

    // A pending (never accepted) offer is simply updated: it is reviewed as the source has it now.
    setFeed('/edit.json', [
      feedOffer('E1', { discount: { percent: 30, kind: 'off' }, description: 'Now 30% off.' }),
      feedOffer('E2', { title: 'E2: 25% off the dinner buffet', discount: { percent: 25, kind: 'off' } }),
    ]);
    expect(await runSource(deps, 'edit', 'command')).toMatchObject({ changed: 1, unchanged: 1 });
    const e2 = await offerOf((await linkOf('edit', 'E2')).offerId);
    expect(e2).toMatchObject({ reviewStatus: 'pending', header: 'E2: 25% off the dinner buffet', offerRate: '25' });
  });

  it("applies a trusted source's change at once unless it touches a rate or a date", async () => {
    setFeed('/trusted.json', [feedOffer('T1')]);
    await addSource('trusted', '/trusted.json', { trusted: true });
    await runSource(deps, 'trusted', 'command');
    const { offerId } = await linkOf('trusted', 'T1');
    await accept(offerId);

    setFeed('/trusted.json', [feedOffer('T1', { description: 'Enjoy 20% off the dinner buffet, now with dessert.' })]);
    expect(await runSource(deps, 'trusted', 'command')).toMatchObject({ changed: 1, publicChanged: true });
    expect((await offerOf(offerId)).description).toContain('now with dessert');
    expect(
      (await api.handle.db.select().from(offerRevisions).where(eq(offerRevisions.offerId, offerId))).map(
        (r) => r.status,
      ),
    ).toEqual(['accepted']);

    setFeed('/trusted.json', [
      feedOffer('T1', { description: 'Enjoy 20% off the dinner buffet, now with dessert.', validThrough: slDay(90) }),
    ]);
    expect(await runSource(deps, 'trusted', 'command')).toMatchObject({ changed: 1, publicChanged: false });
    const statuses = (await api.handle.db.select().from(offerRevisions).where(eq(offerRevisions.offerId, offerId)))
      .map((r) => r.status)
      .sort();
    expect(statuses).toEqual(['accepted', 'pending']);
  });

  it(`flags an item missing for ${MISSING_FLAG_RUNS} runs in a row, and ends its offer at the next`, async () => {
    setFeed('/missing.json', [feedOffer('M1'), feedOffer('M2'), feedOffer('M3')]);
    await addSource('missing', '/missing.json');
    await runSource(deps, 'missing', 'command');
    const { offerId } = await linkOf('missing', 'M2');
    await accept(offerId);

    setFeed('/missing.json', [feedOffer('M1'), feedOffer('M3')]);
    for (let run = 1; run <= MISSING_FLAG_RUNS; run++) {
      expect(await runSource(deps, 'missing', 'command')).toMatchObject({ missing: 1, ended: 0, unchanged: 2 });
      expect((await linkOf('missing', 'M2')).missingRuns).toBe(run);
    }
    expect((await offerOf(offerId)).offerEnd!.getTime()).toBeGreaterThan(Date.now());
    const ending = await runSource(deps, 'missing', 'command');
    expect(ending).toMatchObject({ missing: 1, ended: 1, publicChanged: true });
    expect((await offerOf(offerId)).offerEnd!.getTime()).toBeLessThanOrEqual(Date.now());

    // Back at its source: the offer, with its dates, goes to Review again as a change.
    setFeed('/missing.json', [feedOffer('M1'), feedOffer('M2'), feedOffer('M3')]);
    expect(await runSource(deps, 'missing', 'command')).toMatchObject({ missing: 0, changed: 1, unchanged: 2 });
    const [revision] = await api.handle.db.select().from(offerRevisions).where(eq(offerRevisions.offerId, offerId));
    expect(revision).toMatchObject({ status: 'pending', changes: [expect.objectContaining({ field: 'offerEnd' })] });
    expect((await linkOf('missing', 'M2')).missingRuns).toBe(0);

    // Left flagged for the console: M3 missing twice.
    setFeed('/missing.json', [feedOffer('M1'), feedOffer('M2')]);
    for (let run = 1; run <= MISSING_FLAG_RUNS; run++) await runSource(deps, 'missing', 'command');
  });

  it('does not count an item missing while the source lists it, even when it is refused', async () => {
    setFeed('/refused.json', [feedOffer('R1'), feedOffer('R2')]);
    await addSource('refused', '/refused.json');
    await runSource(deps, 'refused', 'command');
    setFeed('/refused.json', [feedOffer('R1'), feedOffer('R2', { bank: 'Bank of Atlantis' })]);
    expect(await runSource(deps, 'refused', 'command')).toMatchObject({ missing: 0, failed: 1, unchanged: 1 });
    expect((await linkOf('refused', 'R2')).missingRuns).toBe(0);
  });

  it('holds a run whose listing shrank by more than half, or to nothing, and ends nothing', async () => {
    setFeed('/empty.json', [feedOffer('Z1'), feedOffer('Z2'), feedOffer('Z3'), feedOffer('Z4')]);
    await addSource('empty', '/empty.json');
    await runSource(deps, 'empty', 'command');
    const held = async () => {
      const error = await runSource(deps, 'empty', 'command').then(
        () => undefined,
        (reason: Error & { runId: number }) => reason,
      );
      expect(error?.message).toMatch(
        /^Source empty: The listing holds \d offers?, against 4 at the last good run: .* the run is held and nothing was ended/,
      );
      const [row] = await api.handle.db.select().from(importRuns).where(eq(importRuns.runId, error!.runId));
      expect(row).toMatchObject({ ok: false, missing: 0, ended: 0 });
    };
    setFeed('/empty.json', [feedOffer('Z1')]);
    await held();
    setFeed('/empty.json', []);
    await held();
    for (const key of ['Z1', 'Z2', 'Z3', 'Z4']) expect((await linkOf('empty', key)).missingRuns).toBe(0);
    // Half of it is believed: two offers may well end together.
    setFeed('/empty.json', [feedOffer('Z1'), feedOffer('Z2')]);
    expect(await runSource(deps, 'empty', 'command')).toMatchObject({ ok: true, missing: 2 });
  });

  it(`keeps the first ${RUN_ERRORS_KEPT} errors of a run, and counts the rest`, async () => {
    const bad = 3_000;
    setFeed(
      '/many-bad.json',
      Array.from({ length: bad }, (_, i) => feedOffer(`MB${i}`, { bank: 'Bank of Atlantis' })),
    );
    await addSource('many-bad', '/many-bad.json');
    const run = await runSource(deps, 'many-bad', 'command');
    expect(run).toMatchObject({ ok: true, fetched: bad, failed: bad, moreErrors: bad - RUN_ERRORS_KEPT });
    expect(run.errors).toHaveLength(RUN_ERRORS_KEPT);
    expect(run.errors[0]).toMatchObject({
      itemKey: 'MB0',
      reason: "No bank named 'Bank of Atlantis' in the catalogue.",
    });
    const [row] = await api.handle.db.select().from(importRuns).where(eq(importRuns.runId, run.runId));
    expect(row!.errors).toHaveLength(RUN_ERRORS_KEPT + 1);
    expect(row!.errors.slice(0, RUN_ERRORS_KEPT).map((error) => error.itemKey)).toEqual(
      Array.from({ length: RUN_ERRORS_KEPT }, (_, i) => `MB${i}`),
    );
    expect(row!.errors.at(-1)).toEqual({ itemKey: '', reason: '… and 2,900 more.', more: 2_900 });
  }, 60_000);

  it(`fails a CSV feed of more than ${PARTNER_FEED_OFFERS_MAX} offers whole, and changes nothing`, async () => {
    setFeed('/capped', [feedOffer('CAP1')]);
    await addSource('capped', '/capped');
    await runSource(deps, 'capped', 'command');
    const before = await linkOf('capped', 'CAP1');
    const row = (id: string) =>
      PARTNER_FEED_CSV_COLUMNS.map(
        (column) =>
          (
            ({
              id,
              title: `${id}: 20% off the dinner buffet`,
              merchant: 'Harbour Grill',
              bank: 'Commercial Bank',
            }) as Record<string, string>
          )[column] ?? '',
      ).join(',');
    const rows = Array.from({ length: PARTNER_FEED_OFFERS_MAX + 1 }, (_, i) => row(`CAP${i + 2}`));
    server.setRoute('/capped', {
      headers: { 'content-type': 'text/csv' },
      body: [PARTNER_FEED_CSV_COLUMNS.join(','), ...rows].join('\n'),
    });
    // Reading 50,001 rows can take longer than the suite's 2 s fetch timeout on a busy machine.
    const patient = {
      ...deps,
      fetcher: createPoliteFetcher({
        perHostDelayMs: 0,
        retries: 1,
        retryBaseMs: 10,
        timeoutMs: 45_000,
        allowedHosts: [new URL(server.url).host],
      }),
    };
    const failure = await runSource(patient, 'capped', 'command').then(
      () => undefined,
      (error: Error) => error,
    );
    expect(failure?.message).toContain(ERROR_CODES.too_many_offers);
    const runs = await api.handle.db.select().from(importRuns).where(eq(importRuns.sourceKey, 'capped'));
    expect(runs.find((run) => run.runId === Math.max(...runs.map((r) => r.runId)))).toMatchObject({
      ok: false,
      newCount: 0,
      missing: 0,
    });
    // The offer the feed listed before is neither counted missing nor changed.
    expect(await linkOf('capped', 'CAP1')).toEqual(before);
    expect(await api.handle.db.select().from(offerSources).where(eq(offerSources.sourceKey, 'capped'))).toHaveLength(1);
  }, 60_000);

  it('links the same offer from another source instead of doubling it', async () => {
    setFeed('/bank-page.json', [
      feedOffer('S1', { merchant: 'Lagoon Grill', title: '20% off the dinner buffet at Lagoon Grill' }),
    ]);
    setFeed('/aggregator.json', [
      feedOffer('agg-77', {
        merchant: 'Lagoon Grill (Pvt) Ltd',
        title: 'Lagoon Grill: 20% off dinner buffet',
        url: 'https://aggregator.example/77',
      }),
    ]);
    await addSource('bank-page', '/bank-page.json');
    await addSource('aggregator', '/aggregator.json');
    await runSource(deps, 'bank-page', 'command');
    const run = await runSource(deps, 'aggregator', 'command');
    expect(run).toMatchObject({ newCount: 0, unchanged: 1 });
    const [own, linked] = [await linkOf('bank-page', 'S1'), await linkOf('aggregator', 'agg-77')];
    expect(linked).toMatchObject({ offerId: own.offerId, linkedDuplicate: true });
  });
});

describe("a bank's listing", () => {
  it("imports the NDB page modelled in its fixture: typed eligibility from the bank's wording, refusals with their reasons", async () => {
    server.setRoute('/cards/card-offers', {
      file: fileURLToPath(new URL('../fixtures/importers/banks/ndb/listing.html', import.meta.url)),
    });
    const [ndb] = await api.handle.db.select().from(banks).where(eq(banks.bankName, 'NDB Bank'));
    await addSource('ndb-fixture', '/cards/card-offers', { adapter: 'ndb', bankId: ndb!.bankId });
    // The fixture was modelled in May 2026: its offers run then.
    const inMay = { ...deps, now: () => new Date('2026-05-20T04:30:00.000Z') };
    const run = await runSource(inMay, 'ndb-fixture', 'command');
    expect(run.ok).toBe(true);
    expect(run.newCount).toBeGreaterThanOrEqual(5);
    expect(run.failed).toBe(run.errors.length);
    expect(run.errors.every((error) => error.reason.length > 10)).toBe(true);
    expect(run.errors.map((error) => error.itemKey)).toContain('370'); // the card without a merchant line
    const imported = await api.handle.db.select().from(offers).where(eq(offers.sourceName, 'Source ndb-fixture'));
    expect(imported.every((offer) => offer.bankId === ndb!.bankId && offer.reviewStatus === 'pending')).toBe(true);
    expect(
      imported.some(
        (offer) =>
          offer.eligibility.cardScope !== 'all' ||
          offer.eligibility.days.length > 0 ||
          offer.eligibility.minBill !== null,
      ),
    ).toBe(true);
    // The same listing again: nothing new, nothing changed.
    expect(await runSource(inMay, 'ndb-fixture', 'command')).toMatchObject({
      newCount: 0,
      changed: 0,
      unchanged: run.newCount,
    });
  });
});

describe('a bank that publishes only flyers', () => {
  const fixture = (name: string) =>
    readFileSync(new URL(`../fixtures/importers/banks/cargills/${name}`, import.meta.url), 'utf8');
  const teamCall = async (method: string, path: string, body?: unknown) => {
    const mobileNo = freshMobile();
    await createOrPromoteTeamMember(api.handle.db, { mobileNo, firstName: 'Dilani', password: STRONG_PASSWORD });
    const token = (
      await api.call('POST', '/api/user/authentication', { body: { mobileNo, password: STRONG_PASSWORD } })
    ).body.token;
    return api.call(method, path, { body, token });
  };

  it('brings every flyer into Review: read where its words make an offer, else a draft with its link that cannot be accepted before the team completes it', async () => {
    const capture = harOf([
      {
        url: 'https://www.cargillsbank.com/products/cargills-bank-cards-promotions/',
        body: fixture('cards-promotions.html'),
      },
      {
        url: 'https://www.cargillsbank.com/products/mastercard-promotions/',
        body: fixture('mastercard-promotions.html'),
      },
    ]);
    const [cargills] = await api.handle.db.select().from(banks).where(eq(banks.bankName, 'Cargills Bank'));
    await api.handle.db.insert(importSources).values({
      sourceKey: 'cargills-flyers',
      name: 'Cargills Bank',
      adapter: 'cargills',
      url: cargillsAdapter.defaultUrl!,
      bankId: cargills!.bankId,
    });
    // The banners are not in the capture: the drafts come without them, as a banner that cannot be had always does.
    const replay = {
      ...deps,
      fetcher: createReplayFetcher(parseHar(capture, 'cargills.har'), 'cargills.har'),
      now: () => new Date('2026-09-20T04:30:00.000Z'),
    };
    const run = await runSource(replay, 'cargills-flyers', 'command');
    expect(run.ok).toBe(true);
    expect(run.newCount).toBeGreaterThanOrEqual(5);
    // Every flyer is an offer or a draft, unless no category keyword fits it (the team adds one);
    // none is dropped for want of a merchant or a rate.
    const uncategorised = run.errors.filter((error) => error.reason.startsWith('No category:')).length;
    expect(run.newCount).toBe(run.fetched - uncategorised);
    expect(run.errors.map((error) => error.reason).join('\n')).not.toMatch(/Empty merchant name/);
    const imported = await api.handle.db.select().from(offers).where(eq(offers.sourceName, 'Cargills Bank'));
    const drafts = imported.filter((offer) => offer.flyerDraft);
    expect(drafts.length).toBeGreaterThan(0);
    for (const draft of drafts) {
      expect(draft).toMatchObject({
        reviewStatus: 'pending',
        bankId: cargills!.bankId,
        offerType: 'customize',
        offerDateType: 'other',
        validTimeDateDescription: FLYER_DRAFT_VALIDITY,
      });
      expect(draft.sourceUrl).toMatch(/^https:\/\/www\.(cargillsbank\.com|mastercard\.lk)\//);
    }
    const [draft] = drafts;
    const listed = await teamCall('GET', `/api/team/offers/${draft!.offerId}`);
    expect(listed.body.data).toMatchObject({ flyerDraft: true });
    expectError(
      await teamCall('POST', `/api/team/offers/${draft!.offerId}/decision`, { decision: 'accept' }),
      409,
      ERROR_CODES.flyer_draft_not_completed,
    );
    // The team reads the flyer and completes the offer: then it can be accepted.
    const completed = await teamCall('PUT', `/api/team/offers/${draft!.offerId}`, {
      offerCategory: draft!.categoryId,
      bankInfo: cargills!.bankId,
      offerTitle: 'Supermarket Wednesdays',
      offerHeader: '15% off groceries every Wednesday',
      offerDescription: '',
      offerValidity: 'until',
      toDate: '31/12/2099',
      offerType: 'off',
      offerRate: '15',
      locations: [],
      termsAccepted: true,
    });
    expect(completed.status, JSON.stringify(completed.body).slice(0, 300)).toBe(200);
    expect(completed.body.data).toMatchObject({ flyerDraft: false, header: '15% off groceries every Wednesday' });
    expect((await teamCall('POST', `/api/team/offers/${draft!.offerId}/decision`, { decision: 'accept' })).status).toBe(
      200,
    );
    // The same flyers again: nothing new, and the completed offer keeps the team's words.
    const again = await runSource(replay, 'cargills-flyers', 'command');
    expect(again).toMatchObject({ newCount: 0, changed: 0, unchanged: run.newCount });
    expect(await offerOf(draft!.offerId)).toMatchObject({
      flyerDraft: false,
      reviewStatus: 'accepted',
      header: '15% off groceries every Wednesday',
    });
  });
});

describe('sources that fail', () => {
  it('records a run that cannot read its source (500, a timeout, a page that is no feed) as failed, with the reason', async () => {
    server.setRoute('/down.json', { status: 500, body: 'oops' });
    server.setRoute('/slow.json', { delayMs: 3_000, body: feed([feedOffer('S')]) });
    server.setRoute('/html.json', {
      headers: { 'content-type': 'text/html' },
      body: '<html><body><h1>Maintenance</h1></body></html>',
    });
    server.setRoute('/redesigned', {
      file: fileURLToPath(new URL('../fixtures/importers/banks/redesigned.html', import.meta.url)),
    });
    for (const [key, path, reason, adapter] of [
      ['down', '/down.json', /answered 500 after 2 attempts/],
      ['slow', '/slow.json', /timed out/],
      ['html', '/html.json', /partner feed|CSV|column/i],
      ['redesigned', '/redesigned', /structure may have changed/, 'ndb'],
    ] as const) {
      await addSource(key, path, adapter ? { adapter } : {});
      const failure = await runSource(deps, key, 'command').then(
        () => undefined,
        (error: Error) => error,
      );
      expect(failure?.message).toMatch(reason);
      const [run] = await api.handle.db.select().from(importRuns).where(eq(importRuns.sourceKey, key));
      expect(run).toMatchObject({ ok: false, newCount: 0 });
      expect(run!.errors[0]!.reason).toMatch(reason);
    }
    expect(server.hits('/down.json')).toBe(2);
  }, 30_000);

  it('runs each source as its own job: a failing one is retried by the queue, the others import', async () => {
    setFeed('/queue-ok.json', [feedOffer('Q1')]);
    await addSource('queue-ok', '/queue-ok.json');
    await addSource('queue-down', '/down.json');
    const queue = await startImportQueue({ handle: api.handle, pipeline: deps, intervalHours: 0, log: () => {} });
    try {
      const [ok, down] = [
        await queue.runNow('queue-ok', 'console'),
        await queue.runNow('queue-down', 'console', { retry: false }),
      ];
      // One job per source at a time: a second request while the first waits is refused.
      expect(await queue.runNow('queue-ok', 'console')).toBeNull();
      expect(await queue.pendingJob('queue-ok')).toBe(ok);
      expect((await queue.waitFor(ok!, 100)).summary).toMatchObject({ sourceKey: 'queue-ok', newCount: 1 });
      expect((await queue.waitFor(down!, 100)).failure).toMatch(/answered 500/);
    } finally {
      await queue.stop();
    }
  }, 60_000);
});

describe('addresses that are not public', () => {
  // A server on loopback that is not allowed: a feed, a redirect or a banner pointing at it must
  // fail without asking it anything, and store nothing from it.
  let internal: FixtureServer;
  const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  beforeAll(async () => {
    internal = await startFixtureServer({
      routes: {
        '/feed.json': { headers: { 'content-type': 'application/json' }, body: feed([feedOffer('INTERNAL1')]) },
        '/banner.png': { headers: { 'content-type': 'image/png' }, body: PNG },
      },
    });
  });
  afterAll(() => internal?.close());
  const importedImages = async () =>
    (await api.handle.db.select({ name: images.name }).from(images)).filter((row) => row.name.startsWith('import-'));

  it('fails a run whose feed, or the feed it is redirected to, is on a refused address, asking it nothing', async () => {
    server.setRoute('/moved.json', { status: 301, headers: { location: `${internal.url}/feed.json` } });
    await api.handle.db
      .insert(importSources)
      .values({ sourceKey: 'internal', name: 'Internal', adapter: 'partner-feed', url: `${internal.url}/feed.json` });
    await addSource('moved', '/moved.json');
    for (const [key, reason] of [
      ['internal', `GET ${internal.url}/feed.json refused: 127.0.0.1 is a loopback address`],
      [
        'moved',
        `GET ${internal.url}/feed.json (redirected from ${server.url}/moved.json) refused: 127.0.0.1 is a loopback address`,
      ],
    ] as const) {
      const failure = await runSource(deps, key, 'command').then(
        () => undefined,
        (error: Error) => error,
      );
      expect(failure?.message).toContain(reason);
      const [run] = await api.handle.db.select().from(importRuns).where(eq(importRuns.sourceKey, key));
      expect(run).toMatchObject({ ok: false, newCount: 0 });
      expect(run!.errors[0]!.reason).toContain(reason);
      expect(JSON.stringify(run!.errors)).not.toContain('INTERNAL1');
    }
    expect(internal.requests()).toEqual([]);
    expect(await api.handle.db.select().from(offers).where(eq(offers.sourceName, 'Internal'))).toEqual([]);
  });

  it('imports an offer whose banner is on a refused address without it, storing no image', async () => {
    const before = await importedImages();
    setFeed('/banners.json', [
      feedOffer('BANNER-REFUSED', { image: `${internal.url}/banner.png` }),
      feedOffer('BANNER-ALLOWED', { image: `${server.url}/banner.png` }),
    ]);
    server.setRoute('/banner.png', { headers: { 'content-type': 'image/png' }, body: PNG });
    await addSource('banners', '/banners.json');
    expect(await runSource(deps, 'banners', 'command')).toMatchObject({ ok: true, newCount: 2 });
    expect((await offerOf((await linkOf('banners', 'BANNER-REFUSED')).offerId)).bannerImageUrl).toBeNull();
    // The same banner from the allowed server is stored: the refusal is the address's, not the image's.
    expect((await offerOf((await linkOf('banners', 'BANNER-ALLOWED')).offerId)).bannerImageUrl).toMatch(
      /\/import-[0-9a-f]+\.png$/,
    );
    expect((await importedImages()).length).toBe(before.length + 1);
    expect(internal.requests()).toEqual([]);
  });
});

describe("the team console's importers", () => {
  let token: string;
  const call = (method: string, path: string, body?: unknown) => api.call(method, path, { body, token });
  const answer = (res: { status: number; body: any }, status: number, schema: v.GenericSchema) => {
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(status);
    expect(v.safeParse(schema, res.body).issues).toBeUndefined();
    return res.body.data;
  };

  beforeAll(async () => {
    const mobileNo = freshMobile();
    await createOrPromoteTeamMember(api.handle.db, { mobileNo, firstName: 'Nadeesha', password: STRONG_PASSWORD });
    token = (await api.call('POST', '/api/user/authentication', { body: { mobileNo, password: STRONG_PASSWORD } })).body
      .token;
  });

  it('lists the sources with their last runs and flagged items, to the team only', async () => {
    const sources = answer(await call('GET', '/api/team/import-sources'), 200, ImportSourceList);
    // The demo seed's bank listings, off until checked against the live pages; and the sources above.
    expect(
      sources
        .filter((s: { sourceKey: string }) => ['combank', 'hnb', 'ndb', 'seylan'].includes(s.sourceKey))
        .map((s: { enabled: boolean; bankName: string }) => [s.bankName, s.enabled])
        .sort(),
    ).toEqual([
      ['Commercial Bank', false],
      ['Hatton National Bank', false],
      ['NDB Bank', false],
      ['Seylan Bank', false],
    ]);
    expect(sources.find((s: { sourceKey: string }) => s.sourceKey === 'missing')).toMatchObject({
      flagged: 1,
      listed: 2,
      lastRun: { ok: true, missing: 1, ended: 0 },
    });
    const detail = answer(await call('GET', '/api/team/import-sources/missing'), 200, ImportSourceDetail);
    expect(detail.runs.length).toBeGreaterThanOrEqual(4);
    expect(detail.flagged).toEqual([
      expect.objectContaining({
        itemKey: 'M3',
        missingRuns: MISSING_FLAG_RUNS,
        header: 'M3: 20% off the dinner buffet',
      }),
    ]);
    expectError(await call('GET', '/api/team/import-sources/nowhere'), 404, 'Import source not found.');
    // A key PostgreSQL text cannot hold is refused, not sent to the database.
    for (const [method, path] of [
      ['GET', ''],
      ['PUT', ''],
      ['POST', '/run'],
    ] as const) {
      expectError(
        await call(
          method,
          `/api/team/import-sources/%00${path}`,
          method === 'PUT' ? { enabled: true, trusted: false } : undefined,
        ),
        400,
        /control characters/,
      );
    }
    expect((await api.call('GET', '/api/team/import-sources')).status).toBe(401);
    const customer = await signUpVerified(api);
    expect((await api.call('GET', '/api/team/import-sources', { token: customer.token })).status).toBe(403);
  });

  it(`answers a run's first ${RUN_ERRORS_KEPT} errors and the count of the rest, for a run stored before the cap too`, async () => {
    const detail = answer(await call('GET', '/api/team/import-sources/many-bad'), 200, ImportSourceDetail);
    expect(detail.runs[0].errors).toHaveLength(RUN_ERRORS_KEPT);
    expect(detail.runs[0]).toMatchObject({ failed: 3_000, moreErrors: 2_900 });
    expect(detail.runs[0].errors.at(-1)).toMatchObject({ itemKey: `MB${RUN_ERRORS_KEPT - 1}` });
    const listed = answer(await call('GET', '/api/team/import-sources'), 200, ImportSourceList);
    expect(listed.find((s: { sourceKey: string }) => s.sourceKey === 'many-bad').lastRun).toMatchObject({
      moreErrors: 2_900,
      errors: detail.runs[0].errors,
    });

    // A run recorded with every one of its errors, as runs were before the cap.
    const errors = Array.from({ length: 5_000 }, (_, i) => ({ itemKey: `OLD${i}`, reason: 'No category.' }));
    await api.handle.db.insert(importRuns).values({
      sourceKey: 'many-bad',
      trigger: 'schedule',
      startedAt: new Date(),
      finishedAt: new Date(),
      ok: true,
      failed: 5_000,
      errors,
    });
    const after = answer(await call('GET', '/api/team/import-sources/many-bad'), 200, ImportSourceDetail);
    expect(after.runs[0].errors).toEqual(errors.slice(0, RUN_ERRORS_KEPT));
    expect(after.runs[0].moreErrors).toBe(5_000 - RUN_ERRORS_KEPT);
  });

  it('turns a source on and trusted, with its audit row; Run now needs the queue', async () => {
    const changed = await call('PUT', '/api/team/import-sources/hnb', { enabled: true, trusted: true });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ sourceKey: 'hnb', enabled: true, trusted: true });
    expectError(await call('PUT', '/api/team/import-sources/hnb', { enabled: 'yes', trusted: true }), 400);
    // This test API runs no import queue: the console is told so, not given a 500.
    expectError(await call('POST', '/api/team/import-sources/hnb/run'), 503, /do not run in this server process/);
  });

  it("lists the sources' changes to listed offers in Review, and applies or rejects them", async () => {
    const page = answer(await call('GET', '/api/team/revisions'), 200, RevisionList);
    const revision = page.find((r: { sourceKey: string }) => r.sourceKey === 'edit');
    expect(revision.changes).toEqual(expect.arrayContaining([{ field: 'offerRate', before: '20', after: '30' }]));
    expect(revision.offer.offerRate).toBe('20');
    const done = await call('POST', `/api/team/revisions/${revision.revisionId}/decision`, { decision: 'accept' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await offerOf(revision.offer.offerId)).toMatchObject({ offerRate: '30', reviewStatus: 'accepted' });
    expectError(await call('POST', `/api/team/revisions/${revision.revisionId}/decision`, { decision: 'reject' }), 409);
    expectError(await call('POST', '/api/team/revisions/999999/decision', { decision: 'accept' }), 404);

    const trusted = page.find((r: { sourceKey: string }) => r.sourceKey === 'trusted');
    expect(
      (await call('POST', `/api/team/revisions/${trusted.revisionId}/decision`, { decision: 'reject' })).status,
    ).toBe(200);
    expect((await offerOf(trusted.offer.offerId)).offerEnd!.getTime()).toBeLessThan(Date.now() + 70 * DAY);
    const overview = answer(await call('GET', '/api/team/overview'), 200, TeamOverview);
    expect(overview.pendingRevisions).toBe(page.length - 2);
  });

  it('replaces the category keyword map, refusing a keyword twice or an unknown category', async () => {
    const before = answer(await call('GET', '/api/team/category-keywords'), 200, CategoryKeywordList);
    expect(before.length).toBeGreaterThan(20);
    const saved = answer(
      await call('PUT', '/api/team/category-keywords', {
        keywords: [...before, { keyword: ' Spaceflight ', categoryId: 3 }],
      }),
      200,
      CategoryKeywordList,
    );
    expect(saved).toContainEqual({ keyword: 'spaceflight', categoryId: 3 });
    expectError(
      await call('PUT', '/api/team/category-keywords', {
        keywords: [
          { keyword: 'pizza', categoryId: 1 },
          { keyword: 'PIZZA', categoryId: 2 },
        ],
      }),
      400,
    );
    expectError(
      await call('PUT', '/api/team/category-keywords', { keywords: [{ keyword: 'moon', categoryId: 999_999 }] }),
      400,
      'Unknown category id.',
    );
    // An id past PostgreSQL's integer is refused by the schema, not sent to the database.
    expectError(
      await call('PUT', '/api/team/category-keywords', { keywords: [{ keyword: 'moon', categoryId: 1e19 }] }),
      400,
      'keywords.0.categoryId: Id is too large',
    );
    // The map is read at every run: the refused item of the first source now imports.
    expect(await runSource(deps, 'first', 'command')).toMatchObject({ newCount: 1, failed: 2 });
  });

  it('alerts the overview to a source whose last run failed', async () => {
    const overview = answer(await call('GET', '/api/team/overview'), 200, TeamOverview);
    expect(overview.importAlerts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          sourceKey: 'capped',
          message: expect.stringMatching(/^Its last run failed: The partner feed cannot be read/),
        }),
        expect.objectContaining({
          sourceKey: 'down',
          message: expect.stringMatching(/^Its last run failed: .*answered 500/),
        }),
      ]),
    );
  });
});

describe('an item that names its bank only in its words', () => {
  /** A page of schema.org offers, as an aggregator publishes them, naming no bank in its fields. */
  const jsonLdPage = (offers: { name: string; description: string }[]) =>
    `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      itemListElement: offers.map((offer, index) => ({
        '@type': 'Offer',
        '@id': `https://deals.example/offers/${index + 1}`,
        url: `https://deals.example/offers/${index + 1}`,
        ...offer,
        category: 'Dining',
        validFrom: slDay(-1),
        validThrough: slDay(30),
        seller: { '@type': 'Restaurant', name: `Lagoon Grill ${index + 1}` },
      })),
    })}</script></head><body></body></html>`;

  it('is resolved by the full name, the short name before card wording, initials or a brand; several banks are refused with the reason', async () => {
    const catalogue = await readCatalogue(api.handle.db);
    const named = (text: string) => catalogue.banksNamedIn(text).map((bank) => bank.bankName);
    expect(named('20% off the total bill at Lagoon Grill with Commercial Bank credit cards')).toEqual([
      'Commercial Bank',
    ]);
    expect(named('Sampath Visa cardholders enjoy 15% off')).toEqual(['Sampath Bank']);
    expect(named('Up to 25% off with HNB Credit Cards')).toEqual(['Hatton National Bank']);
    expect(named('10% off for BOC cardholders')).toEqual(['Bank of Ceylon']);
    expect(named('Amex Platinum card members save 20%')).toEqual(['Nations Trust Bank']);
    expect(named('People’s Bank Visa credit cards')).toEqual(["People's Bank"]);
    expect(named('15% off with ComBank and NTB cards')).toEqual(['Commercial Bank', 'Nations Trust Bank']);
    // Words that only look like a bank's: a place, a web address in lower case, a common word.
    expect(named('Commercial space to let in Sampath Nagar, see hnb.lk for details')).toEqual([]);

    server.setRoute('/aggregator-words', {
      body: jsonLdPage([
        { name: '20% off the dinner buffet at Lagoon Grill with Seylan Credit Cards', description: 'Every Friday.' },
        { name: '15% off at Lagoon Grill', description: 'For HNB and Sampath Bank credit cardholders.' },
        { name: '10% off at Lagoon Grill', description: 'For every card.' },
      ]),
    });
    await api.handle.db.insert(importSources).values({
      sourceKey: 'words',
      name: 'Deals aggregator',
      adapter: 'jsonld',
      url: `${server.url}/aggregator-words`,
    });
    const run = await runSource(deps, 'words', 'command');
    expect(run).toMatchObject({ ok: true, fetched: 3, newCount: 1, failed: 2 });
    const seylan = await offerOf((await linkOf('words', 'https://deals.example/offers/1')).offerId);
    expect(seylan.bankId).toBe(catalogue.bankByName('Seylan Bank')!.bankId);
    expect(run.errors).toEqual([
      expect.objectContaining({
        itemKey: 'https://deals.example/offers/2',
        reason: 'The item names several banks (Hatton National Bank, Sampath Bank): which one offers it is not clear.',
      }),
      expect.objectContaining({ itemKey: 'https://deals.example/offers/3', reason: expect.stringMatching(/bank/i) }),
    ]);
  });
});
