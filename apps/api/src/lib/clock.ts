/**
 * Where the server reads the time for the shop's business: when an order is placed or moves, what
 * "today" is, whether the shop is open. SQL never asks the database for `now()` for these, so a
 * test can run the shop at a fixed moment (the system clock everywhere else).
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that shows `start` until it is set or advanced: for tests. */
export function fixedClock(start: Date | string) {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set(at: Date | string) {
      current = new Date(at);
    },
    advance(ms: number) {
      current = new Date(current.getTime() + ms);
    },
  };
}
