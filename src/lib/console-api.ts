// The consoles' calls (spec §7; docs/api.md §4, §5, §13a): the signed-in user's own offers, a new
// offer for review, the catalogue lists the offer-creation wizard chooses from (categories, banks,
// locations, the terms that will apply), and the console guard's session check. Answers are
// checked against the contract.
import type { KyInstance } from 'ky';
import * as v from 'valibot';
import { Offer, SessionResponse, TermItem } from '../contract/index.ts';
import { type CreateOfferData } from '../contract/offer-form.ts';
import { ApiError, mainApi, readAnswer } from './api-client.ts';
import { fetchLocations } from './catalogue-lists.ts';
import { sessionApi } from './session-api.ts';

const OwnOffers = v.object({ status: v.literal(true), data: v.array(Offer) });
const CreatedOffer = v.object({ status: v.literal(true), message: v.string(), data: Offer });
const OfferTerms = v.object({
  status: v.literal(true),
  data: v.object({ general: v.array(TermItem), byBank: v.record(v.string(), v.array(TermItem)) }),
});
export type OfferTermsData = v.InferOutput<typeof OfferTerms>['data'];

/** The user's own offers, newest first: with the owner's session, pending and rejected ones too. */
export async function fetchOwnOffers(userId: number, api: KyInstance = sessionApi) {
  return (await readAnswer(OwnOffers, api.get(`get/offers/by/user/${userId}`))).data;
}

/** Sends a new offer for review (merchants only); the answer is the stored offer, status 'pending'. */
export async function createOffer(form: CreateOfferData, api: KyInstance = sessionApi) {
  return readAnswer(CreatedOffer, api.post('create/new/offer', { json: form }));
}

export { fetchBanks, fetchCategories } from './catalogue-lists.ts';

/** The town names an offer can be valid in. */
export async function fetchLocationNames(api: KyInstance = mainApi) {
  return (await fetchLocations(api)).map((location) => location.locationName);
}

/** The terms offer pages show: the general ones and each bank's. */
export async function fetchOfferTerms(api: KyInstance = mainApi) {
  return (await readAnswer(OfferTerms, api.get('site/terms'))).data;
}

export type SessionCheck = { kind: 'valid'; userId: number; userType: number } | { kind: 'ended' } | { kind: 'unknown' };

/**
 * Is this token still a session, and whose? 'ended' for a token the server refuses (401);
 * 'unknown' when no answer came, so that a network failure does not throw the user out.
 */
export async function checkSession(token: string, api: KyInstance = mainApi): Promise<SessionCheck> {
  try {
    const { data } = await readAnswer(SessionResponse, api.get(`session/validate/${encodeURIComponent(token)}`));
    return { kind: 'valid', userId: data.userId, userType: data.userType };
  } catch (error) {
    return error instanceof ApiError && error.status === 401 ? { kind: 'ended' } : { kind: 'unknown' };
  }
}
