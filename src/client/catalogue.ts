// The islands' reads of the public catalogue (spec §7, docs/api.md §4): offer lists, one offer,
// offers by id, a bank's per-category groups. Answers are checked against the contract.
import { CategoryGroupsResponse, OfferById, OfferList, OffersResponse } from '../contract/index.ts';
import type { OfferSearchInput } from '../contract/offer-search.ts';
import { mainApi, readAnswer } from './http.ts';

/** The §7 lists' filter: banks and categories. */
export interface BankCategoryFilter {
  bankIds: readonly number[];
  categoryIds: readonly number[];
}

const isFiltered = (filter: BankCategoryFilter) => filter.bankIds.length > 0 || filter.categoryIds.length > 0;

/**
 * One page of listed offers: the plain list without a filter, the filtered one with banks or
 * categories chosen (spec §4 'Offers list').
 */
export function fetchOffersPage(filter: BankCategoryFilter, pageNo: number, pageSize: number, api = mainApi) {
  const request = isFiltered(filter)
    ? api.post(`get/offers/filter/multiple/${pageNo}/${pageSize}`, {
        json: { bankIds: filter.bankIds, categoryIds: filter.categoryIds },
      })
    : api.get(`get/offers/by/page/${pageNo}/${pageSize}`);
  return readAnswer(OfferList, request);
}

/** One page of the filter bar's search (docs/api.md §4b): networks, channel, Valid today, Ending soon, cards, order. */
export function searchOffers(search: OfferSearchInput, pageNo: number, pageSize: number, api = mainApi) {
  return readAnswer(OfferList, api.post(`offers/search/${pageNo}/${pageSize}`, { json: search }));
}

/** One offer with its terms (expired ones too: their pages stay up). */
export async function fetchOffer(offerId: number, api = mainApi) {
  return (await readAnswer(OfferById, api.get(`get/offer/by/${offerId}`))).data[0];
}

/** Listed offers by id, in the order asked; unknown and ended ones are left out. */
export async function fetchOffersByIds(offerIds: readonly number[], api = mainApi) {
  if (offerIds.length === 0) return [];
  return (await readAnswer(OffersResponse, api.post('get/offer/multiple', { json: { offerIds } }))).data;
}

/** A bank's offers in each of the categories, one page of each (the bank page's 'Load more offers (n)'). */
export async function fetchCategoryGroups(
  bankId: number,
  categoryIds: readonly number[],
  pageNo: number,
  pageSize: number,
  api = mainApi,
) {
  return (
    await readAnswer(
      CategoryGroupsResponse,
      api.post('get/offer/bank/category/multiple', { json: { bankId, categoryIds, pageNo, pageSize } }),
    )
  ).data;
}
