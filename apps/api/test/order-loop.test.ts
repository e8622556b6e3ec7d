import { canMove, REASON_MAX, STATUS, STATUSES, type StatusId, statusName } from '@kopi/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, api, createTestShop, signUpAs, type TestShop } from './helpers.ts';
import { expectClientError, orderBody, query } from './matrix-helpers.ts';

// The statuses an order goes through (docs/shop-rules.md#statuses-and-moves) — every move
// of the table by an admin and by a customer, the customer's cancel, the recorded history.

type Account = Awaited<ReturnType<typeof signUpAs>>;
let shop: TestShop;
let admin: Account;
let customer: Account;
let stranger: Account;
let product: { id: number };

beforeAll(async () => {
  shop = await createTestShop({ authRateLimit: { perIp: 100_000, perEmail: 1000, perAccount: 100_000, windowSeconds: 900 } });
  admin = await signUpAs(shop, 'Admin', { display_name: 'Barista Bima' });
  customer = await signUpAs(shop, 'User', { display_name: 'Rina' });
  stranger = await signUpAs(shop, 'User', { display_name: 'Stranger' });
  product = await addProduct(shop, admin.token, { product_name: 'Loop Latte', price: 25000 });
});
afterAll(() => shop?.close());

async function place(token = customer.token, overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await api(shop, 'POST', '/transactions', { token, body: orderBody(product.id, overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

const move = (id: number, status_id: number, reason?: string, token = admin.token) =>
  api(shop, 'PATCH', `/transactions/${id}`, { token, body: { status_id, ...(reason === undefined ? {} : { reason }) } });

/** An order of `customer` brought to `status` (every status is one move from Pending). */
async function orderIn(status: StatusId): Promise<number> {
  const id = await place();
  if (status !== STATUS.pending) expect((await move(id, status, 'Set up for the test')).statusCode).toBe(200);
  return id;
}

const unitsSold = async () =>
  (await query<{ units_sold: number }>(shop, sql`select units_sold from product_units_sold where product_id = ${product.id}`))[0]!
    .units_sold;

// An order reaches Awaiting payment only by being placed with an online payment (payments.test.ts).
const IDS = STATUSES.map((s) => s.id).filter((id) => id !== STATUS.awaitingPayment);

describe('the move matrix (PATCH /transactions/:id)', () => {
  it("the table is the issue's: Pending → Preparing | Ready | Done | Cancelled; Preparing → Ready | Done | Cancelled; Ready → Done | Cancelled", () => {
    const allowed = IDS.flatMap((from) => IDS.filter((to) => canMove(from, to)).map((to) => `${statusName(from)}→${statusName(to)}`));
    expect(allowed.sort()).toEqual(
      [
        'Pending→Preparing',
        'Pending→Ready',
        'Pending→Done',
        'Pending→Cancelled',
        'Preparing→Ready',
        'Preparing→Done',
        'Preparing→Cancelled',
        'Ready→Done',
        'Ready→Cancelled',
      ].sort(),
    );
  });

  it.each(IDS.flatMap((from) => IDS.map((to) => [statusName(from), statusName(to), from, to] as const)))(
    'admin: %s → %s',
    async (_f, _t, from, to) => {
      const id = await orderIn(from);
      const reason = to === STATUS.cancelled ? 'Out of oat milk' : undefined;
      const res = await move(id, to, reason);
      const after = (await api(shop, 'GET', `/transactions/${id}`, { token: admin.token })).json().data;
      if (canMove(from, to)) {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data).toMatchObject({ id, status_id: to, status_name: statusName(to) });
        const last = after.events.at(-1);
        expect(last).toMatchObject({ status_id: to, status_name: statusName(to), by: { id: admin.id, display_name: 'Barista Bima' } });
        expect(last.reason).toBe(reason ?? null);
      } else {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().msg).toBe(`Order #${id} cannot move from ${statusName(from)} to ${statusName(to)}`);
        expect(after.status_id).toBe(from);
        expect(after.events.map((e: { status_id: number }) => e.status_id)).toEqual(from === STATUS.pending ? [1] : [1, from]);
      }
    },
  );

  it.each(IDS.flatMap((from) => IDS.map((to) => [statusName(from), statusName(to), from, to] as const)))(
    'customer: %s → %s is 403 (only an admin moves orders)',
    async (_f, _t, from, to) => {
      const id = await orderIn(from);
      const res = await move(id, to, 'Please', customer.token);
      expect(res.statusCode).toBe(403);
      expect((await api(shop, 'GET', `/transactions/${id}`, { token: customer.token })).json().data.status_id).toBe(from);
    },
  );

  it('a cancellation needs a reason of 1 to 200 characters', async () => {
    const id = await place();
    for (const reason of [undefined, '', '   ', 'x'.repeat(REASON_MAX + 1)]) {
      const res = await move(id, STATUS.cancelled, reason);
      expectClientError(res, 400, 'validation_failed');
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain('reason');
    }
    expect((await move(id, STATUS.cancelled, ` ${'x'.repeat(REASON_MAX)} `)).statusCode).toBe(200);
  });

  it('the spec\'s "Mark as done" still works', async () => {
    const id = await place();
    const res = await move(id, STATUS.done);
    expect(res.json()).toMatchObject({ msg: 'Transaction Update Success !', data: { status_id: 2, status_name: 'Done' } });
  });

  it('of two concurrent moves out of Ready only one wins, and only its event is recorded', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await orderIn(STATUS.ready);
      const [done, cancelled] = await Promise.all([move(id, STATUS.done), move(id, STATUS.cancelled, 'Customer left')]);
      expect([done.statusCode, cancelled.statusCode].sort()).toEqual([200, 400]);
      const events = (await api(shop, 'GET', `/transactions/${id}`, { token: admin.token })).json().data.events;
      expect(events.map((e: { status_id: number }) => e.status_id)).toEqual([1, 5, done.statusCode === 200 ? 2 : 3]);
    }
  });

  it('a cancelled order leaves "popular" (units sold), whoever cancels it; other moves keep it', async () => {
    const start = await unitsSold();
    const a = await place(customer.token, { qty: 3 });
    const b = await place(customer.token, { qty: 2 });
    expect(await unitsSold()).toBe(start + 5);
    await move(a, STATUS.preparing);
    await move(a, STATUS.ready);
    expect(await unitsSold()).toBe(start + 5);
    await move(a, STATUS.cancelled, 'Spilled');
    expect(await unitsSold()).toBe(start + 2);
    expect((await api(shop, 'POST', `/transactions/${b}/cancel`, { token: customer.token })).statusCode).toBe(200);
    expect(await unitsSold()).toBe(start);
  });

  it('an unknown order → 404, a bad status id → 400', async () => {
    expectClientError(await move(999_999, STATUS.done), 404, 'data_not_found');
    const id = await place();
    for (const status_id of [0, 7, 'Ready', null, 2.5]) expectClientError(await move(id, status_id as number), 400, 'validation_failed');
  });
});

