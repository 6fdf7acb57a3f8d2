import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the build's pre-render and while React hydrates that markup, true once the page is live
 * (at once for a page rendered in the browser). React renders the server snapshot during hydration
 * and then the client one, so the markup matches and the switch is one re-render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
