import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PAYMENT, STATUS, TILL_KEY_HEADER } from '@kopi/shared';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../../../tools/payments-sandbox/sandbox.ts';
import { buildApp } from '../src/app.ts';
import { intArray, openDatabase } from '../src/db/client.ts';
import { addProduct, api, createTestShop, onPostgres, signUpAs, type TestShop, testConfig } from './helpers.ts';
import { orderBody, query } from './matrix-helpers.ts';
import { listenLocally, SseClient } from './sse-client.ts';

// Getting paid (docs/shop-rules.md#payments): QRIS and bank transfer through Midtrans, spoken to
// over its wire format by the local sandbox (tools/payments-sandbox), with its notifications,
// the status API's confirmation, expiry and refunds.

const SERVER_KEY = 'SB-Mid-server-test-key-0123456789';

type Account = Awaited<ReturnType<typeof signUpAs>>;
let sandbox: Sandbox;
let shop: TestShop;
let base: string;
let admin: Account;
let rina: Account;
let latte: { id: number };
const open: SseClient[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ serverKey: SERVER_KEY });
  shop = await createTestShop({
    authRateLimit: { perIp: 100_000, perEmail: 1000, perAccount: 100_000, windowSeconds: 900 },
    payments: { midtrans: { serverKey: SERVER_KEY, apiUrl: sandbox.url }, expirySeconds: 60 },
  });
  base = await listenLocally(shop.app);
  admin = await signUpAs(shop, 'Admin', { display_name: 'Barista Bima' });
  rina = await signUpAs(shop, 'User', { display_name: 'Rina' });
  latte = await addProduct(shop, admin.token, { product_name: 'Paid Latte', price: 25000, category_id: 2 });
});
afterEach(async () => {
  sandbox.refuseRefunds(false);
  for (const client of open.splice(0)) await client.close();
});
afterAll(async () => {
  await shop?.close();
  await sandbox?.close();
});

