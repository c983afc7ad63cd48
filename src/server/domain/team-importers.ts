// The team's side of the importers: the sources with their last runs and flagged items, turning a
// source on or off and trusted or not, the category keyword map, and the changes sources made to
// listed offers (revisions), accepted or rejected in Review. Each change has its audit row.
import { and, asc, count, desc, eq, getTableColumns, gte, inArray, sql, type Column } from 'drizzle-orm';
import type { ImportRunData, ImportSourceData, RevisionData } from '../../contract/team-importers.ts';
import { RUN_ERRORS_KEPT } from '../../contract/team-importers.ts';
import type { Database } from '../db/client.ts';
import { pageOf } from '../db/execute.ts';
import {
  banks,
  categories,
  categoryKeywords,
  importRuns,
  importSources,
  offerRevisions,
  offers,
  offerSources,
} from '../db/schema.ts';
import { failure, fieldFailure } from '../errors.ts';
import { columnsOfStored } from '../importers/offer-fields.ts';
import { EMPTY_LISTING_SUSPECT_FROM, MISSING_FLAG_RUNS } from '../importers/pipeline.ts';
import { answeredRunErrors, type StoredRunError } from '../importers/run-errors.ts';
import { recordAudit } from './audit.ts';
import { findTeamOffers } from './review.ts';

/** Runs shown with a source. */
const RUNS_SHOWN = 20;

/**
 * A run's columns with only the head of its errors (the kept ones and the count of the rest) and
 * their number: a run stored before the cap may hold hundreds of thousands.
 */
const runColumns = {
  ...getTableColumns(importRuns),
  errors: sql<
    StoredRunError[]
  >`jsonb_path_query_array(${importRuns.errors}, ${`$[0 to ${RUN_ERRORS_KEPT}]`}::jsonpath)`.as('errors_head'),
  errorCount: sql<number>`jsonb_array_length(${importRuns.errors})`.as('error_count'),
};
type RunRow = typeof importRuns.$inferSelect & { errorCount: number };
const toRun = (run: RunRow): ImportRunData => ({
  runId: run.runId,
  sourceKey: run.sourceKey,
  trigger: run.trigger,
  startedAt: run.startedAt.toISOString(),
  finishedAt: run.finishedAt?.toISOString() ?? null,
  ok: run.ok,
  fetched: run.fetched,
  newCount: run.newCount,
  changed: run.changed,
  unchanged: run.unchanged,
  missing: run.missing,
  ended: run.ended,
  failed: run.failed,
  ...answeredRunErrors(run.errors, Number(run.errorCount)),
});

/** Every source with its counts and last run; or the one source with this key. */
export async function listImportSources(db: Database, sourceKey?: string): Promise<ImportSourceData[]> {
  const only = (column: Column) => (sourceKey === undefined ? undefined : eq(column, sourceKey));
  const [sources, linkCounts, lastRuns] = await Promise.all([
    db
      .select({ source: importSources, bankName: banks.bankName })
      .from(importSources)
      .leftJoin(banks, eq(banks.bankId, importSources.bankId))
      .where(only(importSources.sourceKey))
      .orderBy(asc(importSources.name)),
    db
      .select({
        sourceKey: offerSources.sourceKey,
        listed: sql<number>`count(*) filter (where ${offerSources.missingRuns} = 0)`,
        flagged: sql<number>`count(*) filter (where ${offerSources.missingRuns} >= ${MISSING_FLAG_RUNS})`,
      })
      .from(offerSources)
      .where(only(offerSources.sourceKey))
      .groupBy(offerSources.sourceKey),
    db
      .selectDistinctOn([importRuns.sourceKey], runColumns)
      .from(importRuns)
      .where(only(importRuns.sourceKey))
      .orderBy(importRuns.sourceKey, desc(importRuns.startedAt), desc(importRuns.runId)),
  ]);
  const countsOf = new Map(linkCounts.map((row) => [row.sourceKey, row]));
  const lastRunOf = new Map(lastRuns.map((run) => [run.sourceKey, run]));
  return sources.map(({ source, bankName }) => {
    const last = lastRunOf.get(source.sourceKey);
    return {
      sourceKey: source.sourceKey,
      name: source.name,
      adapter: source.adapter,
      url: source.url,
      bankName,
      trusted: source.trusted,
      enabled: source.enabled,
      listed: Number(countsOf.get(source.sourceKey)?.listed ?? 0),
      flagged: Number(countsOf.get(source.sourceKey)?.flagged ?? 0),
      lastRun: last ? toRun(last) : null,
    };
  });
}

