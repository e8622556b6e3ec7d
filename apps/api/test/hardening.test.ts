import { API_BASE, MSG, TOKEN_HEADER } from '@kopi/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createWorkQueue } from '../src/lib/work-queue.ts';
import { jsonDepthExceeds } from '../src/plugins/json-depth.ts';
import {
  addProduct,
  addPromo,
  api,
  countRows,
  createTestShop,
  multipart,
  onPostgres,
  productFields,
  signUpAs,
  type TestShop,
  testConfig,
  type UploadFile,
} from './helpers.ts';
import { query } from './matrix-helpers.ts';

// What an outside probe broke (docs/decisions/hardening.md), each kept fixed by a test that failed before the fix.

let shop: TestShop;
let admin: Awaited<ReturnType<typeof signUpAs>>;
let products: { id: number }[];

beforeAll(async () => {
  shop = await createTestShop({
    authRateLimit: { perIp: 100_000, perEmail: 3, perAccount: 5, windowSeconds: 900 },
    orderRateLimitPerMinute: 5,
  });
  admin = await signUpAs(shop, 'Admin');
  products = [];
  for (let i = 0; i < 6; i++) products.push(await addProduct(shop, admin.token, { product_name: `Probe Brew ${i}`, price: 10000 + i }));
});
afterAll(() => shop.close());

const order = (token: string, items: { product_id: number; qty: number }[]) =>
  api(shop, 'POST', '/transactions', {
    token,
    body: { items: items.map((line) => ({ ...line, size_id: 1 })), delivery_id: 1, payment_id: 1 },
  });

const signIn = (email: string, password: string, ip: string) =>
  shop.app.inject({ method: 'POST', url: `${API_BASE}/auth`, payload: { email, password }, remoteAddress: ip });

