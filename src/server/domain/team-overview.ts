// The team console's overview: what needs the team today (reviews, sources' changes, reports,
// offers ending, importers in trouble), how the last site build went, the reminders' last run, and
// whether the rate limits' Redis answers.
import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { jobRuns, offerReports, offers, siteBuilds } from '../db/schema.ts';
import type { RateLimitStoreState } from '../services/rate-limits.ts';
import { endingThisWeek } from './review.ts';
import { importAlerts, pendingRevisionCount } from './team-importers.ts';

/** reminderJob: the reminders' name in job_runs (jobs/reminders.ts), given by the caller: the rules do not import the jobs. */
export async function findTeamOverview(db: Database, redis: RateLimitStoreState, reminderJob: string) {
  const [[pending], [reports], [ending], [build], pendingRevisions, alerts, [reminderRun]] = await Promise.all([
    db.select({ n: count() }).from(offers).where(eq(offers.reviewStatus, 'pending')),
    db.select({ n: count() }).from(offerReports).where(eq(offerReports.status, 'open')),
    db.select({ n: count() }).from(offers).where(endingThisWeek()),
    db.select().from(siteBuilds).orderBy(desc(siteBuilds.startedAt), desc(siteBuilds.buildId)).limit(1),
    pendingRevisionCount(db),
    importAlerts(db),
    db
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.job, reminderJob))
      .orderBy(desc(jobRuns.startedAt), desc(jobRuns.runId))
      .limit(1),
  ]);
  return {
    pendingReviews: pending?.n ?? 0,
    openReports: reports?.n ?? 0,
    endingThisWeek: ending?.n ?? 0,
    pendingRevisions,
    importAlerts: alerts,
    lastBuild: build
      ? {
          kind: build.kind,
          startedAt: build.startedAt.toISOString(),
          finishedAt: build.finishedAt?.toISOString() ?? null,
          ok: build.ok,
          message: build.message,
        }
      : null,
    lastReminderRun: reminderRun
      ? {
          startedAt: reminderRun.startedAt.toISOString(),
          finishedAt: reminderRun.finishedAt?.toISOString() ?? null,
          sent: reminderRun.sent,
          skipped: reminderRun.skipped,
          quietHours: reminderRun.detail.quietHours === true,
        }
      : null,
    redis: { state: redis.state, since: redis.state === 'unreachable' ? redis.since.toISOString() : null },
  };
}
