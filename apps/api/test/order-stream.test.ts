import { API_BASE, NO_TAX, STATUS } from '@kopi/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { placeOrder } from '../src/modules/orders/placing.repository.ts';
import { addProduct, api, createTestShop, onPostgres, openTestDatabase, signUpAs, type TestShop, testConfig } from './helpers.ts';
import { expectClientError, orderBody, query } from './matrix-helpers.ts';
import { listenLocally, SseClient } from './sse-client.ts';

// GET /transactions/events, the live order stream (docs/decisions/events-over-listen-notify.md).

type Account = Awaited<ReturnType<typeof signUpAs>>;
const HEARTBEAT_MS = 200;
const config = {
  authRateLimit: { perIp: 100_000, perEmail: 1000, perAccount: 100_000, windowSeconds: 900 },
  events: { heartbeatMs: HEARTBEAT_MS, maxStreamsPerAccount: 5 },
};

let shop: TestShop;
let base: string;
let admin: Account;
let rina: Account;
let budi: Account;
let product: { id: number };
const open: SseClient[] = [];

beforeAll(async () => {
  shop = await createTestShop(config);
  base = await listenLocally(shop.app);
  admin = await signUpAs(shop, 'Admin', { display_name: 'Barista Bima' });
  rina = await signUpAs(shop, 'User', { display_name: 'Rina' });
  budi = await signUpAs(shop, 'User', { display_name: 'Budi' });
  product = await addProduct(shop, admin.token, { product_name: 'Stream Latte', price: 25000 });
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await shop?.close();
});

async function stream(token: string | undefined, options: Parameters<typeof SseClient.open>[2] = {}): Promise<SseClient> {
  const client = await SseClient.open(base, token, options);
  open.push(client);
  return client;
}

