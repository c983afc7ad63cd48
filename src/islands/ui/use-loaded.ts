// Something an island reads from the API once it mounts, with its loading and failed states and a
// reload (the offer wizard's categories, banks, towns and terms; the console's own offers; the
// profile's categories and towns).
import { useCallback, useEffect, useState } from 'react';

export type Loaded<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'failed'; message: string };

/** `failureText` says a failure in words (with the server's or the network's). */
export function useLoaded<T>(
  load: () => Promise<T>,
  failureText: (error: unknown) => string,
): Loaded<T> & { reload: () => void } {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    load().then(
      (data) => {
        if (current) setLoaded({ state: 'ready', data });
      },
      (error: unknown) => {
        if (current) setLoaded({ state: 'failed', message: failureText(error) });
      },
    );
    return () => {
      current = false;
    };
    // `load` is a fresh function at each render; a new attempt is what loads again.
  }, [attempt]);

  // Reloading keeps what is shown until the new answer comes (a list refreshed after a change);
  // a failure gives way to the loading state (Retry).
  const reload = useCallback(() => {
    setLoaded((shown) => (shown.state === 'failed' ? { state: 'loading' } : shown));
    setAttempt((count) => count + 1);
  }, []);
  return { ...loaded, reload };
}
