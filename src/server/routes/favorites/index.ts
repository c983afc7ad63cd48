// A signed-in user's favourite offers (spec §7). Only the token's own user.
import { and, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { AddFavoriteRequest, Id, MESSAGES, RemoveFavoriteRequest } from '../../../contract/index.ts';
import { assertOwnUser, favoriteOfferIds, requireSession, type AppEnv, type ServerDeps } from '../../context.ts';
import { favorites, offers } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { toUser } from '../../serialize.ts';
import { parseJsonBody, parseParams } from '../../validate.ts';
import { findOffersByIds, isPublic } from '../offers/offer-queries.ts';

export function favoriteRoutes(deps: ServerDeps) {
  const { db, cache } = deps;
  const app = new Hono<AppEnv>();
  const session = requireSession(deps);

  app.get('/get/offer/favorite/by/:userId', session, async (c) => {
    const { userId } = parseParams(c, v.object({ userId: Id }));
    assertOwnUser(c, userId);
    const saved = await db.select().from(favorites).where(eq(favorites.userId, userId)).orderBy(desc(favorites.createdAt));
    const savedAt = new Map(saved.map((row) => [row.offerId, row.createdAt]));
    const list = (await findOffersByIds(db, saved.map((row) => row.offerId))).map((offer) => ({
      offerId: offer.offerId, offer, bank: offer.bank, category: offer.category, merchant: offer.merchant,
      header: offer.header, label: offer.label, bannerImageURL: offer.bannerImageURL, createAt: savedAt.get(offer.offerId)!.toISOString(),
    }));
    const user = c.get('user');
    return c.json({ status: true, isMobileVerification: user.isMobileVerification, data: [{ userId, favorites: list }] });
  });

  // Adding twice is harmless; the offer's own bank, category and merchant are what count.
  app.put('/add/user/favorite/offer', session, async (c) => {
    const { offerId } = await parseJsonBody(c, AddFavoriteRequest);
    const [offer] = await db.select({ offerId: offers.offerId }).from(offers).where(and(eq(offers.offerId, offerId), isPublic())).limit(1);
    if (!offer) throw notFound('Offer not found.');
    const user = c.get('user');
    await db.insert(favorites).values({ userId: user.userId, offerId }).onConflictDoNothing();
    cache.clear();
    return c.json({ status: true, message: MESSAGES.favoriteAdded, data: { user: toUser(user, await favoriteOfferIds(db, user.userId)) } });
  });

  app.put('/remove/offer/from/user/favorite', session, async (c) => {
    const { offerId } = await parseJsonBody(c, RemoveFavoriteRequest);
    const user = c.get('user');
    const removed = await db.delete(favorites).where(and(eq(favorites.userId, user.userId), eq(favorites.offerId, offerId))).returning();
    if (removed.length === 0) throw notFound('This offer is not in your favorites.');
    cache.clear();
    return c.json({ status: true, message: MESSAGES.favoriteRemoved, data: { user: toUser(user, await favoriteOfferIds(db, user.userId)) } });
  });

  return app;
}
