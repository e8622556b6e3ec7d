import { STATUS } from '@kopi/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { api, createTestShop, signUpAs, type TestShop } from './helpers.ts';

// The owner's dashboard (docs/shop-rules.md#the-owners-dashboard) on orders placed at known times
// around the shop's day, week and month boundaries in Jakarta (UTC+7). Now is Wednesday
// 2 December 2026, 10:00 in Jakarta; the week began on Monday 30 November.
const NOW = '2026-12-02T03:00:00Z';
const clock = fixedClock(NOW);
/** An instant written in Jakarta's wall time. */
const jkt = (wall: string) => new Date(`${wall}+07:00`);
const minutesAfter = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

let shop: TestShop;
let owner: { id: number; token: string };
let barista: { id: number; token: string };
let customer: { id: number; token: string };
let oddCustomer: number;
const product: Record<'latte' | 'croissant' | 'cookie' | 'formula' | 'oatMilk' | 'shot', number> = {
  latte: 0,
  croissant: 0,
  cookie: 0,
  formula: 0,
  oatMilk: 0,
  shot: 0,
};

interface Line {
  product: number;
  qty: number;
  unit_price: number;
  size_id?: number;
  addOns?: { product: number; qty: number }[];
}

/**
 * An order as the shop would have recorded it: placed (Pending event) at `at`, then each move as an
 * event by `by`; its status is the last move's.
 */
async function placeOrder(o: {
  user: number;
  at: Date;
  lines: Line[];
  moves?: { status: number; after: number; by?: number }[];
  discount?: number;
  delivery_id?: number;
  payment_id?: number;
}): Promise<number> {
  const db = shop.database.db;
  const subtotal = o.lines.reduce((sum, l) => sum + l.qty * l.unit_price, 0);
  const discount = o.discount ?? 0;
  const status = o.moves?.at(-1)?.status ?? STATUS.pending;
  const [order] = await rows<{ id: number }>(
    db,
    sql`insert into transactions (user_id, status_id, delivery_id, payment_id, subtotal, discount, total, created_at, updated_at)
        values (${o.user}, ${status}, ${o.delivery_id ?? 1}, ${o.payment_id ?? 1}, ${subtotal}, ${discount}, ${subtotal - discount},
                ${o.at.toISOString()}, ${o.at.toISOString()}) returning id`,
  );
  for (const l of o.lines) {
    const [item] = await rows<{ id: number }>(
      db,
      sql`insert into transaction_items (transaction_id, product_id, size_id, qty, unit_price, line_total)
      values (${order!.id}, ${l.product}, ${l.size_id ?? 1}, ${l.qty}, ${l.unit_price}, ${l.qty * l.unit_price}) returning id`,
    );
    for (const addOn of l.addOns ?? []) {
      await db.execute(sql`insert into transaction_item_addons (transaction_item_id, product_id, qty, unit_price)
        values (${item!.id}, ${addOn.product}, ${addOn.qty}, 5000)`);
    }
  }
  await db.execute(
    sql`insert into order_events (transaction_id, status_id, at) values (${order!.id}, ${STATUS.pending}, ${o.at.toISOString()})`,
  );
  for (const move of o.moves ?? []) {
    await db.execute(sql`insert into order_events (transaction_id, status_id, at, by_user_id)
      values (${order!.id}, ${move.status}, ${minutesAfter(o.at, move.after).toISOString()}, ${move.by ?? null})`);
  }
  return order!.id;
}

async function addProductRow(name: string, price: number): Promise<number> {
  const [row] = await rows<{ id: number }>(
    shop.database.db,
    sql`insert into products (product_name, price, category_id, description, image) values (${name}, ${price}, 2, 'test', 'images/test.webp') returning id`,
  );
  return row!.id;
}

const ids: Record<string, number> = {};