describe('JSON nested thousands of levels deep', () => {
  const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
  const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

  it.each([
    ['POST /auth', 'POST', '/auth'],
    ['POST /transactions', 'POST', '/transactions'],
    ['PATCH /users/profile', 'PATCH', '/users/profile'],
    ['POST /users/register', 'POST', '/users/register'],
  ] as const)('%s → 400 before the token is checked, with or without one', async (_label, method, path) => {
    for (const payload of [deep(5000), deepObject(5000), `{"items":${deep(100_000)}}`]) {
      for (const headers of [{}, { [TOKEN_HEADER]: 'not-a-token' }]) {
        const res = await shop.app.inject({
          method,
          url: `${API_BASE}${path}`,
          headers: { ...headers, 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().code).toBe('validation_failed');
      }
    }
    expect((await api(shop, 'GET', '/health')).statusCode).toBe(200);
  });

  it('a body nested a few levels, with brackets inside its strings, is read as before', async () => {
    expect(jsonDepthExceeds('{"a":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\\"{{{{"}', 4)).toBe(false);
    expect(jsonDepthExceeds(deep(5), 4)).toBe(true);
    const res = await api(shop, 'POST', '/auth', { body: { email: 'x@test.local', password: '[[[[{{{{]]]]' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('expired promos', () => {
  it('GET /promos/:id is 404 for visitors and customers, as in the list, and still found by an admin', async () => {
    const promo = await addPromo(shop, admin.token);
    const customer = await signUpAs(shop);
    expect((await api(shop, 'GET', `/promos/${promo.id}`)).statusCode).toBe(200);
    await shop.database.db.execute(sql`update promos set duration = current_date - 3 where id = ${promo.id}`);
    const visitor = await api(shop, 'GET', `/promos/${promo.id}`);
    expect(visitor.statusCode).toBe(404);
    expect(visitor.json().code).toBe('data_not_found');
    expect((await api(shop, 'GET', `/promos/${promo.id}`, { token: customer.token })).statusCode).toBe(404);
    const list = (await api(shop, 'GET', '/promos/get')).json().data as { id: number }[];
    expect(list.map((p) => p.id)).not.toContain(promo.id);
    const forAdmin = await api(shop, 'GET', `/promos/${promo.id}`, { token: admin.token });
    expect(forAdmin.statusCode).toBe(200);
    expect(forAdmin.json().data).toMatchObject({ id: promo.id, active: false });
  });
});

describe('sign-in limits', () => {
  it('Retry-After says the seconds really left in the window (900 s), not 60', async () => {
    const user = await signUpAs(shop);
    for (let i = 0; i < 3; i++) expect((await signIn(user.email, 'wrong-password-x', '10.0.0.1')).statusCode).toBe(401);
    const refused = await signIn(user.email, 'wrong-password-x', '10.0.0.1');
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(850);
    expect(wait).toBeLessThanOrEqual(900);
    expect(refused.json().msg).toBe('Too many attempts, try again in 15 minute(s)');
  });

  it('wrong passwords from one address do not lock the owner out from another', async () => {
    const user = await signUpAs(shop);
    for (let i = 0; i < 3; i++) await signIn(user.email, 'wrong-password-x', '10.0.0.2');
    // The guessing address is stopped, even with the right password…
    expect((await signIn(user.email, user.password, '10.0.0.2')).statusCode).toBe(429);
    // …while the owner, elsewhere, signs in.
    const owner = await signIn(user.email, user.password, '10.9.9.9');
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('failures across many addresses meet a higher ceiling per account', async () => {
    const user = await signUpAs(shop);
    // perEmail 3 per address, perAccount 5 across addresses.
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await signIn(user.email, 'wrong-password-x', `10.1.0.${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect((await signIn(user.email, user.password, '10.1.9.9')).statusCode).toBe(429);
  });
});

describe('orders per account per minute', () => {
  it('the 6th order in a minute is 429 with a real Retry-After; another account still orders', async () => {
    const greedy = await signUpAs(shop);
    const other = await signUpAs(shop);
    const before = await countRows(shop, 'transactions');
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await order(greedy.token, [{ product_id: products[0]!.id, qty: 1 }])).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
    const refused = await order(greedy.token, [{ product_id: products[0]!.id, qty: 1 }]);
    expect(refused.json().code).toBe('too_many_requests');
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await countRows(shop, 'transactions')).toBe(before + 5);
    expect((await order(other.token, [{ product_id: products[0]!.id, qty: 1 }])).statusCode).toBe(201);
  });

  it('is counted by every instance together (through the database)', async () => {
    const second = await buildApp(testConfig({ orderRateLimitPerMinute: 5 }), shop.database);
    try {
      const customer = await signUpAs(shop);
      const statuses = [];
      for (let i = 0; i < 6; i++) {
        const app = i % 2 ? second : shop.app;
        const res = await app.inject({
          method: 'POST',
          url: `${API_BASE}/transactions`,
          headers: { [TOKEN_HEADER]: customer.token },
          payload: { items: [{ product_id: products[1]!.id, qty: 1, size_id: 1 }], delivery_id: 1, payment_id: 1 },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    } finally {
      await second.close();
    }
  });

  it('0 turns the limit off', async () => {
    const free = await buildApp(testConfig({ orderRateLimitPerMinute: 0 }), shop.database);
    try {
      const customer = await signUpAs(shop);
      for (let i = 0; i < 8; i++) {
        const res = await free.inject({
          method: 'POST',
          url: `${API_BASE}/transactions`,
          headers: { [TOKEN_HEADER]: customer.token },
          payload: { items: [{ product_id: products[1]!.id, qty: 1, size_id: 1 }], delivery_id: 1, payment_id: 1 },
        });
        expect(res.statusCode).toBe(201);
      }
    } finally {
      await free.close();
    }
  });

  it('counters whose window ended are purged from rate_limits', async () => {
    await shop.database.db.execute(
      sql`insert into rate_limits (key, window_start, hits) values ('probe:old', now() - interval '2 days', 3), ('probe:new', now(), 1)`,
    );
    const purging = await buildApp(testConfig(), shop.database);
    await purging.close();
    const left = await query(shop, sql`select key from rate_limits where key like 'probe:%' order by key`);
    expect(left).toEqual([{ key: 'probe:new' }]);
  });
});

describe('concurrent multi-line orders naming the same products in opposite orders', () => {
  it('all 201 (no deadlock answers 500), each stored once, units sold counted exactly', async () => {
    const customers = [];
    for (let i = 0; i < 8; i++) customers.push(await signUpAs(shop));
    const unlimited = await buildApp(testConfig({ orderRateLimitPerMinute: 0 }), shop.database);
    try {
      const ids = products.map((p) => p.id);
      const soldBefore = await query<{ id: number; units_sold: number }>(
        shop,
        sql`select product_id as id, units_sold from product_units_sold where product_id in (${sql.join(ids, sql`, `)}) order by 1`,
      );
      const rounds = 12;
      const statuses: number[] = [];
      for (let round = 0; round < rounds; round++) {
        const answers = await Promise.all(
          customers.map((customer, i) => {
            const lines = (i % 2 ? [...ids].reverse() : ids).map((product_id) => ({ product_id, qty: 1, size_id: 1 }));
            return unlimited.inject({
              method: 'POST',
              url: `${API_BASE}/transactions`,
              headers: { [TOKEN_HEADER]: customer.token },
              payload: { items: lines, delivery_id: 1, payment_id: 1 },
            });
          }),
        );
        statuses.push(...answers.map((r) => r.statusCode));
      }
      expect(statuses.filter((s) => s !== 201)).toEqual([]);
      const soldAfter = await query<{ id: number; units_sold: number }>(
        shop,
        sql`select product_id as id, units_sold from product_units_sold where product_id in (${sql.join(ids, sql`, `)}) order by 1`,
      );
      expect(soldAfter.map((p, i) => p.units_sold - soldBefore[i]!.units_sold)).toEqual(ids.map(() => rounds * customers.length));
    } finally {
      await unlimited.close();
    }
  });
});

describe.runIf(onPostgres)('an order beside another transaction that holds its products (PostgreSQL)', () => {
  const placeOrder = (token: string, ids: number[]) =>
    shop.app.inject({
      method: 'POST',
      url: `${API_BASE}/transactions`,
      headers: { [TOKEN_HEADER]: token },
      payload: { items: ids.map((product_id) => ({ product_id, qty: 1, size_id: 1 })), delivery_id: 1, payment_id: 1 },
    });

  async function withConnection<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: shop.database.url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  /** Waits (bounded) until `count` sessions of the test database wait for a row lock. */
  async function untilWaiting(client: pg.Client, count: number) {
    for (let i = 0; i < 200; i++) {
      const { rows } = await client.query(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      );
      if (rows[0].n >= count) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the order never waited for the lock');
  }

  it('does not wait for a menu edit in progress: the order is stored at the price it was checked at', async () => {
    const customer = await signUpAs(shop);
    const product = products[2]!;
    const [before] = await query<{ price: number }>(shop, sql`select price from products where id = ${product.id}`);
    await withConnection(async (editor) => {
      await editor.query('begin');
      await editor.query('update products set price = price + 1000 where id = $1', [product.id]);
      await editor.query('update product_sizes set price = price + 1000 where product_id = $1', [product.id]);
      // The edit holds its product's row until it ends: an order that locked its products would
      // wait here for ever. It is checked against the menu as committed, and stored.
      const res = await placeOrder(customer.token, [product.id]);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.items[0].unit_price).toBe(before!.price);
      await editor.query('rollback');
    });
  });

  it('a transaction PostgreSQL aborts as a deadlock is run again: 201, stored once', async () => {
    const customer = await signUpAs(shop);
    const [first, second] = [products[4]!.id, products[5]!.id].sort((a, b) => a - b) as [number, number];
    const before = await countRows(shop, 'transactions');
    await withConnection(async (holder) => {
      await holder.query('begin');
      // The transaction whose deadlock check runs first is the one aborted: this one looks only after
      // 30 s, so it is always the order's (1 s), whatever the machine's load.
      await holder.query("set local deadlock_timeout = '30s'");
      await holder.query('select id from products where id = $1 for update', [second]);
      const placing = placeOrder(customer.token, [first, second]);
      await withConnection((watcher) => untilWaiting(watcher, 1));
      // The order holds the first product and waits for the second; taking the first closes the
      // circle. PostgreSQL aborts the order's transaction (it waited first), then this one goes on.
      await holder.query('select id from products where id = $1 for update', [first]);
      await holder.query('commit');
      const res = await placing;
      expect(res.statusCode, res.body).toBe(201);
    });
    expect(await countRows(shop, 'transactions')).toBe(before + 1);
  });
});

describe('pictures', () => {
  // Noise from a fixed seed: the same pictures, and so the same damaged copies, every run.
  const noisy = (width: number, height: number) => {
    const pixels = Buffer.alloc(width * height * 3);
    let seed = 20261123;
    for (let i = 0; i < pixels.length; i++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      pixels[i] = seed >>> 24;
    }
    return sharp(pixels, { raw: { width, height, channels: 3 } });
  };
  let jpeg: Buffer;
  let png: Buffer;
  beforeAll(async () => {
    jpeg = await noisy(400, 300).jpeg().toBuffer();
    png = await noisy(200, 150).png().toBuffer();
  });

  const upload = async (file: UploadFile, name: string) =>
    api(shop, 'POST', '/products', { token: admin.token, form: await multipart(productFields({ product_name: name }), file) });

  const damaged = (): [string, UploadFile][] => {
    const half = (b: Buffer) => b.subarray(0, Math.floor(b.length / 2));
    // 1,500 bytes lost from the middle (a dropped piece of a transfer). Zeroed bytes are not used:
    // some runs of zeros are valid entropy-coded data, which no decoder can tell from a picture.
    const middle = Math.floor(jpeg.length / 2);
    const holed = Buffer.concat([jpeg.subarray(0, middle), jpeg.subarray(middle + 1500)]);
    return [
      ['a JPEG cut in half', { name: 'a.jpg', type: 'image/jpeg', bytes: half(jpeg) }],
      [
        'a JPEG cut in half with its end marker put back',
        { name: 'b.jpg', type: 'image/jpeg', bytes: Buffer.concat([half(jpeg), Buffer.from([0xff, 0xd9])]) },
      ],
      ['a JPEG without its last two bytes', { name: 'c.jpg', type: 'image/jpeg', bytes: jpeg.subarray(0, jpeg.length - 2) }],
      ['a JPEG with 1,500 bytes lost from the middle', { name: 'd.jpg', type: 'image/jpeg', bytes: holed }],
      ['a PNG cut in half', { name: 'e.png', type: 'image/png', bytes: half(png) }],
      ['a PNG without its IEND chunk', { name: 'f.png', type: 'image/png', bytes: png.subarray(0, png.length - 12) }],
    ];
  };

  it('truncated or damaged JPEGs and PNGs → 415, nothing stored', async () => {
    for (const [label, file] of damaged()) {
      const before = [await countRows(shop, 'products'), await countRows(shop, 'images')];
      const res = await upload(file, `Damaged ${label}`);
      expect(res.statusCode, `${label}: ${res.body}`).toBe(415);
      expect(res.json()).toEqual({ msg: MSG.fileTypeWrong, code: 'file_type_not_allowed' });
      expect([await countRows(shop, 'products'), await countRows(shop, 'images')], label).toEqual(before);
    }
  });

  it('the whole pictures are still taken', async () => {
    expect((await upload({ name: 'ok.jpg', type: 'image/jpeg', bytes: jpeg }, 'Whole JPEG')).statusCode).toBe(201);
    expect((await upload({ name: 'ok.png', type: 'image/png', bytes: png }, 'Whole PNG')).statusCode).toBe(201);
  });

  it('a small file of 30 megapixels (more than a product photo needs) is refused before it is decoded, nothing stored', async () => {
    const bomb = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(2_000_000);
    const before = [await countRows(shop, 'products'), await countRows(shop, 'images')];
    const res = await upload({ name: 'bomb.png', type: 'image/png', bytes: bomb }, 'Bomb');
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().code).toBe('image_too_large');
    expect([await countRows(shop, 'products'), await countRows(shop, 'images')]).toEqual(before);
  });

  it('uploads beyond the queue of picture work are answered 503 with Retry-After; none fails otherwise', async () => {
    const big = await noisy(1000, 800).jpeg({ quality: 90 }).toBuffer();
    const file = { name: 'big.jpg', type: 'image/jpeg', bytes: big };
    const forms = await Promise.all(Array.from({ length: 30 }, (_, i) => multipart(productFields({ product_name: `Burst ${i}` }), file)));
    const before = await countRows(shop, 'products');
    const answers = await Promise.all(forms.map((form) => api(shop, 'POST', '/products', { token: admin.token, form })));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 201 && s !== 503)).toEqual([]);
    const busy = answers.filter((r) => r.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const res of busy) {
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json().code).toBe('busy');
    }
    expect(await countRows(shop, 'products')).toBe(before + statuses.filter((s) => s === 201).length);
  });

  it('the queue runs a bounded number of jobs at once and refuses beyond its line', async () => {
    const queue = createWorkQueue({ concurrency: 2, maxWaiting: 3, retryAfterSeconds: 7, busyMessage: 'server.imagesBusy' });
    let running = 0;
    let most = 0;
    const job = () =>
      queue.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 20));
        running -= 1;
        return 'done';
      });
    const results = await Promise.allSettled(Array.from({ length: 8 }, job));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.map((r) => [r.reason.statusCode, r.reason.retryAfter])).toEqual([
      [503, 7],
      [503, 7],
      [503, 7],
    ]);
    expect(most).toBe(2);
    expect(await job()).toBe('done');
  });
});

it.runIf(onPostgres)('runs on PostgreSQL here', () => expect(shop.database.kind).toBe('postgres'));
