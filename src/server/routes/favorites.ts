// A signed-in user's favourite offers (spec §7). Only the token's own user.
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  AddFavoriteRequest,
  FavoriteChangedResponse,
  FavoritesResponse,
  Id,
  MESSAGES,
  RemoveFavoriteRequest,
} from '../../contract/index.ts';
import { assertOwnUser, requireSession, type AppEnv, type ServerDeps } from '../context.ts';
import { addFavorite, listFavorites, removeFavorite, userWithFavorites } from '../domain/favorites.ts';
import { answer } from '../http/answer.ts';
import { parseJsonBody, parseParams } from '../validate.ts';

export function favoriteRoutes(deps: ServerDeps) {
  const { db, publicChanged } = deps;
  const app = new Hono<AppEnv>();
  const session = requireSession(deps);
  /** After a change: lists show favourite counts, so the cache goes; the answer is the user with its favourites. */
  const changed = async (c: Context<AppEnv>, message: string) => {
    publicChanged();
    return answer(c, FavoriteChangedResponse, {
      status: true,
      message,
      data: { user: await userWithFavorites(db, c.get('user')) },
    });
  };

  app.get('/get/offer/favorite/by/:userId', session, async (c) => {
    const { userId } = parseParams(c, v.object({ userId: Id }));
    assertOwnUser(c, userId);
    const favorites = await listFavorites(db, userId);
    return answer(c, FavoritesResponse, {
      status: true,
      isMobileVerification: c.get('user').isMobileVerification,
      data: [{ userId, favorites }],
    });
  });

  // Adding twice is harmless; the offer's own bank, category and merchant are what count.
  app.put('/add/user/favorite/offer', session, async (c) => {
    const { offerId } = await parseJsonBody(c, AddFavoriteRequest);
    await addFavorite(db, c.get('user').userId, offerId);
    return changed(c, MESSAGES.favoriteAdded);
  });

  app.put('/remove/offer/from/user/favorite', session, async (c) => {
    const { offerId } = await parseJsonBody(c, RemoveFavoriteRequest);
    await removeFavorite(db, c.get('user').userId, offerId);
    return changed(c, MESSAGES.favoriteRemoved);
  });

  return app;
}
