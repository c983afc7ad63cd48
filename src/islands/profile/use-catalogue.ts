// The categories and towns the profile shows and its pickers offer, each fetched once per page
// (the first view that needs them asks; a failure may be retried).
import { useCallback, useEffect, useState } from 'react';
import type { CategoryData } from '../../contract/index.ts';
import { failureText, fetchCategories, fetchLocations, type LocationData } from '../../lib/profile-api.ts';

export type Loaded<T> = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'loaded'; items: T[] };

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

function useList<T>(load: () => Promise<T[]>): Loaded<T> & { retry: () => void } {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setLoaded({ state: 'loading' });
    load().then(
      (items) => { if (current) setLoaded({ state: 'loaded', items }); },
      (error: unknown) => { if (current) setLoaded({ state: 'failed', message: failureText(error) }); },
    );
    return () => { current = false; };
  }, [load, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...loaded, retry };
}

export const useCategories = () => useList<CategoryData>(categoriesOnce);
export const useLocations = () => useList<LocationData>(locationsOnce);
