import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** A value this tab keeps in sessionStorage: undefined while server-rendering and hydrating, then the value (or null). */
export function useSessionValue(key: string): string | null | undefined {
  return useSyncExternalStore(
    noSubscription,
    () => sessionStorage.getItem(key),
    () => undefined,
  );
}
