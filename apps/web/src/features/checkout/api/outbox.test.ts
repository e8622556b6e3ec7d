import type { PlacedOrder } from '@kopi/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { cancelSaved, type OutboxLock, readOutbox, type SavedOrder, saveForLater, sendSavedOrders } from './outbox';

// The outbox runs in the browser; here localStorage is a map and the Web Lock a promise chain, so two
// "tabs" are two calls sharing them.
const storage = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => storage.get(key) ?? null,
  setItem: (key: string, value: string) => void storage.set(key, value),
  removeItem: (key: string) => void storage.delete(key),
});
vi.stubGlobal('window', new EventTarget());

/** One lock for every caller, like navigator.locks.request with one name. */
function sharedLock(): OutboxLock {
  let tail: Promise<unknown> = Promise.resolve();
  return (work) => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
}

const ACCOUNT = 7;

function saved(key: string, accountId = ACCOUNT): SavedOrder {
  return {
    key,
    accountId,
    order: { items: [{ product_id: 1, qty: 1, size_id: 1, addons: [] }], delivery_id: 1, payment_id: 1 },
    cart: { lines: [] },
    savedAt: '2026-11-26T03:42:00.000Z',
    itemCount: 1,
    total: 25_000,
  };
}

function placed(id: number): PlacedOrder {
  return { id, number: id + 100 } as PlacedOrder;
}

const noAnswer = () => new ApiError(0, 'The shop cannot be reached', 'network_error');

beforeEach(() => storage.clear());

