// The links that act without signing in on one user's messages: a reminder's stop link and a
// digest's unsubscribe link. Each is signed (services/signed-links.ts) with its user, its issue time
// and the user's links epoch (users.links_epoch): a message carries a link made for it, which works
// for OPT_OUT_LINK_DAYS, and "revoke my links" raises the epoch, so that every link issued before
// is refused. Refused links are told apart from broken ones, so their page can say "expired".
import { eq, sql } from 'drizzle-orm';
import { OPT_OUT_LINK_DAYS } from '../../contract/alerts.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { signedLinks } from '../services/signed-links.ts';

const LIFE_MS = OPT_OUT_LINK_DAYS * 86_400_000;
/** A link issued this far ahead of the clock (another process's clock) still counts as issued now. */
const CLOCK_SLACK_MS = 5 * 60_000;

/** u: the user, t: the issue time (ms), e: the user's links epoch then. */
type OptOutPayload = { u: number; t: number; e: number };

export type OptOutCheck = { ok: true; userId: number } | { ok: false; reason: 'invalid' | 'expired' };

export async function signOptOutLink(db: Database, purpose: string, userId: number, now = new Date()): Promise<string> {
  const [row] = await db.select({ epoch: users.linksEpoch }).from(users).where(eq(users.userId, userId));
  return signedLinks(db).sign(purpose, { u: userId, t: now.getTime(), e: row?.epoch ?? 0 } satisfies OptOutPayload);
}

/**
 * The link's user; 'invalid' for a token that is altered or of another purpose, 'expired' for one
 * older than its life, issued before the user's last revoke, or made before links carried an issue
 * time (those never expired).
 */
export async function checkOptOutLink(
  db: Database,
  purpose: string,
  token: string,
  now = new Date(),
): Promise<OptOutCheck> {
  const payload = await signedLinks(db).verify<Partial<OptOutPayload>>(purpose, token);
  if (!payload || typeof payload !== 'object' || !Number.isSafeInteger(payload.u))
    return { ok: false, reason: 'invalid' };
  const { t: issuedAt, e: epoch } = payload;
  if (!Number.isSafeInteger(issuedAt) || !Number.isSafeInteger(epoch)) return { ok: false, reason: 'expired' };
  if (issuedAt! > now.getTime() + CLOCK_SLACK_MS) return { ok: false, reason: 'invalid' };
  if (now.getTime() - issuedAt! > LIFE_MS) return { ok: false, reason: 'expired' };
  const [row] = await db.select({ epoch: users.linksEpoch }).from(users).where(eq(users.userId, payload.u!));
  if (!row) return { ok: false, reason: 'invalid' };
  if (row.epoch !== epoch) return { ok: false, reason: 'expired' };
  return { ok: true, userId: payload.u! };
}

/** "Revoke my links": every stop and unsubscribe link issued to the user so far stops working. */
export async function revokeOptOutLinks(db: Database, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ linksEpoch: sql`${users.linksEpoch} + 1` })
    .where(eq(users.userId, userId));
}
