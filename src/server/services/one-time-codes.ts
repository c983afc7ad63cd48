// One-time codes: 6 digits from a CSPRNG, stored hashed, valid for 5 minutes, single use, at most
// 5 wrong tries. A number's sends count toward its resend limit, from the first code of a code
// entry on; the 4th resend blocks code sending for 24 hours (DECISIONS.md, "Security rules"), and
// so does asking for more than 10 codes for a number in 24 hours, however they were asked for.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, max, sql } from 'drizzle-orm';
import { CODE_DIGITS } from '../../contract/limits.ts';
import { SITE_NAME } from '../../lib/constants.ts';
import { m } from '../../paraglide/messages.js';
import type { Locale } from '../../paraglide/runtime.js';
import type { Database } from '../db/client.ts';
import { codeSends, oneTimeCodes, users } from '../db/schema.ts';
import { failure } from '../errors.ts';
import type { SmsProvider } from './sms.ts';

export const CODE_TTL_MS = 5 * 60_000;
const CODE_MAX_WRONG_TRIES = 5;
/** The resend that reaches this attempt number is refused and blocks the number (spec §4). */
export const BLOCKING_RESEND_ATTEMPT = 4;
/**
 * Codes a number may get in 24 hours, first codes included: what bounds the SMS sent to one number
 * when code entries are started again and again (each one has its own 3 resends).
 */
export const CODES_PER_DAY_MAX = 10;
const CODE_BLOCK_MS = 24 * 3_600_000;

export type CodePurpose = 'verify' | 'mobile-change';

const hashCode = (userId: number, purpose: CodePurpose, code: string) =>
  createHash('sha256').update(`${userId}:${purpose}:${code}`).digest();

/** The refusal of a number whose code sending is blocked: 429 to a send, 403 to a verification. */
export const codeSendingBlocked = (httpStatus: 403 | 429) =>
  failure(httpStatus, 'code_sending_blocked', undefined, { attempt: BLOCKING_RESEND_ATTEMPT });

export function isCodeBlocked(user: { codeBlockedUntil: Date | null }, now = new Date()) {
  return user.codeBlockedUntil !== null && user.codeBlockedUntil > now;
}

/**
 * Sends a fresh code to `mobileNo` and returns which attempt this was: 0 for the first send,
 * then 1, 2, 3 for resends. Sends are counted since the number last verified a code, within 24 hours.
 * `startsEntry`: the first code of a new code entry (sign-in's for an unverified number, the
 * reset's), sent without the visitor asking again: attempt 0, and the number's earlier sends stop
 * counting toward the resend limit, so that the entry gets its own 3 resends (spec §4: 3 per visit).
 * `locale`: the SMS's language, the request's (the person may have no account yet, or another number).
 */
