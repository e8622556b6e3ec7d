import type { preHandlerAsyncHookHandler } from 'fastify';
import type { RateLimiter } from '../modules/auth/rate-limiter.ts';
import { sessionOf } from './auth.ts';

/** The window of the orders' limit: ORDER_RATE_LIMIT_PER_MINUTE counts a minute. */
export const ORDER_WINDOW_SECONDS = 60;

/**
 * Orders one account may place in a minute (docs/shop-rules.md#ordering), counted in the database so
 * that every instance counts together; runs after the session's guard. `perMinute` 0 turns it off.
 */
export function orderRateLimit(limiter: RateLimiter, perMinute: number): preHandlerAsyncHookHandler {
  return async (request) => {
    if (perMinute === 0) return;
    await limiter.check(`order:user:${sessionOf(request).id}`, perMinute, ORDER_WINDOW_SECONDS);
  };
}