beforeAll(async () => {
  shop = await createTestShop({ clock });
  owner = await signUpAs(shop, 'Admin', { display_name: 'Sari Owner' });
  barista = await signUpAs(shop, 'Admin', { display_name: 'Dimas Barista' });
  customer = await signUpAs(shop, 'User', { display_name: 'Ayu' });
  oddCustomer = (await signUpAs(shop, 'User', { display_name: 'Budi, "the boss"\nJakarta' })).id;
  product.latte = await addProductRow('Caffe Latte', 25_000);
  product.croissant = await addProductRow('Croissant', 30_000);
  product.cookie = await addProductRow('Cookie', 15_000);
  product.formula = await addProductRow('=HYPERLINK("http://evil.test")', 5_000);
  product.oatMilk = await addProductRow('Oat Milk', 5_000);
  product.shot = await addProductRow('Extra Shot', 5_000);
  const { done, ready, preparing, cancelled } = STATUS;
  const c = customer.id;
  // Sunday 29 Nov 23:30: the week before.
  ids.D = await placeOrder({
    user: c,
    at: jkt('2026-11-29T23:30:00'),
    lines: [{ product: product.cookie, qty: 1, unit_price: 20_000 }],
    moves: [{ status: done, after: 5, by: barista.id }],
  });
  // Monday 30 Nov 00:30 (still Sunday in UTC): this week, last month.
  ids.E = await placeOrder({
    user: c,
    at: jkt('2026-11-30T00:30:00'),
    lines: [{ product: product.cookie, qty: 1, unit_price: 10_000 }],
    moves: [
      { status: preparing, after: 2, by: barista.id },
      { status: ready, after: 10, by: barista.id },
      { status: done, after: 15, by: barista.id },
    ],
  });
  // Monday 30 Nov 23:30: this week, last month; Pending straight to Done in 30 minutes.
  ids.C = await placeOrder({
    user: c,
    at: jkt('2026-11-30T23:30:00'),
    lines: [
      { product: product.latte, qty: 1, unit_price: 25_000 },
      { product: product.cookie, qty: 1, unit_price: 15_000 },
    ],
    moves: [{ status: done, after: 30, by: barista.id }],
  });
  // Tuesday 1 Dec 23:30: yesterday, this month; Done at 23:50 without Ready (no preparation time).
  ids.A = await placeOrder({
    user: c,
    at: jkt('2026-12-01T23:30:00'),
    lines: [{ product: product.latte, qty: 2, unit_price: 25_000 }],
    moves: [{ status: done, after: 20, by: barista.id }],
  });
  // Wednesday 2 Dec 00:30 (still 1 Dec in UTC): today; Ready after 12 minutes, Done by the owner.
  ids.B = await placeOrder({
    user: oddCustomer,
    at: jkt('2026-12-02T00:30:00'),
    lines: [{ product: product.croissant, qty: 1, unit_price: 30_000, size_id: 2 }],
    moves: [
      { status: ready, after: 12, by: owner.id },
      { status: done, after: 20, by: owner.id },
    ],
    delivery_id: 2,
    payment_id: 3,
  });
  // Today, not Done: Pending, Cancelled and Ready orders count as orders, never as revenue.
  ids.G = await placeOrder({
    user: c,
    at: jkt('2026-12-02T08:00:00'),
    lines: [
      {
        product: product.latte,
        qty: 1,
        unit_price: 25_000,
        addOns: [
          { product: product.oatMilk, qty: 2 },
          { product: product.shot, qty: 1 },
        ],
      },
    ],
  });
  ids.F = await placeOrder({
    user: c,
    at: jkt('2026-12-02T09:00:00'),
    lines: [{ product: product.latte, qty: 3, unit_price: 33_000 }],
    moves: [{ status: cancelled, after: 1, by: owner.id }],
  });
  ids.H = await placeOrder({
    user: c,
    at: jkt('2026-12-02T09:30:00'),
    lines: [{ product: product.formula, qty: 3, unit_price: 5_000 }],
    moves: [{ status: ready, after: 6, by: owner.id }],
    discount: 1_000,
  });
});
afterAll(() => shop.close());

