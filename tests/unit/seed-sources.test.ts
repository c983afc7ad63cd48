// The demo data set's imported offers (src/server/seed/sources.ts): a share of each bank's offers
// came from its listing, checked within the last few days, linked to the source, which has runs.
import { describe, expect, it } from 'vitest';
import { bankSources } from '../../src/server/importers/sources.ts';
import { buildDemoData } from '../../src/server/seed/index.ts';
import { demoImports } from '../../src/server/seed/sources.ts';

const NOW = new Date('2026-12-02T08:00:00.000Z');
const DAY = 86_400_000;
const data = buildDemoData({ offers: 400, now: NOW });
const sources = bankSources((name) => data.banks.find((bank) => bank.bankName === name)?.bankId);
const SOURCE_COLUMNS = ['sourceName', 'sourceUrl', 'sourceVerifiedAt', 'sourceHash'] as const;

describe('demoImports', () => {
  const imports = demoImports(data.offers, sources, NOW);
  const imported = imports.offers.filter((offer) => offer.sourceName != null);

  it('gives a realistic share of the offers of banks with a listing their source, checked within the last few days', () => {
    const withListing = data.offers.filter((offer) => sources.some((source) => source.bankId === offer.bankId));
    expect(imported.length / withListing.length).toBeGreaterThan(0.2);
    expect(imported.length / withListing.length).toBeLessThan(0.5);
    for (const offer of imported) {
      const source = sources.find((candidate) => candidate.bankId === offer.bankId)!;
      expect(offer).toMatchObject({ sourceName: source.name, sourceUrl: source.url });
      expect(offer.sourceHash).toMatch(/^[0-9a-f]{64}$/);
      expect(offer.sourceVerifiedAt!.getTime()).toBeLessThan(NOW.getTime());
      expect(offer.sourceVerifiedAt!.getTime()).toBeGreaterThan(NOW.getTime() - 3 * DAY);
    }
  });

  it('changes nothing else of any offer', () => {
    const strip = (offer: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(offer).filter(([key]) => !(SOURCE_COLUMNS as readonly string[]).includes(key)));
    expect(imports.offers.map(strip)).toEqual(data.offers.map(strip));
  });

  it('links each imported offer to its source, whose last good run is when the offer was checked; some sources fail since', () => {
    expect(imports.links.map((link) => link.offerId).sort((a, b) => a - b)).toEqual(
      imported.map((offer) => offer.offerId),
    );
    for (const offer of imported) {
      const runs = imports.runs.filter(
        (run) => run.sourceKey === imports.links.find((link) => link.offerId === offer.offerId)!.sourceKey,
      );
      const lastGood = Math.max(...runs.filter((run) => run.ok).map((run) => run.finishedAt!.getTime()));
      expect(offer.sourceVerifiedAt!.getTime()).toBe(lastGood);
    }
    const failingSources = new Set(imports.runs.filter((run) => !run.ok).map((run) => run.sourceKey));
    expect(failingSources.size).toBeGreaterThan(0);
    expect(failingSources.size).toBeLessThan(sources.length);
  });

  it('is the same for the same offers and now', () => {
    expect(demoImports(data.offers, sources, NOW)).toEqual(imports);
  });
});
