/**
 * A small in-process cache of answers that may be a few seconds old (the menu). It is never the
 * only copy of anything: every entry can be read again from the database, so instances behind a
 * load balancer stay interchangeable (DESIGN §3). Concurrent misses for one key share one load.
 */
export function createTtlCache<V>(ttlMs: number, maxEntries = 2000) {
  const entries = new Map<string, { value: Promise<V>; expires: number }>();

  return {
    async get(key: string, load: () => Promise<V>): Promise<V> {
      if (ttlMs <= 0) return load();
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value;
      if (entries.size >= maxEntries) entries.clear();
      const value = load();
      entries.set(key, { value, expires: now + ttlMs });
      // A failed load is not remembered: the next caller tries again.
      value.catch(() => entries.delete(key));
      return value;
    },
    /** Forget everything, after a change made through this instance. */
    clear(): void {
      entries.clear();
    },
  };
}
