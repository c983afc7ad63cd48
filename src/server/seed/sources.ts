// The demo data set's imported offers: a share of the offers of each bank whose own listing is a
// source (bankSources) came from that listing, as if its importer had read them. Each such offer
// names its source and when the source last listed it, is linked to the source (offer_sources), and
// each source has a few runs, the last ones of some failing, so the offer cards' "Checked … at …"
// lines and the public sources page show what they show in production. A stream of its own, so the
// rest of the data set is the same with or without it.
import { createHash } from 'node:crypto';
import type * as schema from '../db/schema.ts';
import type { OfferRow } from './generate.ts';
import { createRandom } from './random.ts';

type SourceInsert = typeof schema.importSources.$inferInsert;
type RunInsert = typeof schema.importRuns.$inferInsert;
type LinkInsert = typeof schema.offerSources.$inferInsert;

export interface DemoImports {
  /** The offers, those imported with their source's name, address, date and content hash. */
  offers: OfferRow[];
  runs: RunInsert[];
  links: LinkInsert[];
}

const HOUR = 3_600_000;
/** The share of a bank's offers that its listing holds. */
const IMPORTED_SHARE = 0.35;
/** Hours between two runs (the schedule's IMPORT_INTERVAL_HOURS default). */
const RUN_INTERVAL_HOURS = 6;
const GOOD_RUNS = 3;
/** The share of sources whose latest runs failed. */
const FAILING_SHARE = 0.2;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function demoImports(offers: OfferRow[], sources: SourceInsert[], now: Date): DemoImports {
  const random = createRandom('offerlanka:demo-imports');
  // A bank's first listing (Nations Trust's own promotions, not its American Express offers).
  const sourceOfBank = new Map<number, SourceInsert>();
  for (const source of sources)
    if (source.bankId != null && !sourceOfBank.has(source.bankId)) sourceOfBank.set(source.bankId, source);
  const runs: RunInsert[] = [];
  const lastGoodOf = new Map<string, Date>();
  for (const source of sourceOfBank.values()) {
    // Runs every RUN_INTERVAL_HOURS; the newest within the last half day, or, for a failing source,
    // one to three failed runs after the last good one.
    const failedRuns = random.chance(FAILING_SHARE) ? random.int(1, 3) : 0;
    const newest = now.getTime() - random.int(1, 12) * HOUR;
    const runAt = (index: number) => new Date(newest - index * RUN_INTERVAL_HOURS * HOUR);
    for (let i = 0; i < failedRuns; i++) {
      runs.push({
        sourceKey: source.sourceKey,
        trigger: 'schedule',
        startedAt: runAt(i),
        finishedAt: new Date(runAt(i).getTime() + 20_000),
        ok: false,
        errors: [{ reason: "The listing could not be fetched: the bank's site answered 503." }],
      });
    }
    for (let i = failedRuns; i < failedRuns + GOOD_RUNS; i++) {
      runs.push({
        sourceKey: source.sourceKey,
        trigger: 'schedule',
        startedAt: runAt(i),
        finishedAt: new Date(runAt(i).getTime() + 90_000),
        ok: true,
      });
    }
    lastGoodOf.set(source.sourceKey, new Date(runAt(failedRuns).getTime() + 90_000));
  }

  const links: LinkInsert[] = [];
  const imported = offers.map((offer) => {
    const source = sourceOfBank.get(offer.bankId);
    if (!source || offer.ownerUserId != null || !random.chance(IMPORTED_SHARE)) return offer;
    const verifiedAt = lastGoodOf.get(source.sourceKey)!;
    const hash = sha256(`${offer.header}\n${offer.label}\n${offer.description ?? ''}`);
    links.push({
      sourceKey: source.sourceKey,
      itemKey: `demo-${offer.offerId}`,
      offerId: offer.offerId,
      url: source.url,
      contentHash: hash,
      lastSeenAt: verifiedAt,
      createdAt: offer.createdAt,
    });
    return { ...offer, sourceName: source.name, sourceUrl: source.url, sourceVerifiedAt: verifiedAt, sourceHash: hash };
  });
  // A good run listed every item, each unchanged.
  for (const run of runs) {
    if (!run.ok) continue;
    const listed = links.filter((link) => link.sourceKey === run.sourceKey).length;
    Object.assign(run, { fetched: listed, unchanged: listed });
  }
  return { offers: imported, runs, links };
}
