import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import * as p from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../src/db/errors.ts';
import { WorkerPGlite } from '../src/db/worker-pglite.ts';
import { onPostgres } from './helpers.ts';

// docs/decisions/pglite-worker.md: the embedded database runs in a worker thread behind WorkerPGlite. These tests hold
// it to what in-process PGlite does for drizzle: same values and types, same errors, same
// transaction semantics, notifications after COMMIT only, dumps, and a clear failure on a crash.

const counter = p.pgTable('counter', { id: p.integer().primaryKey(), value: p.integer().notNull() });
const things = p.pgTable('things', {
  id: p.serial().primaryKey(),
  name: p.text().notNull().unique(),
  n: p.bigint({ mode: 'number' }).notNull(),
  at: p.timestamp({ withTimezone: true }).notNull(),
  day: p.date({ mode: 'string' }),
  meta: p.jsonb().$type<{ a: number[] }>(),
  data: p.customType<{ data: Buffer; driverData: Uint8Array }>({ dataType: () => 'bytea', fromDriver: (v) => Buffer.from(v) })(),
  tags: p.text().array(),
  ok: p.boolean(),
});
const schema = { counter, things };
type Client = PGlite | WorkerPGlite;
const open = (client: Client) => drizzle({ client: client as PGlite, schema });

/** The same writes and reads, on any client: their answers must be equal, types included. */
async function scenario(client: Client) {
  const db = open(client);
  await db.execute(sql`create table things (id serial primary key, name text not null unique, n bigint not null,
    at timestamptz not null, day date, meta jsonb, data bytea, tags text[], ok boolean)`);
  const at = new Date('2024-05-06T07:08:09.123Z');
  const row = {
    name: 'a',
    n: 42,
    at,
    day: '2024-02-29',
    meta: { a: [1, 2] },
    data: Buffer.from([0, 1, 254, 255]),
    tags: ['x', 'y'],
    ok: true,
  };
  return {
    inserted: await db.insert(things).values(row).returning(),
    selected: await db.select().from(things).where(eq(things.name, 'a')),
    partial: await db.select({ at: things.at, data: things.data }).from(things),
    raw: (await db.execute(sql`select at, day, n, meta, tags, 1.5::float8 as f, null::text as nothing from things`)).rows,
    params: (await db.execute(sql`select ${at}::timestamptz as d, ${Buffer.from('hi')}::bytea as b, ${10n}::int8 as i`)).rows,
  };
}

/** Deep equality that also compares each value's class (Date vs string, Buffer vs Uint8Array). */
function shape(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return typeof value;
  if (Array.isArray(value)) return value.map(shape);
  if (value instanceof Date || ArrayBuffer.isView(value)) return value.constructor.name;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]));
}

