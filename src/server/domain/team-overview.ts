// The team console's overview: what needs the team today, and how the last site build went.
import { and, count, desc, eq, gte, isNull, lte } from 'drizzle-orm';
import dayjs from 'dayjs';
import type { Database } from '../db/client.ts';
import { offerReports, offers, siteBuilds } from '../db/schema.ts';
import { isListed } from './offers.ts';

const WEEK_DAYS = 7;

export async function findTeamOverview(db: Database) {
  const now = new Date();
  const weekEnd = dayjs(now).add(WEEK_DAYS, 'day').toDate();
  const [[pending], [reports], [ending], [build]] = await Promise.all([
    db.select({ n: count() }).from(offers).where(eq(offers.reviewStatus, 'pending')),
    db.select({ n: count() }).from(offerReports).where(eq(offerReports.status, 'open')),
    db.select({ n: count() }).from(offers).where(and(isListed(), gte(offers.offerEnd, now), lte(offers.offerEnd, weekEnd), isNull(offers.withdrawnAt))),
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
