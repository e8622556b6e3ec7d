import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while a page the server rendered is being taken over by its scripts (and in the server's
 * render), true once React runs it. A button that would do nothing before then says so by being
 * disabled, instead of swallowing a tap (docs/decisions/first-view.md).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
