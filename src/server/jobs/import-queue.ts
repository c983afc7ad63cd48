// The importers' job queue: pg-boss, in the site's own database (PostgreSQL, or PGlite through its
// worker thread). One job per source run; the queue's 'exclusive' policy keeps at most one job per
// source queued or running across every API process, so a source runs in one process at a time.
// A job whose process dies is expired and retried by pg-boss; a run that fails is retried with
// backoff. A schedule (an RFC 5545 rule in Sri Lanka's time) queues every enabled source every
// IMPORT_INTERVAL_HOURS hours; pg-boss keeps the schedule in the database, so several processes
// share it and it survives restarts.
// Each run's row names the process and job running it (run-errors.ts RunOwner). A process killed
// mid-run leaves its run unfinished and its job active, which would hold the source for the whole
// expiry: at the next start, the runs whose process is gone are failed and their jobs cancelled,
// so the source can run at once. A run of another live process is left alone.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, isNull } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { ERROR_CODES } from '../../contract/error-codes.ts';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { importRuns } from '../db/schema.ts';
import { openJobQueue, IDLE_POLL_SECONDS, wakeWorkerFor } from './job-queue.ts';
import {
  runSource,
  type PipelineDeps,
  type RunOptions,
  type RunSummary,
  type RunTrigger,
} from '../importers/pipeline.ts';
import { ownerOf, storedRunErrors, type RunOwner } from '../importers/run-errors.ts';
import { enabledSources } from '../importers/sources.ts';

export const SOURCE_RUN_QUEUE = 'import-source';
const SCHEDULE_QUEUE = 'import-schedule';
/** A run may take this long (a large feed, a slow bank) before pg-boss counts it as lost and retries it. */
const RUN_EXPIRE_SECONDS = 30 * 60;
/** A failed scheduled run is retried this often, 5 minutes apart and then longer. */
const RUN_RETRIES = 2;
const RUN_RETRY_DELAY_SECONDS = 5 * 60;

export interface SourceRunJob {
  sourceKey: string;
  trigger: RunTrigger;
  acceptShrink?: boolean;
}

/** This process's life: its runs' owner. */
const THIS_PROCESS: Omit<RunOwner, 'jobId'> = { host: hostname(), pid: process.pid, life: randomUUID() };

export interface ImportQueue {
  /** Queues a run of the source; null when one is already queued or running (anywhere). */
  runNow(sourceKey: string, trigger: RunTrigger, options?: { retry?: boolean } & RunOptions): Promise<string | null>;
  /** The job queued or running for the source, if any. */
  pendingJob(sourceKey: string): Promise<string | undefined>;
  /** Waits for a job to finish: its run's summary, or the reason it failed. */
  waitFor(jobId: string, pollMs?: number): Promise<{ summary?: RunSummary; failure?: string }>;
  stop(): Promise<void>;
}

export interface ImportQueueOptions {
  handle: DatabaseHandle;
  pipeline: PipelineDeps;
  /** Hours between scheduled imports of every enabled source; 0: no schedule (runs on request only). */
  intervalHours: number;
  /** Whether this process runs jobs (the server and the command do; a reader only queues). */
  work?: boolean;
  /** Told after each run, e.g. to empty the API's cache. */
  onRun?: (summary: RunSummary) => void;
  log?: (line: string) => void;
}

