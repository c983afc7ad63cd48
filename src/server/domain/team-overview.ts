// The team console's overview: what needs the team today, and how the last site build went.
import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { offerReports, offers, siteBuilds } from '../db/schema.ts';
import { endingThisWeek } from './review.ts';

export async function findTeamOverview(db: Database) {
  const [[pending], [reports], [ending], [build]] = await Promise.all([
    db.select({ n: count() }).from(offers).where(eq(offers.reviewStatus, 'pending')),
    db.select({ n: count() }).from(offerReports).where(eq(offerReports.status, 'open')),
    db.select({ n: count() }).from(offers).where(endingThisWeek()),
    db.select().from(siteBuilds).orderBy(desc(siteBuilds.startedAt), desc(siteBuilds.buildId)).limit(1),
  ]);
  return {
    pendingReviews: pending?.n ?? 0,
    openReports: reports?.n ?? 0,
    endingThisWeek: ending?.n ?? 0,
    lastBuild: build ? {
      kind: build.kind, startedAt: build.startedAt.toISOString(), finishedAt: build.finishedAt?.toISOString() ?? null, ok: build.ok, message: build.message,
    } : null,
  };
}
