import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { DEMO_ADMIN, DEMO_CUSTOMER, DEMO_PRODUCTS } from '../src/db/seed-data.ts';
import { api, countRows, createTestShop, onPostgres, signUpAs, type TestShop, testConfig } from './helpers.ts';

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
