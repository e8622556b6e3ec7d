import { formatIDR, parseOpeningHours, STATUS } from '@kopi/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { addProduct, api, createTestShop, onPostgres, signUpAs, type TestShop, testConfig } from './helpers.ts';
import { orderBody, query } from './matrix-helpers.ts';

// The bill and the settings an owner edits (docs/shop-rules.md#tax-service-and-the-bill,
// docs/shop-rules.md#settings): PBJT and the service charge priced by the one rule, kept by each
// order; settings stored in the database, checked, and taken by every instance without a restart.
// 23 November 2026 is a Monday; 13:00 in Jakarta.
const clock = fixedClock('2026-11-23T06:00:00Z');

type Account = Awaited<ReturnType<typeof signUpAs>>;
let shop: TestShop;
let owner: Account;
let rina: Account;
let latte: { id: number };

beforeAll(async () => {
  shop = await createTestShop({ clock, openingHours: parseOpeningHours('mon-fri 13:00-19:00'), shopName: 'Kopi Senja' });
  owner = await signUpAs(shop, 'Admin');
  rina = await signUpAs(shop, 'User');
  latte = await addProduct(shop, owner.token, { product_name: 'Bill Latte', price: 25000, category_id: 2 });
});
afterAll(() => shop.close());

const settings = (body: unknown, token = owner.token, headers: Record<string, string> = {}) =>
  api(shop, 'PATCH', '/shop/settings', { token, body, headers });
const order = (extra: Record<string, unknown> = {}) =>
  api(shop, 'POST', '/transactions', { token: rina.token, body: orderBody(latte.id, extra) });
const quote = (extra: Record<string, unknown> = {}) =>
  api(shop, 'POST', '/transactions/quote', { token: rina.token, body: orderBody(latte.id, extra) });

