import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.ts';
import { tooManyRequests } from '../../plugins/errors.ts';

/**
 * Fixed-window counters kept in the database, so that every instance of the API counts together
 * (DESIGN §3: nothing an instance needs lives only in its memory).
 */
export function createRateLimiter(db: Db, windowSeconds: number) {
  async function hit(key: string): Promise<{ hits: number; seconds_left: number }> {
    const [row] = await rows<{ hits: number; seconds_left: number }>(
      db,
      sql`insert into rate_limits (key, window_start, hits) values (${key}, now(), 1)
          on conflict (key) do update set
            hits = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.hits + 1 end,
            window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
          returning hits, greatest(1, ${windowSeconds} - extract(epoch from now() - window_start))::int as seconds_left`,
    );
    return row!;
  }

  return {
    /** Counts one attempt for `key`; throws 429 once more than `limit` were made in the window. */
    async check(key: string, limit: number): Promise<void> {
      const { hits, seconds_left } = await hit(key);
      if (hits > limit) throw tooManyRequests(seconds_left);
    },
    async reset(key: string): Promise<void> {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
