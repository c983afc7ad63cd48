// The signed-in user's favourites (spec §7, docs/api.md §7). Each call is given the session (its
// token, and what a 401 for it does) rather than an api, so that the favourites store
// (src/stores/favorites.ts) needs this one module, loaded on first use: a guest's page never
// carries the API client.
import type { KyInstance } from 'ky';
import { FavoriteChangedResponse, FavoritesResponse, type OfferData } from '../contract/index.ts';
import { mainApi, readAnswer } from './http.ts';
import { withBearerToken, type SessionLink } from './session.ts';

export { failureText } from './http.ts';

/** The saved offers, most recently saved first. */
export async function fetchFavorites(userId: number, session: SessionLink, api: KyInstance = mainApi) {
  return (await readAnswer(FavoritesResponse, withBearerToken(api, session).get(`get/offer/favorite/by/${userId}`)))
    .data[0].favorites;
}

/** Saves the offer; the answer carries the user with their new list of favourite ids. */
export async function saveFavorite(
  offer: Pick<OfferData, 'offerId' | 'categoryId' | 'merchantId' | 'bankId'>,
  session: SessionLink,
  api: KyInstance = mainApi,
) {
  const json = {
    offerId: offer.offerId,
    categoryId: offer.categoryId,
    merchantId: offer.merchantId,
    bankId: offer.bankId,
  };
  return (
    await readAnswer(FavoriteChangedResponse, withBearerToken(api, session).put('add/user/favorite/offer', { json }))
  ).data.user;
}

export async function removeFavorite(offerId: number, session: SessionLink, api: KyInstance = mainApi) {
  return (
    await readAnswer(
      FavoriteChangedResponse,
      withBearerToken(api, session).put('remove/offer/from/user/favorite', { json: { offerId } }),
    )
  ).data.user;
}
