import { parseOpeningHours } from '@kopi/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { addProduct, addPromo, api, countRows, createTestShop, onPostgres, signUpAs, type TestShop, testConfig } from './helpers.ts';
import { query } from './matrix-helpers.ts';

// One order per Idempotency-Key, whatever the rules say when a retry comes (docs/shop-rules.md#ordering):
// a retry answers the order its key made, a key reused with another body is a 422, and a duplicate
// arriving while the first is still being placed answers that order or a 409 "still being placed".

// Monday 23 November 2026, 13:00 in Jakarta; the shop opens Monday to Friday, 13:00 to 19:00.
const MONDAY_1PM = '2026-11-23T06:00:00Z';
const clock = fixedClock(MONDAY_1PM);
const ORDER_LIMIT = 3;

let shop: TestShop;
let admin: { token: string };
let latte: { id: number };
let croissant: { id: number };
let oatMilk: { id: number };

beforeAll(async () => {
  shop = await createTestShop({
    clock,
    openingHours: parseOpeningHours('mon-fri 13:00-19:00'),
    slotCapacity: 1,
    orderRateLimitPerMinute: ORDER_LIMIT,
  });
  admin = await signUpAs(shop, 'Admin');
  latte = await addProduct(shop, admin.token, { product_name: 'Caffe Latte', price: 30000, category_id: 2 });
  croissant = await addProduct(shop, admin.token, { product_name: 'Croissant', price: 20000, category_id: 1 });
  oatMilk = await addProduct(shop, admin.token, { product_name: 'Oat Milk', price: 5000, category_id: 4 });
});
afterAll(() => shop.close());
beforeEach(() => clock.set(MONDAY_1PM));

type Body = Record<string, unknown>;
const plain = (): Body => ({ product_id: latte.id, qty: 1, size_id: 1, delivery_id: 1, payment_id: 1 });
const order = (token: string, body: Body, key?: string) =>
  api(shop, 'POST', '/transactions', { token, body, headers: key ? { 'idempotency-key': key } : {} });

/** The answer is the replay of `first`: 200, the header, and the same order. */
function expectReplay(res: Awaited<ReturnType<typeof order>>, first: Awaited<ReturnType<typeof order>>) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['idempotent-replayed']).toBe('true');
  expect(res.json()).toEqual(first.json());
}

describe('a retry with the same key answers its order whatever the rules say now', () => {
  it('after its coupon was used (by this very order)', async () => {
    const customer = await signUpAs(shop);
    const promo = await addPromo(shop, admin.token, { discount: 15, min_price: 0 });
    const body = { ...plain(), promo_id: promo.id };
    const first = await order(customer.token, body, 'k1');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.discount).toBe(4500);
    const before = await countRows(shop, 'transactions');
    expectReplay(await order(customer.token, body, 'k1'), first);
    // Without the key, the rule speaks: one coupon a day.
    expect((await order(customer.token, body)).statusCode).toBe(400);
    expect(await countRows(shop, 'transactions')).toBe(before);
  });

  it('five identical requests at once with a coupon make one order, and every answer is that order', async () => {
    const customer = await signUpAs(shop);
    const promo = await addPromo(shop, admin.token, { discount: 15, min_price: 0 });
    const body = { ...plain(), promo_id: promo.id };
    const before = await countRows(shop, 'transactions');
    const answers = await Promise.all(Array.from({ length: 5 }, () => order(customer.token, body, 'k-five')));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((r) => r.json().data.id)).size).toBe(1);
    expect(await countRows(shop, 'transactions')).toBe(before + 1);
  });

  it('after its slot became full (by this very order)', async () => {
    const customer = await signUpAs(shop);
    const body = { ...plain(), scheduled_for: '2026-11-24T03:00:00.000Z' }; // Tuesday 10:00 in Jakarta… closed
    expect((await order(customer.token, body, 'k-closed')).statusCode).toBe(400);
    const tomorrow = { ...plain(), scheduled_for: '2026-11-24T08:00:00.000Z' }; // Tuesday 15:00
    const first = await order(customer.token, tomorrow, 'k2');
    expect(first.statusCode, first.body).toBe(201);
    expectReplay(await order(customer.token, tomorrow, 'k2'), first);
    // Anyone else's order for that slot is refused: it is full.
    const other = await signUpAs(shop);
    expect((await order(other.token, tomorrow, 'k2')).statusCode).toBe(409);
  });

  it('after its time passed, and after the shop closed', async () => {
    const customer = await signUpAs(shop);
    const soon = { ...plain(), scheduled_for: '2026-11-23T06:01:15.000Z' }; // 75 s ahead
    const first = await order(customer.token, soon, 'k3');
    expect(first.statusCode, first.body).toBe(201);
    clock.advance(80_000);
    expectReplay(await order(customer.token, soon, 'k3'), first);

    const asap = await order(customer.token, plain(), 'k4');
    expect(asap.statusCode, asap.body).toBe(201);
    clock.set('2026-11-23T12:30:00Z'); // 19:30: closed
    expect((await order(customer.token, plain(), 'k-new')).statusCode).toBe(400);
    expectReplay(await order(customer.token, plain(), 'k4'), asap);
  });

  it('after its product sold out, and after it was taken off the menu', async () => {
    const customer = await signUpAs(shop);
    const scone = await addProduct(shop, admin.token, { product_name: 'Scone', price: 18000, category_id: 1 });
    const body = { ...plain(), product_id: scone.id };
    const first = await order(customer.token, body, 'k5');
    expect(first.statusCode, first.body).toBe(201);
    await shop.database.db.execute(sql`update products set sold_out = true where id = ${scone.id}`);
    expect((await api(shop, 'DELETE', `/products/${scone.id}`, { token: admin.token })).statusCode).toBe(200);
    const retry = await order(customer.token, body, 'k5');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data.id).toBe(first.json().data.id);
  });

  it('after the order limit was reached', async () => {
    const customer = await signUpAs(shop);
    const first = await order(customer.token, plain(), 'k6');
    expect(first.statusCode).toBe(201);
    for (let i = 1; i < ORDER_LIMIT; i++) expect((await order(customer.token, plain())).statusCode).toBe(201);
    expect((await order(customer.token, plain())).statusCode).toBe(429);
    expectReplay(await order(customer.token, plain(), 'k6'), first);
  });
});

