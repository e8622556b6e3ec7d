import { useSyncExternalStore } from 'react';

/** The times the browser has come back online since the page started (none on the server). */
let returns = 0;
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    returns += 1;
  });
}

/**
 * How often the network has come back so far: compared with the count taken before a fetch, it tells
 * whether the network returned since, even if the `online` event came before anyone listened.
 */
export function onlineReturns(): number {
  return returns;
}

/**
 * Calls `again` once the network has come back since `since` (an `onlineReturns()` count taken when a
 * fetch began): at once if it already has, else on the next `online` event. Once per return, so a
 * server out of reach is not asked in a loop. Answers the listener's removal (an effect's cleanup).
 */
export function onceBackOnline(since: number, again: () => void): () => void {
  if (returns !== since) {
    again();
    return () => undefined;
  }
  window.addEventListener('online', again, { once: true });
  return () => window.removeEventListener('online', again);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the device says it has a network; re-renders when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
