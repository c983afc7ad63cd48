// The private favourites calendar feed (issue 17): a secret token in the feed's URL, of which the
// user row keeps only the SHA-256 (null: no feed). The token is shown once, when made; making a new
// one replaces the old, whose URL then answers 404, as it does once the feed is off or the
// password is changed or reset.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { failure } from '../errors.ts';
import { hashToken } from '../services/tokens.ts';
import { favoriteOfferIds } from './favorites.ts';
import { findOffersByIds } from './offers.ts';

/** Whether the user has a feed (its token cannot be read back: only its hash is kept). */
export async function hasCalendarFeed(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ hash: users.calendarFeedTokenHash })
    .from(users)
    .where(eq(users.userId, userId))
    .limit(1);
  return Boolean(row?.hash);
}

/** A new feed token for the user (256 random bits), replacing any other; the only time it is seen. */
export async function replaceCalendarFeedToken(db: Database, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .update(users)
    .set({ calendarFeedTokenHash: hashToken(token) })
    .where(eq(users.userId, userId));
  return token;
}

/** Ends the feed: turned off, or the password changed or reset (a transaction may do it beside its change). */
export async function removeCalendarFeedToken(db: Pick<Database, 'update'>, userId: number): Promise<void> {
  await db.update(users).set({ calendarFeedTokenHash: null }).where(eq(users.userId, userId));
}

/**
 * The feed's offers, the owner's public favourites (oldest saved first), and the owner's language;
 * 404 for a token that is not a live feed's, or whose owner is blocked.
 */
export async function findCalendarFeedOffers(db: Database, token: string) {
  const [owner] = await db
    .select({ userId: users.userId, blocked: users.isAccountBlock, locale: users.locale })
    .from(users)
    .where(eq(users.calendarFeedTokenHash, hashToken(token)))
    .limit(1);
  if (!owner || owner.blocked) throw failure(404, 'feed_not_found');
  return { offers: await findOffersByIds(db, await favoriteOfferIds(db, owner.userId)), locale: owner.locale };
}