describe('the same key with another body', () => {
  it('is a 422 that stores nothing, whatever differs', async () => {
    const customer = await signUpAs(shop);
    const promo = await addPromo(shop, admin.token, { discount: 10, min_price: 0 });
    const first = await order(customer.token, plain(), 'k7');
    expect(first.statusCode).toBe(201);
    const others: [string, Body][] = [
      ['another product', { ...plain(), product_id: croissant.id }],
      ['another quantity', { ...plain(), qty: 2 }],
      ['another size', { ...plain(), size_id: 2 }],
      ['an add-on', { ...plain(), addons: [{ product_id: oatMilk.id, qty: 1 }] }],
      [
        'another line',
        {
          items: [
            { product_id: latte.id, qty: 1, size_id: 1 },
            { product_id: croissant.id, qty: 1, size_id: 1 },
          ],
          delivery_id: 1,
          payment_id: 1,
        },
      ],
      ['a coupon', { ...plain(), promo_id: promo.id }],
      ['a time', { ...plain(), scheduled_for: '2026-11-24T08:30:00.000Z' }],
      ['another delivery', { ...plain(), delivery_id: 3 }],
      ['another payment', { ...plain(), payment_id: 3 }],
    ];
    const before = await countRows(shop, 'transactions');
    for (const [what, body] of others) {
      const res = await order(customer.token, body, 'k7');
      expect(res.statusCode, `${what}: ${res.body}`).toBe(422);
      expect(res.json()).toEqual({ msg: 'This Idempotency-Key was used for another order', code: 'idempotency_key_reused' });
    }
    expect(await countRows(shop, 'transactions')).toBe(before);
    // The spec's one-product body and its one-line items form are the same order.
    const asItems = { items: [{ product_id: latte.id, qty: 1, size_id: 1 }], delivery_id: 1, payment_id: 1 };
    expectReplay(await order(customer.token, asItems, 'k7'), first);
  });
});

describe('add-ons in a food', () => {
  it('are refused by the database when the menu in memory still thinks the product is a drink', async () => {
    const customer = await signUpAs(shop);
    const turning = await addProduct(shop, admin.token, { product_name: 'Affogato', price: 32000, category_id: 2 });
    // Changed behind this instance's menu (as another instance would before its announcement arrives).
    await shop.database.db.execute(sql`update products set category_id = 1 where id = ${turning.id}`);
    const before = await countRows(shop, 'transactions');
    const res = await order(customer.token, { ...plain(), product_id: turning.id, addons: [{ product_id: oatMilk.id, qty: 1 }] });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg).toBe('Add-ons go in drinks only, not in Affogato');
    expect(await countRows(shop, 'transactions')).toBe(before);
  });
});

describe.skipIf(!onPostgres)('a duplicate while the first request is still being placed', () => {
  it('waits for it and answers its order, or answers 409 "still being placed" with Retry-After: 1', async () => {
    const customer = await signUpAs(shop);
    const key = 'k-in-flight';
    // Another connection holds the key's claim, as a first request stalled in its transaction would.
    const holder = new pg.Client({ connectionString: shop.database.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`user:${customer.id}:${key}`]);
      const before = await countRows(shop, 'transactions');
      const started = Date.now();
      const waiting = await order(customer.token, plain(), key);
      expect(waiting.statusCode, waiting.body).toBe(409);
      expect(waiting.json()).toEqual({ msg: 'This order is still being placed, try again', code: 'order_in_progress' });
      expect(waiting.headers['retry-after']).toBe('1');
      expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
      expect(await countRows(shop, 'transactions')).toBe(before);
      // Released within the wait: the duplicate goes on (here, as the first: nothing was stored).
      const pending = order(customer.token, plain(), key);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await holder.query('commit');
      expect((await pending).statusCode).toBe(201);
    } finally {
      await holder.end();
    }
  });

  it('two instances: a coupon order sent 6 times at once across both makes one order, every answer that order', async () => {
    const other = await openDatabase({ url: shop.database.url!, poolSize: 5 });
    const b = await buildApp(testConfig({ clock, openingHours: parseOpeningHours('mon-fri 13:00-19:00'), slotCapacity: 1 }), other);
    try {
      const customer = await signUpAs(shop);
      const promo = await addPromo(shop, admin.token, { discount: 15, min_price: 0 });
      const body = { ...plain(), promo_id: promo.id, scheduled_for: '2026-11-25T08:00:00.000Z' };
      const send = (i: number) =>
        (i % 2 ? b : shop.app).inject({
          method: 'POST',
          url: '/api/coffee-project/transactions',
          headers: { 'access-token': customer.token, 'idempotency-key': 'k-two' },
          payload: body,
        });
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => send(i)));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
      expect(new Set(answers.map((r) => r.json().data.id)).size).toBe(1);
      const stored = await query<{ n: number }>(shop, sql`select count(*)::int as n from transactions where user_id = ${customer.id}`);
      expect(stored[0]!.n).toBe(1);
    } finally {
      await b.close();
      await other.close();
    }
  });
});
