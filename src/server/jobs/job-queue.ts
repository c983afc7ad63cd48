// pg-boss, the maintained job queue every scheduled job runs on (imports, reminders, digests), in the
// site's own database: PostgreSQL, or PGlite through its worker thread. pg-boss keeps jobs and
// schedules in the database, so they survive restarts and are shared by every API process.
import { PgBoss } from 'pg-boss';
import type { DatabaseHandle } from '../db/client.ts';

/**
 * How often an idle worker asks the database for a job. The jobs are hourly or weekly, or asked for
 * by hand; at pg-boss's default of 2 s, an idle server's four workers asked twice a second in all
 * (the idle server's CPU, before and after: docs/operations.md). A job this process queues wakes its
 * own worker at once (pg-boss's notifyWorker); a retry, or a job queued by a process that works
 * none, waits for a poll.
 */
export const IDLE_POLL_SECONDS = 60;

/**
 * A job just queued (`queued`, pg-boss's send) and this process's worker of its queue woken, when
 * it runs one: it would otherwise wait up to IDLE_POLL_SECONDS. Gives the job's id, null for a duplicate.
 */
export async function wakeWorkerFor(
  boss: PgBoss,
  workerId: string | undefined,
  queued: Promise<string | null>,
): Promise<string | null> {
  const jobId = await queued;
  if (workerId) boss.notifyWorker(workerId);
  return jobId;
}

export interface JobQueueOptions {
  /** Whether this instance keeps cron schedules running (a process that only queues jobs does not). */
  schedule: boolean;
  log?: (line: string) => void;
  /** The log lines' tag, e.g. 'imports'. */
  name: string;
}

/** A started pg-boss on the handle's database. Stop it with `boss.stop({ graceful: true, close: true })`. */
export async function openJobQueue(handle: DatabaseHandle, options: JobQueueOptions): Promise<PgBoss> {
  const log = options.log ?? ((line) => console.log(line));
  const connection = handle.jobQueueConnection;
  const boss =
    'url' in connection
      ? new PgBoss({ connectionString: connection.url, max: 3, schedule: options.schedule })
      : new PgBoss({ backend: 'pglite', db: { executeSql: connection.executeSql }, schedule: options.schedule });
  boss.on('error', (error) =>
    log(`[${options.name}] queue: ${error instanceof Error ? error.message : String(error)}`),
  );
  await boss.start();
  return boss;
}
