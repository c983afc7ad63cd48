// false in the build's HTML and while React hydrates it, true otherwise: state kept in the browser
// (the session, favourites) shows only once hydrated, so hydration matches the HTML. A component
// first drawn in the browser (a dialog opened later) is true from its first render, so it never
// shows the build's version first (a signed-in user's favourite toggle as the guest's link).
import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
