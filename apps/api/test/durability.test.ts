import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_BASE, TOKEN_HEADER } from '@kopi/shared';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rows } from '../src/db/client.ts';
import { onPostgres, openTestDatabase } from './helpers.ts';
import { exitWithin, type ServerProcess, startServer } from './server-process.ts';

// The probe's kill -9 under load kept in the suite (docs/decisions/hardening.md): orders are placed while the server
// is killed with SIGKILL; after a restart every order that was acknowledged (201) is there exactly
// once, whole, on the embedded database (in DATA_DIR) and on PostgreSQL alike.

const started: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const server of started) server.child.kill('SIGKILL');
  for (const cleanup of cleanups) await cleanup();
});

// The shop must be open for orders "as soon as possible" whatever the hour the suite runs.
const ENV = { OPENING_HOURS: 'mon-sun 00:00-24:00', ORDER_RATE_LIMIT_PER_MINUTE: '0', SEED_DEMO: 'true', LOG_LEVEL: 'warn' };

async function start(env: Record<string, string>) {
  const server = await startServer({ ...ENV, LOG_LEVEL: 'info', ...env });
  started.push(server);
  expect(server.port, server.output()).toBeGreaterThan(0);
  return server;
}

async function call(server: ServerProcess, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`http://127.0.0.1:${server.port}${API_BASE}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { data?: unknown } };
}

interface Acknowledged {
  key: string;
  id: number;
}

/**
 * Places orders `inFlight` at a time, each with its own Idempotency-Key, and kills the server with
 * SIGKILL once `killAfter` were acknowledged (bounded by `budgetMs`). Answers the acknowledged ones.
 */
async function ordersUntilKilled(server: ServerProcess, killAfter: number, budgetMs = 30_000, inFlight = 8) {
  const email = `durable-${Date.now()}@test.local`;
  const password = 'durable-password-1';
  expect((await call(server, 'POST', '/users/register', { email, password, phone_number: '+6281234567890' })).status).toBe(201);
  const token = ((await call(server, 'POST', '/auth', { email, password })).json.data as { token: string }).token;
  const menu = (await call(server, 'GET', '/products/get?limit=10')).json.data as { id: number }[];
  expect(menu.length).toBeGreaterThan(1);

  const acknowledged: Acknowledged[] = [];
  let killed = false;
  let sent = 0;
  const deadline = Date.now() + budgetMs;
  const worker = async () => {
    while (!killed && Date.now() < deadline) {
      const key = `durable-${sent++}`;
      const lines = [menu[sent % menu.length]!, menu[(sent + 1) % menu.length]!].map((p, i) => ({
        product_id: p.id,
        qty: i + 1,
        size_id: 1,
      }));
      try {
        const res = await call(
          server,
          'POST',
          '/transactions',
          { items: lines, delivery_id: 1, payment_id: 1 },
          {
            [TOKEN_HEADER]: token,
            'idempotency-key': key,
          },
        );
        if (res.status === 201) acknowledged.push({ key, id: (res.json.data as { id: number }).id });
        else if (!killed) throw new Error(`order answered ${res.status}: ${JSON.stringify(res.json)}`);
      } catch (error) {
        if (!killed) throw error;
      }
      if (!killed && acknowledged.length >= killAfter) {
        killed = true;
        server.child.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  expect(killed, 'the server was not killed within the time').toBe(true);
  expect(await exitWithin(server, 10_000)).toBeNull();
  return { acknowledged, sent };
}

/** Every acknowledged order is present exactly once, with its id and both its lines; none is without lines. */
async function checkOrders(database: Database, acknowledged: Acknowledged[]) {
  const stored = await rows<{ key: string; id: number; lines: number }>(
    database.db,
    sql`select t.idempotency_key as key, t.id, (select count(*)::int from transaction_items i where i.transaction_id = t.id) as lines
        from transactions t where t.idempotency_key like 'durable-%'`,
  );
  const byKey = new Map<string, { id: number; lines: number }[]>();
  for (const { key, id, lines } of stored) byKey.set(key, [...(byKey.get(key) ?? []), { id, lines }]);
  const missing = acknowledged.filter((a) => !byKey.has(a.key));
  expect(missing, 'acknowledged orders lost').toEqual([]);
  for (const { key, id } of acknowledged) expect(byKey.get(key), key).toEqual([{ id, lines: 2 }]);
  // Orders that were being stored when the server died are whole or absent, never half there.
  expect(stored.filter((row) => row.lines !== 2)).toEqual([]);
  const [dupes] = await rows<{ n: number }>(database.db, sql`select count(*)::int - count(distinct id)::int as n from transactions`);
  expect(dupes!.n).toBe(0);
}

describe.skipIf(onPostgres)('kill -9 during orders, embedded database in DATA_DIR', () => {
  it('after a restart every acknowledged order is there exactly once', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kopi-durable-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const first = await start({ DATA_DIR: dataDir });
    const { acknowledged, sent } = await ordersUntilKilled(first, 150);
    expect(acknowledged.length).toBeGreaterThanOrEqual(150);

    // Restarted on the same folder: it opens (the killed holder's lock is taken over) and takes orders.
    const second = await start({ DATA_DIR: dataDir });
    expect((await call(second, 'GET', '/products/get')).status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await exitWithin(second, 20_000)).toBe(0);

    const database = await openDatabase({ dataDir });
    try {
      await checkOrders(database, acknowledged);
    } finally {
      await database.close();
    }
    console.info(`PGlite: ${acknowledged.length} of ${sent} orders acknowledged before kill -9; all found once after the restart`);
  }, 240_000);
});

describe.runIf(onPostgres)('kill -9 during orders, PostgreSQL', () => {
  it('after a restart every acknowledged order is there exactly once', async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const first = await start({ DATABASE_URL: database.url! });
    const { acknowledged, sent } = await ordersUntilKilled(first, 300);
    expect(acknowledged.length).toBeGreaterThanOrEqual(300);

    const second = await start({ DATABASE_URL: database.url! });
    expect((await call(second, 'GET', '/products/get')).status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await exitWithin(second, 20_000)).toBe(0);

    await checkOrders(database, acknowledged);
    console.info(`PostgreSQL: ${acknowledged.length} of ${sent} orders acknowledged before kill -9; all found once after the restart`);
  }, 240_000);
});
