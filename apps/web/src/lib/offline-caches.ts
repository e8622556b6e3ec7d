import { CACHE_NAMES } from './cache-names';

// What the offline banner reads from the service worker's caches (sw/service-worker.js).

/** When the menu this phone keeps was last fetched: the latest time any of its answers was stored. */
export async function menuStoredAt(): Promise<Date | null> {
  if (!('caches' in window) || !(await caches.has(CACHE_NAMES.menu))) return null;
  const cache = await caches.open(CACHE_NAMES.menu);
  let latest: number | null = null;
  for (const request of await cache.keys()) {
    const stored = Date.parse((await cache.match(request))?.headers.get(CACHE_NAMES.storedAt) ?? '');
    if (!Number.isNaN(stored) && (latest === null || stored > latest)) latest = stored;
  }
  return latest === null ? null : new Date(latest);
}
