import { useSyncExternalStore } from 'react';

// The session (lib/session.ts) and the cart (features/checkout/cart-store.ts) live in localStorage and
// re-render whoever shows them when they change, in this tab or in another one.

const CHANGE_EVENT = 'kopi:storage-change';

export function writeKeys(values: Record<string, string>): void {
  for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function removeKeys(keys: readonly string[]): void {
  for (const key of keys) localStorage.removeItem(key);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  // Another tab writing the same storage fires 'storage' here (never in the tab that wrote).
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

export interface LocalStore<T> {
  /** The value held under the store's keys; the same object until one of their strings changes. */
  read: () => T;
  /** The value before anything could be read (no localStorage while rendering on a server). */
  initial: T;
}

/** A value parsed from some localStorage keys, cached on their raw strings. */
export function createLocalStore<T>(keys: readonly string[], parse: (raw: (string | null)[]) => T, initial: T): LocalStore<T> {
  let cachedRaw: (string | null)[] | undefined;
  let cached = initial;
  return {
    read() {
      // A server rendering the first view has no storage: nothing is read there.
      if (typeof localStorage === 'undefined') return initial;
      const raw = keys.map((key) => localStorage.getItem(key));
      // useSyncExternalStore needs a stable snapshot: parse again only when a stored string changed.
      // Compared string by string: this runs on every render of whoever reads the store.
      const previous = cachedRaw;
      if (!previous || raw.some((value, index) => value !== previous[index])) {
        cachedRaw = raw;
        cached = parse(raw);
      }
      return cached;
    },
    initial,
  };
}

export function useLocalStore<T>(store: LocalStore<T>): T {
  return useSyncExternalStore(subscribe, store.read, () => store.initial);
}