describe('GET and PATCH /shop/settings', () => {
  beforeEach(async () => {
    await settings({ tax_rate: 0, service_rate: 0, prices_include_tax: false, service_on: [1] });
  });

  it("starts from the environment's values and keeps what the owner sets, for the owner only", async () => {
    const read = await api(shop, 'GET', '/shop/settings', { token: owner.token });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({
      name: 'Kopi Senja',
      opening_hours: ['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => ({ day, opens: '13:00', closes: '19:00' })),
      tax_name: 'PBJT',
      service_on: [1],
      cash_rounding: 0,
    });
    const saved = await settings({ address: 'Jl. Braga No. 12, Bandung', npwpd: 'P2.0012345.11.04', receipt_footer: 'Terima kasih!' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ address: 'Jl. Braga No. 12, Bandung', npwpd: 'P2.0012345.11.04', name: 'Kopi Senja' });
    expect((await api(shop, 'GET', '/shop/settings', { token: owner.token })).json().data.receipt_footer).toBe('Terima kasih!');
    for (const token of [rina.token, undefined]) {
      expect((await api(shop, 'GET', '/shop/settings', { token })).statusCode).toBe(token ? 403 : 401);
      expect((await api(shop, 'PATCH', '/shop/settings', { token, body: { tax_rate: 5 } })).statusCode).toBe(token ? 403 : 401);
    }
    expect((await api(shop, 'GET', '/shop/settings', { token: owner.token })).json().data.tax_rate).toBe(0);
  });

  it.each([
    [{ tax_rate: 10.5 }, 'tax_rate', 'The tax rate is a percentage from 0 to 10'],
    [{ tax_rate: 7.255 }, 'tax_rate', 'A percentage has at most two decimals'],
    [{ service_rate: 16 }, 'service_rate', 'The service charge is a percentage from 0 to 15'],
    [{ service_on: [1, 1] }, 'service_on', 'Each order type is named once'],
    [{ service_on: [4] }, 'service_on.0', 'delivery_id must be 1 (Dine In), 2 (Door Delivery) or 3 (Pick Up)'],
    [{ cash_rounding: 50 }, 'cash_rounding', 'Cash is rounded to Rp 100, or not at all (0)'],
    [{ name: '  ' }, 'name', "The shop's name is required"],
    [
      { opening_hours: [{ day: 'mon', opens: '09:10', closes: '12:00' }] },
      'opening_hours.0.opens',
      'Opening times are on the quarter hour (:00, :15, :30, :45), from 00:00 to 24:00',
    ],
    [
      { opening_hours: [{ day: 'mon', opens: '12:00', closes: '09:00' }] },
      'opening_hours.0.closes',
      'A closing time must come after its opening',
    ],
    [
      {
        opening_hours: [
          { day: 'mon', opens: '09:00', closes: '13:00' },
          { day: 'mon', opens: '12:00', closes: '15:00' },
        ],
      },
      'opening_hours.1',
      'Two openings of one day overlap',
    ],
    [{ opening_hours: [] }, 'opening_hours', 'The shop needs at least one opening in the week'],
    [{}, 'body', 'Send at least one setting to change'],
  ])('refuses %j with a 400 naming %s, and stores nothing', async (body, field, message) => {
    const before = (await api(shop, 'GET', '/shop/settings', { token: owner.token })).json().data;
    const res = await settings(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
    expect((await api(shop, 'GET', '/shop/settings', { token: owner.token })).json().data).toEqual(before);
  });

  it('says why in Indonesian too', async () => {
    const res = await settings({ tax_rate: 12 }, owner.token, { 'accept-language': 'id' });
    expect(res.json().errors).toEqual([{ field: 'tax_rate', message: 'Tarif pajak adalah persentase dari 0 sampai 10' }]);
  });
});

describe('the bill', () => {
  it('charges PBJT and the service charge on Dine In, only PBJT taken away, and each order keeps the rates it was priced with', async () => {
    await settings({ tax_name: 'PBJT', tax_rate: 10, service_rate: 5, service_on: [1], prices_include_tax: false });
    const quoted = (await quote({ delivery_id: 1 })).json().data;
    expect(quoted).toMatchObject({ subtotal: 25000, service: 1250, tax: 2625, total: 28875 });
    expect(quoted.rates).toEqual({ tax_name: 'PBJT', tax_rate: 10, service_rate: 5, prices_include_tax: false });
    const dineIn = (await order({ delivery_id: 1 })).json().data;
    expect(dineIn).toMatchObject({ subtotal: 25000, service: 1250, tax: 2625, total: 28875 });
    const pickUp = (await order({ delivery_id: 3 })).json().data;
    expect(pickUp).toMatchObject({ subtotal: 25000, service: 0, tax: 2500, total: 27500 });

    // The owner changes the rates: the orders placed before keep theirs.
    await settings({ tax_rate: 7.25, service_rate: 11.5 });
    const read = (await api(shop, 'GET', `/transactions/${dineIn.id}`, { token: rina.token })).json().data;
    expect(read).toMatchObject({ service: 1250, tax: 2625, total: 28875, rates: { tax_rate: 10, service_rate: 5 } });
    const [stored] = await query<{ tax_rate_bp: number; service_rate_bp: number }>(
      shop,
      sql`select tax_rate_bp, service_rate_bp from transactions where id = ${dineIn.id}`,
    );
    expect(stored).toEqual({ tax_rate_bp: 1000, service_rate_bp: 500 });
    // 3 × 27.000 at 7.25 % and 11.5 %: service 9.315, tax 6.547,84 → 6.548.
    const odd = (await order({ items: [{ product_id: latte.id, qty: 3, size_id: 1 }], delivery_id: 1 })).json().data;
    expect(odd).toMatchObject({ subtotal: 75000, service: 8625, tax: 6063, total: 89688 });
  });

  it('extracts the tax from prices that include it', async () => {
    await settings({ tax_rate: 10, service_rate: 5, prices_include_tax: true });
    const placed = (await order({ delivery_id: 1 })).json().data;
    expect(placed).toMatchObject({ subtotal: 25000, service: 1250, tax: 2386, total: 26250, rates: { prices_include_tax: true } });
  });
});

describe('the receipt', () => {
  const receipt = (id: number, token: string | null, headers: Record<string, string> = {}) =>
    api(shop, 'GET', `/transactions/${id}/receipt`, { token: token ?? undefined, headers });

  it("prints the shop, the lines, service and tax with their rates, and the footer, in the reader's language, escaped", async () => {
    await settings({
      tax_name: 'PBJT',
      tax_rate: 10,
      service_rate: 5,
      service_on: [1],
      prices_include_tax: false,
      address: 'Jl. Braga No. 12, Bandung',
      npwpd: 'P2.0012345.11.04',
      receipt_footer: 'Terima kasih! <script>alert(1)</script>',
    });
    const sneaky = await addProduct(shop, owner.token, {
      product_name: 'Latte <img src=x onerror=alert(1)>',
      indonesian_name: 'Latte Dingin <b>',
      price: 25000,
      category_id: 2,
    });
    const placed = (await api(shop, 'POST', '/transactions', { token: rina.token, body: orderBody(sneaky.id, { qty: 2 }) })).json().data;
    expect(placed).toMatchObject({ subtotal: 50000, service: 2500, tax: 5250, total: 57750 });
    // Each line carries the product's name for Indonesian pages, as placed and as read back.
    expect(placed.items[0]).toMatchObject({ product_name: sneaky.product_name, indonesian_name: 'Latte Dingin <b>' });
    const read = (await api(shop, 'GET', `/transactions/${placed.id}`, { token: rina.token })).json().data;
    expect(read.items[0]).toMatchObject({ product_name: sneaky.product_name, indonesian_name: 'Latte Dingin <b>' });

    const english = await receipt(placed.id, rina.token);
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(english.headers['cache-control']).toBe('private, no-store');
    for (const text of [
      'Kopi Senja',
      'Jl. Braga No. 12, Bandung',
      'NPWPD P2.0012345.11.04',
      `Order #${placed.number}`,
      `ID ${placed.id}`,
    ]) {
      expect(english.body).toContain(text);
    }
    for (const [label, amount] of [
      ['Subtotal', 'IDR 50.000'],
      ['Service 5%', 'IDR 2.500'],
      ['PBJT 10%', 'IDR 5.250'],
      ['Total', 'IDR 57.750'],
    ]) {
      expect(english.body).toContain(`<th scope="row">${label}</th><td>${amount}</td>`);
    }
    // When it was placed, in the shop's zone, with its year.
    const placedAt = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Jakarta', dateStyle: 'medium', timeStyle: 'short' });
    expect(english.body).toContain(placedAt.format(new Date(placed.created_at)));
    expect(english.body).toContain('Dine In');
    expect(english.body).toContain('Not paid yet: Card');
    // Names and the footer are the owner's and customers' text: shown, never run.
    expect(english.body).toContain('2 × Latte &lt;img src=x onerror=alert(1)&gt;');
    expect(english.body).toContain('Terima kasih! &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(english.body).not.toMatch(/<script|<img/);
    // The roll: one column that fits 80 mm and narrows to 58 mm.
    expect(english.body).toMatch(/@page \{ size: auto; margin: 2mm; \}/);

    const indonesian = await receipt(placed.id, rina.token, { 'accept-language': 'id-ID,id;q=0.9' });
    expect(indonesian.headers['content-language']).toBe('id');
    // The product by its Indonesian name (docs/shop-rules.md#the-menu-in-two-languages), escaped too.
    for (const text of [
      '<html lang="id">',
      `Pesanan #${placed.number}`,
      '2 × Latte Dingin &lt;b&gt;',
      'Servis 5%',
      'Belum dibayar: Kartu',
      'Makan di Tempat',
    ]) {
      expect(indonesian.body).toContain(text);
    }

    // A rate with decimals, extracted from prices that include it, as each language writes it.
    await settings({ tax_rate: 7.25, prices_include_tax: true });
    const included = (await api(shop, 'POST', '/transactions', { token: rina.token, body: orderBody(latte.id, { delivery_id: 3 }) })).json()
      .data;
    expect((await receipt(included.id, rina.token)).body).toContain('PBJT 7.25% (included)');
    expect((await receipt(included.id, rina.token, { 'accept-language': 'id' })).body).toContain('PBJT 7,25% (sudah termasuk)');
  });

  it("is its customer's, the staff's and its guest's with the order's token; nobody else's", async () => {
    const placed = (await order({ delivery_id: 3 })).json().data;
    expect((await receipt(placed.id, owner.token)).statusCode).toBe(200);
    const stranger = await signUpAs(shop, 'User');
    expect((await receipt(placed.id, stranger.token)).statusCode).toBe(404);
    expect((await receipt(placed.id, null)).statusCode).toBe(401);
    expect((await receipt(999_999, rina.token)).statusCode).toBe(404);

    const table = (await api(shop, 'POST', '/tables', { token: owner.token, body: { name: 'Receipt 1' } })).json().data;
    const guest = await api(shop, 'POST', '/transactions', {
      body: orderBody(latte.id, { table_token: table.token, guest_name: 'Dewi', payment_id: 3 }),
    });
    expect(guest.statusCode, guest.body).toBe(201);
    const { id, order_token } = guest.json().data;
    const own = await receipt(id, null, { 'order-token': order_token });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('Table Receipt 1');
    expect(own.body).toContain('Not paid yet: Cash on Delivery');
    expect((await receipt(id, null, { 'order-token': 'x'.repeat(40) })).statusCode).toBe(404);
    expect((await receipt(placed.id, null, { 'order-token': order_token })).statusCode).toBe(404);
  });
});

describe('settings without a restart', () => {
  it('takes new hours, a name and a slot capacity at once', async () => {
    await settings({ opening_hours: [{ day: 'sat', opens: '08:00', closes: '14:00' }], name: 'Kopi Pagi', slot_capacity: 1 });
    const now = (await api(shop, 'GET', '/shop')).json().data;
    expect(now).toMatchObject({ name: 'Kopi Pagi', open_now: false, opening_hours: [{ day: 'sat', opens: '08:00', closes: '14:00' }] });
    const closed = await order({ delivery_id: 3 });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().msg).toMatch(/^We are closed now and open on Sat 28 Nov at 08:00/);
    await settings({ opening_hours: [{ day: 'mon', opens: '08:00', closes: '20:00' }], name: 'Kopi Senja', slot_capacity: 10 });
    expect((await order({ delivery_id: 3 })).statusCode).toBe(201);
  });

  it.runIf(onPostgres)('reaches another instance on the same database within a second', async () => {
    const other = await openDatabase({ url: shop.database.url!, poolSize: 2 });
    const b = await buildApp(testConfig({ clock }), other);
    try {
      await settings({ service_rate: 3.5, tax_rate: 0 });
      const started = Date.now();
      let bill: { service_rate: number } | undefined;
      while (Date.now() - started < 2000) {
        bill = (await b.inject({ url: '/api/coffee-project/shop' })).json().data.bill;
        if (bill?.service_rate === 3.5) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(bill?.service_rate).toBe(3.5);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await b.close();
      await other.close();
    }
  });
});

describe('the tax report', () => {
  type Figures = { orders: number; net: number; service: number; tax_base: number; tax: number; shipping: number; total: number };
  const none = (): Figures => ({ orders: 0, net: 0, service: 0, tax_base: 0, tax: 0, shipping: 0, total: 0 });
  const report = (q: string, token = owner.token) => api(shop, 'GET', `/dashboard/tax${q}`, { token });

  it('sums a seeded month of Done orders per day, month and order type, equal to the sum of their receipts to the rupiah', async () => {
    // Added PBJT 10 % with a 5 % service on Dine In, then included PBJT 7.25 % with 11.5 % service on Dine In and Pick Up.
    await settings({ tax_name: 'PBJT', tax_rate: 10, service_rate: 5, service_on: [1], prices_include_tax: false });
    const placed: number[] = [];
    for (const [qty, delivery_id] of [
      [1, 1],
      [2, 3],
      [3, 1],
      [99, 1],
      [1, 3],
    ] as const) {
      placed.push((await order({ qty, delivery_id })).json().data.id);
    }
    await settings({ tax_rate: 7.25, service_rate: 11.5, service_on: [1, 3], prices_include_tax: true });
    for (const [qty, delivery_id] of [
      [1, 1],
      [7, 3],
      [2, 1],
    ] as const) {
      placed.push((await order({ qty, delivery_id })).json().data.id);
    }
    const cancelled = (await order({ qty: 5 })).json().data.id;
    const pending = (await order({ qty: 4 })).json().data.id;
    for (const id of placed) {
      const moved = await api(shop, 'PATCH', `/transactions/${id}`, { token: owner.token, body: { status_id: STATUS.done } });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    await api(shop, 'PATCH', `/transactions/${cancelled}`, {
      token: owner.token,
      body: { status_id: STATUS.cancelled, reason: 'Out of milk' },
    });
    // Spread over November (the 2nd, 4th, … 12th, and the 30th with the cancelled order); one Done
    // order falls on 31 October, outside the range.
    const days = ['2026-11-02', '2026-11-04', '2026-11-06', '2026-11-08', '2026-11-10', '2026-11-12', '2026-11-30', '2026-10-31'];
    const [outside] = placed.splice(7, 1);
    for (const [i, id] of [...placed, outside!].entries()) {
      await query(shop, sql`update transactions set shop_day = ${days[i]}::date, number = ${1000 + i} where id = ${id}`);
    }
    await query(shop, sql`update transactions set shop_day = '2026-11-30', number = 2000 where id = ${cancelled}`);

    // The receipts, as a customer reads them; each shows its tax and total.
    const byType = new Map<number, Figures>();
    const all = none();
    for (const id of placed) {
      const detail = (await api(shop, 'GET', `/transactions/${id}`, { token: rina.token })).json().data;
      const receipt = await api(shop, 'GET', `/transactions/${id}/receipt`, { token: rina.token });
      expect(receipt.body).toContain(formatIDR(detail.tax));
      expect(receipt.body).toContain(formatIDR(detail.total));
      const net = detail.subtotal - detail.discount;
      const figures: Figures = {
        orders: 1,
        net,
        service: detail.service,
        tax_base: net + detail.service - (detail.rates.prices_include_tax ? detail.tax : 0),
        tax: detail.tax,
        shipping: detail.shipping,
        total: detail.total,
      };
      const sums = byType.get(detail.delivery_id) ?? none();
      for (const key of Object.keys(figures) as (keyof Figures)[]) {
        sums[key] += figures[key];
        all[key] += figures[key];
      }
      byType.set(detail.delivery_id, sums);
    }
    expect(all.orders).toBe(7);

    const daily = await report('?from=2026-11-01&to=2026-11-30');
    expect(daily.statusCode, daily.body).toBe(200);
    const data = daily.json().data;
    expect(data).toMatchObject({ from: '2026-11-01', to: '2026-11-30', by: 'day', timezone: 'Asia/Jakarta', totals: all });
    expect(data.by_delivery).toEqual([...byType].sort(([a], [b]) => a - b).map(([delivery_id, sums]) => ({ delivery_id, ...sums })));
    expect(data.rows.map((row: { period: string }) => row.period)).toEqual([...days.slice(0, 6), '2026-11-30']);
    // One row for the 30th: the cancelled order and the pending one are no sale.
    expect(data.rows.at(-1)).toMatchObject({ period: '2026-11-30', orders: 1 });

    const monthly = (await report('?from=2026-10-01&to=2026-12-31&by=month')).json().data;
    expect(monthly.rows.map((row: { period: string; delivery_id: number }) => `${row.period} ${row.delivery_id}`)).toEqual([
      '2026-10-01 1',
      '2026-11-01 1',
      '2026-11-01 3',
    ]);
    expect(monthly.totals.orders).toBe(8);

    const csv = await report('.csv?from=2026-11-01&to=2026-11-30');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename=kopi-senja-tax-2026-11-01-2026-11-30.csv');
    const records = csv.body.slice(1).trimEnd().split('\r\n');
    expect(records[0]).toBe('Day,Order type,Orders,Net sales (IDR),Service (IDR),Tax base (IDR),Tax (IDR),Shipping (IDR),Total (IDR)');
    expect(records.at(-1)).toBe(
      `2026-11-01..2026-11-30,All order types,${[all.orders, all.net, all.service, all.tax_base, all.tax, all.shipping, all.total].join(',')}`,
    );
    expect(records).toHaveLength(1 + data.rows.length + data.by_delivery.length + 1);
    expect((await api(shop, 'GET', '/dashboard/tax.csv', { token: owner.token, headers: { 'accept-language': 'id' } })).body).toContain(
      'Hari,Jenis pesanan,Pesanan',
    );
    expect(pending).toBeGreaterThan(0);
  });

  it('answers the current month up to today without dates, and refuses bad ranges and other roles', async () => {
    expect((await report('')).json().data).toMatchObject({ from: '2026-11-01', to: '2026-11-23', by: 'day' });
    for (const [q, field] of [
      ['?from=2026-11-01', 'to'],
      ['?from=2026-11-31&to=2026-12-01', 'from'],
      ['?from=2026-11-10&to=2026-11-09', 'to'],
      ['?from=2026-01-01&to=2027-01-02', 'to'],
      ['?by=week', 'by'],
    ] as const) {
      const res = await report(q);
      expect(res.statusCode, q).toBe(400);
      expect(JSON.stringify(res.json()), q).toContain(field);
    }
    expect((await report('', rina.token)).statusCode).toBe(403);
    expect((await api(shop, 'GET', '/dashboard/tax.csv')).statusCode).toBe(401);
  });
});
