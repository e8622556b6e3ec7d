import { PAYMENT, STATUS, TILL_KEY_HEADER } from '@kopi/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, api, createTestShop, signUpAs, type TestShop } from './helpers.ts';
import { expectClientError, orderBody, query } from './matrix-helpers.ts';

// The till (docs/shop-rules.md#the-till-and-shifts, docs/shop-rules.md#staff-and-roles): staff and
// their PINs, shared counter devices, shifts that balance, sales and collections at the counter,
// refunds with an Admin's PIN, and a Z report exact to the rupiah.

type Account = Awaited<ReturnType<typeof signUpAs>>;
let shop: TestShop;
let owner: Account;
let customer: Account;
let latte: { id: number };
let toast: { id: number };

beforeAll(async () => {
  shop = await createTestShop({ authRateLimit: { perIp: 100_000, perEmail: 1000, perAccount: 100_000, windowSeconds: 900 } });
  owner = await signUpAs(shop, 'Admin', { display_name: 'Owner' });
  customer = await signUpAs(shop, 'User', { display_name: 'Rina' });
  latte = await addProduct(shop, owner.token, { product_name: 'Till Latte', price: 25000, category_id: 2 });
  toast = await addProduct(shop, owner.token, { product_name: 'Till Toast', price: 18000, category_id: 1 });
});
afterAll(() => shop?.close());

