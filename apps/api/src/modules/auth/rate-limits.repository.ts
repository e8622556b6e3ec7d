import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.ts';
import { tooManyRequests } from '../../lib/errors.ts';

/**
 * Fixed-window counters kept in the database, so that every instance of the API counts together
 * (docs/architecture.md#how-instances-share-state: nothing an instance needs lives only in its memory). A 429 carries the real time left
 * in the window (`Retry-After`), not a guess.
 */
/** Keys longer than this are kept as their digest: a key holds what a client sent (an address, an e-mail). */
const KEY_MAX = 200;

/**
 * A counter's key as stored: as given, or, when a client made it long (an invented X-Forwarded-For
 * behind a proxy, an e-mail at its limit), its first characters and a digest of the whole, so that
 * no key a client can write outgrows the table's index (docs/security.md).
 */
export const storedKey = (key: string) =>
  key.length <= KEY_MAX ? key : `${key.slice(0, 64)}…${createHash('sha256').update(key).digest('base64url')}`;

export function createRateLimiter(db: Db, windowSeconds: number) {
  async function hit(given: string, window: number): Promise<{ hits: number; seconds_left: number }> {
    const key = storedKey(given);
    // The counting itself is a database function (migration 0014), which the orders' limit shares.
    const [row] = await rows<{ hits: number; seconds_left: number }>(
      db,
      sql`select hits, seconds_left from rate_limit_hit(${key}, ${window})`,
    );
    return row!;
  }

  return {
    /** Counts one attempt for `key`; throws 429 once more than `limit` were made in the window. */
    async check(key: string, limit: number, window = windowSeconds): Promise<void> {
      const { hits, seconds_left } = await hit(key, window);
      if (hits > limit) throw tooManyRequests(seconds_left);
    },
    /** Throws 429 when `key` has already used up `limit` in the window; counts nothing. */
    async refuseIfUsedUp(given: string, limit: number, window = windowSeconds): Promise<void> {
      const key = storedKey(given);
      const [row] = await rows<{ hits: number; seconds_left: number }>(
        db,
        sql`select hits, greatest(1, ceil(${window} - extract(epoch from now() - window_start)))::int as seconds_left
            from rate_limits where key = ${key} and window_start >= now() - make_interval(secs => ${window})`,
      );
      if (row && row.hits >= limit) throw tooManyRequests(row.seconds_left);
    },
    /** Counts one attempt (a failure) for `key` without judging it. */
    async count(key: string, window = windowSeconds): Promise<void> {
      await hit(key, window);
    },
    async reset(key: string): Promise<void> {
      await db.execute(sql`delete from rate_limits where key = ${storedKey(key)}`);
    },
    /**
     * Forgets the windows that ended: a row is recreated by the next attempt, so only the table's
     * size changes. `longestWindow` is the longest window any counter uses.
     */
    async purgeExpired(longestWindow: number): Promise<number> {
      const [row] = await rows<{ gone: number }>(
        db,
        sql`with gone as (delete from rate_limits where window_start < now() - make_interval(secs => ${longestWindow}) returning 1)
            select count(*)::int as gone from gone`,
      );
      return row!.gone;
    },
  };
}