async function place(account: Account): Promise<number> {
  const res = await api(shop, 'POST', '/transactions', { token: account.token, body: orderBody(product.id) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

const move = async (id: number, status_id: number, reason?: string) => {
  const res = await api(shop, 'PATCH', `/transactions/${id}`, { token: admin.token, body: { status_id, reason } });
  expect(res.statusCode, res.body).toBe(200);
};

async function login(account: Account): Promise<string> {
  const res = await api(shop, 'POST', '/auth', { body: { email: account.email, password: account.password } });
  return res.json().data.token;
}

describe('GET /transactions/events', () => {
  it('answers text/event-stream that stays open, and 401 without a good token (either header)', async () => {
    const client = await stream(admin.token);
    expect(client.status).toBe(200);
    expect(client.header('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(client.header('cache-control')).toBe('no-cache, no-transform');
    expect(client.header('content-encoding')).toBeUndefined();
    await client.until((c) => c.comments.includes('connected'));
    expect(client.ended).toBe(false);

    for (const [token, bearer] of [
      [undefined, false],
      ['not.a.jwt', false],
      ['not.a.jwt', true],
    ] as const) {
      const refused = await SseClient.open(base, token, { bearer });
      expect(refused.status).toBe(401);
      await refused.close();
    }
    const injected = await shop.app.inject({
      method: 'GET',
      url: `${API_BASE}/transactions/events`,
      headers: { authorization: 'Basic abc' },
    });
    expectClientError(injected as never, 401, 'unauthorized');
  });

  it('sends a new order and each move to the admins and to its customer, within a second, with the order as GET /:id answers it', async () => {
    const board = await stream(admin.token);
    const own = await stream(rina.token, { bearer: true });
    const other = await stream(budi.token);
    // Within a second of the order's answer (its commit comes before it), on a machine shared with other work.
    const id = await place(rina);
    const placed = Date.now();
    await board.until((c) => c.of(id).length === 1, 1000);
    await own.until((c) => c.of(id).length === 1, 1000 - (Date.now() - placed));

    const [created] = board.of(id);
    expect(created).toMatchObject({ event: 'order', data: { type: 'created', order: { id, status_id: 1, customer: { id: rina.id } } } });
    const detail = (await api(shop, 'GET', `/transactions/${id}`, { token: admin.token })).json().data;
    expect(created!.data.order).toEqual(detail);
    expect(created!.id).toBe(detail.events[0].id);

    await move(id, STATUS.preparing);
    await move(id, STATUS.ready);
    await board.until((c) => c.of(id).length === 3, 1000);
    await own.until((c) => c.of(id).length === 3, 1000);
    // Each event once, in order. A frame carries the order as read when it is sent (a later move may
    // already show), so the events are matched with the order's history, not with its status.
    const history = (await api(shop, 'GET', `/transactions/${id}`, { token: admin.token })).json().data.events as {
      id: number;
      status_id: number;
    }[];
    expect(history.map((e) => e.status_id)).toEqual([STATUS.pending, STATUS.preparing, STATUS.ready]);
    expect(own.of(id).map((e) => [e.data.type, e.id])).toEqual([
      ['created', history[0]!.id],
      ['status', history[1]!.id],
      ['status', history[2]!.id],
    ]);
    expect(own.of(id).at(-1)!.data.order.status_id).toBe(STATUS.ready);
    const ids = own.of(id).map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(
      own
        .of(id)
        .at(-1)!
        .data.order.events.map((e) => e.status_id),
    ).toEqual([1, 4, 5]);

    // Budi's own order reaches him; Rina's never did.
    const his = await place(budi);
    await other.until((c) => c.of(his).length === 1, 1000);
    expect(other.events.every((e) => e.data.order.customer.id === budi.id)).toBe(true);
    await own.until((c) => c.events.length >= 3);
    await new Promise((r) => setTimeout(r, 100));
    expect(own.events.every((e) => e.data.order.customer.id === rina.id)).toBe(true);
  });

  it('sends a comment line as a heartbeat', async () => {
    const client = await stream(rina.token);
    await client.until((c) => c.comments.filter((text) => text === 'keep-alive').length >= 2, HEARTBEAT_MS * 10);
  });

  it('resumes with Last-Event-ID: the events missed first (only those the caller may see), then live ones', async () => {
    const first = await stream(rina.token);
    const id = await place(rina);
    await first.until((c) => c.of(id).length === 1);
    const last = first.of(id)[0]!.id;
    await first.close();

    const budisOrder = await place(budi);
    await move(id, STATUS.preparing);
    await move(id, STATUS.done);
    const resumed = await stream(rina.token, { lastEventId: last });
    await resumed.until((c) => c.of(id).filter((e) => e.id > last).length === 2);
    expect(
      resumed
        .of(id)
        .filter((e) => e.id > last)
        .map((e) => e.data.order.status_id),
    ).toEqual([STATUS.done, STATUS.done]);
    expect(resumed.events.some((e) => e.data.order.id === budisOrder)).toBe(false);
    expect(resumed.events.every((e) => e.data.order.customer.id === rina.id)).toBe(true);
    // Each missed event once (a few before Last-Event-ID may come again: the overlap), in id order.
    const after = resumed.events.filter((e) => e.id > last).map((e) => e.id);
    expect(new Set(after).size).toBe(after.length);
    expect(after).toEqual([...after].sort((a, b) => a - b));

    const live = await place(rina);
    await resumed.until((c) => c.of(live).length === 1);

    // An admin's replay has every customer's events.
    const board = await stream(admin.token, { lastEventId: last });
    await board.until((c) => c.of(budisOrder).length === 1 && c.of(id).filter((e) => e.id > last).length === 2);
  });

  it('replays more than one page of missed events, each once, in order', async () => {
    const id = await place(budi);
    const first = (await api(shop, 'GET', `/transactions/${id}`, { token: budi.token })).json().data.events[0].id;
    // 600 orders straight into the tables (more than one replay page of 500), as if a busy hour had passed.
    const made = await query<{ id: number }>(
      shop,
      sql`with o as (insert into transactions (user_id, status_id, delivery_id, payment_id, subtotal, total)
                     select ${budi.id}, 1, 1, 1, 25000, 25000 from generate_series(1, 600) returning id),
               i as (insert into transaction_items (transaction_id, product_id, size_id, qty, unit_price, line_total)
                     select id, ${product.id}, 1, 1, 25000, 25000 from o),
               e as (insert into order_events (transaction_id, status_id, by_user_id) select id, 1, ${budi.id} from o)
          select id from o`,
    );
    const ids = new Set(made.map((r) => r.id));
    const resumed = await stream(budi.token, { lastEventId: first });
    await resumed.until((c) => c.events.filter((e) => ids.has(e.data.order.id)).length >= 600, 20_000);
    const replayed = resumed.events.filter((e) => ids.has(e.data.order.id)).map((e) => e.id);
    expect(replayed).toHaveLength(600);
    expect(replayed).toEqual([...replayed].sort((a, b) => a - b));
    expect(resumed.events.every((e) => e.data.order.customer.id === budi.id)).toBe(true);
  });

  it('ignores a Last-Event-ID that is not an event id', async () => {
    const client = await stream(rina.token, { lastEventId: 'abc' });
    expect(client.status).toBe(200);
    const id = await place(rina);
    await client.until((c) => c.of(id).length === 1);
  });

  it('reads a Last-Event-ID beyond every event as none (the client reloads): the server stays quick and every other stream gets its events', async () => {
    // A customer's and a guest's crafted cursors (docs/security.md): before, the hub walked from its
    // newest id up to the cursor's, one id at a time, for every event; it froze the server and threw,
    // and the streams after the crafted one lost their frame.
    const crafted = await stream(rina.token, { lastEventId: '999999999999999~36-9000' });
    await crafted.until((c) => c.comments.includes('connected'));
    const board = await stream(admin.token);
    await board.until((c) => c.comments.includes('connected'));

    const started = Date.now();
    const id = await place(rina);
    const health = await fetch(`${base}/health`);
    expect(health.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    await board.until((c) => c.of(id).length === 1);
    // The crafted stream follows from now on, as a fresh one: the client's own new order reaches it.
    await crafted.until((c) => c.of(id).length === 1);
    expect(crafted.events[0]?.event).toBe('reload');
    expect(crafted.lastCursor).not.toContain('999999999999999');
    await Promise.all([crafted.close(), board.close()]);
  });

  it('ends a stream when its session ends: logout, a new password elsewhere, an admin made a User', async () => {
    const token = await login(rina);
    const loggedOut = await stream(token);
    await loggedOut.until((c) => c.comments.includes('connected'));
    expect((await api(shop, 'POST', '/auth/logout', { token })).statusCode).toBe(200);
    await loggedOut.until((c) => c.ended, HEARTBEAT_MS * 10);

    const boss = await signUpAs(shop, 'Admin');
    const demoted = await stream(boss.token);
    await demoted.until((c) => c.comments.includes('connected'));
    await shop.database.db.execute(sql`update users set role = 'User' where id = ${boss.id}`);
    await demoted.until((c) => c.ended, HEARTBEAT_MS * 10);

    const changer = await signUpAs(shop, 'User');
    const before = await stream(changer.token);
    await before.until((c) => c.comments.includes('connected'));
    const changed = await api(shop, 'PATCH', '/users/password', {
      token: await login(changer),
      body: { current_password: changer.password, new_password: 'another-long-pass-1' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await before.until((c) => c.ended, HEARTBEAT_MS * 10);
  });

  it('limits open streams per account: one more → 429 with Retry-After, and a closed one frees its place', async () => {
    const account = await signUpAs(shop, 'User');
    const five = await Promise.all(Array.from({ length: 5 }, () => stream(account.token)));
    expect(five.map((c) => c.status)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await SseClient.open(base, account.token);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.header('retry-after'))).toBeGreaterThan(0);
    await sixth.close();
    await five[0]!.close();
    const start = Date.now();
    for (;;) {
      const again = await SseClient.open(base, account.token);
      open.push(again);
      if (again.status === 200) break;
      if (Date.now() - start > 3000) throw new Error('the closed stream never freed its place');
      await new Promise((r) => setTimeout(r, 50));
    }
  });
});

describe('an order whose announcement never went out', () => {
  it('is on the streams by the next heartbeat (its instance stopped between the commit and the announcement)', async () => {
    const board = await stream(admin.token);
    await board.until((c) => c.comments.includes('connected'));
    // Stored as place_order stores it, but nobody announces it: as if its instance had died just after the commit.
    const placed = await placeOrder(
      shop.database.db,
      {
        source: 'online',
        user_id: rina.id,
        table: null,
        guest_name: null,
        order_token: null,
        delivery_id: 1,
        payment_id: 1,
        promo_id: null,
        address: null,
        scheduled_for: null,
        subtotal: 25000,
        discount: 0,
        service: 0,
        tax: 0,
        shipping: 0,
        total: 25000,
        rates: NO_TAX,
        idempotency_key: null,
        lines: [{ product_id: product.id, size_id: 1, qty: 1, unit_price: 25000, addons: [], line_total: 25000 }],
      },
      { timeZone: 'Asia/Jakarta' },
    );
    if (!('stored' in placed)) throw new Error(`not stored: ${JSON.stringify(placed)}`);
    const id = placed.stored.id;
    await board.until((c) => c.of(id).length === 1, HEARTBEAT_MS * 10);
    expect(board.of(id)[0]!.data.type).toBe('created');
  });
});

describe.skipIf(!onPostgres)('a lost listening connection', () => {
  it('is re-opened, and what was committed meanwhile is still sent', async () => {
    const board = await stream(admin.token);
    await board.until((c) => c.comments.includes('connected'));
    const killed = await shop.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'kopi-senja listener' and datname = current_database()`,
    );
    expect((killed as unknown as { rowCount: number }).rowCount).toBe(1);
    // Placed at once, while the listener reconnects (its first retry waits 50–100 ms).
    const id = await place(rina);
    await board.until((c) => c.of(id).length === 1, 5000);
    await move(id, STATUS.preparing);
    await board.until((c) => c.of(id).length === 2, 2000);
    expect(board.of(id).map((e) => e.data.type)).toEqual(['created', 'status']);
  });
});

describe('graceful shutdown', () => {
  it('closes 50 open streams and stops within 5 s', async () => {
    const own = await createTestShop({ ...config, events: { heartbeatMs: 15_000, maxStreamsPerAccount: 100 } });
    const url = await listenLocally(own.app);
    const boss = await signUpAs(own, 'Admin');
    const clients = await Promise.all(Array.from({ length: 50 }, () => SseClient.open(url, boss.token)));
    try {
      expect(clients.every((c) => c.status === 200)).toBe(true);
      await Promise.all(clients.map((c) => c.until((s) => s.comments.includes('connected'))));
      const start = Date.now();
      await own.app.close();
      expect(Date.now() - start).toBeLessThan(5000);
      await Promise.all(clients.map((c) => c.until((s) => s.ended, 1000)));
    } finally {
      await Promise.all(clients.map((c) => c.close()));
      await own.database.close();
    }
  });
});

describe.skipIf(!onPostgres)('across two instances on one PostgreSQL database', () => {
  it('an order placed on A and moved on A is on a stream of B within a second', async () => {
    const databaseA = await openTestDatabase();
    const databaseB = await openDatabase({ url: databaseA.url, poolSize: 5 });
    const a = await buildApp(testConfig(config), databaseA);
    const b = await buildApp(testConfig(config), databaseB);
    const onA = { app: a, database: databaseA, close: async () => {} };
    try {
      const urlB = await listenLocally(b);
      const boss = await signUpAs(onA, 'Admin');
      const guest = await signUpAs(onA, 'User');
      const made = await addProduct(onA, boss.token, { product_name: 'Far Brew' });
      const board = await SseClient.open(urlB, boss.token);
      const mine = await SseClient.open(urlB, guest.token);
      try {
        await board.until((c) => c.comments.includes('connected'));
        const res = await a.inject({
          method: 'POST',
          url: `${API_BASE}/transactions`,
          headers: { 'access-token': guest.token },
          payload: orderBody(made.id),
        });
        expect(res.statusCode, res.body).toBe(201);
        const id = res.json().data.id;
        const placed = Date.now(); // committed before its answer
        await board.until((c) => c.of(id).length === 1, 1000);
        await mine.until((c) => c.of(id).length === 1, 1000 - (Date.now() - placed));
        const moved = await a.inject({
          method: 'PATCH',
          url: `${API_BASE}/transactions/${id}`,
          headers: { 'access-token': boss.token },
          payload: { status_id: STATUS.ready },
        });
        expect(moved.statusCode).toBe(200);
        await mine.until((c) => c.of(id).some((e) => e.data.order.status_id === STATUS.ready), 1000);
      } finally {
        await board.close();
        await mine.close();
      }
    } finally {
      await b.close();
      await databaseB.close();
      await a.close();
      await databaseA.close();
    }
  });
});
