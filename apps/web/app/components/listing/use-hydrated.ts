import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server render and during hydration, true after (React re-renders once the client
 * snapshot differs): the no-JavaScript fallbacks, such as "Apply" buttons, show until then.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
