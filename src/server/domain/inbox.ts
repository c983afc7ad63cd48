// What visitors send the team: reports of a problem with an offer, the contact form's feedback and
// the newsletter list. Visitors add to them; the team resolves or dismisses reports, marks feedback
// handled and removes subscribers, each change with its audit row in the same transaction.
import { count, desc, eq, ilike, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { ReportReason } from '../../contract/reports.ts';
import type { Database } from '../db/client.ts';
import { containsPattern, pageOf } from '../db/execute.ts';
import { feedback, offerReports, offers, subscriptions } from '../db/schema.ts';
import { failure } from '../errors.ts';
import { recordAudit } from './audit.ts';
import { requirePublicOffer } from './offers.ts';

type ReportStatus = 'open' | 'resolved' | 'dismissed';

// ---------- reports ----------

/** A visitor's report on a public offer (404 for any other). */
export async function saveReport(
  db: Database,
  offerId: number,
  report: { reason: ReportReason; message: string; reporterUserId?: number; ip?: string },
) {
  await requirePublicOffer(db, offerId);
  await db.insert(offerReports).values({
    offerId,
    reason: report.reason,
    message: report.message,
    reporterUserId: report.reporterUserId ?? null,
    ip: report.ip ?? null,
  });
}

const reportColumns = { report: offerReports, offerHeader: offers.header };
type ReportRow = { report: typeof offerReports.$inferSelect; offerHeader: string };
const toTeamReport = ({ report, offerHeader }: ReportRow) => ({
  reportId: report.reportId,
  offerId: report.offerId,
  offerHeader,
  reason: report.reason as ReportReason,
  message: report.message,
  status: report.status as ReportStatus,
  createdAt: report.createdAt.toISOString(),
  closedAt: report.closedAt?.toISOString() ?? null,
});

/** Reports, newest first; open ones by default. */
export async function listReports(db: Database, status: ReportStatus | 'all', pageNo: number, pageSize: number) {
  const where = status === 'all' ? undefined : eq(offerReports.status, status);
  const { rows, totalCount } = await pageOf(
    db
      .select(reportColumns)
      .from(offerReports)
      .innerJoin(offers, eq(offers.offerId, offerReports.offerId))
      .where(where)
      .orderBy(desc(offerReports.createdAt), desc(offerReports.reportId)),
    db.select({ n: count() }).from(offerReports).where(where),
    pageNo,
    pageSize,
  );
  return { data: rows.map(toTeamReport), totalCount };
}

/** Resolves or dismisses an open report (409 when it is closed already). */
export async function closeReport(
  db: Database,
  actorUserId: number,
  reportId: number,
  outcome: 'resolved' | 'dismissed',
  note: string,
) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(offerReports)
      .where(eq(offerReports.reportId, reportId))
      .for('update')
      .limit(1);
    if (!before) throw failure(404, 'report_not_found');
    if (before.status !== 'open') throw failure(409, 'report_closed');
    await tx
      .update(offerReports)
      .set({ status: outcome, closedAt: new Date(), closedBy: actorUserId })
      .where(eq(offerReports.reportId, reportId));
    await recordAudit(tx, {
      actorUserId,
      action: outcome === 'resolved' ? 'report.resolve' : 'report.dismiss',
      targetType: 'report',
      targetId: reportId,
      before: { status: before.status },
      after: { status: outcome },
      note: note || null,
    });
    const [row] = await tx
      .select(reportColumns)
      .from(offerReports)
      .innerJoin(offers, eq(offers.offerId, offerReports.offerId))
      .where(eq(offerReports.reportId, reportId));
    return toTeamReport(row!);
  });
}

// ---------- feedback ----------

const toTeamFeedback = (row: typeof feedback.$inferSelect) => ({
  feedbackId: row.feedbackId,
  firstName: row.firstName,
  mobileNo: row.mobileNo,
  email: row.email,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
  handledAt: row.handledAt?.toISOString() ?? null,
});

/** The contact form's messages, newest first; the unhandled ones by default. */
export async function listFeedback(db: Database, handled: boolean | undefined, pageNo: number, pageSize: number) {
  const where =
    handled === undefined ? undefined : handled ? isNotNull(feedback.handledAt) : isNull(feedback.handledAt);
  const { rows, totalCount } = await pageOf(
    db.select().from(feedback).where(where).orderBy(desc(feedback.createdAt), desc(feedback.feedbackId)),
    db.select({ n: count() }).from(feedback).where(where),
    pageNo,
    pageSize,
  );
  return { data: rows.map(toTeamFeedback), totalCount };
}

export async function markFeedbackHandled(db: Database, actorUserId: number, feedbackId: number) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(feedback).where(eq(feedback.feedbackId, feedbackId)).for('update').limit(1);
    if (!before) throw failure(404, 'message_not_found');
    if (before.handledAt) throw failure(409, 'message_handled');
    const [after] = await tx
      .update(feedback)
      .set({ handledAt: new Date(), handledBy: actorUserId })
      .where(eq(feedback.feedbackId, feedbackId))
      .returning();
    await recordAudit(tx, {
      actorUserId,
      action: 'feedback.handle',
      targetType: 'feedback',
      targetId: feedbackId,
      before: { handledAt: null },
      after: { handledAt: after!.handledAt!.toISOString() },
    });
    return toTeamFeedback(after!);
  });
}

// ---------- subscribers ----------

const subscriberWhere = (q: string): SQL | undefined =>
  q ? ilike(subscriptions.email, containsPattern(q)) : undefined;
const toSubscriber = (row: typeof subscriptions.$inferSelect) => ({
  subscriptionId: row.subscriptionId,
  email: row.email,
  createdAt: row.createdAt.toISOString(),
});

export async function listSubscribers(db: Database, q: string, pageNo: number, pageSize: number) {
  const where = subscriberWhere(q);
  const { rows, totalCount } = await pageOf(
    db
      .select()
      .from(subscriptions)
      .where(where)
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.subscriptionId)),
    db.select({ n: count() }).from(subscriptions).where(where),
    pageNo,
    pageSize,
  );
  return { data: rows.map(toSubscriber), totalCount };
}

/** The whole list, oldest first, as CSV (RFC 4180): a header line, then one address per line. */
export async function subscribersCsv(db: Database): Promise<string> {
  const rows = await db.select().from(subscriptions).orderBy(subscriptions.createdAt, subscriptions.subscriptionId);
  const field = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  // A cell starting with = + - @ would run as a formula in a spreadsheet: it gets a leading quote.
  const cell = (text: string) => field(/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
  return (
    ['email,subscribedAt', ...rows.map((row) => `${cell(row.email)},${row.createdAt.toISOString()}`)].join('\r\n') +
    '\r\n'
  );
}

export async function removeSubscriber(db: Database, actorUserId: number, subscriptionId: number, reason: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(subscriptions).where(eq(subscriptions.subscriptionId, subscriptionId)).returning();
    if (!row) throw failure(404, 'subscriber_not_found');
    await recordAudit(tx, {
      actorUserId,
      action: 'subscriber.remove',
      targetType: 'subscriber',
      targetId: subscriptionId,
      before: toSubscriber(row),
      after: null,
      note: reason,
    });
  });
}