async function placeOnline(extra: Record<string, unknown> = { payment_id: 4 }) {
  const res = await api(shop, 'POST', '/transactions', { token: rina.token, body: orderBody(latte.id, { qty: 2, ...extra }) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** The gateway's order id of a shop's order (the sandbox's key). */
function gatewayIdOf(orderId: number): string {
  const found = [...sandbox.charges.keys()].find((id) => id.startsWith(`kopi-${orderId}-`));
  if (!found) throw new Error(`no charge for order ${orderId}`);
  return found;
}

const detail = async (id: number) => (await api(shop, 'GET', `/transactions/${id}`, { token: admin.token })).json().data;
const eventCount = async (id: number) =>
  (await query<{ n: number }>(shop, sql`select count(*)::int as n from order_events where transaction_id = ${id}`))[0]!.n;
const unitsSold = async () =>
  (await query<{ n: number }>(shop, sql`select units_sold as n from product_units_sold where product_id = ${latte.id}`))[0]!.n;

async function until(check: () => Promise<boolean>, ms: number) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('an order paid by QRIS', () => {
  it('waits in Awaiting payment with its QR code, off the counter, charged with its total and the notification URL', async () => {
    const order = await placeOnline();
    expect(order).toMatchObject({
      status_id: STATUS.awaitingPayment,
      status_name: 'Awaiting payment',
      payment_id: 4,
      payment_method: 'QRIS',
    });
    expect(order.payment).toMatchObject({ method_id: 4, status: 'awaiting', qr_string: expect.any(String), paid_at: null });
    const expires = new Date(order.payment.expires_at).getTime() - new Date(order.created_at).getTime();
    expect(expires).toBe(60_000);

    const charge = sandbox.charges.get(gatewayIdOf(order.id))!;
    expect(charge.request).toMatchObject({
      payment_type: 'qris',
      transaction_details: { gross_amount: order.total },
      custom_expiry: { expiry_duration: 60, unit: 'second' },
    });
    // The shop's own address (PUBLIC_URL; here the one it listens on).
    expect(charge.notificationUrl).toBe(`${base.replace('127.0.0.1', 'localhost')}/api/coffee-project/payments/midtrans/notification`);

    // Not on the counter's queue, nor on the pick-up screen.
    const queue = (await api(shop, 'GET', '/transactions?status=1&limit=50', { token: admin.token })).json().data;
    expect(queue.map((o: { id: number }) => o.id)).not.toContain(order.id);
    expect((await api(shop, 'GET', '/shop')).json().data.online_payments).toBe(true);
  });

  it('becomes Pending when paid, on the board at once; the same notification again changes nothing', async () => {
    const board = await SseClient.open(base, admin.token);
    open.push(board);
    await board.until((c) => c.comments.includes('connected'));
    const order = await placeOnline();
    const delivery = await sandbox.pay(gatewayIdOf(order.id));
    expect(delivery?.status, delivery?.body).toBe(200);
    expect(JSON.parse(delivery!.body).data.outcome).toBe('paid');

    const paid = await detail(order.id);
    expect(paid.status_id).toBe(STATUS.pending);
    expect((await query<{ counted: boolean }>(shop, sql`select counted from transactions where id = ${order.id}`))[0]!.counted).toBe(true);
    expect(paid.payment).toMatchObject({ status: 'paid', paid_at: expect.any(String), qr_string: null });
    expect(paid.events.at(-1)).toMatchObject({ status_id: STATUS.pending, by: null, reason: 'Paid by QRIS' });
    await board.until((c) => c.of(order.id).some((e) => e.data.type === 'created' && e.data.order.status_id === STATUS.pending), 1000);

    const events = await eventCount(order.id);
    const again = await sandbox.send(gatewayIdOf(order.id), delivery!.notification);
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body).data.outcome).toBe('unchanged');
    expect(await eventCount(order.id)).toBe(events);
  });

  it('changes nothing for a forged signature (403), a wrong amount (400), an unknown order (404) or a bad body (400)', async () => {
    const order = await placeOnline();
    const id = gatewayIdOf(order.id);
    const genuine = sandbox.notificationFor(id, 'settlement');
    // Its last hex digit changed (to one it is not: a genuine key ending in 0 would be no forgery).
    const signature = String(genuine.signature_key);
    const forged = { ...genuine, signature_key: `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}` };
    expect((await sandbox.send(id, forged)).status).toBe(403);
    expect((await sandbox.send(id, { ...genuine, signature_key: 'short' })).status).toBe(403);

    // Signed right, but claiming another amount: a shop's key in the wrong hands, or a bug.
    const { createHash } = await import('node:crypto');
    const sign = (o: string, code: string, amount: string) =>
      createHash('sha512')
        .update(o + code + amount + SERVER_KEY)
        .digest('hex');
    const cheaper = { ...genuine, gross_amount: '1000.00', signature_key: sign(id, String(genuine.status_code), '1000.00') };
    expect((await sandbox.send(id, cheaper)).status).toBe(400);
    const unknown = {
      ...genuine,
      order_id: 'kopi-0-none',
      signature_key: sign('kopi-0-none', String(genuine.status_code), String(genuine.gross_amount)),
    };
    expect((await sandbox.send(id, unknown)).status).toBe(404);
    expect((await sandbox.send(id, { hello: 'world' })).status).toBe(400);
    expect((await detail(order.id)).status_id).toBe(STATUS.awaitingPayment);
  });

  it('acts only on what the status API confirms', async () => {
    const order = await placeOnline();
    const id = gatewayIdOf(order.id);
    const claimed = await sandbox.notify(id, 'settlement'); // the charge is still pending at the gateway
    expect(claimed.status).toBe(409);
    expect((await detail(order.id)).status_id).toBe(STATUS.awaitingPayment);
    sandbox.statusApiSays(id, undefined);
  });

  it('is cancelled, its units given back, when the payment expires or is denied', async () => {
    const before = await unitsSold();
    const expired = await placeOnline();
    const denied = await placeOnline();
    expect(await unitsSold()).toBe(before + 4);
    expect((await sandbox.expire(gatewayIdOf(expired.id)))?.status).toBe(200);
    expect((await sandbox.fail(gatewayIdOf(denied.id)))?.status).toBe(200);
    const [e, d] = [await detail(expired.id), await detail(denied.id)];
    expect(e).toMatchObject({ status_id: STATUS.cancelled, payment: { status: 'expired' } });
    expect(e.events.at(-1).reason).toBe('Payment expired');
    expect(d).toMatchObject({ status_id: STATUS.cancelled, payment: { status: 'failed' } });
    expect(d.events.at(-1).reason).toBe('Payment failed');
    expect(await unitsSold()).toBe(before);
    // Orders that were never paid are not counted by the dashboard.
    const counted = await query<{ id: number; counted: boolean }>(
      shop,
      sql`select id, counted from transactions where id in (${expired.id}, ${denied.id}) order by id`,
    );
    expect(counted.map((r) => r.counted)).toEqual([false, false]);
  });
});

describe('a QRIS sale at the till', () => {
  it("shows its QR code at the counter, becomes Pending when paid, and counts as QRIS in the till's shift, never as cash", async () => {
    const staff = await api(shop, 'POST', '/staff', {
      token: admin.token,
      body: { email: 'qris-cashier@staff.test', first_name: 'Sari', role: 'Cashier', pin: '2468' },
    });
    expect(staff.statusCode, staff.body).toBe(201);
    const till = (await api(shop, 'POST', '/tills', { token: admin.token, body: { name: 'Till QRIS' } })).json().data;
    const unlocked = await api(shop, 'POST', '/tills/device/unlock', {
      headers: { [TILL_KEY_HEADER]: till.device_key },
      body: { user_id: staff.json().data.id, pin: '2468' },
    });
    const cashier = unlocked.json().data.token as string;
    expect((await api(shop, 'POST', '/shifts', { token: cashier, body: { opening_cash: 100000 } })).statusCode).toBe(201);

    const sale = await api(shop, 'POST', '/transactions', {
      token: cashier,
      headers: { 'idempotency-key': 'till-qris-1' },
      body: { items: [{ product_id: latte.id, qty: 2, size_id: 1 }], delivery_id: 3, payment_id: PAYMENT.qris, source: 'counter' },
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const placed = sale.json().data;
    expect(placed).toMatchObject({
      source: 'counter',
      status_id: STATUS.awaitingPayment,
      payment: { status: 'awaiting', qr_string: expect.any(String) },
    });
    // The till follows it: the cashier may read the order it rang up.
    expect((await api(shop, 'GET', `/transactions/${placed.id}`, { token: cashier })).json().data.status_id).toBe(STATUS.awaitingPayment);

    expect((await sandbox.pay(gatewayIdOf(placed.id)))?.status).toBe(200);
    const paid = (await api(shop, 'GET', `/transactions/${placed.id}`, { token: cashier })).json().data;
    expect(paid).toMatchObject({ status_id: STATUS.pending, payment: { status: 'paid' } });
    const shift = (await api(shop, 'GET', '/shifts/current', { token: cashier })).json().data;
    expect(shift.by_method).toContainEqual({ payment_id: PAYMENT.qris, orders: 1, amount: placed.total });
    // Nothing in the drawer: the expected cash stays hidden until the blind count, but none was received.
    expect(shift).toMatchObject({ opening_cash: 100000, cash_received: 0, change_given: 0 });
  });
});

describe('a bank transfer to a virtual account', () => {
  it('needs a bank, offers its account number, and cannot be refunded by the gateway: the order says so', async () => {
    const none = await api(shop, 'POST', '/transactions', { token: rina.token, body: orderBody(latte.id, { payment_id: 2 }) });
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toMatch(/needs the bank of its virtual account/);
    const other = await api(shop, 'POST', '/transactions', {
      token: rina.token,
      body: orderBody(latte.id, { payment_id: 2, bank: 'mandiri' }),
    });
    expect(other.statusCode).toBe(400);

    const order = await placeOnline({ payment_id: 2, bank: 'bni' });
    expect(order.payment).toMatchObject({ status: 'awaiting', bank: 'bni', va_number: expect.stringMatching(/^\d+$/) });
    expect(sandbox.charges.get(gatewayIdOf(order.id))!.request).toMatchObject({
      payment_type: 'bank_transfer',
      bank_transfer: { bank: 'bni' },
    });
    await sandbox.pay(gatewayIdOf(order.id));
    expect((await detail(order.id)).events.at(-1).reason).toBe('Paid by BNI transfer');

    const cancel = await api(shop, 'PATCH', `/transactions/${order.id}`, {
      token: admin.token,
      body: { status_id: 3, reason: 'Out of milk' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().data.payment).toMatchObject({ status: 'paid', refund_failed: expect.stringMatching(/refused the refund/) });
  });
});

describe('refunds', () => {
  it('gives a paid order back in full when the shop or its customer cancels it, and every screen hears of it', async () => {
    const board = await SseClient.open(base, admin.token);
    open.push(board);
    await board.until((c) => c.comments.includes('connected'));
    const byShop = await placeOnline();
    await sandbox.pay(gatewayIdOf(byShop.id));
    const res = await api(shop, 'PATCH', `/transactions/${byShop.id}`, {
      token: admin.token,
      body: { status_id: 3, reason: 'Machine broke' },
    });
    expect(res.json().data.payment).toMatchObject({ status: 'refunded', refund_failed: null });
    const refunds = sandbox.charges.get(gatewayIdOf(byShop.id))!.refunds;
    expect(refunds).toMatchObject([{ amount: byShop.total, reason: 'Machine broke' }]);
    await board.until((c) => c.of(byShop.id).some((e) => e.data.order.payment.status === 'refunded'), 1000);
    // The refund is not a move: the history shows the cancellation last.
    expect((await detail(byShop.id)).events.at(-1)).toMatchObject({ status_id: STATUS.cancelled, reason: 'Machine broke' });

    // Money given back stays given back: the cancellation cannot be undone (docs/security.md).
    const undo = await api(shop, 'POST', `/transactions/${byShop.id}/undo`, { token: admin.token, headers: { 'accept-language': 'id' } });
    expect(undo.statusCode).toBe(409);
    expect(undo.json().msg).toBe(
      `Pesanan #${byShop.id} pindah ke Dibatalkan dengan uangnya diterima atau dikembalikan: itu tidak dapat diurungkan`,
    );
    expect(await detail(byShop.id)).toMatchObject({ status_id: STATUS.cancelled, payment: { status: 'refunded' } });

    const byCustomer = await placeOnline();
    await sandbox.pay(gatewayIdOf(byCustomer.id));
    // Nor can the gateway's "paid" be undone: the order would wait for a payment it has, and expire.
    const unpay = await api(shop, 'POST', `/transactions/${byCustomer.id}/undo`, { token: admin.token });
    expect(unpay.statusCode).toBe(409);
    expect(unpay.json().msg).toBe(`Order #${byCustomer.id} moved to Pending with its money taken or given back: that cannot be undone`);
    expect((await detail(byCustomer.id)).status_id).toBe(STATUS.pending);
    const mine = await api(shop, 'POST', `/transactions/${byCustomer.id}/cancel`, { token: rina.token, body: {} });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.payment.status).toBe('refunded');
  });

  it('leaves a refused refund visible: cancelled, still paid, "refund by hand"', async () => {
    const order = await placeOnline();
    await sandbox.pay(gatewayIdOf(order.id));
    sandbox.refuseRefunds(true);
    const res = await api(shop, 'PATCH', `/transactions/${order.id}`, {
      token: admin.token,
      body: { status_id: 3, reason: 'Closed early' },
    });
    expect(res.json().data).toMatchObject({ status_id: STATUS.cancelled, payment: { status: 'paid', refund_failed: expect.any(String) } });
  });

  it('asks the gateway before cancelling at expiry: a payment settled in the last seconds, its notification late, is paid', async () => {
    const order = await placeOnline();
    // Paid at the gateway; its notification has not reached the shop yet.
    sandbox.statusApiSays(gatewayIdOf(order.id), 'settlement');
    await query(shop, sql`update payments set expires_at = now() - interval '1 second' where transaction_id = ${order.id}`);
    // The sweep runs every second.
    await until(async () => (await detail(order.id)).status_id !== STATUS.awaitingPayment, 5000);
    const swept = await detail(order.id);
    expect(swept).toMatchObject({ status_id: STATUS.pending, payment: { status: 'paid' } });
    expect(sandbox.charges.get(gatewayIdOf(order.id))!.refunds).toEqual([]);
    sandbox.statusApiSays(gatewayIdOf(order.id), undefined);

    // One the gateway still calls pending waits past its time (the gateway expires it too), then goes.
    const pending = await placeOnline();
    await query(shop, sql`update payments set expires_at = now() - interval '5 seconds' where transaction_id = ${pending.id}`);
    await new Promise((r) => setTimeout(r, 2500));
    expect((await detail(pending.id)).status_id).toBe(STATUS.awaitingPayment);
    sandbox.statusApiSays(gatewayIdOf(pending.id), 'expire');
    await until(async () => (await detail(pending.id)).status_id === STATUS.cancelled, 5000);
    expect((await detail(pending.id)).events.at(-1).reason).toBe('Payment expired');
  });

  it('refunds a payment that comes after the order expired', async () => {
    const order = await placeOnline();
    // Past its time and the grace the gateway is given to say it was paid (it says pending here).
    await query(shop, sql`update payments set expires_at = now() - interval '61 seconds' where transaction_id = ${order.id}`);
    // The sweep runs every second: cancelled within 5 s.
    await until(async () => (await detail(order.id)).status_id === STATUS.cancelled, 5000);
    const late = await sandbox.pay(gatewayIdOf(order.id));
    expect(JSON.parse(late!.body).data.outcome).toBe('refunded');
    const after = await detail(order.id);
    expect(after).toMatchObject({ status_id: STATUS.cancelled, payment: { status: 'refunded' } });
    expect(after.events.at(-1).reason).toBe('Payment expired');
  });
});

describe.runIf(onPostgres)('two instances on one PostgreSQL database', () => {
  it('cancel an expired order once between them', async () => {
    const other = await openDatabase({ url: shop.database.url!, poolSize: 5 });
    const b = await buildApp(
      testConfig({ payments: { midtrans: { serverKey: SERVER_KEY, apiUrl: sandbox.url }, expirySeconds: 60 } }),
      other,
    );
    try {
      const orders = await Promise.all(Array.from({ length: 6 }, () => placeOnline()));
      const ids = orders.map((o) => o.id);
      await query(shop, sql`update payments set expires_at = now() - interval '61 seconds' where transaction_id = any(${intArray(ids)})`);
      await until(async () => {
        const [row] = await query<{ n: number }>(
          shop,
          sql`select count(*)::int as n from transactions where id = any(${intArray(ids)}) and status_id = ${STATUS.cancelled}`,
        );
        return row!.n === ids.length;
      }, 5000);
      const cancels = await query<{ n: number }>(
        shop,
        sql`select count(*)::int as n from order_events where transaction_id = any(${intArray(ids)}) and status_id = ${STATUS.cancelled}`,
      );
      expect(cancels[0]!.n).toBe(ids.length);
    } finally {
      await b.close();
      await other.close();
    }
  });
});

describe('without a gateway, or when it fails', () => {
  it('offers no QRIS or bank transfer, naming the method (400), storing nothing', async () => {
    const plain = await createTestShop();
    try {
      const customer = await signUpAs(plain, 'User');
      const owner = await signUpAs(plain, 'Admin');
      const product = await addProduct(plain, owner.token, { product_name: 'Plain Latte', price: 20000 });
      expect((await api(plain, 'GET', '/shop')).json().data.online_payments).toBe(false);
      for (const [body, method] of [
        [{ payment_id: 4 }, 'QRIS'],
        [{ payment_id: 2, bank: 'bca' }, 'Bank Account'],
      ] as const) {
        const res = await api(plain, 'POST', '/transactions', { token: customer.token, body: orderBody(product.id, body) });
        expect(res.statusCode).toBe(400);
        expect(res.json().msg).toBe(`${method} payments are not offered by this shop: choose Card or Cash On Delivery`);
      }
      expect((await query<{ n: number }>(plain, sql`select count(*)::int as n from transactions`))[0]!.n).toBe(0);
      // A notification to a shop without payments is not known there.
      expect((await api(plain, 'POST', '/payments/midtrans/notification', { body: { order_id: 'x' } })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('answers 502 and cancels the order when the gateway does not answer', async () => {
    const down = await createTestShop({
      payments: { midtrans: { serverKey: SERVER_KEY, apiUrl: 'http://127.0.0.1:9' }, expirySeconds: 60 },
    });
    try {
      const customer = await signUpAs(down, 'User');
      const owner = await signUpAs(down, 'Admin');
      const product = await addProduct(down, owner.token, { product_name: 'Offline Latte', price: 20000 });
      const key = { 'idempotency-key': 'pay-when-down' };
      const send = () =>
        api(down, 'POST', '/transactions', { token: customer.token, body: orderBody(product.id, { payment_id: 4 }), headers: key });
      const res = await send();
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'payment_unavailable' });
      expect(res.body).not.toContain(SERVER_KEY);
      const [row] = await query<{ id: number; status_id: number }>(down, sql`select id, status_id from transactions`);
      expect(row!.status_id).toBe(STATUS.cancelled);
      const failed = await api(down, 'GET', `/transactions/${row!.id}`, { token: customer.token });
      expect(failed.json().data.payment.status).toBe('failed');
      // A retry with the key is told the same, and places nothing (a new checkout brings a new key).
      const retry = await send();
      expect(retry.statusCode).toBe(502);
      expect(retry.json()).toMatchObject({ code: 'payment_unavailable' });
      expect((await query<{ n: number }>(down, sql`select count(*)::int as n from transactions`))[0]!.n).toBe(1);
    } finally {
      await down.close();
    }
  });

  it('tells a retry during a slow charge that the order is still being placed, never "placed" for an order then cancelled', async () => {
    // A gateway whose charge hangs until released, then fails (as Midtrans under load may).
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = createServer((request, response) => {
      request.resume();
      void released.then(() => response.writeHead(500, { 'content-type': 'application/json' }).end('{"status_code":"500"}'));
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const slowShop = await createTestShop({
      payments: {
        midtrans: { serverKey: SERVER_KEY, apiUrl: `http://127.0.0.1:${(slow.address() as AddressInfo).port}` },
        expirySeconds: 60,
      },
    });
    try {
      const customer = await signUpAs(slowShop, 'User');
      const owner = await signUpAs(slowShop, 'Admin');
      const product = await addProduct(slowShop, owner.token, { product_name: 'Slow Latte', price: 20000 });
      const send = () =>
        api(slowShop, 'POST', '/transactions', {
          token: customer.token,
          body: orderBody(product.id, { payment_id: 4 }),
          headers: { 'idempotency-key': 'slow-charge' },
        });
      const orders = async () => (await query<{ n: number }>(slowShop, sql`select count(*)::int as n from transactions`))[0]!.n;
      const first = send();
      const start = Date.now();
      while ((await orders()) === 0 && Date.now() - start < 5000) await new Promise((r) => setTimeout(r, 20));
      // The order is stored and its charge asked for: a retry now is told to ask again shortly.
      const during = await send();
      expect(during.statusCode, during.body).toBe(409);
      expect(during.json()).toMatchObject({ code: 'order_in_progress' });
      expect(Number(during.headers['retry-after'])).toBeGreaterThan(0);
      release();
      expect((await first).statusCode).toBe(502);
      const after = await send();
      expect(after.statusCode).toBe(502);
      expect(after.json()).toMatchObject({ code: 'payment_unavailable' });
      expect(await orders()).toBe(1);
    } finally {
      release();
      await slowShop.close();
      await new Promise((resolve) => slow.close(resolve));
    }
  });
});
