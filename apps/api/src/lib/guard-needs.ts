// What a route's guard asks of the caller, so that the API documentation (plugins/docs.ts) can say
// 401 and 403 by itself: the auth plugin marks each guard it makes, the documentation reads them.

/** A session (401 without one), a role (403), or nothing (a session is read when sent). */
export type GuardNeed = 'session' | 'role' | 'optional';
const needs = new WeakMap<object, GuardNeed>();

/** Records what a guard function asks. */
export function markGuard(guard: object, need: GuardNeed): void {
  needs.set(guard, need);
}

/** The need of a route's preHandler(s). */
export function guardNeed(preHandler: unknown): GuardNeed | undefined {
  const handlers = Array.isArray(preHandler) ? preHandler : [preHandler];
  const found = handlers.map((handler) => (typeof handler === 'function' ? needs.get(handler) : undefined));
  return found.includes('role') ? 'role' : found.includes('session') ? 'session' : found.includes('optional') ? 'optional' : undefined;
}