const get = async (period: string, token = owner.token) => {
  const res = await api(shop, 'GET', `/dashboard?period=${period}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('GET /dashboard', () => {
  it('daily: today from 00:00 in Jakarta, against yesterday; only Done orders make revenue', async () => {
    const d = await get('daily');
    expect(d.period).toBe('daily');
    expect(d.timezone).toBe('Asia/Jakarta');
    expect(d.current).toEqual({
      start: '2026-12-02T00:00:00+07:00',
      end: '2026-12-03T00:00:00+07:00',
      orders: 4, // B (00:30), G pending, F cancelled, H ready
      done: 1,
      cancelled: 1,
      revenue: 30_000,
      average_ticket: 30_000,
      prep_minutes_avg: 9, // B 12 min to Ready, H 6 min
    });
    expect(d.previous).toEqual({
      start: '2026-12-01T00:00:00+07:00',
      end: '2026-12-02T00:00:00+07:00',
      orders: 1,
      done: 1,
      cancelled: 0,
      revenue: 50_000,
      average_ticket: 50_000,
      prep_minutes_avg: null, // A went Pending → Done without Ready: no preparation time known
    });
    expect(d.series).toHaveLength(14);
    expect(d.series[0].start).toBe('2026-11-19T00:00:00+07:00');
    expect(d.series.slice(-4)).toEqual([
      { start: '2026-11-29T00:00:00+07:00', orders: 1, revenue: 20_000, cancelled: 0 },
      { start: '2026-11-30T00:00:00+07:00', orders: 2, revenue: 50_000, cancelled: 0 },
      { start: '2026-12-01T00:00:00+07:00', orders: 1, revenue: 50_000, cancelled: 0 },
      { start: '2026-12-02T00:00:00+07:00', orders: 4, revenue: 30_000, cancelled: 1 },
    ]);
    expect(d.busiest_hours).toHaveLength(24);
    expect(d.busiest_hours.filter((h: { orders: number }) => h.orders > 0)).toEqual([
      { hour: 0, orders: 1 },
      { hour: 8, orders: 1 },
      { hour: 9, orders: 2 },
    ]);
    expect(d.best_sellers).toEqual([
      { product_id: product.croissant, product_name: 'Croissant', image: 'images/test.webp', units: 1, revenue: 30_000 },
    ]);
    // Today the owner moved B to Done; the barista's Done of A was at 23:50 yesterday.
    expect(d.best_staff).toEqual({ id: owner.id, display_name: 'Sari Owner', image: null, orders: 1 });
  });

  it('weekly: from Monday 00:00 in Jakarta, 12 weeks; best sellers and best staff of the week', async () => {
    const d = await get('weekly');
    expect(d.current).toMatchObject({
      start: '2026-11-30T00:00:00+07:00',
      end: '2026-12-07T00:00:00+07:00',
      orders: 7,
      done: 4,
      cancelled: 1,
      revenue: 130_000,
      average_ticket: 32_500,
      prep_minutes_avg: 9.3, // E 10, B 12, H 6; C and A skipped Ready
    });
    expect(d.previous).toMatchObject({ start: '2026-11-23T00:00:00+07:00', orders: 1, revenue: 20_000, prep_minutes_avg: null });
    expect(d.series).toHaveLength(12);
    expect(d.series[0].start).toBe('2026-09-14T00:00:00+07:00');
    expect(
      d.best_sellers.map((s: { product_name: string; units: number; revenue: number }) => [s.product_name, s.units, s.revenue]),
    ).toEqual([
      ['Caffe Latte', 3, 75_000],
      ['Cookie', 2, 25_000],
      ['Croissant', 1, 30_000],
    ]);
    expect(d.best_staff).toEqual({ id: barista.id, display_name: 'Dimas Barista', image: null, orders: 3 });
  });

  it('monthly: this month against the last, 12 months; the goal is this month’s revenue against IDR 30.000.000', async () => {
    const d = await get('monthly');
    expect(d.current).toMatchObject({
      start: '2026-12-01T00:00:00+07:00',
      end: '2027-01-01T00:00:00+07:00',
      orders: 5,
      done: 2,
      revenue: 80_000,
    });
    expect(d.previous).toMatchObject({ start: '2026-11-01T00:00:00+07:00', orders: 3, done: 3, revenue: 70_000, average_ticket: 23_333 });
    expect(d.series).toHaveLength(12);
    expect(d.series[0]).toEqual({ start: '2026-01-01T00:00:00+07:00', orders: 0, revenue: 0, cancelled: 0 });
    expect(d.goal).toEqual({ monthly_revenue_goal: 30_000_000, month_revenue: 80_000, progress_percent: 0 });
  });

  it('answers an empty period with zeros and nulls, never NaN', async () => {
    clock.set('2027-06-15T03:00:00Z');
    try {
      const d = await get('daily');
      expect(d.current).toMatchObject({ orders: 0, revenue: 0, average_ticket: 0, prep_minutes_avg: null });
      expect(d.best_sellers).toEqual([]);
      expect(d.best_staff).toBeNull();
      expect(d.goal.progress_percent).toBe(0);
      expect(JSON.stringify(d)).not.toContain('NaN');
    } finally {
      clock.set(NOW);
    }
  });

  it('refuses another period (400), a visitor (401) and a customer (403)', async () => {
    for (const period of ['yearly', 'DAILY', '']) {
      const res = await api(shop, 'GET', `/dashboard?period=${period}`, { token: owner.token });
      expect(res.statusCode, period).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', msg: expect.stringContaining('daily, weekly or monthly') });
    }
    expect((await api(shop, 'GET', '/dashboard?period=daily')).statusCode).toBe(401);
    expect((await api(shop, 'GET', '/dashboard?period=daily', { token: customer.token })).statusCode).toBe(403);
    expect((await api(shop, 'GET', '/dashboard/report.csv?period=weekly', { token: customer.token })).statusCode).toBe(403);
    expect((await api(shop, 'GET', '/dashboard/report.csv?period=weekly')).statusCode).toBe(401);
    expect((await api(shop, 'GET', '/dashboard/report.csv?period=hourly', { token: owner.token })).statusCode).toBe(400);
  });
});

describe('PATCH /shop {monthly_revenue_goal}', () => {
  it('lets an admin set the goal, which the dashboard measures this month against', async () => {
    const res = await api(shop, 'PATCH', '/shop', { token: owner.token, body: { monthly_revenue_goal: 100_000 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ monthly_revenue_goal: 100_000 });
    // Whatever the period shown, the goal is the month's: 80.000 of 100.000.
    expect((await get('daily')).goal).toEqual({ monthly_revenue_goal: 100_000, month_revenue: 80_000, progress_percent: 80 });
    expect((await get('monthly')).goal.progress_percent).toBe(80);
  });

  it('refuses a customer, a visitor and a goal that is not a whole number of rupiah from 1, storing nothing', async () => {
    expect((await api(shop, 'PATCH', '/shop', { token: customer.token, body: { monthly_revenue_goal: 5 } })).statusCode).toBe(403);
    expect((await api(shop, 'PATCH', '/shop', { body: { monthly_revenue_goal: 5 } })).statusCode).toBe(401);
    for (const goal of [0, -1, 1.5, 'abc', null, 1e13]) {
      const res = await api(shop, 'PATCH', '/shop', { token: owner.token, body: { monthly_revenue_goal: goal } });
      expect(res.statusCode, String(goal)).toBe(400);
      expect(res.json().errors?.[0]?.field).toBe('monthly_revenue_goal');
    }
    expect((await api(shop, 'PATCH', '/shop', { token: owner.token, body: {} })).statusCode).toBe(400);
    expect((await get('monthly')).goal.monthly_revenue_goal).toBe(100_000);
  });
});

/** RFC 4180 records: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  expect(cell, 'the last record ends with CRLF').toBe('');
  return records;
}

describe('GET /dashboard/report.csv', () => {
  it("streams today's order lines, every status, quoted for spreadsheets and without formulas", async () => {
    const res = await api(shop, 'GET', '/dashboard/report.csv?period=daily', { token: owner.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename=kopi-senja-daily-2026-12-02.csv');
    expect(res.headers['x-report-lines']).toBe('4');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...lines] = parseCsv(res.body.slice(1));
    expect(header).toEqual([
      'Order ID',
      'Placed at (Asia/Jakarta)',
      'Customer',
      'Status',
      'Delivery',
      'Payment',
      'Product',
      'Size',
      'Add-ons',
      'Qty',
      'Unit price (IDR)',
      'Line total (IDR)',
      'Order discount (IDR)',
      'Order service (IDR)',
      'Order tax (IDR)',
      'Order total (IDR)',
    ]);
    expect(lines).toEqual([
      [
        String(ids.B),
        '2026-12-02 00:30:00',
        'Budi, "the boss"\nJakarta',
        'Done',
        'Door Delivery',
        'Cash On Delivery',
        'Croissant',
        'Large',
        '',
        '1',
        '30000',
        '30000',
        '0',
        '0',
        '0',
        '30000',
      ],
      [
        String(ids.G),
        '2026-12-02 08:00:00',
        'Ayu',
        'Pending',
        'Dine In',
        'Card',
        'Caffe Latte',
        'Reguler',
        'Oat Milk ×2; Extra Shot',
        '1',
        '25000',
        '25000',
        '0',
        '0',
        '0',
        '25000',
      ],
      [
        String(ids.F),
        '2026-12-02 09:00:00',
        'Ayu',
        'Cancelled',
        'Dine In',
        'Card',
        'Caffe Latte',
        'Reguler',
        '',
        '3',
        '33000',
        '99000',
        '0',
        '0',
        '0',
        '99000',
      ],
      [
        String(ids.H),
        '2026-12-02 09:30:00',
        'Ayu',
        'Ready',
        'Dine In',
        'Card',
        `'=HYPERLINK("http://evil.test")`,
        'Reguler',
        '',
        '3',
        '5000',
        '15000',
        '1000',
        '0',
        '0',
        '14000',
      ],
    ]);
    // The raw text: the quote-doubled, quoted customer and the neutralised formula.
    expect(res.body).toContain('"Budi, ""the boss""\nJakarta"');
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
  });

  it('neutralises every cell that starts like a formula: = + - @', async () => {
    const names = ['+62 Special', '-5 Deal', '@home Brew', '=1+1'];
    clock.set('2027-02-10T03:00:00Z');
    try {
      for (const [i, name] of names.entries()) {
        const id = await addProductRow(name, 1_000);
        await placeOrder({ user: customer.id, at: jkt(`2027-02-10T0${i + 1}:00:00`), lines: [{ product: id, qty: 1, unit_price: 1_000 }] });
      }
      const res = await api(shop, 'GET', '/dashboard/report.csv?period=daily', { token: owner.token });
      const products = parseCsv(res.body.slice(1))
        .slice(1)
        .map((line) => line[6]);
      expect(products).toEqual(names.map((name) => `'${name}`));
    } finally {
      clock.set(NOW);
    }
  });

  it('pages through a month of orders in keyset batches: every line once, in the order placed', async () => {
    clock.set('2027-04-20T03:00:00Z');
    try {
      // 1,234 orders, many placed at the same instant, across the batches of 500 orders.
      await shop.database.db.execute(sql`insert into transactions (user_id, status_id, delivery_id, payment_id, subtotal, total, created_at)
        select ${customer.id}, 2, 1, 1, 25000, 25000, '2027-04-01T00:00:00+07:00'::timestamptz + make_interval(mins => g / 3)
        from generate_series(1, 1234) g`);
      await shop.database.db.execute(sql`insert into transaction_items (transaction_id, product_id, size_id, qty, unit_price, line_total)
        select t.id, ${product.latte}, 1, 1, 25000, 25000 from transactions t where t.created_at >= '2027-04-01T00:00:00+07:00'`);
      const res = await api(shop, 'GET', '/dashboard/report.csv?period=monthly', { token: owner.token });
      expect(res.headers['content-disposition']).toBe('attachment; filename=kopi-senja-monthly-2027-04-01.csv');
      const lines = parseCsv(res.body.slice(1)).slice(1);
      expect(lines).toHaveLength(1234);
      expect(res.headers['x-report-lines']).toBe('1234');
      const orderIds = lines.map((line) => Number(line[0]));
      expect(new Set(orderIds).size).toBe(1234);
      const placed = lines.map((line) => line[1]!);
      expect([...placed].sort()).toEqual(placed);
      expect((await get('monthly')).current).toMatchObject({ orders: 1234, revenue: 1234 * 25_000 });
    } finally {
      clock.set(NOW);
    }
  });
});
