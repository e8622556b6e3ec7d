import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { BackupRefused, restoreBackup, writeBackup } from '../src/db/backup.ts';
import { listTables } from '../src/db/catalog.ts';
import { type Database, openDatabase, rows } from '../src/db/client.ts';
import { rollUpSales } from '../src/modules/products/products.repository.ts';
import { withDatabase } from './global-setup.ts';
import {
  addProduct,
  addPromo,
  api,
  createTestShop,
  multipart,
  onPostgres,
  pngFile,
  signUpAs,
  type TestShop,
  testConfig,
} from './helpers.ts';

// A shop backed up on one kind of database is restored on the other (PGlite → PostgreSQL when a
// server is configured, PostgreSQL → PGlite in the PostgreSQL run), and is the same shop there.

let shop: TestShop;
let dir: string;
let admin: Awaited<ReturnType<typeof signUpAs>>;
let customer: Awaited<ReturnType<typeof signUpAs>>;
let loggedOut: Awaited<ReturnType<typeof signUpAs>>;
const targets: { database: Database; drop(): Promise<void> }[] = [];

/** A new, empty (never migrated) database of the other kind than the suite's. */
async function emptyTarget(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (onPostgres || !serverUrl) {
    const database = await openDatabase({});
    targets.push({ database, drop: () => database.close() });
    return database;
  }
  const name = `kopi_restore_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const database = await openDatabase({ url: withDatabase(serverUrl, name), poolSize: 4 });
  targets.push({
    database,
    async drop() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  });
  return database;
}

async function rowCounts(database: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await listTables(database.db)) {
    const [row] = await rows<{ n: number }>(database.db, sql.raw(`select count(*)::int as n from public."${table.name}"`));
    counts[table.name] = row!.n;
  }
  return counts;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kopi-backup-'));
  shop = await createTestShop();
  admin = await signUpAs(shop, 'Admin');
  customer = await signUpAs(shop, 'User', { display_name: 'Rina' });
  loggedOut = await signUpAs(shop, 'User');
  const latte = await addProduct(shop, admin.token, { product_name: 'Caffe Latte', price: 30000, category_id: 2 });
  const toast = await addProduct(shop, admin.token, { product_name: 'Kaya Toast', price: 18000, category_id: 1 });
  await addPromo(shop, admin.token, { promo_name: 'Senja Hour', discount: 15 });
  const photo = await api(shop, 'PATCH', '/users/profile', {
    token: customer.token,
    form: await multipart({ display_name: 'Rina S.' }, await pngFile('me.png', '#225577')),
  });
  expect(photo.statusCode).toBe(200);
  for (const product of [latte, toast, latte]) {
    const res = await api(shop, 'POST', '/transactions', {
      token: customer.token,
      body: { product_id: product.id, qty: 2, size_id: 1, delivery_id: 1, payment_id: 1 },
    });
    expect(res.statusCode).toBe(201);
  }
  expect((await api(shop, 'POST', '/auth/logout', { token: loggedOut.token })).statusCode).toBe(200);
});

afterAll(async () => {
  await shop.close();
  for (const target of targets) await target.drop();
  await rm(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('restores every account, order and picture on the other kind of database, and numbering goes on', async () => {
    const file = path.join(dir, 'shop.jsonl.gz');
    // The orders' units sold are rolled up into products as the shop does within a second of them
    // (product_units_sold.sql), so that no roll-up changes the shop's rows after the backup.
    await rollUpSales(shop.database.db);
    const written = await writeBackup(shop.database, file);
    expect(written.rows).toBeGreaterThan(0);

    const target = await emptyTarget();
    if (process.env.TEST_DATABASE_URL) expect(target.kind).not.toBe(shop.database.kind);
    const restored = await restoreBackup(target, file);
    expect(restored).toEqual(written);
    // Every table, whoever added it, holds as many rows as it did.
    expect(await rowCounts(target)).toEqual(await rowCounts(shop.database));

    const copy: TestShop = { app: await buildApp(testConfig(), target), database: target, close: async () => {} };
    try {
      // Accounts: passwords (hashes), roles, and sessions signed before the backup still work; a
      // logged-out session stays logged out.
      const login = await api(copy, 'POST', '/auth', { body: { email: customer.email, password: customer.password } });
      expect(login.statusCode).toBe(200);
      expect((await api(copy, 'GET', '/users/profile', { token: customer.token })).json().data.display_name).toBe('Rina S.');
      expect((await api(copy, 'GET', '/users/profile', { token: loggedOut.token })).statusCode).toBe(401);
      const everyone = (s: TestShop) => api(s, 'GET', '/users?limit=50', { token: admin.token }).then((r) => r.json().data);
      expect(await everyone(copy)).toEqual(await everyone(shop));

      // Orders, with their lines, prices and times, exactly as they were.
      const orders = (s: TestShop) => api(s, 'GET', '/transactions?limit=50', { token: admin.token }).then((r) => r.json());
      const before = await orders(shop);
      expect(before.data).toHaveLength(3);
      expect(await orders(copy)).toEqual(before);

      // Pictures: every one the menu, the promos and the profile name, byte for byte.
      const menu = (await api(copy, 'GET', '/products/get?limit=50')).json().data as { id: number; image: string }[];
      const promos = (await api(copy, 'GET', '/promos/get')).json().data as { image: string }[];
      const profile = (await api(copy, 'GET', '/users/profile', { token: customer.token })).json().data as { image: string };
      const pictures = [...menu, ...promos, profile].map((p) => `/${p.image}`);
      expect(pictures).toHaveLength(4);
      for (const picture of pictures) {
        const [original, copied] = [await api(shop, 'GET', picture), await api(copy, 'GET', picture)];
        expect(copied.statusCode).toBe(200);
        expect(copied.rawPayload.equals(original.rawPayload)).toBe(true);
      }

      // Numbering goes on after the restored rows: a new order, account and product get fresh ids.
      const maxOrder = Math.max(...before.data.map((o: { id: number }) => o.id));
      const next = await api(copy, 'POST', '/transactions', {
        token: customer.token,
        body: { product_id: menu[0]!.id, qty: 1, size_id: 1, delivery_id: 1, payment_id: 1 },
      });
      expect(next.statusCode).toBe(201);
      expect(next.json().data.id).toBe(maxOrder + 1);
      // and the day's order numbers go on after the restored ones.
      expect(next.json().data.number).toBe(Math.max(...before.data.map((o: { number: number }) => o.number)) + 1);
      const newcomer = await api(copy, 'POST', '/users/register', {
        body: { email: 'new@restored.test', password: 'new-password-1', phone_number: '0812345678' },
      });
      expect(newcomer.statusCode).toBe(201);
      expect((await api(copy, 'POST', '/auth', { body: { email: 'new@restored.test', password: 'new-password-1' } })).statusCode).toBe(200);
    } finally {
      await copy.app.close();
    }
  });

  it('refuses a database that is not empty, and changes nothing', async () => {
    const file = path.join(dir, 'again.jsonl.gz');
    await writeBackup(shop.database, file);
    const before = await rowCounts(shop.database);
    const attempt = restoreBackup(shop.database, file);
    await expect(attempt).rejects.toThrow(BackupRefused);
    await expect(attempt).rejects.toThrow(/not empty: .*users \(\d+ rows\).*Nothing was restored/);
    expect(await rowCounts(shop.database)).toEqual(before);
  });

  it('refuses a backup that was cut short, storing nothing', async () => {
    const file = path.join(dir, 'whole.jsonl.gz');
    await writeBackup(shop.database, file);
    const lines = gunzipSync(await readFile(file))
      .toString('utf8')
      .trimEnd()
      .split('\n');
    const cut = path.join(dir, 'cut.jsonl.gz');
    await writeFile(cut, gzipSync(`${lines.slice(0, -3).join('\n')}\n`));

    const target = await emptyTarget();
    await expect(restoreBackup(target, cut)).rejects.toThrow(/ends early/);
    const counts = await rowCounts(target);
    // Migrated to the backup's version, but no row of the shop: still a database one can restore into.
    expect(Object.entries(counts).filter(([table, n]) => n > 0 && table !== 'categories')).toEqual([]);
    await expect(restoreBackup(target, path.join(dir, 'missing.gz'))).rejects.toThrow(/does not exist/);
    await writeFile(path.join(dir, 'not-a-backup.gz'), 'hello');
    await expect(restoreBackup(target, path.join(dir, 'not-a-backup.gz'))).rejects.toThrow(/not a Kopi Senja backup/);
    await restoreBackup(target, file);
    expect(await rowCounts(target)).toEqual(await rowCounts(shop.database));
  });
});

/** Runs `npm run <command>`'s script (node --import tsx src/cli.ts …) on an embedded database. */
function cli(args: string[], dataDir: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe.skipIf(onPostgres)('the operator commands (npm run db:seed, backup, restore)', () => {
  it('seed, back up and restore an embedded shop; refuse a full database or one in use', async () => {
    const [shopDir, copyDir] = [path.join(dir, 'shop'), path.join(dir, 'copy')];
    const file = path.join(dir, 'cli.jsonl.gz');

    expect(await cli(['seed'], shopDir)).toMatchObject({ code: 0, out: expect.stringContaining('Filled the embedded database') });
    const again = await cli(['seed'], shopDir);
    expect(again.code).toBe(1);
    expect(again.out).toContain('already holds a shop');

    const backup = await cli(['backup', file], shopDir);
    expect(backup.code).toBe(0);
    expect(backup.out).toMatch(/Backed up .* to .*cli\.jsonl\.gz: \d+ rows at migration/);
    expect((await cli(['restore', file], copyDir)).code).toBe(0);
    const twice = await cli(['restore', file], copyDir);
    expect(twice.code).toBe(1);
    expect(twice.out).toContain('The database is not empty');

    // While a process (here, this one) has the embedded database open, no other may touch it.
    const open = await openDatabase({ dataDir: copyDir });
    try {
      const busy = await cli(['backup', path.join(dir, 'busy.jsonl.gz')], copyDir);
      expect(busy.code).toBe(1);
      expect(busy.out).toContain(`is in use by process ${process.pid}`);
    } finally {
      await open.close();
    }
  }, 240_000);
});
