import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, migrate, migrationsFolder, openDatabase, rows } from '../src/db/client.ts';
import { withDatabase } from './global-setup.ts';
import { onPostgres } from './helpers.ts';

// Existing databases must migrate, not only new ones (GUIDE): each test here builds a database as an
// earlier release left it, with rows in it, and runs today's migrations over it.

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** A copy of the migrations folder holding only the migrations numbered below `idx`. */
async function migrationsBefore(idx: number): Promise<string> {
  const source = migrationsFolder();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kopi-migrations-'));
  await mkdir(path.join(dir, 'meta'));
  const journal = JSON.parse(await readFile(path.join(source, 'meta/_journal.json'), 'utf8')) as Journal;
  journal.entries = journal.entries.filter((entry) => entry.idx < idx);
  await writeFile(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries) await copyFile(path.join(source, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

async function migrateWith(database: Database, folder: string): Promise<void> {
  const { migrate: run } =
    database.kind === 'pglite' ? await import('drizzle-orm/pglite/migrator') : await import('drizzle-orm/node-postgres/migrator');
  await run(database.db as never, { migrationsFolder: folder });
}

/** An empty database of its own: in memory on PGlite, a new database on the PostgreSQL server. */
async function openEmptyDatabase(): Promise<Database> {
  if (!onPostgres) return openDatabase({});
  const template = inject('template');
  const name = `kopi_test_${process.pid}_migrations_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: inject('maintenance') });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const database = await openDatabase({ url: withDatabase(template, name), poolSize: 2 });
  return {
    ...database,
    async close() {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

describe('0008: scheduled_for becomes an instant', () => {
  let database: Database;
  let folder: string;

  beforeAll(async () => {
    database = await openEmptyDatabase();
    folder = await migrationsBefore(8);
    await migrateWith(database, folder);
    const { db } = database;
    await db.execute(sql`insert into users (email, password_hash, role) values ('old@shop.test', 'x', 'User')`);
    // What customers typed into the free-text "Set time" field of earlier releases.
    await db.execute(sql`insert into transactions (user_id, delivery_id, payment_id, scheduled_for, subtotal, total)
      select id, 1, 1, t.text, 25000, 25000 from users,
        (values ('14:30'), ('after lunch'), ('2026-11-23T13:00:00+07:00'), (null)) as t(text)`);
  });
  afterAll(async () => {
    await database.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('turns every free-text time into "as soon as possible" and keeps the orders', async () => {
    await migrate(database);
    const [column] = await rows<{ data_type: string }>(
      database.db,
      sql`select data_type from information_schema.columns where table_name = 'transactions' and column_name = 'scheduled_for'`,
    );
    expect(column?.data_type).toBe('timestamp with time zone');
    const orders = await rows<{ scheduled_for: unknown; total: string | number }>(
      database.db,
      sql`select scheduled_for, total from transactions order by id`,
    );
    expect(orders).toHaveLength(4);
    expect(orders.map((o) => o.scheduled_for)).toEqual([null, null, null, null]);
    expect(orders.map((o) => Number(o.total))).toEqual([25000, 25000, 25000, 25000]);
  });
});

describe('0010: every product gets its sizes and prices', () => {
  let database: Database;
  let folder: string;

  beforeAll(async () => {
    database = await openEmptyDatabase();
    folder = await migrationsBefore(10);
    await migrateWith(database, folder);
    await database.db.execute(sql`insert into products (product_name, price, category_id, description, image)
      values ('Nasi Goreng', 40000, 1, 'Rice', 'images/a.webp'), ('Caffe Latte', 30000, 2, 'Coffee', 'images/b.webp'),
             ('Matcha Latte', 32000, 3, 'Tea', 'images/c.webp'), ('Oat Milk', 7000, 4, 'Milk', 'images/d.webp')`);
    await database.db.execute(sql`insert into promos (promo_name, code, description, discount, duration, image)
      values ('Old Promo', 'OLD10', 'Ten off', 10, '2030-01-01', 'images/e.webp')`);
  });
  afterAll(async () => {
    await database.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('drinks in R, L (+5.000) and XL (+8.000), foods and add-ons in R; nothing sold out; promos for everyone', async () => {
    await migrate(database);
    const sizes = await rows<{ product_name: string; size_id: number; price: number }>(
      database.db,
      sql`select p.product_name, s.size_id, s.price from product_sizes s join products p on p.id = s.product_id order by p.id, s.size_id`,
    );
    expect(sizes.map((s) => `${s.product_name} ${s.size_id} ${s.price}`)).toEqual([
      'Nasi Goreng 1 40000',
      'Caffe Latte 1 30000',
      'Caffe Latte 2 35000',
      'Caffe Latte 3 38000',
      'Matcha Latte 1 32000',
      'Matcha Latte 2 37000',
      'Matcha Latte 3 40000',
      'Oat Milk 1 7000',
    ]);
    expect(await rows(database.db, sql`select sold_out from products where sold_out`)).toEqual([]);
    expect(await rows(database.db, sql`select delivery_ids::int[] as d, new_customers_only, members_only from promos`)).toEqual([
      { d: [], new_customers_only: false, members_only: false },
    ]);
  });
});
