import net from 'node:net';
import { formatIDR, PAYMENT, TILL_KEY_HEADER } from '@kopi/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { purgeOld } from '../src/modules/printing/printing.repository.ts';
import { retryDelay } from '../src/modules/printing/printing.service.ts';
import { runPrintAgent } from '../src/print-agent.ts';
import { addProduct, api, createTestShop, onPostgres, signUpAs, type TestShop, testConfig } from './helpers.ts';
import { query } from './matrix-helpers.ts';

// Receipt and station printers (docs/shop-rules.md#receipts-and-printers): what prints, on which
// printer, and a printer that is off, against "printers" that are local TCP servers recording the
// bytes they are sent. The worker's waits are shortened by its options, not by a test mode.

const ESC_INIT = Buffer.from([0x1b, 0x40]);
const CUT = Buffer.from([0x1d, 0x56]);

interface FakePrinter {
  port: number;
  /** Each connection's bytes, as received. */
  received: Buffer[];
  close(): Promise<void>;
}

/** A printer on 127.0.0.1: on `port` (0: any free one), recording what each connection sends. */
async function fakePrinter(port = 0): Promise<FakePrinter> {
  const received: Buffer[] = [];
  const server = net.createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => {
      received.push(Buffer.concat(chunks));
      socket.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Waits (bounded) until `done` holds. */
async function until(done: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error('waited too long');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const text = (bytes: Buffer) => bytes.toString('latin1');

let shop: TestShop;
let owner: Awaited<ReturnType<typeof signUpAs>>;
let customer: Awaited<ReturnType<typeof signUpAs>>;
let latte: { id: number };
let toast: { id: number };
let cashier: string;
let keys = 0;
const printers: FakePrinter[] = [];

/** The worker's waits shortened for the tests (its options: the shop's code has no test mode). */
const FAST = {
  connectTimeoutMs: 1000,
  retryBaseMs: 100,
  retryCapMs: 400,
  pollMs: 50,
  reprintWindowMs: 1500,
  maxAttempts: 60,
  agentKey: undefined,
};

beforeAll(async () => {
  shop = await createTestShop({ printing: FAST });
  owner = await signUpAs(shop, 'Admin', { display_name: 'Owner' });
  customer = await signUpAs(shop, 'User', { display_name: 'Rina' });
  latte = await addProduct(shop, owner.token, { product_name: 'Print Latte', price: 25000, category_id: 2 });
  toast = await addProduct(shop, owner.token, { product_name: 'Print Toast', price: 18000, category_id: 1 });
  // A Cashier switched on at a till, with an open shift.
  const member = await api(shop, 'POST', '/staff', {
    token: owner.token,
    body: { email: 'sari@print.test', first_name: 'Sari', role: 'Cashier', pin: '2468' },
  });
  const till = await api(shop, 'POST', '/tills', { token: owner.token, body: { name: 'Till P' } });
  const unlocked = await api(shop, 'POST', '/tills/device/unlock', {
    headers: { [TILL_KEY_HEADER]: till.json().data.device_key },
    body: { user_id: member.json().data.id, pin: '2468' },
  });
  cashier = unlocked.json().data.token;
  expect((await api(shop, 'POST', '/shifts', { token: cashier, body: { opening_cash: 100000 } })).statusCode).toBe(201);
});
afterAll(async () => {
  await shop?.close();
  await Promise.all(printers.map((printer) => printer.close()));
});

async function setPrinters(list: { name: string; port: number; prints: string; width?: number }[]) {
  const res = await api(shop, 'PATCH', '/shop/settings', {
    token: owner.token,
    body: { printers: list.map((p) => ({ name: p.name, host: '127.0.0.1', port: p.port, width: p.width ?? 80, prints: p.prints })) },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function newPrinter(port = 0) {
  const printer = await fakePrinter(port);
  printers.push(printer);
  return printer;
}

const sell = (body: Record<string, unknown> = {}) =>
  api(shop, 'POST', '/transactions', {
    token: cashier,
    headers: { 'idempotency-key': `print-${++keys}` },
    body: { items: [{ product_id: latte.id, qty: 1, size_id: 1 }], delivery_id: 3, payment_id: PAYMENT.cash, source: 'counter', ...body },
  });

describe('printers in the settings', () => {
  it('keeps valid printers and refuses a bad host, port, width, a repeated name or too many, storing nothing', async () => {
    const good = { name: 'Front', host: 'printer-1.local', port: 9100, width: 58, prints: 'receipts' };
    const saved = await api(shop, 'PATCH', '/shop/settings', {
      token: owner.token,
      body: { printers: [good, { ...good, name: 'Bar', host: '192.168.1.20', prints: 'bar' }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.printers).toHaveLength(2);
    // The port defaults to 9100.
    const { port: _port, ...noPort } = good;
    const defaulted = await api(shop, 'PATCH', '/shop/settings', { token: owner.token, body: { printers: [noPort] } });
    expect(defaulted.json().data.printers[0].port).toBe(9100);
    for (const printers of [
      [{ ...good, host: 'bad host!' }],
      [{ ...good, host: '999.1.1.1' }],
      [{ ...good, port: 0 }],
      [{ ...good, port: 70000 }],
      [{ ...good, width: 60 }],
      [{ ...good, prints: 'everything' }],
      [good, { ...good, name: 'front' }],
      Array.from({ length: 11 }, (_, i) => ({ ...good, name: `P${i}` })),
    ]) {
      const res = await api(shop, 'PATCH', '/shop/settings', { token: owner.token, body: { printers } });
      expect(res.statusCode, JSON.stringify(printers)).toBe(400);
      expect(res.json().errors?.[0]?.field).toMatch(/^printers/);
    }
    const kept = await api(shop, 'GET', '/shop/settings', { token: owner.token });
    expect(kept.json().data.printers).toEqual([{ ...good, port: 9100 }]);
  });
});

describe('what prints', () => {
  it('prints a paid sale at the till on the receipt printer: ESC @, the shop name, the total, a cut', async () => {
    const receipts = await newPrinter();
    await setPrinters([{ name: 'Front', port: receipts.port, prints: 'receipts' }]);
    const sale = await sell({ cash_tendered: 30000 });
    expect(sale.statusCode, sale.body).toBe(201);
    const sold = sale.json().data;
    await until(() => receipts.received.length === 1);
    const bytes = receipts.received[0]!;
    expect(bytes.subarray(0, 2)).toEqual(ESC_INIT);
    const settings = (await api(shop, 'GET', '/shop/settings', { token: owner.token })).json().data;
    expect(text(bytes)).toContain(settings.name);
    expect(text(bytes)).toContain(formatIDR(sold.total));
    expect(bytes.includes(CUT)).toBe(true);
    const [job] = await query<{ status: string; kind: string; attempts: number }>(
      shop,
      sql`select status, kind, attempts from print_jobs where transaction_id = ${sold.id}`,
    );
    expect(job).toMatchObject({ status: 'printed', kind: 'receipt', attempts: 1 });

    // Print again: once for a double tap; the receipt printed a moment ago is not printed again.
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const taps = await Promise.all([1, 2].map(() => api(shop, 'POST', `/transactions/${sold.id}/print`, { token: cashier })));
    expect(taps.map((tap) => tap.statusCode)).toEqual([200, 200]);
    expect(taps.map((tap) => tap.json().data.queued).sort()).toEqual([false, true]);
    await until(() => receipts.received.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receipts.received).toHaveLength(2);
    // An unknown order is a 404.
    expect((await api(shop, 'POST', '/transactions/2000000000/print', { token: cashier })).statusCode).toBe(404);
  });

  it("prints a new order's ticket on each station's printer with that station's lines only", async () => {
    const bar = await newPrinter();
    const kitchen = await newPrinter();
    await setPrinters([
      { name: 'Bar', port: bar.port, prints: 'bar' },
      { name: 'Kitchen', port: kitchen.port, prints: 'kitchen', width: 58 },
    ]);
    const placed = await api(shop, 'POST', '/transactions', {
      token: customer.token,
      body: {
        items: [
          { product_id: latte.id, qty: 2, size_id: 2 },
          { product_id: toast.id, qty: 1, size_id: 1 },
        ],
        delivery_id: 1,
        payment_id: 1,
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    await until(() => bar.received.length === 1 && kitchen.received.length === 1);
    const [barTicket, kitchenTicket] = [text(bar.received[0]!), text(kitchen.received[0]!)];
    const number = `#${placed.json().data.number}`;
    for (const ticket of [barTicket, kitchenTicket]) {
      expect(ticket.startsWith(text(ESC_INIT))).toBe(true);
      expect(ticket).toContain(number);
      expect(ticket).toContain(text(CUT));
    }
    expect(barTicket).toContain('2 x Print Latte');
    expect(barTicket).not.toContain('Print Toast');
    expect(kitchenTicket).toContain('1 x Print Toast');
    expect(kitchenTicket).not.toContain('Print Latte');
    // The number comes first, large (GS ! double width and height), before the lines.
    expect(barTicket.indexOf(number)).toBeLessThan(barTicket.indexOf('Print Latte'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([bar.received.length, kitchen.received.length]).toEqual([1, 1]);
  });

  it('holds the jobs of a printer that is off and prints them once it answers, without holding another printer', async () => {
    // A port that refuses connections: a server opened and closed again.
    const off = await fakePrinter();
    const port = off.port;
    await off.close();
    const kitchen = await newPrinter();
    await setPrinters([
      { name: 'Bar', port, prints: 'bar' },
      { name: 'Kitchen', port: kitchen.port, prints: 'kitchen' },
    ]);
    const sale = await sell({
      items: [
        { product_id: latte.id, qty: 1, size_id: 1 },
        { product_id: toast.id, qty: 1, size_id: 1 },
      ],
      cash_tendered: 50000,
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const id = sale.json().data.id;
    // The kitchen's ticket prints at once while the bar's waits.
    await until(() => kitchen.received.length === 1);
    await until(async () => {
      const [job] = await query<{ attempts: number }>(
        shop,
        sql`select attempts from print_jobs where transaction_id = ${id} and printer = 'Bar'`,
      );
      return (job?.attempts ?? 0) >= 2;
    });
    const offline = await api(shop, 'GET', '/printers/status', { token: cashier });
    expect(offline.json().data).toEqual([
      { name: 'Bar', online: false },
      { name: 'Kitchen', online: true },
    ]);
    // The bar's printer comes back on its port: the ticket prints once, late.
    const bar = await newPrinter(port);
    await until(() => bar.received.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(bar.received).toHaveLength(1);
    expect(text(bar.received[0]!)).toContain('Print Latte');
    const [job] = await query<{ status: string; last_error: string | null }>(
      shop,
      sql`select status, last_error from print_jobs where transaction_id = ${id} and printer = 'Bar'`,
    );
    expect(job).toMatchObject({ status: 'printed', last_error: null });
    const online = await api(shop, 'GET', '/printers/status', { token: cashier });
    expect(online.json().data.every((printer: { online: boolean }) => printer.online)).toBe(true);
  });
});

describe('the queue', () => {
  it('waits 2 s, 4 s, 8 s … at most 60 s between attempts by default', () => {
    const defaults = { retryBaseMs: 2000, retryCapMs: 60_000 };
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((failed) => retryDelay(failed, defaults))).toEqual([
      2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });

  it('deletes the jobs done with a week ago, and keeps those still to print', async () => {
    await query(
      shop,
      sql`insert into print_jobs (printer, kind, bytes, status, created_at, next_attempt_at) values
        ('Old', 'receipt', '\\x00', 'printed', now() - interval '8 days', now() + interval '1 day'),
        ('Old', 'receipt', '\\x00', 'failed', now() - interval '8 days', now() + interval '1 day'),
        ('Old', 'receipt', '\\x00', 'queued', now() - interval '8 days', now() + interval '1 day'),
        ('Old', 'receipt', '\\x00', 'printed', now() - interval '6 days', now() + interval '1 day')`,
    );
    await purgeOld(shop.database.db);
    const left = await query<{ status: string }>(shop, sql`select status from print_jobs where printer = 'Old' order by id`);
    expect(left.map((job) => job.status)).toEqual(['queued', 'printed']);
    await query(shop, sql`delete from print_jobs where printer = 'Old'`);
  });

  it.skipIf(!onPostgres)('is sent by two instances on one database, every job exactly once', async () => {
    const front = await newPrinter();
    await setPrinters([{ name: 'Front', port: front.port, prints: 'receipts' }]);
    // A second instance, started after the printer was set: it reads the settings from the database.
    const database = await openDatabase({ url: shop.database.url!, poolSize: 5 });
    const second = await buildApp(testConfig({ printing: FAST }), database);
    try {
      await second.ready();
      await query(
        shop,
        sql`insert into print_jobs (printer, kind, bytes) select 'Front', 'receipt', convert_to('job-' || n || ';', 'UTF8') from generate_series(1, 30) n`,
      );
      await until(() => front.received.length >= 30);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const printed = front.received.map((bytes) => bytes.toString());
      expect(printed).toHaveLength(30);
      expect(new Set(printed).size).toBe(30);
    } finally {
      await second.close();
      await database.close();
    }
  });
});

describe('the print agent', () => {
  it('takes the jobs over its own connection with its key and prints them in the shop; a wrong key is a 401', async () => {
    const key = 'agent-key-for-the-tests-0123456789';
    const cloud = await createTestShop({ printing: { ...FAST, agentKey: key } });
    const stop = new AbortController();
    try {
      const boss = await signUpAs(cloud, 'Admin');
      const food = await addProduct(cloud, boss.token, { product_name: 'Agent Toast', price: 18000, category_id: 1 });
      const kitchen = await newPrinter();
      const res = await api(cloud, 'PATCH', '/shop/settings', {
        token: boss.token,
        body: { printers: [{ name: 'Kitchen', host: '127.0.0.1', port: kitchen.port, width: 58, prints: 'kitchen' }] },
      });
      expect(res.statusCode, res.body).toBe(200);
      const address = await cloud.app.listen({ port: 0, host: '127.0.0.1' });
      const wrong = await fetch(`${address}/api/coffee-project/print-agent/jobs?wait=0`, { headers: { 'print-agent-key': 'not-it' } });
      expect(wrong.status).toBe(401);

      const placed = await api(cloud, 'POST', '/transactions', {
        token: boss.token,
        body: { items: [{ product_id: food.id, qty: 3, size_id: 1 }], delivery_id: 1, payment_id: 1 },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      // The server's own worker sends nothing: the agent does.
      const agent = runPrintAgent({ shop: address, key, signal: stop.signal, log: () => undefined, retryMs: 100 });
      await until(() => kitchen.received.length === 1);
      expect(text(kitchen.received[0]!)).toContain('3 x Agent Toast');
      await until(async () => {
        const [job] = await query<{ status: string }>(
          cloud,
          sql`select status from print_jobs where transaction_id = ${placed.json().data.id}`,
        );
        return job?.status === 'printed';
      });
      stop.abort();
      await agent;
    } finally {
      stop.abort();
      await cloud.close();
    }
  });
});
