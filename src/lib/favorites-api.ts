// The signed-in user's favourites (spec §7, docs/api.md §7), as the signed-in user. The favourites
// store loads this module on first use, so that a guest's page never carries the API client.
import * as v from 'valibot';
import { FavoritesResponse, User, type OfferData } from '../contract/index.ts';
import { readAnswer } from './api-client.ts';
import { sessionApi } from './session-api.ts';

export { failureText } from './api-client.ts';

const FavoriteChanged = v.object({ status: v.literal(true), message: v.string(), data: v.object({ user: User }) });

/** The saved offers, most recently saved first. */
export async function fetchFavorites(userId: number) {
  return (await readAnswer(FavoritesResponse, sessionApi.get(`get/offer/favorite/by/${userId}`))).data[0].favorites;
}

/** Saves the offer; the answer carries the user with their new list of favourite ids. */
export async function saveFavorite(offer: Pick<OfferData, 'offerId' | 'categoryId' | 'merchantId' | 'bankId'>) {
  const json = { offerId: offer.offerId, categoryId: offer.categoryId, merchantId: offer.merchantId, bankId: offer.bankId };
  return (await readAnswer(FavoriteChanged, sessionApi.put('add/user/favorite/offer', { json }))).data.user;
}

export async function removeFavorite(offerId: number) {
  return (await readAnswer(FavoriteChanged, sessionApi.put('remove/offer/from/user/favorite', { json: { offerId } }))).data.user;
}
