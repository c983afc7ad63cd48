// A bank's live counts for its summary card (the bank page, the offer page's side card): the build
// wrote the figures of its day, while favourites change every minute. Its own module, so that a page
// loads it (and ky) only when it asks, after the page has loaded.
import { BankCountsResponse } from '../contract/bank-counts.ts';
import { mainApi, readAnswer } from './http.ts';

export async function fetchBankCounts(bankId: number, api = mainApi) {
  return (await readAnswer(BankCountsResponse, api.get(`get/bank/by/${bankId}`))).data;
}