describe.skipIf(onPostgres)('PGlite in a worker thread', () => {
  let client: WorkerPGlite;
  beforeAll(async () => {
    client = await WorkerPGlite.create();
  });
  afterAll(() => client.close());

  it('answers drizzle exactly as in-process PGlite does, values and types alike', async () => {
    const inProcess = await PGlite.create();
    try {
      const expected = await scenario(inProcess);
      const actual = await scenario(client);
      expect(actual).toEqual(expected);
      expect(shape(actual)).toEqual(shape(expected));
      expect(actual.selected[0]!.at).toEqual(new Date('2024-05-06T07:08:09.123Z'));
      expect(actual.selected[0]!.data).toEqual(Buffer.from([0, 1, 254, 255]));
    } finally {
      await inProcess.close();
    }
  });

  it('runs with 16 MB of shared buffers, not the 128 MB that would stay resident (docs/decisions/embedded-database-memory.md)', async () => {
    expect((await client.query<{ shared_buffers: string }>('show shared_buffers')).rows).toEqual([{ shared_buffers: '16MB' }]);
  });

  it("keeps PostgreSQL's error fields, so a unique violation is still told apart", async () => {
    const db = open(client);
    const error = await db
      .insert(things)
      .values({ name: 'a', n: 1, at: new Date() })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(error)).toBe(true);
    expect((error as { cause: { constraint: string } }).cause.constraint).toBe('things_name_key');
    const syntax = await client.query('selec 1').then(
      () => undefined,
      (e: { code: string; message: string }) => e,
    );
    expect(syntax).toMatchObject({ code: '42601', message: expect.stringContaining('syntax error') });
  });

  it('runs 50 concurrent read-modify-write transactions one at a time, and queries outside them see none half done', async () => {
    const db = open(client);
    await db.execute(sql`create table counter (id int primary key, value int not null)`);
    await db.insert(counter).values({ id: 1, value: 0 });
    let sawOpenTransaction = 0;
    const transactions = Array.from({ length: 50 }, (_, i) =>
      db.transaction(async (tx) => {
        // Visible only inside this transaction: a query outside that sees it ran inside it.
        await tx.execute(sql`select set_config('app.tx', ${String(i)}, true)`);
        const [row] = await tx.select().from(counter).where(eq(counter.id, 1));
        await sleep(Math.random() * 3); // the main thread does other work between the queries
        await tx
          .update(counter)
          .set({ value: row!.value + 1 })
          .where(eq(counter.id, 1));
      }),
    );
    const outside = Array.from({ length: 200 }, async () => {
      await sleep(Math.random() * 50);
      const { rows } = await db.execute(sql`select coalesce(current_setting('app.tx', true), '') as tx`);
      if ((rows[0] as { tx: string }).tx !== '') sawOpenTransaction++;
    });
    await Promise.all([...transactions, ...outside]);
    const [final] = await db.select().from(counter);
    expect(final!.value).toBe(50);
    expect(sawOpenTransaction).toBe(0);
  });

  it('rolls back a transaction that throws, one that calls rollback, and one whose statement failed', async () => {
    const db = open(client);
    await db.execute(sql`create table marks (v int)`);
    const boom = await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into marks values (1)`);
        throw new Error('boom');
      })
      .catch((e: Error) => e.message);
    expect(boom).toBe('boom');
    const rolledBack = await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into marks values (2)`);
        tx.rollback();
      })
      .then(
        () => 'committed',
        (e: Error) => e.constructor.name,
      );
    expect(rolledBack).toBe('TransactionRollbackError');
    // The failed statement's error is caught by the callback: COMMIT cannot keep the insert.
    const commit = await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into marks values (3)`);
        await tx.execute(sql`select 1/0`).catch((e: Error) => expect(e.message).toContain('division by zero'));
      })
      .then(
        () => 'committed',
        () => 'refused',
      );
    expect(commit).toBe('refused');
    expect((await db.execute(sql`select count(*)::int as n from marks`)).rows).toEqual([{ n: 0 }]);
    // The connection is usable afterwards.
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into marks values (4)`);
    });
    expect((await db.execute(sql`select v from marks`)).rows).toEqual([{ v: 4 }]);
  });

  it('delivers NOTIFY on the main thread after COMMIT, never for a rolled-back transaction', async () => {
    const db = open(client);
    const got: string[] = [];
    const unlisten = await client.listen('menu_test', (payload) => got.push(payload));
    await db.execute(sql`select pg_notify('menu_test', 'plain')`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('menu_test', 'committed')`);
      await sleep(20);
      expect(got).not.toContain('committed'); // not before COMMIT
    });
    expect(got).toContain('committed'); // delivered by the time the transaction resolved
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('menu_test', 'rolled back')`);
        tx.rollback();
      })
      .catch(() => 'rolled back as asked');
    await unlisten();
    await db.execute(sql`select pg_notify('menu_test', 'after unlisten')`);
    await sleep(20);
    expect(got).toEqual(['plain', 'committed']);
  });

  it('dumps the database, and a new worker starts from the dump', async () => {
    await client.exec('create table kept (v int); insert into kept values (7)');
    const dump = await client.dumpDataDir('none');
    const copy = await WorkerPGlite.create({ loadDataDir: dump });
    expect((await copy.query('select v from kept')).rows).toEqual([{ v: 7 }]);
    await copy.close();
  });

  it('makes a new folder and keeps what was written in it across close and reopen', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kopi-worker-'));
    try {
      const first = await WorkerPGlite.create({ dataDir: dir });
      await first.exec('create table kept (v int); insert into kept values (8)');
      await first.close();
      const again = await WorkerPGlite.create({ dataDir: dir });
      expect((await again.query('select v from kept')).rows).toEqual([{ v: 8 }]);
      await again.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('on close, finishes the work already asked for and refuses what comes after', async () => {
    const closing = await WorkerPGlite.create();
    const db = open(closing);
    const done: string[] = [];
    const tx = db.transaction(async (t) => {
      await sleep(50);
      await t.execute(sql`select 1`);
      done.push('transaction');
    });
    const queued = db.execute(sql`select 2`).then(() => done.push('queued query'));
    const closed = closing.close();
    const late = await db.execute(sql`select 3`).then(
      () => 'answered',
      (e: Error) => (e.cause as Error | undefined)?.message ?? e.message,
    );
    await Promise.all([tx, queued, closed, closing.close()]); // a second close() waits for the same end
    expect(done.sort()).toEqual(['queued query', 'transaction']);
    expect(late).toBe('PGlite is closing');
    await expect(closing.query('select 4')).rejects.toThrow('PGlite is closed');
  });

  it('when its thread dies, fails every waiting call at once, reports the crash, and fails later calls fast', async () => {
    const crashes: Error[] = [];
    const crashing = await WorkerPGlite.create({
      workerUrl: new URL('./fixtures/crashing-pglite-worker.mjs', import.meta.url),
      onCrash: (error) => crashes.push(error),
    });
    const waiting = await Promise.allSettled([crashing.query('select 1'), crashing.query('select 2')]);
    expect(waiting.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(String((waiting[0] as PromiseRejectedResult).reason)).toContain('simulated crash');
    expect(crashes).toHaveLength(1);
    await expect(crashing.query('select 3')).rejects.toThrow('PGlite worker exited');
  });

  it('does not stall the main thread while a long query runs', async () => {
    let longestGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    await client.query('select count(*) from generate_series(1, 3000000)');
    const took = performance.now() - started;
    clearInterval(timer);
    // In-process, the timer could not fire until the query ended: its longest gap would be `took`.
    expect(took).toBeGreaterThan(300);
    expect(longestGap).toBeLessThan(took / 2);
  });
});
