import { createHash } from 'node:crypto';
import type { CreateOrderInput } from '@kopi/shared';
import { AppError } from '../../lib/errors.ts';

// A customer's Idempotency-Key (docs/shop-rules.md#ordering, docs/decisions/order-promise.md#idempotency): one order per key, whatever the rules
// say when a retry comes. The key is claimed before any rule is judged (migration 0017's
// claim_idempotency_key); the fingerprint tells a retry of the same order from another order sent
// with the same key.

/** A key as an order is placed with it: the key and the fingerprint of the request it came with. */
export interface OrderKey {
  key: string;
  fingerprint: string;
}

/** JSON with every object's keys sorted: equal requests give equal text whatever order their fields came in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The fingerprint of an order's request as validated (so the spec's one-product body and its
 * one-line `items` form are the same order, and a time is compared as an instant): every field the
 * order is made of, lines, sizes, add-ons, coupon, time, delivery and payment.
 */
export function fingerprintOf(input: CreateOrderInput): string {
  return createHash('sha256').update(canonical(input)).digest('base64url');
}

export function orderKeyOf(key: string | undefined, input: CreateOrderInput): OrderKey | undefined {
  return key === undefined ? undefined : { key, fingerprint: fingerprintOf(input) };
}

/** The same key came with another order's body: nothing is stored (the IETF Idempotency-Key draft's 422). */
export const keyReused = () => new AppError('idempotency_key_reused', 'server.idempotencyKeyReused');

/** The first request with this key is still being placed: the client asks again shortly and gets its answer. */
export const orderInProgress = () => new AppError('order_in_progress', 'server.orderInProgress', undefined, 1);

/** What claiming a key found: nothing (the order is new), an order, or a first request still running. */
export type Claim = { id: number; fingerprint: string | null } | { inProgress: true } | undefined;

/** The answer a claimed key gives: the order to replay, or the refusal (another body, still in progress). */
export function replayOf(claim: Exclude<Claim, undefined>, key: OrderKey): number {
  if ('inProgress' in claim) throw orderInProgress();
  // An order stored before fingerprints were kept (migration 0017) matches any body.
  if (claim.fingerprint !== null && claim.fingerprint !== key.fingerprint) throw keyReused();
  return claim.id;
}
