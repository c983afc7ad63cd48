// A list the console reads from the API once it mounts, with its loading and failed states and a
// retry (the wizard's categories, banks, locations and terms; the user's offers).
import { useCallback, useEffect, useState } from 'react';

export type Loaded<T> =
  | { state: 'loading' }
  | { state: 'ready'; data: T }
  | { state: 'failed'; message: string };

export function useLoaded<T>(load: () => Promise<T>, failureText: (error: unknown) => string): Loaded<T> & { reload: () => void } {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    load().then(
      (data) => { if (current) setLoaded({ state: 'ready', data }); },
      (error: unknown) => { if (current) setLoaded({ state: 'failed', message: failureText(error) }); },
    );
    return () => { current = false; };
    // `load` is a fresh function at each render; a new attempt is what loads again.
  }, [attempt]);

  // Reloading keeps a shown list until the new answer comes (a list refreshed after a change);
  // a failure gives way to the loading state (Retry).
  const reload = useCallback(() => {
    setLoaded((shown) => (shown.state === 'failed' ? { state: 'loading' } : shown));
    setAttempt((count) => count + 1);
  }, []);
  return { ...loaded, reload };
}
