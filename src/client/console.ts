// The consoles' calls (spec §7; docs/api.md §4, §5, §13a): the signed-in user's own offers, a new
// offer for review and a rejected one sent again, the company's registration documents, and what
// the offer-creation wizard chooses from besides the categories and banks of catalogue-lists.ts:
// the towns, and the terms that will apply. The signed-in calls take
// an api carrying the session's token (src/stores/session-calls.ts sessionApi). Answers are
// checked against the contract.
import type { KyInstance } from 'ky';
import { CreateOfferResponse, OffersResponse, TermsResponse } from '../contract/index.ts';
import { type CreateOfferData } from '../contract/offer-form.ts';
import { MerchantDocumentList, MerchantDocumentResponse } from '../contract/team.ts';
import { fetchLocations } from './catalogue-lists.ts';
import { mainApi, readAnswer } from './http.ts';

/** The user's own offers, newest first: with the owner's session, pending and rejected ones too. */
export async function fetchOwnOffers(userId: number, api: KyInstance) {
  return (await readAnswer(OffersResponse, api.get(`get/offers/by/user/${userId}`))).data;
}

/** Sends a new offer for review (merchants only); the answer is the stored offer, status 'pending'. */
export async function createOffer(form: CreateOfferData, api: KyInstance) {
  return readAnswer(CreateOfferResponse, api.post('create/new/offer', { json: form }));
}

/** The town names an offer can be valid in. */
export async function fetchLocationNames(api: KyInstance = mainApi) {
  return (await fetchLocations(api)).map((location) => location.locationName);
}

/** The terms offer pages show: the general ones and each bank's. */
export async function fetchOfferTerms(api: KyInstance = mainApi) {
  return (await readAnswer(TermsResponse, api.get('site/terms'))).data;
}

/** Sends a pending or rejected offer of the merchant's for review again, changed (PUT offers/{id}). */
export async function resendOffer(offerId: number, form: CreateOfferData, api: KyInstance) {
  return (await readAnswer(CreateOfferResponse, api.put(`offers/${offerId}`, { json: form }))).data;
}

/** The merchant's registration documents and how far the company's review has come. */
export async function fetchCompanyReview(api: KyInstance) {
  return readAnswer(MerchantDocumentList, api.get('merchant/documents'));
}

/** Uploads a registration document (PDF, PNG or JPEG as base64); the first one submits the company for review. */
export async function uploadCompanyDocument(fileName: string, base64: string, api: KyInstance) {
  return readAnswer(MerchantDocumentResponse, api.post('merchant/documents', { json: { fileName, base64 } }));
}
