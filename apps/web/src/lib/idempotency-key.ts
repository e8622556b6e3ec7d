/**
 * A fresh key per checkout attempt, so that a retried request creates no second order.
 * crypto.randomUUID only exists in secure contexts; a shop on plain http over a LAN still needs a key.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
