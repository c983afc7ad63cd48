// The team console's overview: what needs the team today (reviews, sources' changes, reports,
// offers ending, importers in trouble), and how the last site build went.
import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { offerReports, offers, siteBuilds } from '../db/schema.ts';
import { endingThisWeek } from './review.ts';
import { importAlerts, pendingRevisionCount } from './team-importers.ts';

export async function findTeamOverview(db: Database) {
  const [[pending], [reports], [ending], [build], pendingRevisions, alerts] = await Promise.all([
    db.select({ n: count() }).from(offers).where(eq(offers.reviewStatus, 'pending')),
    db.select({ n: count() }).from(offerReports).where(eq(offerReports.status, 'open')),
    db.select({ n: count() }).from(offers).where(endingThisWeek()),
    db.select().from(siteBuilds).orderBy(desc(siteBuilds.startedAt), desc(siteBuilds.buildId)).limit(1),
    pendingRevisionCount(db),
    importAlerts(db),
  ]);
  return {
    pendingReviews: pending?.n ?? 0,
    openReports: reports?.n ?? 0,
    endingThisWeek: ending?.n ?? 0,
    pendingRevisions,
    importAlerts: alerts,
    lastBuild: build ? {
      kind: build.kind, startedAt: build.startedAt.toISOString(), finishedAt: build.finishedAt?.toISOString() ?? null, ok: build.ok, message: build.message,
    } : null,
  };
}
