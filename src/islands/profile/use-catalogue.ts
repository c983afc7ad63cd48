// The categories and towns the profile shows and its pickers offer, each fetched once per page
// (the first view that needs them asks; a failure may be retried).
import { fetchCategories, fetchLocations } from '../../client/catalogue-lists.ts';
import { failureText } from '../../client/http.ts';
import type { CategoryData, LocationData } from '../../contract/index.ts';
import { useLoaded } from '../ui/use-loaded.ts';

function cachedList<T>(fetchList: () => Promise<T[]>) {
  let request: Promise<T[]> | undefined;
  return () => {
    request ??= fetchList().catch((error: unknown) => {
      request = undefined; // the next view (or Try again) asks again
      throw error;
    });
    return request;
  };
}

const categoriesOnce = cachedList(() => fetchCategories());
const locationsOnce = cachedList(() => fetchLocations());

export const useCategories = () => useLoaded<CategoryData[]>(categoriesOnce, failureText);
export const useLocations = () => useLoaded<LocationData[]>(locationsOnce, failureText);
