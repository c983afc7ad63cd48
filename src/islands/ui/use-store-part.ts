// One part of a store's value, such as whether one offer is saved: the component re-renders only
// when that part changes. A favourite toggle then re-renders its own card, not every card of a list.
import type { ReadableAtom } from 'nanostores';
import { useCallback, useSyncExternalStore } from 'react';

/** `part` must give a value compared by identity (a boolean, a number, a string). */
export function useStorePart<Value, Part>(store: ReadableAtom<Value>, part: (value: Value) => Part): Part {
  const subscribe = useCallback((changed: () => void) => store.listen(changed), [store]);
  const read = () => part(store.get());
  return useSyncExternalStore(subscribe, read, read);
}
