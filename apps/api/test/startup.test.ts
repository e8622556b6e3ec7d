import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_BASE } from '@kopi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { queueAge } from '../src/seed/seed.ts';
import { DEMO_ADMIN, DEMO_CUSTOMER, DEMO_PRODUCTS, DEMO_PRODUCTS_IN_INDONESIAN, DEMO_PROMOS } from '../src/seed/seed-data.ts';
import { api, countRows, createTestShop, onPostgres, signUpAs, type TestShop, testConfig } from './helpers.ts';
import { exitWithin, startServer } from './server-process.ts';

describe('start-up with SEED_DEMO', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ seedDemo: true });
  });
  afterAll(() => shop.close());

  it('fills an empty database with the demo shop', async () => {
    const menu = await api(shop, 'GET', '/products/get?limit=50');
    expect(menu.json().meta.totalData).toBe(DEMO_PRODUCTS.length);
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(24);
    const perCategory = new Set(menu.json().data.map((p: { category_id: number }) => p.category_id));
    expect([...perCategory].sort()).toEqual([1, 2, 3, 4]);
    // docs/shop-rules.md#landing-figures: the landing page's favourites are on the menu at those prices.
    expect(menu.json().data.map((p: { price: number }) => p.price)).toEqual(expect.arrayContaining([25000, 30000, 40000]));

    const picture = await api(shop, 'GET', `/${menu.json().data[0].image}`);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');

    const promos = await api(shop, 'GET', '/promos/get');
    expect(promos.json().data.filter((p: { active: boolean }) => p.active).length).toBeGreaterThanOrEqual(4);
  });

  it('writes the demo menu and its promos in both languages', async () => {
    expect(DEMO_PRODUCTS.filter((item) => !DEMO_PRODUCTS_IN_INDONESIAN[item.name]).map((item) => item.name)).toEqual([]);
    expect(DEMO_PROMOS.filter((promo) => !promo.indonesian_name || !promo.indonesian_description)).toEqual([]);
    const names = async (search: string, locale: string) =>
      (await api(shop, 'GET', `/products/get?search=${search}&limit=50`, { headers: { 'accept-language': locale } }))
        .json()
        .data.map((p: { product_name: string }) => p.product_name);
    expect(await names('susu', 'id')).toEqual(expect.arrayContaining(['Es Kopi Susu Gula Aren', 'Susu Oat']));
    expect(await names('susu', 'en')).toEqual(expect.arrayContaining(['Kopi Susu Gula Aren', 'Oat Milk']));
  });

  it('has demo accounts that log in, and past orders', async () => {
    const admin = await api(shop, 'POST', '/auth', { body: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
    expect(admin.json().data.payload.role).toBe('Admin');
    const customer = await api(shop, 'POST', '/auth', { body: { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password } });
    expect(customer.json().data.payload.role).toBe('User');
    const history = await api(shop, 'GET', '/transactions/history', { token: customer.json().data.token });
    expect(history.json().data.length).toBeGreaterThan(0);
    const pending = await api(shop, 'GET', '/transactions?status=1&limit=1&page=1', { token: admin.json().data.token });
    expect(pending.json().meta.totalData).toBeGreaterThanOrEqual(2);
  });

  it("places the open queue today on the shop's clock, however early the shop starts, so no two open orders share a number", () => {
    const jakarta = 'Asia/Jakarta';
    // 15:00 in Jakarta: the queue is as old as it is meant to be.
    expect(queueAge(0.2, new Date('2026-11-26T08:00:00Z'), jakarta)).toBe(0.2);
    // 00:30 in Jakarta: both within the half hour since midnight, the older one first.
    const early = new Date('2026-11-25T17:30:00Z');
    const older = queueAge(0.2, early, jakarta) * 86_400;
    const newer = queueAge(0.1, early, jakarta) * 86_400;
    expect(older).toBeLessThan(30 * 60);
    expect(newer).toBeGreaterThan(0);
    expect(newer).toBeLessThan(older);
  });

  it('seeds only an empty database', async () => {
    const before = await countRows(shop, 'products');
    // A new app on a database that already has a shop leaves it as it is.
    const second = await buildApp(testConfig({ seedDemo: true }), shop.database);
    await second.close();
    expect(await countRows(shop, 'products')).toBe(before);
  });
});

describe('start-up with ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  it('creates the admin account, or makes an existing account Admin', async () => {
    const shop = await createTestShop({ adminEmail: 'owner@kopi.test', adminPassword: 'owner-password-1' });
    try {
      const login = await api(shop, 'POST', '/auth', { body: { email: 'owner@kopi.test', password: 'owner-password-1' } });
      expect(login.statusCode).toBe(200);
      expect(login.json().data.payload.role).toBe('Admin');

      const customer = await signUpAs(shop);
      const restarted = await buildApp(testConfig({ adminEmail: customer.email, adminPassword: 'ignored-for-existing' }), shop.database);
      await restarted.close();
      // Its password is kept; its role is now Admin.
      const promoted = await api(shop, 'POST', '/auth', { body: { email: customer.email, password: customer.password } });
      expect(promoted.json().data.payload.role).toBe('Admin');
    } finally {
      await shop.close();
    }
  });
});

describe.skipIf(onPostgres)('the server process', () => {
  it('closes gracefully on SIGTERM: finishes, closes the database, exits 0', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kopi-server-'));
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    try {
      let ready = false;
      // Compiling the server and creating the embedded database takes seconds, more on a busy machine.
      for (const deadline = Date.now() + 60_000; !ready && Date.now() < deadline; ) {
        ready = await fetch(`http://127.0.0.1:${port}/ready`).then(
          (r) => r.ok,
          () => false,
        );
        if (!ready) await new Promise((r) => setTimeout(r, 100));
      }
      expect(ready).toBe(true);
      server.kill('SIGTERM');
      expect(await exited).toBe(0);
      await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
    } finally {
      server.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe.skipIf(onPostgres)('the server process with live streams', () => {
  it('exits 0 on SIGTERM within seconds when clients aborted their streams without closing the socket', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kopi-streams-'));
    const admin = { email: 'boss@shutdown.test', password: 'shutdown-password-1' };
    const server = await startServer({
      DATA_DIR: dataDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      EVENTS_MAX_STREAMS_PER_ACCOUNT: '50',
    });
    try {
      expect(server.port, server.output()).toBeGreaterThan(0);
      const base = `http://127.0.0.1:${server.port}${API_BASE}`;
      const signedIn = await fetch(`${base}/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(admin),
      });
      const token = ((await signedIn.json()) as { data: { token: string } }).data.token;
      // A fetch aborted while its body is being read: undici may keep the socket open (how a bench
      // client and, before the fix, this test held the server's close until its 10 s forced exit).
      const aborts: AbortController[] = [];
      for (let i = 0; i < 20; i++) {
        const abort = new AbortController();
        const res = await fetch(`${base}/transactions/events`, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
        expect(res.status).toBe(200);
        res
          .body!.getReader()
          .read()
          .catch(() => {}); // the abort rejects it: expected
        aborts.push(abort);
      }
      await new Promise((r) => setTimeout(r, 500));
      for (const abort of aborts) abort.abort();
      await new Promise((r) => setTimeout(r, 500));
      const start = Date.now();
      server.child.kill('SIGTERM');
      expect(await exitWithin(server, 8000), server.output()).toBe(0);
      expect(Date.now() - start).toBeLessThan(8000);
    } finally {
      server.child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