export async function findSourceSummary(db: Database, sourceKey: string) {
  const [source] = await listImportSources(db, sourceKey);
  if (!source) throw failure(404, 'source_not_found');
  return source;
}

export async function findImportSource(db: Database, sourceKey: string) {
  const source = await findSourceSummary(db, sourceKey);
  const [runs, flagged] = await Promise.all([
    db
      .select(runColumns)
      .from(importRuns)
      .where(eq(importRuns.sourceKey, sourceKey))
      .orderBy(desc(importRuns.startedAt), desc(importRuns.runId))
      .limit(RUNS_SHOWN),
    db
      .select({
        itemKey: offerSources.itemKey,
        url: offerSources.url,
        missingRuns: offerSources.missingRuns,
        lastSeenAt: offerSources.lastSeenAt,
        offerId: offers.offerId,
        header: offers.header,
      })
      .from(offerSources)
      .innerJoin(offers, eq(offers.offerId, offerSources.offerId))
      .where(and(eq(offerSources.sourceKey, sourceKey), gte(offerSources.missingRuns, MISSING_FLAG_RUNS)))
      .orderBy(desc(offerSources.missingRuns)),
  ]);
  return {
    source,
    runs: runs.map(toRun),
    flagged: flagged.map((item) => ({ ...item, lastSeenAt: item.lastSeenAt.toISOString() })),
  };
}

export async function updateImportSource(
  db: Database,
  actorUserId: number,
  sourceKey: string,
  change: { enabled: boolean; trusted: boolean },
) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(importSources).where(eq(importSources.sourceKey, sourceKey)).for('update');
    if (!before) throw failure(404, 'source_not_found');
    const [after] = await tx
      .update(importSources)
      .set(change)
      .where(eq(importSources.sourceKey, sourceKey))
      .returning();
    await recordAudit(tx, {
      actorUserId,
      action: 'importSource.update',
      targetType: 'importSource',
      targetId: sourceKey,
      before: { enabled: before.enabled, trusted: before.trusted },
      after: { enabled: after!.enabled, trusted: after!.trusted },
    });
  });
  return findSourceSummary(db, sourceKey);
}

export const recordRunRequest = (db: Database, actorUserId: number, sourceKey: string, jobId: string) =>
  recordAudit(db, {
    actorUserId,
    action: 'importSource.run',
    targetType: 'importSource',
    targetId: sourceKey,
    note: `Job ${jobId}`,
  });

// ---------- the category keyword map ----------

export const listCategoryKeywords = (db: Database) =>
  db.select().from(categoryKeywords).orderBy(asc(categoryKeywords.categoryId), asc(categoryKeywords.keyword));

export async function replaceCategoryKeywords(
  db: Database,
  actorUserId: number,
  keywords: { keyword: string; categoryId: number }[],
) {
  const ids = [...new Set(keywords.map((entry) => entry.categoryId))];
  const known = new Set(
    (ids.length
      ? await db.select({ id: categories.categoryId }).from(categories).where(inArray(categories.categoryId, ids))
      : []
    ).map((row) => row.id),
  );
  const unknown = keywords.findIndex((entry) => !known.has(entry.categoryId));
  if (unknown >= 0) throw fieldFailure(400, `keywords.${unknown}.categoryId`, 'unknown_category_id');
  await db.transaction(async (tx) => {
    const before = await tx.select().from(categoryKeywords);
    await tx.delete(categoryKeywords);
    if (keywords.length) await tx.insert(categoryKeywords).values(keywords);
    await recordAudit(tx, {
      actorUserId,
      action: 'categoryKeywords.update',
      targetType: 'category',
      targetId: 'keywords',
      note: `${before.length} keyword(s) before, ${keywords.length} after.`,
    });
  });
  return listCategoryKeywords(db);
}

