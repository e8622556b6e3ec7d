/** The window of the orders' limit: ORDER_RATE_LIMIT_PER_MINUTE counts a minute. */
export const ORDER_WINDOW_SECONDS = 60;

/** How many orders one account may place in a window, counted under one key. */
export interface OrderLimit {
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Orders one account may place in a minute (docs/shop-rules.md#ordering), counted in the database so
 * that every instance counts together. The count is taken by the statement that stores the order
 * (docs/decisions/order-path.md), so it costs no round trip of its own. `perMinute` 0 turns it off.
 */
export function orderLimitOf(userId: number, perMinute: number): OrderLimit | undefined {
  return perMinute === 0 ? undefined : { key: `order:user:${userId}`, limit: perMinute, windowSeconds: ORDER_WINDOW_SECONDS };
}
