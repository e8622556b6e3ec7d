import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { formatCursor, parseCursor } from '../src/modules/orders/event-cursor.ts';
import { addProduct, api, createTestShop, onPostgres, signUpAs, type TestShop, testConfig } from './helpers.ts';
import { orderBody } from './matrix-helpers.ts';
import { listenLocally, SseClient } from './sse-client.ts';

// Every committed order event reaches every open stream entitled to it exactly once, late commits
// included; a new stream gets only what happens after it opened; a session that ends closes its
// streams at once (docs/decisions/order-promise.md#event-delivery).

type Account = Awaited<ReturnType<typeof signUpAs>>;
/** Long, so that nothing here passes by waiting for a heartbeat's catch-up or session check. */
const HEARTBEAT_MS = 15_000;
const config = {
  authRateLimit: { perIp: 100_000, perEmail: 1000, perAccount: 100_000, windowSeconds: 900 },
  events: { heartbeatMs: HEARTBEAT_MS, maxStreamsPerAccount: 10 },
};

let shop: TestShop;
let base: string;
let admin: Account;
let rina: Account;
let product: { id: number };
const open: SseClient[] = [];

beforeAll(async () => {
  shop = await createTestShop(config);
  base = await listenLocally(shop.app);
  admin = await signUpAs(shop, 'Admin');
  rina = await signUpAs(shop, 'User');
  product = await addProduct(shop, admin.token, { product_name: 'Delivery Latte', price: 25000 });
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await shop?.close();
});

async function stream(token: string, options: Parameters<typeof SseClient.open>[2] = {}, at = base): Promise<SseClient> {
  const client = await SseClient.open(at, token, options);
  expect(client.status).toBe(200);
  open.push(client);
  await client.until((c) => c.comments.includes('connected'));
  return client;
}