let emails = 0;
/** A member added on /staff, with their PIN. */
async function addMember(role: 'Admin' | 'Cashier' | 'Barista', first_name: string, pin = '2468') {
  emails += 1;
  const res = await api(shop, 'POST', '/staff', {
    token: owner.token,
    body: { email: `${first_name.toLowerCase().replace(/\W/g, '')}${emails}@staff.test`, first_name, role, pin },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...(res.json().data as { id: number; name: string; email: string }), pin };
}

/** A device signed in as a till by the owner: its key. */
async function newTill(name: string): Promise<{ id: number; key: string }> {
  const res = await api(shop, 'POST', '/tills', { token: owner.token, body: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().data.till.id, key: res.json().data.device_key };
}

const unlock = (till: { key: string }, user_id: number, pin: string) =>
  api(shop, 'POST', '/tills/device/unlock', { headers: { [TILL_KEY_HEADER]: till.key }, body: { user_id, pin } });

/** A member switched on at a till: their session there. */
async function switchOn(till: { key: string }, member: { id: number; pin: string }): Promise<string> {
  const res = await unlock(till, member.id, member.pin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token;
}

const line = (product: { id: number }, qty = 1) => ({ product_id: product.id, qty, size_id: 1 });
let keys = 0;
/** A sale at the till. */
const sell = (token: string, body: Record<string, unknown>) =>
  api(shop, 'POST', '/transactions', {
    token,
    headers: { 'idempotency-key': `till-${++keys}` },
    body: { items: [line(latte)], delivery_id: 3, payment_id: PAYMENT.cash, source: 'counter', ...body },
  });

describe('staff who each do their own job', () => {
  it('adds members with a PIN, gives a customer a role, and refuses what makes no sense', async () => {
    const sari = await addMember('Cashier', 'Sari');
    const list = (await api(shop, 'GET', '/staff', { token: owner.token })).json().data as { id: number; role: string; has_pin: boolean }[];
    expect(list.find((m) => m.id === sari.id)).toMatchObject({ role: 'Cashier', has_pin: true, active: true });
    // A customer made a Barista: their session ends so that every screen reads the new role.
    const regular = await signUpAs(shop, 'User');
    const promoted = await api(shop, 'POST', '/staff', {
      token: owner.token,
      body: { email: regular.email, first_name: 'Budi', role: 'Barista', pin: '1357' },
    });
    expect(promoted.json().data).toMatchObject({ id: regular.id, role: 'Barista' });
    expect((await api(shop, 'GET', '/users/profile', { token: regular.token })).statusCode).toBe(401);
    expectClientError(
      await api(shop, 'POST', '/staff', {
        token: owner.token,
        body: { email: regular.email, first_name: 'Budi', role: 'Cashier', pin: '1357' },
      }),
      409,
    );
    for (const body of [
      { email: 'x@staff.test', first_name: 'X', role: 'Cashier', pin: '12' },
      { email: 'x@staff.test', first_name: 'X', role: 'Chef', pin: '1234' },
      { email: 'x@staff.test', first_name: '', role: 'Cashier', pin: '1234' },
      { email: 'x@staff.test', first_name: 'X', role: 'Cashier', pin: '12ab' },
    ]) {
      expectClientError(await api(shop, 'POST', '/staff', { token: owner.token, body }), 400);
    }
    expect((await query<{ n: number }>(shop, sql`select count(*)::int as n from users where email = 'x@staff.test'`))[0]!.n).toBe(0);
    // Only the owner manages the staff.
    const cashierSession = await switchOn(await newTill('Staff Till'), sari);
    expect((await api(shop, 'GET', '/staff', { token: cashierSession })).statusCode).toBe(403);
    expect((await api(shop, 'GET', '/staff', { token: customer.token })).statusCode).toBe(403);
  });

  it('never demotes or deactivates the last active Admin, and a role change ends the sessions at once', async () => {
    const list = (await api(shop, 'GET', '/staff', { token: owner.token })).json().data as { id: number; role: string; active: boolean }[];
    const admins = list.filter((m) => m.role === 'Admin' && m.active);
    // This shop's other Admins step down first: the owner is the last one.
    for (const admin of admins.filter((m) => m.id !== owner.id)) {
      await api(shop, 'PATCH', `/staff/${admin.id}`, { token: owner.token, body: { active: false } });
    }
    expectClientError(await api(shop, 'PATCH', `/staff/${owner.id}`, { token: owner.token, body: { role: 'Cashier' } }), 409);
    expectClientError(await api(shop, 'PATCH', `/staff/${owner.id}`, { token: owner.token, body: { active: false } }), 409);
    const second = await addMember('Admin', 'Dewi');
    const till = await newTill('Role Till');
    const secondSession = await switchOn(till, second);
    const demoted = await api(shop, 'PATCH', `/staff/${second.id}`, { token: owner.token, body: { role: 'Barista' } });
    expect(demoted.json().data.role).toBe('Barista');
    expect((await api(shop, 'GET', '/users/profile', { token: secondSession })).statusCode).toBe(401);
    // Deactivated: neither the till nor the sign-in opens.
    await api(shop, 'PATCH', `/staff/${second.id}`, { token: owner.token, body: { active: false } });
    expect((await unlock(till, second.id, second.pin)).statusCode).toBe(401);
    expect((await api(shop, 'GET', '/tills/device', { headers: { [TILL_KEY_HEADER]: till.key } })).json().data.staff).not.toContainEqual(
      expect.objectContaining({ id: second.id }),
    );
  });
});

describe('a shared counter device', () => {
  it('lists the names with a PIN; five wrong PINs lock that name on that till for five minutes', async () => {
    const ani = await addMember('Cashier', 'Ani', '9753');
    const eko = await addMember('Cashier', 'Eko', '8642');
    const till = await newTill('Till Lock');
    expect((await api(shop, 'GET', '/tills/device', { headers: { [TILL_KEY_HEADER]: 'not-a-key' } })).statusCode).toBe(401);
    const device = (await api(shop, 'GET', '/tills/device', { headers: { [TILL_KEY_HEADER]: till.key } })).json().data;
    expect(device.till.name).toBe('Till Lock');
    expect(device.staff).toContainEqual({ id: ani.id, name: 'Ani', role: 'Cashier' });
    const wrong = [];
    for (let i = 0; i < 6; i++) wrong.push((await unlock(till, ani.id, '0000')).statusCode);
    expect(wrong).toEqual([401, 401, 401, 401, 401, 429]);
    const locked = await unlock(till, ani.id, ani.pin);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(200);
    // Another name on the same till, and the same name on another till, are not locked.
    expect((await unlock(till, eko.id, eko.pin)).statusCode).toBe(200);
    expect((await unlock(await newTill('Till Other'), ani.id, ani.pin)).statusCode).toBe(200);
    // Taken out of use, the device's key stops at once.
    await api(shop, 'DELETE', `/tills/${till.id}`, { token: owner.token });
    expect((await unlock(till, eko.id, eko.pin)).statusCode).toBe(401);
  });
});

describe('sales at the till and a shift that balances', () => {
  it('opens a shift, sells for cash with change, by card, collects a phone order, refunds with an Admin PIN, and closes at variance 0', async () => {
    const sari = await addMember('Cashier', 'Sari');
    const budi = await addMember('Barista', 'Budi');
    const till = await newTill('Till 1');
    const cashier = await switchOn(till, sari);

    // No shift yet: a cash sale is refused, said clearly.
    expectClientError(await sell(cashier, { cash_tendered: 50000 }), 409, 'no_open_shift');
    expectClientError(await api(shop, 'GET', '/shifts/current', { token: cashier }), 409, 'no_open_shift');
    const opened = await api(shop, 'POST', '/shifts', { token: cashier, body: { opening_cash: 200000 } });
    expect(opened.statusCode, opened.body).toBe(201);
    const shift = opened.json().data;
    expect(shift).toMatchObject({ status: 'open', opening_cash: 200000, till: { name: 'Till 1' }, opened_by: { name: 'Sari' } });
    expectClientError(await api(shop, 'POST', '/shifts', { token: cashier, body: { opening_cash: 1000 } }), 409);

    // Two items for cash: the change, the order Pending on the kitchen display with its number.
    const sale = await sell(cashier, { items: [line(latte), line(toast)], cash_tendered: 50000, guest_name: 'Ayu' });
    expect(sale.statusCode, sale.body).toBe(201);
    const sold = sale.json().data;
    expect(sold).toMatchObject({
      source: 'counter',
      status_id: STATUS.pending,
      total: 43000,
      customer: { id: null, display_name: 'Ayu' },
      payment: { status: 'paid', cash_tendered: 50000, change: 7000, rounding: 0, taken_by: { id: sari.id, display_name: 'Sari' } },
    });
    // Its receipt says how it was paid, what was handed over, the change and who took it (docs/shop-rules.md#receipts).
    const receipt = (await api(shop, 'GET', `/transactions/${sold.id}/receipt`, { token: cashier })).body;
    for (const row of ['Cash received</th><td>IDR 50.000', 'Change</th><td>IDR 7.000', 'Total</th><td>IDR 43.000'])
      expect(receipt).toContain(row);
    for (const text of ['Paid by Cash', 'Cashier: Sari', 'For Ayu', 'Pick Up']) expect(receipt).toContain(text);
    // Sent again with its key (the outbox after a lost answer), even once another cashier is switched on there: one sale.
    const other = await switchOn(till, await addMember('Cashier', 'Tono'));
    const resent = await api(shop, 'POST', '/transactions', {
      token: other,
      headers: { 'idempotency-key': `till-${keys}` },
      body: {
        items: [line(latte), line(toast)],
        delivery_id: 3,
        payment_id: PAYMENT.cash,
        source: 'counter',
        cash_tendered: 50000,
        guest_name: 'Ayu',
      },
    });
    expect([resent.statusCode, resent.json().data.id]).toEqual([200, sold.id]);
    const queue = (await api(shop, 'GET', '/transactions?status=1&limit=50', { token: owner.token })).json().data as { id: number }[];
    expect(queue.map((o) => o.id)).toContain(sold.id);
    // Too little cash: refused, nothing stored.
    const before = (await query<{ n: number }>(shop, sql`select count(*)::int as n from transactions`))[0]!.n;
    const short = await sell(cashier, { cash_tendered: 20000 });
    expect(short.statusCode).toBe(400);
    expect(short.json().msg).toBe('The cash handed over (IDR 20.000) is less than the amount to pay (IDR 25.000)');
    expect((await query<{ n: number }>(shop, sql`select count(*)::int as n from transactions`))[0]!.n).toBe(before);
    // A card on the terminal, with its reference.
    const card = (await sell(cashier, { payment_id: PAYMENT.card, card_reference: 'EDC-0042' })).json().data;
    expect(card.payment).toMatchObject({ status: 'paid', reference: 'EDC-0042', cash_tendered: null });
    // What the till does not sell: a table's order, a coupon, a delivery, a bank transfer.
    for (const wrong of [{ delivery_id: 2, address: 'Jl. Braga 1' }, { payment_id: PAYMENT.bankTransfer, bank: 'bca' }, { promo_id: 1 }]) {
      expect((await sell(cashier, wrong)).statusCode).toBe(400);
    }
    // A Barista sells nothing; an Admin's session off the till has no drawer.
    const barista = await switchOn(till, budi);
    expect((await sell(barista, { cash_tendered: 50000 })).statusCode).toBe(403);
    expectClientError(await sell(owner.token, { cash_tendered: 50000 }), 400);

    // Cash in and out by hand, out with its reason.
    expectClientError(await api(shop, 'POST', `/shifts/${shift.id}/cash`, { token: cashier, body: { amount: -20000 } }), 400);
    await api(shop, 'POST', `/shifts/${shift.id}/cash`, { token: cashier, body: { amount: -20000, reason: 'Milk from the market' } });
    await api(shop, 'POST', `/shifts/${shift.id}/cash`, { token: cashier, body: { amount: 50000, reason: 'Change from the bank' } });

    // A customer's phone order paid in cash, collected at the counter; twice is a 409.
    const phone = (
      await api(shop, 'POST', '/transactions', { token: customer.token, body: orderBody(latte.id, { payment_id: PAYMENT.cash }) })
    ).json().data;
    expect(phone.payment.status).toBe('none');
    // The till lists it to collect (not the card order, nor the till's own paid sales, nor a Door Delivery's cash).
    const delivery = (
      await api(shop, 'POST', '/transactions', {
        token: customer.token,
        body: orderBody(latte.id, { payment_id: PAYMENT.cash, delivery_id: 2, address: 'Jl. Braga 12' }),
      })
    ).json().data;
    const toCollect = async () =>
      ((await api(shop, 'GET', '/transactions/to-collect', { token: cashier })).json().data as { id: number }[]).map((o) => o.id);
    expect(await toCollect()).toEqual([phone.id]);
    expect(delivery.id).toBeGreaterThan(phone.id);
    const collected = await api(shop, 'POST', `/transactions/${phone.id}/collect`, { token: cashier, body: { cash_tendered: 30000 } });
    expect(collected.statusCode, collected.body).toBe(200);
    expect(collected.json().data.payment).toMatchObject({ status: 'paid', cash_tendered: 30000, change: 5000 });
    expectClientError(
      await api(shop, 'POST', `/transactions/${phone.id}/collect`, { token: cashier, body: { cash_tendered: 30000 } }),
      409,
    );
    expectClientError(await api(shop, 'POST', `/transactions/${card.id}/collect`, { token: cashier, body: { cash_tendered: 30000 } }), 400);
    expect(await toCollect()).toEqual([]);

    // A refund of a cash sale: a Barista cannot cancel, a Cashier needs an Admin's PIN, and the cash
    // leaves the drawer; the cancellation is never undone.
    const refundable = (await sell(cashier, { cash_tendered: 25000 })).json().data;
    const cancel = (token: string, approval?: object) =>
      api(shop, 'PATCH', `/transactions/${refundable.id}`, {
        token,
        body: { status_id: STATUS.cancelled, reason: 'Wrong drink', approval },
      });
    expectClientError(await cancel(barista), 403);
    expectClientError(await cancel(cashier), 403, 'approval_needed');
    const ownerPin = await addMember('Admin', 'Pak Owner', '4321');
    expectClientError(await cancel(cashier, { admin_id: ownerPin.id, pin: '0000' }), 401);
    expectClientError(await cancel(cashier, { admin_id: sari.id, pin: sari.pin }), 403);
    const refunded = await cancel(cashier, { admin_id: ownerPin.id, pin: ownerPin.pin });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data).toMatchObject({ status_id: STATUS.cancelled, payment: { status: 'refunded' } });
    expectClientError(await api(shop, 'POST', `/transactions/${refundable.id}/undo`, { token: owner.token }), 409);

    // The drawer: 200.000 + (50.000 + 30.000 + 25.000) − (7.000 + 5.000) − 25.000 + 50.000 − 20.000.
    // Closing is blind: the cashier is not told it before counting; the owner is.
    const now = (await api(shop, 'GET', '/shifts/current', { token: cashier })).json().data;
    expect(now.expected_cash).toBeNull();
    expect((await api(shop, 'GET', `/shifts/${shift.id}/report`, { token: cashier })).json().data.expected_cash).toBeNull();
    expect((await api(shop, 'GET', `/shifts/${shift.id}/report`, { token: owner.token })).json().data.expected_cash).toBe(298000);
    expect(now).toMatchObject({
      cash_received: 105000,
      change_given: 12000,
      cash_refunds: 25000,
      cash_in: 50000,
      cash_out: 20000,
      counted_cash: null,
      variance: null,
      refunds: { orders: 1, amount: 25000 },
    });
    expect(now.by_method).toEqual([
      { payment_id: PAYMENT.card, orders: 1, amount: 25000 },
      { payment_id: PAYMENT.cash, orders: 3, amount: 93000 },
    ]);
    expect(now.movements.map((m: { amount: number; reason: string }) => [m.amount, m.reason])).toEqual([
      [-20000, 'Milk from the market'],
      [50000, 'Change from the bank'],
    ]);

    // A blind close: counted, then the report; a closed shift never changes.
    const closed = await api(shop, 'POST', `/shifts/${shift.id}/close`, {
      token: cashier,
      body: { counted_cash: 298000, count: { '100000': 2, '50000': 1, '20000': 2, '5000': 1, '2000': 1, '1000': 1 } },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({
      status: 'closed',
      expected_cash: 298000,
      counted_cash: 298000,
      variance: 0,
      closed_by: { name: 'Sari' },
    });
    expectClientError(await api(shop, 'POST', `/shifts/${shift.id}/cash`, { token: cashier, body: { amount: 1000 } }), 409);
    expectClientError(await api(shop, 'POST', `/shifts/${shift.id}/close`, { token: cashier, body: { counted_cash: 1 } }), 409);
    expectClientError(await sell(cashier, { cash_tendered: 50000 }), 409, 'no_open_shift');
    const report = (await api(shop, 'GET', `/shifts/${shift.id}/report`, { token: cashier })).json().data;
    expect(report.variance).toBe(0);
    // The owner's list of shifts, with their variance; the next shift has the next number.
    const listed = (await api(shop, 'GET', '/shifts', { token: owner.token })).json().data as { id: number; variance: number }[];
    expect(listed.find((s) => s.id === shift.id)?.variance).toBe(0);
    expect((await api(shop, 'GET', '/shifts', { token: cashier })).statusCode).toBe(403);
    const next = (await api(shop, 'POST', '/shifts', { token: cashier, body: { opening_cash: 0 } })).json().data;
    expect(next.number).toBeGreaterThan(shift.number);
    await api(shop, 'POST', `/shifts/${next.id}/close`, { token: cashier, body: { counted_cash: 0 } });
  });

  it('collects a phone order once when two tills tap Collect at the same moment', async () => {
    const tills = [await newTill('Till Race A'), await newTill('Till Race B')];
    const cashiers = [
      await switchOn(tills[0]!, await addMember('Cashier', 'Race A')),
      await switchOn(tills[1]!, await addMember('Cashier', 'Race B')),
    ];
    for (const token of cashiers) {
      expect((await api(shop, 'POST', '/shifts', { token, body: { opening_cash: 100000 } })).statusCode).toBe(201);
    }
    const phone = (
      await api(shop, 'POST', '/transactions', { token: customer.token, body: orderBody(latte.id, { payment_id: PAYMENT.cash }) })
    ).json().data;
    const answers = await Promise.all(
      cashiers.map((token) => api(shop, 'POST', `/transactions/${phone.id}/collect`, { token, body: { cash_tendered: 50000 } })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    // The cash is in one drawer only.
    const received = await Promise.all(
      cashiers.map(async (token) => (await api(shop, 'GET', '/shifts/current', { token })).json().data.cash_received as number),
    );
    expect(received.sort((a, b) => a - b)).toEqual([0, 50000]);
  });

  it('rounds cash to Rp 100 when the shop does, as a line of its own', async () => {
    await api(shop, 'PATCH', '/shop/settings', { token: owner.token, body: { cash_rounding: 100, tax_rate: 10, service_rate: 5 } });
    try {
      const till = await newTill('Till Round');
      const cashier = await switchOn(till, await addMember('Cashier', 'Rudi'));
      const shift = (await api(shop, 'POST', '/shifts', { token: cashier, body: { opening_cash: 0 } })).json().data;
      // Dine In: 25.000 + service 1.250 + PBJT 2.625 = 28.875, asked 28.900: the quote says so, for "Exact".
      const quoted = await api(shop, 'POST', '/transactions/quote', {
        token: cashier,
        body: { items: [line(latte)], delivery_id: 1, payment_id: PAYMENT.cash, source: 'counter' },
      });
      expect(quoted.json().data, quoted.body).toMatchObject({ total: 28875, cash_to_pay: 28900 });
      const exact = (await sell(cashier, { delivery_id: 1, cash_tendered: 28900 })).json().data;
      expect(exact.payment).toMatchObject({ rounding: 25, change: 0 });
      const sale = (await sell(cashier, { delivery_id: 1, cash_tendered: 30000 })).json().data;
      expect(sale).toMatchObject({ total: 28875, tax: 2625, payment: { rounding: 25, change: 1100 } });
      const closed = (await api(shop, 'POST', `/shifts/${shift.id}/close`, { token: cashier, body: { counted_cash: 57800 } })).json().data;
      expect(closed).toMatchObject({ cash_received: 58900, change_given: 1100, rounding: 50, expected_cash: 57800, variance: 0 });
    } finally {
      await api(shop, 'PATCH', '/shop/settings', { token: owner.token, body: { cash_rounding: 0, tax_rate: 0, service_rate: 0 } });
    }
  });

  it('keeps the Z report exact to the rupiah over any day of sales, collections, refunds and cash moved', async () => {
    const till = await newTill('Till Random');
    const cashier = await switchOn(till, await addMember('Cashier', 'Wati'));
    const admin = await switchOn(till, await addMember('Admin', 'Bos'));
    const Step = fc.oneof(
      fc.record({ kind: fc.constant('sale' as const), qty: fc.integer({ min: 1, max: 3 }), extra: fc.integer({ min: 0, max: 60_000 }) }),
      fc.record({ kind: fc.constant('card' as const), qty: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ kind: fc.constant('collect' as const), extra: fc.integer({ min: 0, max: 20_000 }) }),
      fc.record({ kind: fc.constant('refund' as const) }),
      // A sale made in a network blip: the outbox sends it late, and again when the answer was lost.
      fc.record({ kind: fc.constant('late' as const), extra: fc.integer({ min: 0, max: 30_000 }) }),
      fc.record({ kind: fc.constant('move' as const), amount: fc.integer({ min: -50_000, max: 50_000 }).filter((a) => a !== 0) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 500_000 }), fc.array(Step, { maxLength: 8 }), async (opening, steps) => {
        const shift = (await api(shop, 'POST', '/shifts', { token: cashier, body: { opening_cash: opening } })).json().data;
        let expected = opening;
        const cashSales: { id: number; paid: number }[] = [];
        for (const step of steps) {
          if (step.kind === 'sale') {
            const paid = 25000 * step.qty;
            const res = await sell(cashier, { items: [line(latte, step.qty)], cash_tendered: paid + step.extra });
            expect(res.statusCode, res.body).toBe(201);
            cashSales.push({ id: res.json().data.id, paid });
            expected += paid;
          } else if (step.kind === 'late') {
            const key = { 'idempotency-key': `late-${++keys}` };
            const body = {
              items: [line(latte)],
              delivery_id: 3,
              payment_id: PAYMENT.cash,
              source: 'counter',
              cash_tendered: 25000 + step.extra,
            };
            const first = await api(shop, 'POST', '/transactions', { token: cashier, headers: key, body });
            const again = await api(shop, 'POST', '/transactions', { token: cashier, headers: key, body });
            expect([first.statusCode, again.json().data.id], again.body).toEqual([201, first.json().data.id]);
            cashSales.push({ id: first.json().data.id, paid: 25000 });
            expected += 25000;
          } else if (step.kind === 'card') {
            expect((await sell(cashier, { items: [line(latte, step.qty)], payment_id: PAYMENT.card })).statusCode).toBe(201);
          } else if (step.kind === 'collect') {
            const phone = (
              await api(shop, 'POST', '/transactions', { token: customer.token, body: orderBody(toast.id, { payment_id: PAYMENT.cash }) })
            ).json().data;
            const res = await api(shop, 'POST', `/transactions/${phone.id}/collect`, {
              token: cashier,
              body: { cash_tendered: 18000 + step.extra },
            });
            expect(res.statusCode, res.body).toBe(200);
            expected += 18000;
          } else if (step.kind === 'refund') {
            const sale = cashSales.pop();
            if (!sale) continue;
            const res = await api(shop, 'PATCH', `/transactions/${sale.id}`, {
              token: admin,
              body: { status_id: STATUS.cancelled, reason: 'Refund' },
            });
            expect(res.statusCode, res.body).toBe(200);
            expected -= sale.paid;
          } else {
            const res = await api(shop, 'POST', `/shifts/${shift.id}/cash`, {
              token: cashier,
              body: { amount: step.amount, reason: 'Cash' },
            });
            expect(res.statusCode, res.body).toBe(200);
            expected += step.amount;
          }
        }
        const closed = (
          await api(shop, 'POST', `/shifts/${shift.id}/close`, { token: cashier, body: { counted_cash: Math.max(0, expected) } })
        ).json().data;
        expect(closed.expected_cash).toBe(expected);
        expect(closed.variance).toBe(Math.max(0, expected) - expected);
      }),
      { numRuns: 6, seed: 20_261_128 },
    );
  });
});