describe('the outbox', () => {
  it('keeps an order once per key', () => {
    saveForLater(saved('a'));
    saveForLater(saved('a'));
    expect(readOutbox().map((s) => s.key)).toEqual(['a']);
  });

  it('sends a saved order with its own key and forgets it once placed', async () => {
    saveForLater(saved('a'));
    const send = vi.fn(async (s: SavedOrder) => placed(s.key === 'a' ? 1 : 2));
    const outcomes = await sendSavedOrders(ACCOUNT, { send, lock: sharedLock() });
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0].key).toBe('a');
    expect(outcomes.map((o) => o.kind)).toEqual(['placed']);
    expect(readOutbox()).toEqual([]);
  });

  it('keeps the order while there is no answer, and sends it again with the same key', async () => {
    saveForLater(saved('a'));
    const keys: string[] = [];
    const lock = sharedLock();
    const offline = async (s: SavedOrder): Promise<PlacedOrder> => {
      keys.push(s.key);
      throw noAnswer();
    };
    expect((await sendSavedOrders(ACCOUNT, { send: offline, lock })).map((o) => o.kind)).toEqual(['waiting']);
    expect(readOutbox().map((s) => s.key)).toEqual(['a']);

    const online = async (s: SavedOrder) => {
      keys.push(s.key);
      return placed(1);
    };
    expect((await sendSavedOrders(ACCOUNT, { send: online, lock })).map((o) => o.kind)).toEqual(['placed']);
    expect(keys).toEqual(['a', 'a']);
    expect(readOutbox()).toEqual([]);
  });

  it('stops at the first order without an answer: the next one is not tried on the same network', async () => {
    saveForLater(saved('a'));
    saveForLater(saved('b'));
    const send = vi.fn(async (): Promise<PlacedOrder> => {
      throw noAnswer();
    });
    await sendSavedOrders(ACCOUNT, { send, lock: sharedLock() });
    expect(send).toHaveBeenCalledTimes(1);
    expect(readOutbox().map((s) => s.key)).toEqual(['a', 'b']);
  });

  it('reports a refusal with the reason and forgets the order', async () => {
    saveForLater(saved('a'));
    const closed = async (): Promise<PlacedOrder> => {
      throw new ApiError(400, 'We are closed now. We open on Fri 27 Nov at 13:00', 'bad_request');
    };
    const [outcome] = await sendSavedOrders(ACCOUNT, { send: closed, lock: sharedLock() });
    expect(outcome).toMatchObject({ kind: 'refused', reason: 'We are closed now. We open on Fri 27 Nov at 13:00' });
    expect(readOutbox()).toEqual([]);
  });

  it('keeps the order for a server fault, a rate limit, an order still being placed and an ended session', async () => {
    const lock = sharedLock();
    saveForLater(saved('a'));
    for (const error of [
      new ApiError(503, 'Unavailable', 'unavailable', [], 2),
      new ApiError(429, 'Too many', 'too_many_requests'),
      new ApiError(409, 'Still being placed', 'order_in_progress', [], 1),
      new ApiError(401, 'Your session has ended', 'unauthorized'),
    ]) {
      const [outcome] = await sendSavedOrders(ACCOUNT, {
        send: async () => {
          throw error;
        },
        lock,
      });
      expect(outcome?.kind).toBe('waiting');
      expect(readOutbox().map((s) => s.key)).toEqual(['a']);
    }
  });

  it('an order the key placed earlier is reported as placed, never put back in the cart', async () => {
    saveForLater(saved('a'));
    const reused = async (): Promise<PlacedOrder> => {
      throw new ApiError(422, 'This key placed another order', 'idempotency_key_reused');
    };
    const [outcome] = await sendSavedOrders(ACCOUNT, { send: reused, lock: sharedLock() });
    expect(outcome?.kind).toBe('placedEarlier');
    expect(readOutbox()).toEqual([]);
  });

  it("sends only the signed-in account's orders", async () => {
    saveForLater(saved('mine'));
    saveForLater(saved('theirs', 8));
    const send = vi.fn(async (_saved: SavedOrder) => placed(1));
    await sendSavedOrders(ACCOUNT, { send, lock: sharedLock() });
    expect(send.mock.calls.map(([s]) => s.key)).toEqual(['mine']);
    expect(readOutbox().map((s) => s.key)).toEqual(['theirs']);
  });

  it('two tabs sending at once: one send, one result', async () => {
    saveForLater(saved('a'));
    const lock = sharedLock();
    let release!: () => void;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const send = vi.fn(async () => {
      await answered;
      return placed(1);
    });
    const first = sendSavedOrders(ACCOUNT, { send, lock });
    const second = sendSavedOrders(ACCOUNT, { send, lock });
    release();
    const outcomes = [...(await first), ...(await second)];
    expect(send).toHaveBeenCalledTimes(1);
    expect(outcomes.map((o) => o.kind)).toEqual(['placed']);
  });

  it('a Cancel during a send waits for it, then finds the order already sent', async () => {
    saveForLater(saved('a'));
    const lock = sharedLock();
    let release!: () => void;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sending = sendSavedOrders(ACCOUNT, {
      send: async () => {
        await answered;
        return placed(1);
      },
      lock,
    });
    const cancelling = cancelSaved('a', lock);
    release();
    expect((await sending).map((o) => o.kind)).toEqual(['placed']);
    expect(await cancelling).toBeUndefined();
  });

  it('a Cancel before any send removes the order and gives it back', async () => {
    saveForLater(saved('a'));
    expect((await cancelSaved('a', sharedLock()))?.key).toBe('a');
    const send = vi.fn(async () => placed(1));
    await sendSavedOrders(ACCOUNT, { send, lock: sharedLock() });
    expect(send).not.toHaveBeenCalled();
  });

  it('reads a damaged outbox as empty', () => {
    storage.set('kopi:outbox', '{not json');
    expect(readOutbox()).toEqual([]);
    storage.set('kopi:outbox', JSON.stringify([{ key: 'a' }, saved('b')]));
    expect(readOutbox().map((s) => s.key)).toEqual(['b']);
  });

  describe('with an answer the service worker kept (Background Sync)', () => {
    /** Cache Storage as a map of maps: the worker's answers cache holds `answers`. */
    function workerCaches(answers: Record<string, Response>) {
      const stores = new Map<string, Map<string, Response>>([['kopi-private-outbox-answers', new Map(Object.entries(answers))]]);
      const cache = (name: string) => {
        const store = stores.get(name) ?? new Map<string, Response>();
        stores.set(name, store);
        return {
          match: async (address: string) => store.get(address),
          delete: async (address: string) => store.delete(address),
        };
      };
      const storage = { has: async (name: string) => stores.has(name), open: async (name: string) => cache(name) };
      vi.stubGlobal('caches', storage);
      Object.assign(window, { caches: storage });
      return stores;
    }
    const networkUnused = vi.fn(async () => {
      throw new Error('sent again although the worker had the answer');
    });

    beforeEach(() => vi.stubGlobal('fetch', networkUnused));

    it.each([
      [
        'placed',
        new Response(JSON.stringify({ msg: 'ok', data: placed(1) }), { status: 201, headers: { 'content-type': 'application/json' } }),
        { kind: 'placed', placed: placed(1) },
      ],
      [
        'refused',
        new Response(JSON.stringify({ msg: 'We are closed now', code: 'validation_failed' }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
        { kind: 'refused', reason: 'We are closed now' },
      ],
    ])('reads it instead of sending again: %s, and forgets it', async (_, answer, expected) => {
      saveForLater(saved('a'));
      const stores = workerCaches({ '/outbox/answers/a': answer });
      const [outcome] = await sendSavedOrders(ACCOUNT, { lock: sharedLock() });
      expect(outcome).toMatchObject(expected);
      expect(networkUnused).not.toHaveBeenCalled();
      expect(readOutbox()).toEqual([]);
      expect(stores.get('kopi-private-outbox-answers')?.size).toBe(0);
    });
  });
});
