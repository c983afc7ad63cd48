// The importers' job queue: pg-boss, in the site's own database (PostgreSQL, or PGlite through its
// worker thread). One job per source run; the queue's 'exclusive' policy keeps at most one job per
// source queued or running across every API process, so a source runs in one process at a time.
// A job whose process dies is expired and retried by pg-boss; a run that fails is retried with
// backoff. A schedule (an RFC 5545 rule in Sri Lanka's time) queues every enabled source every
// IMPORT_INTERVAL_HOURS hours; pg-boss keeps the schedule in the database, so several processes
// share it and it survives restarts.
import type { DatabaseHandle } from '../db/client.ts';
import { openJobQueue } from '../jobs/job-queue.ts';
import { runSource, type PipelineDeps, type RunSummary, type RunTrigger } from './pipeline.ts';
import { enabledSources } from './sources.ts';

export const SOURCE_RUN_QUEUE = 'import-source';
const SCHEDULE_QUEUE = 'import-schedule';
/** A run may take this long (a large feed, a slow bank) before pg-boss counts it as lost and retries it. */
const RUN_EXPIRE_SECONDS = 30 * 60;
/** A failed scheduled run is retried this often, 5 minutes apart and then longer. */
const RUN_RETRIES = 2;
const RUN_RETRY_DELAY_SECONDS = 5 * 60;

export interface SourceRunJob { sourceKey: string; trigger: RunTrigger }

export interface ImportQueue {
  /** Queues a run of the source; null when one is already queued or running (anywhere). */
  runNow(sourceKey: string, trigger: RunTrigger, options?: { retry?: boolean }): Promise<string | null>;
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
    policy: 'exclusive', retryLimit: RUN_RETRIES, retryDelay: RUN_RETRY_DELAY_SECONDS, retryBackoff: true, expireInSeconds: RUN_EXPIRE_SECONDS,
  });
  await boss.createQueue(SCHEDULE_QUEUE, { policy: 'short' });

  const runNow: ImportQueue['runNow'] = (sourceKey, trigger, { retry = true } = {}) =>
    boss.send(SOURCE_RUN_QUEUE, { sourceKey, trigger } satisfies SourceRunJob, { singletonKey: sourceKey, ...(retry ? {} : { retryLimit: 0 }) });

  if (options.intervalHours > 0) {
    await boss.schedule(SCHEDULE_QUEUE, `FREQ=HOURLY;INTERVAL=${options.intervalHours}`, null, { tz: 'Asia/Colombo' });
  } else {
    await boss.unschedule(SCHEDULE_QUEUE);
  }
  if (options.work !== false) {
    await boss.work(SCHEDULE_QUEUE, async () => {
      for (const source of await enabledSources(options.pipeline.db)) await runNow(source.sourceKey, 'schedule');
    });
    await boss.work<SourceRunJob, RunSummary>(SOURCE_RUN_QUEUE, { batchSize: 1, pollingIntervalSeconds: 2 }, async ([job]) => {
      const summary = await runSource(options.pipeline, job!.data.sourceKey, job!.data.trigger);
      options.onRun?.(summary);
      return summary;
    });
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
