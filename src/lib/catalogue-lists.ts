// The whole lists the signed-in forms choose from (spec §7): every category (the interest picker,
// the offer wizard), every bank (the wizard) and every town (the location picker, the wizard).
// Answers are checked against the contract.
import type { KyInstance } from 'ky';
import * as v from 'valibot';
import { Bank, Category } from '../contract/index.ts';
import { mainApi, readAnswer } from './api-client.ts';

/** A town of GET location/all (docs/api.md §2.2); the answer's `isActive` is always false. */
const Location = v.object({ locationId: v.number(), locationName: v.string(), isActive: v.boolean() });
export type LocationData = v.InferOutput<typeof Location>;

const Categories = v.object({ status: v.literal(true), data: v.array(Category) });
const Banks = v.object({ status: v.literal(true), data: v.array(Bank) });
/** Spec §7: the towns are read from `response` (the answer carries them in `data` too). */
const Locations = v.object({ status: v.literal(true), response: v.array(Location) });

/** Every category, sorted by name. */
export async function fetchCategories(api: KyInstance = mainApi) {
  return (await readAnswer(Categories, api.get('get/all/categories'))).data;
}

export async function fetchBanks(api: KyInstance = mainApi) {
  return (await readAnswer(Banks, api.get('get/all/banks'))).data;
}

/** Every town, sorted by name. */
export async function fetchLocations(api: KyInstance = mainApi) {
  return (await readAnswer(Locations, api.get('location/all'))).response;
}