describe("the customer's cancel (POST /transactions/:id/cancel)", () => {
  it.each(IDS.map((from) => [statusName(from), from] as const))('from %s', async (_name, from) => {
    const id = await orderIn(from);
    const res = await api(shop, 'POST', `/transactions/${id}/cancel`, { token: customer.token, body: { reason: 'Changed my mind' } });
    if (from === STATUS.pending) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.status_id).toBe(STATUS.cancelled);
      expect(res.json().data.events.at(-1)).toMatchObject({
        status_id: 3,
        by: { id: customer.id, display_name: 'Rina' },
        reason: 'Changed my mind',
      });
    } else {
      expect(res.statusCode).toBe(400);
      const why = {
        [STATUS.preparing]: 'already being prepared',
        [STATUS.ready]: 'already being prepared',
        [STATUS.done]: 'already done',
        [STATUS.cancelled]: 'already cancelled',
      }[from];
      expect(res.json().msg).toContain(why);
      expect((await api(shop, 'GET', `/transactions/${id}`, { token: customer.token })).json().data.status_id).toBe(from);
    }
  });

  it('takes no body at all, or an empty reason', async () => {
    const bare = await api(shop, 'POST', `/transactions/${await place()}/cancel`, { token: customer.token });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json().data.events.at(-1).reason).toBeNull();
    const blank = await api(shop, 'POST', `/transactions/${await place()}/cancel`, { token: customer.token, body: { reason: ' ' } });
    expect(blank.statusCode).toBe(200);
    const long = await api(shop, 'POST', `/transactions/${await place()}/cancel`, {
      token: customer.token,
      body: { reason: 'x'.repeat(201) },
    });
    expectClientError(long, 400, 'validation_failed');
  });

  it("someone else's order, or one that does not exist → 404, and it stays as it was", async () => {
    const id = await place();
    expectClientError(await api(shop, 'POST', `/transactions/${id}/cancel`, { token: stranger.token }), 404, 'data_not_found');
    expectClientError(await api(shop, 'POST', `/transactions/${id}/cancel`, { token: admin.token }), 404, 'data_not_found');
    expectClientError(await api(shop, 'POST', '/transactions/999999/cancel', { token: customer.token }), 404, 'data_not_found');
    expect((await api(shop, 'GET', `/transactions/${id}`, { token: customer.token })).json().data.status_id).toBe(STATUS.pending);
  });
});

