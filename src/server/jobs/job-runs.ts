// A scheduled job's run in job_runs (the team's Overview shows the last of each job).
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { jobRuns } from '../db/schema.ts';

/** How many failure messages a run keeps. */
const FAILURES_KEPT = 20;

export interface JobRunOutcome {
  sent: number;
  skipped: number;
  detail: Record<string, unknown>;
  failures: string[];
}

/** Records the run's start; the function it gives records its end (call it in a `finally`). */
export async function startJobRun(
  db: Database,
  job: string,
  startedAt: Date,
): Promise<(outcome: JobRunOutcome) => Promise<void>> {
  const [run] = await db.insert(jobRuns).values({ job, startedAt }).returning({ runId: jobRuns.runId });
  return async ({ sent, skipped, detail, failures }) => {
    await db
      .update(jobRuns)
      .set({
        finishedAt: new Date(),
        sent,
        skipped,
        detail: { ...detail, ...(failures.length ? { failures: failures.slice(0, FAILURES_KEPT) } : {}) },
      })
      .where(eq(jobRuns.runId, run!.runId));
  };
}