// ---------- revisions: sources' changes to listed offers ----------

export async function listRevisions(db: Database, pageNo: number, pageSize: number) {
  const pending = eq(offerRevisions.status, 'pending');
  const { rows, totalCount } = await pageOf(
    db
      .select({ revision: offerRevisions, sourceName: importSources.name })
      .from(offerRevisions)
      .leftJoin(importSources, eq(importSources.sourceKey, offerRevisions.sourceKey))
      .where(pending)
      .orderBy(asc(offerRevisions.createdAt), asc(offerRevisions.revisionId))
      .$dynamic(),
    db.select({ n: count() }).from(offerRevisions).where(pending),
    pageNo,
    pageSize,
  );
  const offersById = await findTeamOffers(
    db,
    rows.map(({ revision }) => revision.offerId),
  );
  // A revision's offer is there: revisions are deleted with their offer.
  const data: RevisionData[] = rows.map(({ revision, sourceName }) => ({
    revisionId: revision.revisionId,
    sourceKey: revision.sourceKey,
    sourceName: sourceName ?? revision.sourceKey,
    createdAt: revision.createdAt.toISOString(),
    changes: revision.changes,
    offer: offersById.get(revision.offerId)!,
  }));
  return { data, totalCount };
}

/** Accepts (the offer takes the source's version) or rejects a pending revision; 409 for any other. */
export async function decideRevision(
  db: Database,
  actorUserId: number,
  revisionId: number,
  decision: 'accept' | 'reject',
) {
  return db.transaction(async (tx) => {
    const [revision] = await tx
      .select()
      .from(offerRevisions)
      .where(eq(offerRevisions.revisionId, revisionId))
      .for('update');
    if (!revision) throw failure(404, 'revision_not_found');
    if (revision.status !== 'pending') throw failure(409, 'revision_decided');
    const now = new Date();
    await tx
      .update(offerRevisions)
      .set({ status: decision === 'accept' ? 'accepted' : 'rejected', decidedAt: now, decidedBy: actorUserId })
      .where(eq(offerRevisions.revisionId, revisionId));
    if (decision === 'accept') {
      await tx
        .update(offers)
        .set({ ...columnsOfStored(revision.proposed), sourceHash: revision.contentHash })
        .where(eq(offers.offerId, revision.offerId));
    }
    await recordAudit(tx, {
      actorUserId,
      action: decision === 'accept' ? 'revision.accept' : 'revision.reject',
      targetType: 'offer',
      targetId: revision.offerId,
      before: Object.fromEntries(revision.changes.map((change) => [change.field, change.before])),
      after:
        decision === 'accept'
          ? Object.fromEntries(revision.changes.map((change) => [change.field, change.after]))
          : undefined,
      note: `From ${revision.sourceKey}`,
    });
    return revision.offerId;
  });
}

// ---------- the overview's alerts ----------

/**
 * Sources whose last run failed, or listed nothing: a listing that is suddenly empty (it listed
 * several before) is more likely a broken page than every offer ending at once.
 */
export async function importAlerts(db: Database): Promise<{ sourceKey: string; name: string; message: string }[]> {
  const sources = await listImportSources(db);
  return sources.flatMap((source) => {
    const run = source.lastRun;
    if (!source.enabled || !run || run.ok === null) return [];
    if (!run.ok)
      return [
        {
          sourceKey: source.sourceKey,
          name: source.name,
          message: `Its last run failed: ${run.errors[0]?.reason ?? 'no reason recorded'}`,
        },
      ];
    if (run.fetched > 0) return [];
    return [
      {
        sourceKey: source.sourceKey,
        name: source.name,
        message:
          source.listed >= EMPTY_LISTING_SUSPECT_FROM
            ? `It listed no offers in its last run, after ${source.listed} before: its page may have changed.`
            : 'It answered with an empty list in its last run.',
      },
    ];
  });
}

export const pendingRevisionCount = async (db: Database) =>
  (await db.select({ n: count() }).from(offerRevisions).where(eq(offerRevisions.status, 'pending')))[0]?.n ?? 0;
