// The whole lists the signed-in forms choose from (spec §7): every category (the interest picker,
// the offer wizard), every bank (the wizard) and every town (the location picker, the wizard).
// Answers are checked against the contract.
import type { KyInstance } from 'ky';
import { BanksResponse, CategoriesResponse, LocationsResponse } from '../contract/index.ts';
import { mainApi, readAnswer } from './http.ts';

/** Every category, sorted by name. */
export async function fetchCategories(api: KyInstance = mainApi) {
  return (await readAnswer(CategoriesResponse, api.get('get/all/categories'))).data;
}

export async function fetchBanks(api: KyInstance = mainApi) {
  return (await readAnswer(BanksResponse, api.get('get/all/banks'))).data;
}

/** Every town (docs/api.md §2.2), sorted by name. Spec §7: they are read from `response`. */
export async function fetchLocations(api: KyInstance = mainApi) {
  return (await readAnswer(LocationsResponse, api.get('location/all'))).response;
}