export async function sendOneTimeCode(
  db: Database,
  sms: SmsProvider,
  user: { userId: number; codeBlockedUntil: Date | null },
  purpose: CodePurpose,
  mobileNo: string,
  { startsEntry = false, locale }: { startsEntry?: boolean; locale: Locale },
): Promise<{ attempt: number }> {
  const now = new Date();
  if (isCodeBlocked(user, now)) throw codeSendingBlocked(429);

  // One send per number at a time, counted and recorded together: parallel requests would
  // otherwise all read the same count and all be sent.
  const counted = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('offerlanka:code-send'), hashtext(${mobileNo}))`);
    const [lastVerified] = await tx
      .select({ at: max(oneTimeCodes.verifiedAt) })
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.mobileNo, mobileNo));
    const windowStart = new Date(
      Math.max(now.getTime() - CODE_BLOCK_MS, lastVerified?.at ? new Date(lastVerified.at).getTime() : 0),
    );
    const [sent] = await tx
      .select({ n: count() })
      .from(codeSends)
      .where(and(eq(codeSends.mobileNo, mobileNo), gt(codeSends.sentAt, windowStart)));
    // Every code row stays (a new one only marks the earlier used): they count all the sends.
    const [codes] = await tx
      .select({ n: count() })
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.mobileNo, mobileNo), gt(oneTimeCodes.createdAt, windowStart)));
    const attempt = startsEntry ? 0 : (sent?.n ?? 0);
    if (attempt >= BLOCKING_RESEND_ATTEMPT || (codes?.n ?? 0) >= CODES_PER_DAY_MAX) {
      await tx
        .update(users)
        .set({ codeBlockedUntil: new Date(now.getTime() + CODE_BLOCK_MS) })
        .where(eq(users.userId, user.userId));
      return undefined;
    }
    const code = String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
    // A new code replaces any earlier one for the same purpose.
    await tx
      .update(oneTimeCodes)
      .set({ usedAt: now })
      .where(and(eq(oneTimeCodes.userId, user.userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt)));
    const [stored] = await tx
      .insert(oneTimeCodes)
      .values({
        userId: user.userId,
        purpose,
        mobileNo,
        codeHash: hashCode(user.userId, purpose, code).toString('hex'),
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      })
      .returning({ codeId: oneTimeCodes.codeId });
    const [send] = await tx.insert(codeSends).values({ mobileNo }).returning({ sendId: codeSends.sendId });
    return { attempt, code, stored: stored!, send: send! };
  });
  if (!counted) throw codeSendingBlocked(429);
  const { attempt, code, stored, send } = counted;
  try {
    const message = m.notify_code_sms({ code, siteName: SITE_NAME, minutes: CODE_TTL_MS / 60_000 }, { locale });
    await sms.send({ mobileNo, code, message });
  } catch (error) {
    // A send that never left does not count against the number.
    await db.delete(codeSends).where(eq(codeSends.sendId, send.sendId));
    await db.delete(oneTimeCodes).where(eq(oneTimeCodes.codeId, stored.codeId));
    console.error('[sms] send failed:', error instanceof Error ? error.message : error);
    throw failure(502, 'code_not_sent');
  }
  if (startsEntry)
    await db.delete(codeSends).where(and(eq(codeSends.mobileNo, mobileNo), lt(codeSends.sendId, send.sendId)));
  return { attempt };
}

/** Why a code that can no longer be checked is refused: used up by wrong tries, already verified, or expired or replaced. */
function refusal(row: typeof oneTimeCodes.$inferSelect | undefined, now: Date) {
  if (!row) return codeExpired();
  if (row.wrongAttempts >= CODE_MAX_WRONG_TRIES)
    return failure(400, 'too_many_wrong_codes', undefined, { attemptsLeft: 0 });
  if (row.verifiedAt) return failure(400, 'code_used');
  if (row.usedAt || row.expiresAt <= now) return codeExpired();
  return undefined;
}
const codeExpired = () => failure(400, 'code_expired', undefined, { expired: true });

/**
 * Checks a code; on success it is used up and its row (with the number it was sent to) returned.
 * Each wrong try is counted, and the right code used up, by one conditional update that holds only
 * while the code is still live: however many guesses run at once, at most 5 wrong ones are
 * checked and the right one is accepted once.
 */
export async function verifyOneTimeCode(db: Database, userId: number, purpose: CodePurpose, code: string) {
  const now = new Date();
  // The latest code, live or not: a code used up or verified is refused for that reason.
  const latest = () =>
    db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)))
      .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.codeId))
      .limit(1);
  const [row] = await latest();
  if (!row) throw codeExpired();
  const refused = refusal(row, now);
  if (refused) throw refused;
  const live = and(
    eq(oneTimeCodes.codeId, row.codeId),
    isNull(oneTimeCodes.usedAt),
    lt(oneTimeCodes.wrongAttempts, CODE_MAX_WRONG_TRIES),
    gt(oneTimeCodes.expiresAt, now),
  );
  // Another request may have used the code up since it was read: the row as it is now says why.
  const refusedNow = async () =>
    refusal((await latest())[0], now) ?? failure(400, 'too_many_wrong_codes', undefined, { attemptsLeft: 0 });

  const matches = timingSafeEqual(Buffer.from(row.codeHash, 'hex'), hashCode(userId, purpose, code));
  if (!matches) {
    const [tried] = await db
      .update(oneTimeCodes)
      .set({
        wrongAttempts: sql`${oneTimeCodes.wrongAttempts} + 1`,
        usedAt: sql`case when ${oneTimeCodes.wrongAttempts} + 1 >= ${CODE_MAX_WRONG_TRIES} then ${now.toISOString()}::timestamptz end`,
      })
      .where(live)
      .returning({ wrongAttempts: oneTimeCodes.wrongAttempts });
    if (!tried) throw await refusedNow();
    const attemptsLeft = CODE_MAX_WRONG_TRIES - tried.wrongAttempts;
    throw failure(400, attemptsLeft === 0 ? 'too_many_wrong_codes' : 'wrong_code', undefined, { attemptsLeft });
  }
  const [used] = await db.update(oneTimeCodes).set({ usedAt: now, verifiedAt: now }).where(live).returning();
  if (!used) throw await refusedNow();
  return used;
}