describe('GET /transactions/:id answers the order with its history', () => {
  it('oldest first, starting with Pending at creation, with who and why', async () => {
    const id = await place();
    await move(id, STATUS.preparing);
    await move(id, STATUS.ready);
    await move(id, STATUS.cancelled, 'Nobody came');
    const res = await api(shop, 'GET', `/transactions/${id}`, { token: customer.token });
    expect(res.statusCode).toBe(200);
    const order = res.json().data;
    expect(order.events).toEqual([
      {
        id: expect.any(Number),
        status_id: 1,
        status_name: 'Pending',
        at: order.created_at,
        by: { id: customer.id, display_name: 'Rina' },
        reason: null,
        kind: 'move',
      },
      {
        id: expect.any(Number),
        status_id: 4,
        status_name: 'Preparing',
        at: expect.any(String),
        by: { id: admin.id, display_name: 'Barista Bima' },
        reason: null,
        kind: 'move',
      },
      {
        id: expect.any(Number),
        status_id: 5,
        status_name: 'Ready',
        at: expect.any(String),
        by: { id: admin.id, display_name: 'Barista Bima' },
        reason: null,
        kind: 'move',
      },
      {
        id: expect.any(Number),
        status_id: 3,
        status_name: 'Cancelled',
        at: order.updated_at,
        by: { id: admin.id, display_name: 'Barista Bima' },
        reason: 'Nobody came',
        kind: 'move',
      },
    ]);
    const ids = order.events.map((e: { id: number }) => e.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(order.updated_at >= order.created_at).toBe(true);
    expect(order.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("another customer's order, or none → 404; an admin sees any", async () => {
    const id = await place();
    expectClientError(await api(shop, 'GET', `/transactions/${id}`, { token: stranger.token }), 404, 'data_not_found');
    expectClientError(await api(shop, 'GET', '/transactions/999999', { token: customer.token }), 404, 'data_not_found');
    expect((await api(shop, 'GET', `/transactions/${id}`, { token: admin.token })).json().data.events).toHaveLength(1);
  });

  it('lists orders in any status, the open ones soonest due first', async () => {
    const asap = await place();
    const later = await place(customer.token, { scheduled_for: new Date(Date.now() + 3 * 3600_000).toISOString() });
    const second = await place();
    const pending = (await api(shop, 'GET', '/transactions?status=1&limit=50', { token: admin.token }))
      .json()
      .data.map((o: { id: number }) => o.id);
    const mine = pending.filter((id: number) => [asap, later, second].includes(id));
    expect(mine).toEqual([asap, second, later]);
    await move(asap, STATUS.preparing);
    await move(second, STATUS.ready);
    for (const [status, id] of [
      [4, asap],
      [5, second],
    ] as const) {
      const listed = await api(shop, 'GET', `/transactions?status=${status}&limit=50`, { token: admin.token });
      expect(listed.statusCode).toBe(200);
      expect(listed.json().data.map((o: { id: number }) => o.id)).toContain(id);
      expect(listed.json().data.every((o: { status_id: number }) => o.status_id === status)).toBe(true);
    }
    expectClientError(await api(shop, 'GET', '/transactions?status=7', { token: admin.token }), 400, 'validation_failed');
  });
});
