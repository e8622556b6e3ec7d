import { ERROR_STATUS, type ErrorCode } from '@kopi/shared';
import { describe, expect, it } from 'vitest';
import { isFinalOrderAnswer } from './order-answer';

describe('isFinalOrderAnswer', () => {
  it.each<[number, ErrorCode | undefined, string]>([
    [201, undefined, 'the order placed'],
    [200, undefined, 'the order the key placed before'],
    [400, 'validation_failed', 'a cart the shop refuses'],
    [401, 'unauthorized', 'a session that ended'],
    [409, 'conflict', 'a slot taken meanwhile'],
    [422, 'idempotency_key_reused', 'the key used for another cart'],
    [429, 'table_full', 'a table with all the orders it may take'],
    [502, 'payment_unavailable', 'a payment the gateway did not start'],
  ])('%i %s is final: %s', (status, code) => {
    expect(isFinalOrderAnswer(status, code)).toBe(true);
  });

  it.each<[number, ErrorCode | undefined, string]>([
    [0, undefined, 'no answer'],
    [408, undefined, 'a timeout'],
    [409, 'order_in_progress', 'the same key still being placed'],
    [429, 'too_many_requests', 'the rate limit'],
    [500, 'internal_error', "the shop's error"],
    [502, undefined, "a proxy's page"],
    [503, 'busy', 'the shop shutting down'],
  ])('%i %s is not final: %s', (status, code) => {
    expect(isFinalOrderAnswer(status, code)).toBe(false);
  });

  it("names the API's codes with their statuses, though it cannot import them", () => {
    const named = isFinalOrderAnswer.toString().match(/['"][a-z_]+['"]/g) ?? [];
    expect(named.length).toBeGreaterThan(0);
    for (const quoted of named) expect(Object.hasOwn(ERROR_STATUS, quoted.slice(1, -1)), quoted).toBe(true);
  });

  it('stays self-contained, for the build to write its source into the service worker', () => {
    const inWorker = new Function(`return ${isFinalOrderAnswer.toString()}`)() as typeof isFinalOrderAnswer;
    expect(inWorker(429, 'table_full')).toBe(true);
    expect(inWorker(409, 'order_in_progress')).toBe(false);
  });
});
