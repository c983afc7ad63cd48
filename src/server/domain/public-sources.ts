// The sources the site imports offers from, as the public sources page shows them: each one's name,
// bank, last good run, whether it has been failing since, and the listed offers it holds. Names,
// dates and counts only: a source's address (a partner's private feed) and its runs' errors stay
// with the team (team-importers.ts).
import { and, asc, countDistinct, eq, max, min, or, sql } from 'drizzle-orm';
import type { PublicSourceData } from '../../contract/site-responses.ts';
import type { Database } from '../db/client.ts';
import { banks, importRuns, importSources, offers, offerSources } from '../db/schema.ts';
import { isListed } from './offers.ts';

const iso = (date: Date | string | null | undefined) => (date ? new Date(date).toISOString() : null);

/**
 * Every enabled source, and a switched-off one while offers it imported are still listed (their
 * cards name it), by name.
 */
export async function listPublicSources(db: Database): Promise<PublicSourceData[]> {
  const lastGoodStart = db
    .select({ startedAt: max(importRuns.startedAt) })
    .from(importRuns)
    .where(and(eq(importRuns.sourceKey, sql`${importSources.sourceKey}`), eq(importRuns.ok, true)));
  const [sources, listed, lastGood, failing] = await Promise.all([
    db
      .select({
        sourceKey: importSources.sourceKey,
        name: importSources.name,
        enabled: importSources.enabled,
        bankId: banks.bankId,
        bankName: banks.bankName,
      })
      .from(importSources)
      .leftJoin(banks, eq(banks.bankId, importSources.bankId))
      .orderBy(asc(importSources.name), asc(importSources.sourceKey)),
    db
      .select({ sourceKey: offerSources.sourceKey, count: countDistinct(offerSources.offerId) })
      .from(offerSources)
      .innerJoin(offers, eq(offers.offerId, offerSources.offerId))
      .where(isListed())
      .groupBy(offerSources.sourceKey),
    db
      .select({ sourceKey: importRuns.sourceKey, finishedAt: max(importRuns.finishedAt) })
      .from(importRuns)
      .where(eq(importRuns.ok, true))
      .groupBy(importRuns.sourceKey),
    // The failed runs after the last good one (after the first run, when none was good): the source
    // has been failing since the first of them. A run still going has ok null and is not counted.
    db
      .select({ sourceKey: importRuns.sourceKey, since: min(importRuns.startedAt) })
      .from(importRuns)
      .innerJoin(importSources, eq(importSources.sourceKey, importRuns.sourceKey))
      .where(
        and(
          eq(importRuns.ok, false),
          or(sql`(${lastGoodStart}) is null`, sql`${importRuns.startedAt} > (${lastGoodStart})`),
        ),
      )
      .groupBy(importRuns.sourceKey),
  ]);
  const listedOf = new Map(listed.map((row) => [row.sourceKey, Number(row.count)]));
  const lastGoodOf = new Map(lastGood.map((row) => [row.sourceKey, row.finishedAt]));
  const failingOf = new Map(failing.map((row) => [row.sourceKey, row.since]));
  return sources
    .filter((source) => source.enabled || listedOf.has(source.sourceKey))
    .map((source) => ({
      name: source.name,
      bank:
        source.bankId !== null && source.bankName !== null
          ? { bankId: source.bankId, bankName: source.bankName }
          : null,
      lastGoodRunAt: iso(lastGoodOf.get(source.sourceKey)),
      failingSince: iso(failingOf.get(source.sourceKey)),
      listedOffers: listedOf.get(source.sourceKey) ?? 0,
    }));
}
