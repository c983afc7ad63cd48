// Accounts as the team manages them: find by mobile number or name, block and unblock (a block
// ends every session of the account at once), lift a code-sending block, change the account type.
// Each change writes its audit row in the same transaction. Password hashes never leave here.
import { and, count, desc, eq, ilike, like, or, type SQL } from 'drizzle-orm';
import { USER_TYPES } from '../../contract/limits.ts';
import type { MerchantStep, TeamAccountData } from '../../contract/team.ts';
import type { Database } from '../db/client.ts';
import { containsPattern, pageOf } from '../db/execute.ts';
import { codeSends, users } from '../db/schema.ts';
import { failure } from '../errors.ts';
import type { UserRow } from '../serialize.ts';
import { revokeAllTokens } from '../services/tokens.ts';
import { recordAudit } from './audit.ts';

export function toTeamAccount(user: UserRow): TeamAccountData {
  return {
    userId: user.userId,
    userType: user.userType,
    firstName: user.firstName,
    mobileNo: user.mobileNo,
    email: user.email,
    businessName: user.businessName,
    isMobileVerification: user.isMobileVerification,
    isAccountBlock: user.isAccountBlock,
    blockReason: user.blockReason,
    codeBlockedUntil:
      user.codeBlockedUntil && user.codeBlockedUntil > new Date() ? user.codeBlockedUntil.toISOString() : null,
    merchantStep: user.merchantStep as MerchantStep | null,
    createdAt: user.createdAt.toISOString(),
  };
}

export interface AccountFilter {
  q: string;
  userType?: number;
  blocked?: boolean;
}

export function accountWhere(filter: AccountFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.userType !== undefined) parts.push(eq(users.userType, filter.userType));
  if (filter.blocked !== undefined) parts.push(eq(users.isAccountBlock, filter.blocked));
  const q = filter.q.trim();
  if (q) {
    // A number is looked up by its digits (a leading 0 or +94 left out); a name by any part of it.
    const digits = q.replace(/[\s-]/g, '').replace(/^(\+94|0)/, '');
    const byNumber = /^\d{1,9}$/.test(digits) ? [like(users.mobileNo, `${digits}%`)] : [];
    parts.push(
      or(ilike(users.firstName, containsPattern(q)), ilike(users.businessName, containsPattern(q)), ...byNumber)!,
    );
  }
  return parts.length ? and(...parts) : undefined;
}

export async function listAccounts(db: Database, filter: AccountFilter, pageNo: number, pageSize: number) {
  const where = accountWhere(filter);
  const { rows, totalCount } = await pageOf(
    db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.userId)),
    db.select({ n: count() }).from(users).where(where),
    pageNo,
    pageSize,
  );
  return { data: rows.map(toTeamAccount), totalCount };
}

export async function findAccount(db: Database, userId: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.userId, userId)).limit(1);
  if (!user) throw failure(404, 'account_not_found');
  return user;
}

type AccountChange = {
  action: 'account.block' | 'account.unblock' | 'account.liftCodeBlock' | 'account.type';
  reason: string;
};

/** Locks the account's row, applies `change`, writes the audit row; returns the account after. */
async function changeAccount(
  db: Database,
  actorUserId: number,
  userId: number,
  audit: AccountChange,
  change: (user: UserRow, tx: Parameters<Parameters<Database['transaction']>[0]>[0]) => Promise<Partial<UserRow>>,
) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.userId, userId)).for('update').limit(1);
    if (!user) throw failure(404, 'account_not_found');
    const values = await change(user, tx);
    const [after] = (await tx.update(users).set(values).where(eq(users.userId, userId)).returning()) as [UserRow];
    const kept = (row: UserRow) =>
      Object.fromEntries(
        Object.keys(values).map((key) => [
          key,
          row[key as keyof UserRow] instanceof Date
            ? (row[key as keyof UserRow] as Date).toISOString()
            : row[key as keyof UserRow],
        ]),
      );
    await recordAudit(tx, {
      actorUserId,
      action: audit.action,
      targetType: 'account',
      targetId: userId,
      before: kept(user),
      after: kept(after),
      note: audit.reason,
    });
    return toTeamAccount(after);
  });
}

/** Blocks the account and ends all its sessions at once. A team member cannot block themselves. */
export function blockAccount(db: Database, actorUserId: number, userId: number, reason: string) {
  if (actorUserId === userId) throw failure(403, 'cannot_block_self');
  return changeAccount(db, actorUserId, userId, { action: 'account.block', reason }, async (user, tx) => {
    if (user.isAccountBlock) throw failure(409, 'already_blocked');
    await revokeAllTokens(tx, userId);
    return { isAccountBlock: true, blockReason: reason };
  });
}

export function unblockAccount(db: Database, actorUserId: number, userId: number, reason: string) {
  return changeAccount(db, actorUserId, userId, { action: 'account.unblock', reason }, async (user) => {
    if (!user.isAccountBlock) throw failure(409, 'not_blocked');
    return { isAccountBlock: false, blockReason: null };
  });
}

/** Lets the number receive codes again at once: the block ends and its recent sends stop counting. */
export function liftCodeBlock(db: Database, actorUserId: number, userId: number, reason: string) {
  return changeAccount(db, actorUserId, userId, { action: 'account.liftCodeBlock', reason }, async (user, tx) => {
    if (!user.codeBlockedUntil || user.codeBlockedUntil <= new Date()) throw failure(409, 'codes_not_blocked');
    await tx.delete(codeSends).where(eq(codeSends.mobileNo, user.mobileNo));
    return { codeBlockedUntil: null };
  });
}

/**
 * Changes the account type. A team member cannot change their own type (the console would lock
 * them out); a new type ends the account's sessions, so every page and console sees the new type.
 */
export function changeAccountType(db: Database, actorUserId: number, userId: number, userType: number, reason: string) {
  if (actorUserId === userId) throw failure(403, 'cannot_change_own_type');
  if (!Object.values(USER_TYPES).includes(userType as never)) throw failure(400, 'invalid_user_type');
  return changeAccount(db, actorUserId, userId, { action: 'account.type', reason }, async (user, tx) => {
    if (user.userType === userType) throw failure(409, 'same_user_type');
    await revokeAllTokens(tx, userId);
    return { userType };
  });
}
