import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimiter } from './auth.service.ts';
import { createRateLimiter } from './rate-limits.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts attempts per key in fixed windows, across instances (the rate_limits table). */
    limiter: RateLimiter;
  }
}

export interface RateLimitsOptions {
  windowSeconds: number;
  /** The longest window any counter uses: older counters are forgotten. */
  keepSeconds: number;
}

/** The rate limiter, and the purge that keeps its table from growing for ever (every 10 minutes). */
export const rateLimitsPlugin = fp(async (app: FastifyInstance, { windowSeconds, keepSeconds }: RateLimitsOptions) => {
  const limiter = createRateLimiter(app.db, windowSeconds);
  const purge = () => limiter.purgeExpired(keepSeconds).catch((error: unknown) => app.log.warn({ err: error }, 'rate limits not purged'));
  const purging = setInterval(purge, 10 * 60_000);
  purging.unref();
  app.addHook('onClose', async () => clearInterval(purging));
  void purge();
  app.decorate('limiter', limiter);
});
