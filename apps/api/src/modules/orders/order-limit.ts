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

/** The window of a guest's limits per table and per address: ten minutes. */
export const GUEST_WINDOW_SECONDS = 600;

/**
 * What a guest at a table may order without an account (docs/shop-rules.md#orders-from-the-table):
 * a bounded order, and a bounded number of them per table and per address in GUEST_WINDOW_SECONDS,
 * so that a photographed QR code cannot flood the counter. Counted in the database (every instance
 * together) by `counter`.
 */
export interface GuestRules {
  /** Items (the lines' quantities) in one order at most. */
  maxItems: number;
  /** Orders per table in the window; 0: no limit. */
  perTable: number;
  /** Orders per address, every table together, in the window; 0: no limit. */
  perAddress: number;
  counter: { check(key: string, limit: number, windowSeconds: number): Promise<void> };
}
