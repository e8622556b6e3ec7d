import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, api, createTestShop, signUpAs, type TestShop } from './helpers.ts';
import { query } from './matrix-helpers.ts';

// An address belongs to Door Delivery only (docs/shop-rules.md#ordering): sent with Dine In or Pick Up,
// it is dropped, neither stored nor answered.

let shop: TestShop;
let customer: { token: string };
let latte: { id: number };
const ADDRESS = 'Jl. Braga No. 12, Bandung';

beforeAll(async () => {
  shop = await createTestShop({ orderRateLimitPerMinute: 1000 });
  const admin = await signUpAs(shop, 'Admin');
  customer = await signUpAs(shop, 'User');
  latte = await addProduct(shop, admin.token, { product_name: 'Address Latte', price: 30000, category_id: 2 });
});
afterAll(() => shop.close());

const order = (body: object, key?: string) =>
  api(shop, 'POST', '/transactions', {
    token: customer.token,
    body: { product_id: latte.id, qty: 1, size_id: 1, payment_id: 1, ...body },
    headers: key ? { 'idempotency-key': key } : {},
  });

const storedAddress = async (id: number) =>
  (await query<{ address: string | null }>(shop, sql`select address from transactions where id = ${id}`))[0]?.address;

describe("an order's address", () => {
  it.each([
    ['Dine In', 1],
    ['Pick Up', 3],
  ])('is dropped for %s: not stored, not answered, not shown to the staff', async (_name, delivery_id) => {
    const res = await order({ delivery_id, address: ADDRESS });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json().data;
    expect(placed.address).toBeNull();
    expect(await storedAddress(placed.id)).toBeNull();
    const read = await api(shop, 'GET', `/transactions/${placed.id}`, { token: customer.token });
    expect(read.json().data.address).toBeNull();
  });

  it('is kept for Door Delivery, which still needs one', async () => {
    const res = await order({ delivery_id: 2, address: `  ${ADDRESS} ` });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.address).toBe(ADDRESS);
    expect(await storedAddress(res.json().data.id)).toBe(ADDRESS);
    const without = await order({ delivery_id: 2 });
    expect(without.statusCode).toBe(400);
    expect(without.json().errors).toEqual([{ field: 'address', message: 'Door Delivery needs an address' }]);
  });

  it('that was dropped makes no difference to a retry: the same Dine In order with or without it is one order', async () => {
    const first = await order({ delivery_id: 1, address: ADDRESS }, 'address-retry-1');
    expect(first.statusCode, first.body).toBe(201);
    const retry = await order({ delivery_id: 1 }, 'address-retry-1');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data.id).toBe(first.json().data.id);
  });

  it('is not judged by the quote for Dine In either', async () => {
    const res = await api(shop, 'POST', '/transactions/quote', {
      token: customer.token,
      body: { product_id: latte.id, qty: 1, size_id: 1, payment_id: 1, delivery_id: 1, address: ADDRESS },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
