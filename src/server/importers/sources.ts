// The configured sources (import_sources): the banks' listings the adapters were modelled on, the
// pages `npm run import -- --jsonld URL…` adds, and partner feeds; and
// the totals of several runs.
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { importSources } from '../db/schema.ts';
import { BANK_ADAPTERS } from './adapters/banks/index.ts';
import { summaryLine, type RunCounts } from './pipeline.ts';

/**
 * The banks' own listings, one source per bank adapter (and the Visa portal's), for the demo seed and
 * a new database. Off until the team turns them on: most are modelled on the banks' pages
 * (docs/importers.md) and need a check against the live page first.
 */
export function bankSources(bankIdOf: (bankName: string) => number | undefined): (typeof importSources.$inferInsert)[] {
  return BANK_ADAPTERS.flatMap((adapter) => {
    // A portal that lists several banks' offers (no bankName) names the bank per item.
    const bankId = adapter.bankName ? bankIdOf(adapter.bankName) : null;
    if (bankId === undefined || !adapter.defaultUrl) return [];
    return [
      {
        sourceKey: adapter.adapter,
        name: adapter.title,
        adapter: adapter.adapter,
        url: adapter.defaultUrl,
        bankId,
        enabled: false,
      },
    ];
  });
}

export const listSources = (db: Database) => db.select().from(importSources).orderBy(asc(importSources.sourceKey));
export const enabledSources = async (db: Database) => (await listSources(db)).filter((source) => source.enabled);

/** A page's source key: 'jsonld:' and its address without the scheme (the key is the item keys' namespace). */
export const pageSourceKey = (url: string) =>
  `jsonld:${new URL(url).host}${new URL(url).pathname}${new URL(url).search}`;

/**
 * Each page as a source of its own (so an offer missing from it is missing from that page), made
 * on first use; returns their keys. Pages stay sources: they are imported with the rest from then on.
 */
export async function pageSources(db: Database, urls: string[]): Promise<string[]> {
  const keys: string[] = [];
  for (const url of urls) {
    const parsed = new URL(url);
    if (!/^https?:$/.test(parsed.protocol)) throw new Error(`Not an http(s) page: ${url}`);
    const sourceKey = pageSourceKey(url);
    await db
      .insert(importSources)
      .values({ sourceKey, name: `${parsed.host}${parsed.pathname}`, adapter: 'jsonld', url: parsed.toString() })
      .onConflictDoUpdate({ target: importSources.sourceKey, set: { url: parsed.toString() } });
    keys.push(sourceKey);
  }
  return keys;
}

export const findSource = async (db: Database, sourceKey: string) =>
  (await db.select().from(importSources).where(eq(importSources.sourceKey, sourceKey)).limit(1))[0];

/** The totals of several runs, for the last line of `npm run import`. */
export function totalOf(summaries: readonly RunCounts[]): string {
  const sum = (count: (summary: RunCounts) => number) =>
    summaries.reduce((total, summary) => total + count(summary), 0);
  return summaryLine({
    newCount: sum((s) => s.newCount),
    changed: sum((s) => s.changed),
    unchanged: sum((s) => s.unchanged),
    missing: sum((s) => s.missing),
    failed: sum((s) => s.failed),
  });
}
