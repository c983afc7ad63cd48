// The team's audit log: every team action, with who, when, what, and the values before and after.
// Each action writes its row in the same transaction as its change, so there is never a change
// without its row. Rows are only ever added: no route changes them, and the table's trigger
// (migrations/0002, 0010) refuses UPDATE, DELETE and TRUNCATE.
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEntryData, AuditTargetType } from '../../contract/team.ts';
import type { Database } from '../db/client.ts';
import { pageOf } from '../db/execute.ts';
import { auditLog, users } from '../db/schema.ts';

/** A database or a transaction: both can write an audit row. */
export type Writer = Pick<Database, 'insert' | 'select' | 'update' | 'delete' | 'execute'>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface AuditRecord {
  actorUserId: number;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: number | string;
  before?: unknown;
  after?: unknown;
  note?: string | null;
}

export async function recordAudit(tx: Writer, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    actorUserId: record.actorUserId,
    action: record.action,
    targetType: record.targetType,
    targetId: String(record.targetId),
    before: record.before ?? null,
    after: record.after ?? null,
    note: record.note ?? null,
  });
}

export interface AuditFilter {
  action?: AuditAction;
  actorUserId?: number;
  targetType?: string;
  targetId?: string;
}

/** A page of the log, newest first, with its total. */
export async function listAudit(
  db: Database,
  filter: AuditFilter,
  pageNo: number,
  pageSize: number,
): Promise<{ data: AuditEntryData[]; totalCount: number }> {
  const parts: SQL[] = [];
  if (filter.action) parts.push(eq(auditLog.action, filter.action));
  if (filter.actorUserId !== undefined) parts.push(eq(auditLog.actorUserId, filter.actorUserId));
  if (filter.targetType) parts.push(eq(auditLog.targetType, filter.targetType));
  if (filter.targetId) parts.push(eq(auditLog.targetId, filter.targetId));
  const where = parts.length ? and(...parts) : undefined;
  const { rows, totalCount } = await pageOf(
    db
      .select({ entry: auditLog, actorName: users.firstName })
      .from(auditLog)
      .leftJoin(users, eq(users.userId, auditLog.actorUserId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.auditId)),
    db.select({ n: count() }).from(auditLog).where(where),
    pageNo,
    pageSize,
  );
  return {
    data: rows.map(({ entry, actorName }) => ({
      auditId: entry.auditId,
      actorUserId: entry.actorUserId,
      actorName,
      action: entry.action as AuditAction,
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: entry.before,
      after: entry.after,
      note: entry.note,
      createdAt: entry.createdAt.toISOString(),
    })),
    totalCount,
  };
}
