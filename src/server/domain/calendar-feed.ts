// The private favourites calendar feed (issue 17): a secret token in the user row (null: no feed).
// Making a new one replaces the old, whose URL then answers 404, as it does once the feed is off.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CALENDAR_MESSAGES } from '../../contract/calendar.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { favoriteOfferIds } from './favorites.ts';
import { findOffersByIds } from './offers.ts';

export async function findCalendarFeedToken(db: Database, userId: number): Promise<string | null> {
  const [row] = await db.select({ token: users.calendarFeedToken }).from(users).where(eq(users.userId, userId)).limit(1);
  return row?.token ?? null;
}

/** A new feed token for the user (256 random bits), replacing any other. */
export async function replaceCalendarFeedToken(db: Database, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.update(users).set({ calendarFeedToken: token }).where(eq(users.userId, userId));
  return token;
}

export async function removeCalendarFeedToken(db: Database, userId: number): Promise<void> {
  await db.update(users).set({ calendarFeedToken: null }).where(eq(users.userId, userId));
}

/**
 * The feed's offers, the owner's public favourites (oldest saved first), and the owner's language;
 * 404 for a token that is not a live feed's, or whose owner is blocked.
 */
export async function findCalendarFeedOffers(db: Database, token: string) {
  const [owner] = await db.select({ userId: users.userId, blocked: users.isAccountBlock, locale: users.locale }).from(users).where(eq(users.calendarFeedToken, token)).limit(1);
  if (!owner || owner.blocked) throw notFound(CALENDAR_MESSAGES.feedNotFound);
  return { offers: await findOffersByIds(db, await favoriteOfferIds(db, owner.userId)), locale: owner.locale };
}
