// A user's favourite offers: which they are, the favourites list, adding and removing one, and the
// user as the API shows it (with the ids of its favourites).
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { favorites } from '../db/schema.ts';
import { failure } from '../errors.ts';
import { toUser, type UserRow } from '../serialize.ts';
import { findOffersByIds, requirePublicOffer } from './offers.ts';

/** The ids of the user's favourite offers, oldest first. */
export async function favoriteOfferIds(db: Database, userId: number) {
  const rows = await db
    .select({ offerId: favorites.offerId })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(favorites.createdAt);
  return rows.map((row) => row.offerId);
}

/** The user as every answer shows it, with its favourites. */
export const userWithFavorites = async (db: Database, user: UserRow) =>
  toUser(user, await favoriteOfferIds(db, user.userId));

/** The favourites list, newest first: each public offer with when it was saved. */
export async function listFavorites(db: Database, userId: number) {
  const saved = await db
    .select()
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt));
  const savedAt = new Map(saved.map((row) => [row.offerId, row.createdAt]));
  return (
    await findOffersByIds(
      db,
      saved.map((row) => row.offerId),
    )
  ).map((offer) => ({
    offerId: offer.offerId,
    offer,
    bank: offer.bank,
    category: offer.category,
    merchant: offer.merchant,
    header: offer.header,
    label: offer.label,
    bannerImageURL: offer.bannerImageURL,
    createAt: savedAt.get(offer.offerId)!.toISOString(),
  }));
}

/** Saves a public offer as a favourite (twice is harmless); 404 for an offer that is not public. */
export async function addFavorite(db: Database, userId: number, offerId: number) {
  await requirePublicOffer(db, offerId);
  await db.insert(favorites).values({ userId, offerId }).onConflictDoNothing();
}

/** Removes a favourite; 404 when the offer is not one. */
export async function removeFavorite(db: Database, userId: number, offerId: number) {
  const removed = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.offerId, offerId)))
    .returning();
  if (removed.length === 0) throw failure(404, 'not_in_favorites');
}