export async function startImportQueue(options: ImportQueueOptions): Promise<ImportQueue> {
  const log = options.log ?? ((line) => console.log(line));
  const boss = await openJobQueue(options.handle, { name: 'imports', schedule: options.intervalHours > 0, log });
  await boss.createQueue(SOURCE_RUN_QUEUE, {
    policy: 'exclusive',
    retryLimit: RUN_RETRIES,
    retryDelay: RUN_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: RUN_EXPIRE_SECONDS,
  });
  await boss.createQueue(SCHEDULE_QUEUE, { policy: 'short' });
  if (options.work !== false) {
    const failed = await failOrphanedRuns(options.pipeline.db, boss);
    if (failed > 0) log(`[imports] ${failed} run(s) left by a stopped server marked failed; their sources are free`);
  }

  let sourceRunWorker: string | undefined;
  const runNow: ImportQueue['runNow'] = (sourceKey, trigger, { retry = true, acceptShrink } = {}) =>
    wakeWorkerFor(
      boss,
      sourceRunWorker,
      boss.send(
        SOURCE_RUN_QUEUE,
        { sourceKey, trigger, ...(acceptShrink ? { acceptShrink } : {}) } satisfies SourceRunJob,
        { singletonKey: sourceKey, ...(retry ? {} : { retryLimit: 0 }) },
      ),
    );

  if (options.intervalHours > 0) {
    await boss.schedule(SCHEDULE_QUEUE, `FREQ=HOURLY;INTERVAL=${options.intervalHours}`, null, { tz: 'Asia/Colombo' });
  } else {
    await boss.unschedule(SCHEDULE_QUEUE);
  }
  if (options.work !== false) {
    await boss.work(SCHEDULE_QUEUE, { pollingIntervalSeconds: IDLE_POLL_SECONDS }, async () => {
      for (const source of await enabledSources(options.pipeline.db)) await runNow(source.sourceKey, 'schedule');
    });
    sourceRunWorker = await boss.work<SourceRunJob, RunSummary>(
      SOURCE_RUN_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: IDLE_POLL_SECONDS },
      async ([job]) => {
        const { sourceKey, trigger, acceptShrink } = job!.data;
        const summary = await runSource(
          { ...options.pipeline, owner: { ...THIS_PROCESS, jobId: job!.id } },
          sourceKey,
          trigger,
          { acceptShrink },
        );
        options.onRun?.(summary);
        return summary;
      },
    );
  }

  return {
    runNow,
    async pendingJob(sourceKey) {
      // Queued (created, retry) or running (active): pg-boss's own 'queued' filter leaves out the running one.
      const jobs = await boss.findJobs(SOURCE_RUN_QUEUE, { key: sourceKey });
      return jobs.find((job) => ['created', 'retry', 'active'].includes(job.state))?.id;
    },
    async waitFor(jobId, pollMs = 500) {
      for (;;) {
        const [job] = await boss.findJobs<SourceRunJob>(SOURCE_RUN_QUEUE, { id: jobId });
        if (!job) return { failure: 'The run is no longer in the queue.' };
        if (job.state === 'completed') return { summary: job.output as unknown as RunSummary };
        if (job.state === 'failed' || job.state === 'cancelled') {
          const output = job.output as { message?: string } | null;
          return { failure: output?.message ?? `The run ${job.state}.` };
        }
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    },
    // Within the server's stop budget (STOP_GRACE_MS); a run cut off is expired and retried by another process.
    stop: () => boss.stop({ graceful: true, timeout: 3_000, close: true }),
  };
}

/**
 * Fails the unfinished runs whose process is gone, and cancels their jobs (a failed job with
 * retries left would still hold its source). Returns how many.
 */
async function failOrphanedRuns(db: Database, boss: PgBoss): Promise<number> {
  const unfinished = await db
    .select({ runId: importRuns.runId, startedAt: importRuns.startedAt, errors: importRuns.errors })
    .from(importRuns)
    .where(isNull(importRuns.finishedAt));
  if (unfinished.length === 0) return 0;
  const live = unfinished.some((run) => ownerOf(run.errors)?.host !== THIS_PROCESS.host)
    ? await liveProcesses(boss)
    : undefined;
  let failed = 0;
  for (const run of unfinished) {
    const owner = ownerOf(run.errors);
    // A run from before owners were kept, or one nobody can vouch for: pg-boss has expired its job by now.
    const expired = Date.now() - run.startedAt.getTime() > RUN_EXPIRE_SECONDS * 1000;
    if (!expired && (!owner || isAlive(owner, live))) continue;
    const [marked] = await db
      .update(importRuns)
      .set({
        ok: false,
        finishedAt: new Date(),
        errors: storedRunErrors([{ itemKey: '', reason: ERROR_CODES.server_stopped }], 0),
      })
      .where(and(eq(importRuns.runId, run.runId), isNull(importRuns.finishedAt)))
      .returning({ runId: importRuns.runId });
    if (!marked) continue;
    failed++;
    if (owner?.jobId) await boss.cancel(SOURCE_RUN_QUEUE, owner.jobId).catch(() => {});
  }
  return failed;
}

/** The host and pid of every pg-boss instance its registry reads as live; undefined when it cannot be read. */
async function liveProcesses(boss: PgBoss): Promise<Set<string> | undefined> {
  try {
    return new Set(
      (await boss.getInstances())
        .filter((instance) => instance.live)
        .map((instance) => `${instance.host}:${instance.pid}`),
    );
  } catch {
    return undefined;
  }
}

/**
 * Whether the run's process still runs. On this machine its pid says so at once (our own pid is
 * an earlier life's, reused); on another, pg-boss's registry does (an instance goes quiet after
 * three missed heartbeats), and without the registry the run is left to its job's expiry.
 */
function isAlive(owner: RunOwner, live: Set<string> | undefined): boolean {
  if (owner.life === THIS_PROCESS.life) return true;
  if (owner.host !== THIS_PROCESS.host) return live?.has(`${owner.host}:${owner.pid}`) ?? true;
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user has the pid; it lives.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}
