// Opaque bearer tokens: 256 random bits, stored only as a SHA-256 hash, with an absolute expiry.
// 'session' tokens are a sign-in; 'verify' tokens only allow finishing mobile verification.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { sessions } from '../db/schema.ts';

export type TokenScope = 'session' | 'verify';
const SESSION_TTL_MS = 30 * 86_400_000;
const VERIFY_TOKEN_TTL_MS = 86_400_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueToken(db: Database, userId: number, scope: TokenScope) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + (scope === 'session' ? SESSION_TTL_MS : VERIFY_TOKEN_TTL_MS));
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, scope, expiresAt });
  return { token, expiresAt };
}

/** The live token's row, or undefined when it is unknown, expired or revoked. */
export async function findLiveToken(db: Database, token: string) {
  if (!token || token.length > 200) return undefined;
  const [row] = await db
    .select()
    .from(sessions)
    .where(
      and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())),
    )
    .limit(1);
  return row;
}

export async function revokeToken(db: Database, token: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(eq(sessions.tokenHash, hashToken(token)));
}

/** After a password change every other sign-in of the user ends. */
export async function revokeOtherTokens(db: Database, userId: number, keepToken: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.tokenHash, hashToken(keepToken))));
}

/** After a mobile number change every token of the user ends, the one used included (a new sign-in follows). */
export async function revokeAllTokens(db: Pick<Database, 'update'>, userId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