async function place(account: Account): Promise<number> {
  const res = await api(shop, 'POST', '/transactions', { token: account.token, body: orderBody(product.id) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

/** Each event id a stream received, with how often. */
const counts = (client: SseClient) => {
  const seen = new Map<number, number>();
  for (const event of client.events) seen.set(event.id, (seen.get(event.id) ?? 0) + 1);
  return seen;
};

describe('the cursor a stream resumes from', () => {
  it('reads back what it writes, and refuses garbage', () => {
    for (const cursor of [
      { upTo: 0, missing: [] },
      { upTo: 1846, missing: [] },
      { upTo: 1846, missing: [1345, 1400, 1401, 1402, 1846] },
    ]) {
      expect(parseCursor(formatCursor(cursor))).toEqual(cursor);
    }
    expect(formatCursor({ upTo: 1846, missing: [1345, 1400, 1401, 1402] })).toBe('1846~1345,1400-1402');
    for (const garbage of ['', 'abc', '12~', '12~13', '12~5,4', '12~3-2', '1~1~1', '-1', '12~0-99999', '1e5']) {
      expect(parseCursor(garbage), garbage).toBeUndefined();
    }
  });
});

describe('a new stream', () => {
  it('right after a server starts, gets only what happens after it opened: no chime for old orders', async () => {
    const old = await Promise.all([place(rina), place(rina), place(rina)]);
    // A second server on the same database, as after a restart: its hub starts now.
    const restarted = await buildApp(testConfig(config), shop.database);
    try {
      const at = await listenLocally(restarted);
      const board = await stream(admin.token, {}, at);
      const fresh = await place(rina);
      await board.until((c) => c.of(fresh).length === 1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(board.events.filter((e) => old.includes(e.data.order.id))).toEqual([]);
      expect(board.events.map((e) => e.data.order.id)).toEqual([fresh]);
      // A stream's first id is where it starts: resumed from it at once, it misses nothing and repeats nothing.
      const resumed = await stream(admin.token, { lastEventId: board.events[0]!.cursor }, at);
      const later = await place(rina);
      await resumed.until((c) => c.of(later).length === 1);
      expect(resumed.events.map((e) => e.data.order.id)).toEqual([later]);
    } finally {
      await restarted.close();
    }
  });
});

describe('a session that ends', () => {
  it.each([
    [
      'an admin made a User',
      async (account: Account) => {
        await shop.database.db.execute(sql`update users set role = 'User' where id = ${account.id}`);
      },
    ],
    [
      'a logout',
      async (account: Account) => {
        expect((await api(shop, 'POST', '/auth/logout', { token: account.token })).statusCode).toBe(200);
      },
    ],
    [
      'a new password elsewhere',
      async (account: Account) => {
        await shop.database.db.execute(sql`update users set session_epoch = session_epoch + 1 where id = ${account.id}`);
      },
    ],
    [
      'an account removed',
      async (account: Account) => {
        await shop.database.db.execute(sql`delete from users where id = ${account.id}`);
      },
    ],
  ])('%s: its streams end within a second, not at the next heartbeat', async (_, end) => {
    const boss = await signUpAs(shop, 'Admin');
    const board = await stream(boss.token);
    const started = Date.now();
    await end(boss);
    await board.until((c) => c.ended, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe.skipIf(!onPostgres)('a session that ends on another instance', () => {
  it('a logout on A and a demotion in the database end streams open on B within a second', async () => {
    const database = await openDatabase({ url: shop.database.url!, poolSize: 5 });
    const b = await buildApp(testConfig(config), database);
    try {
      const at = await listenLocally(b);
      const boss = await signUpAs(shop, 'Admin');
      const loggingOut = await stream(boss.token, {}, at);
      const other = await signUpAs(shop, 'Admin');
      const demoted = await stream(other.token, {}, at);
      const started = Date.now();
      expect((await api(shop, 'POST', '/auth/logout', { token: boss.token })).statusCode).toBe(200);
      await loggingOut.until((c) => c.ended, 1000);
      await shop.database.db.execute(sql`update users set role = 'User' where id = ${other.id}`);
      await demoted.until((c) => c.ended, 1000);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await b.close();
      await database.close();
    }
  });
});

describe.skipIf(!onPostgres)('an order committed late', () => {
  it('held 5 s while 500 orders go through: on the admin’s and its customer’s streams once, and on a resumed stream once', async () => {
    const budi = await signUpAs(shop, 'User');
    const board = await stream(admin.token);
    const own = await stream(budi.token);
    const resuming = await stream(admin.token);
    // An order whose transaction stays open while later ids commit (a slow commit, a GC pause, a stalled fsync).
    const holder = new pg.Client({ connectionString: shop.database.url });
    await holder.connect();
    let held: number;
    try {
      await holder.query('begin');
      const made = await holder.query<{ id: number }>(
        `insert into transactions (user_id, delivery_id, payment_id, subtotal, total) values ($1, 1, 1, 25000, 25000) returning id`,
        [budi.id],
      );
      held = made.rows[0]!.id;
      await holder.query(
        `insert into transaction_items (transaction_id, product_id, size_id, qty, unit_price, line_total)
                          values ($1, $2, 1, 1, 25000, 25000)`,
        [held, product.id],
      );
      await holder.query(`insert into order_events (transaction_id, status_id, by_user_id) values ($1, 1, $2)`, [held, budi.id]);
      const started = Date.now();
      const others: number[] = [];
      for (let batch = 0; batch < 10; batch++) {
        others.push(...(await Promise.all(Array.from({ length: 50 }, () => place(rina)))));
      }
      await board.until((c) => others.every((id) => c.of(id).length === 1), 10_000);
      const cursorBefore = resuming.lastCursor!;
      await resuming.close();
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 5000 - (Date.now() - started))));
      await holder.query('commit');
      // Announced as the instance that stored it announces a new order.
      await holder.query(`select pg_notify('order_events', '{"catch_up": true}')`);
      const committed = Date.now();
      await board.until((c) => c.of(held).length === 1, 2000);
      await own.until((c) => c.of(held).length === 1, 2000);
      expect(Date.now() - committed).toBeLessThan(1000);

      // Resumed from where it stood before the commit: the late order once, nothing it had again.
      const resumed = await stream(admin.token, { lastEventId: cursorBefore });
      await resumed.until((c) => c.of(held).length === 1, 2000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(resumed.events.map((e) => e.data.order.id)).toEqual([held]);

      for (const client of [board, own, resumed]) expect([...counts(client).values()].every((n) => n === 1)).toBe(true);
      expect(own.events.map((e) => e.data.order.id)).toEqual([held]);
    } finally {
      await holder.end();
    }
  }, 60_000);

  it('on two instances: held open while 100 orders go through B, it reaches a stream of A once', async () => {
    const other = await openDatabase({ url: shop.database.url!, poolSize: 5 });
    const b = await buildApp(testConfig(config), other);
    const holder = new pg.Client({ connectionString: shop.database.url });
    await holder.connect();
    try {
      const board = await stream(admin.token);
      await holder.query('begin');
      const made = await holder.query<{ id: number }>(
        `insert into transactions (user_id, delivery_id, payment_id, subtotal, total) values ($1, 1, 1, 25000, 25000) returning id`,
        [rina.id],
      );
      const held = made.rows[0]!.id;
      await holder.query(
        `insert into transaction_items (transaction_id, product_id, size_id, qty, unit_price, line_total)
                          values ($1, $2, 1, 1, 25000, 25000)`,
        [held, product.id],
      );
      await holder.query(`insert into order_events (transaction_id, status_id, by_user_id) values ($1, 1, $2)`, [held, rina.id]);
      const onB = () =>
        b.inject({
          method: 'POST',
          url: '/api/coffee-project/transactions',
          headers: { 'access-token': rina.token },
          payload: orderBody(product.id),
        });
      for (let batch = 0; batch < 4; batch++) {
        for (const res of await Promise.all(Array.from({ length: 25 }, onB))) expect(res.statusCode).toBe(201);
      }
      await holder.query('commit');
      await holder.query(`select pg_notify('order_events', '{"catch_up": true}')`);
      await board.until((c) => c.of(held).length === 1, 2000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(board.events.length).toBe(101);
      expect([...counts(board).values()].every((n) => n === 1)).toBe(true);
    } finally {
      await holder.end();
      await b.close();
      await other.close();
    }
  });
});
