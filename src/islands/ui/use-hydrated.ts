// false in the build's HTML and in the first render in the browser, true after mount: state kept in
// the browser (the session, favourites) shows only from then on, so hydration matches the HTML.
import { useEffect, useState } from 'react';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
