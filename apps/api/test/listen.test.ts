import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../src/db/client.ts';
import { createListener, createListenerOn, type Listener, notify } from '../src/db/listen.ts';
import { onPostgres, openTestDatabase } from './helpers.ts';

// The events listener (apps/api/src/db/listen.ts; docs/decisions/events-over-listen-notify.md):
// notifications arrive once their transaction commits, never after a rollback, to every subscriber
// until it unsubscribes; on PostgreSQL a lost or silently dead connection is noticed and re-opened.

const quiet = { warn() {}, info() {}, error() {} };

/** Waits until `condition` holds, for at most `ms`. */
async function until(condition: () => boolean, ms = 5000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > ms) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the events listener', () => {
  let database: Database & { url?: string };
  let listener: Listener;

  beforeAll(async () => {
    database = await openTestDatabase();
    listener = createListener(database, { log: quiet });
  });
  afterAll(async () => {
    await listener?.close();
    await database?.close();
  });

  it('delivers a notification made in a transaction once it commits, and none after a rollback', async () => {
    const heard: string[] = [];
    const unsubscribe = await listener.subscribe('test_orders', (payload) => heard.push(payload));
    await database.db.transaction(async (tx) => {
      await notify(tx as Db, 'test_orders', 'committed');
      await pause(100);
      expect(heard).toEqual([]); // not before the commit
    });
    await until(() => heard.length === 1);
    await database.db
      .transaction(async (tx) => {
        await notify(tx as Db, 'test_orders', 'rolled back');
        throw new Error('roll back');
      })
      .catch(() => {});
    await notify(database.db, 'test_orders', 'outside a transaction');
    await until(() => heard.length === 2);
    expect(heard).toEqual(['committed', 'outside a transaction']);
    await unsubscribe();
  });

  it('fans out to every subscriber of a channel, only that channel, until each unsubscribes', async () => {
    const a: string[] = [];
    const b: string[] = [];
    const other: string[] = [];
    const offA = await listener.subscribe('test_fan', (p) => a.push(p));
    const offB = await listener.subscribe('test_fan', (p) => {
      b.push(p);
      throw new Error('a failing subscriber does not stop the others');
    });
    const offOther = await listener.subscribe('test_other', (p) => other.push(p));
    await notify(database.db, 'test_fan', '1');
    await until(() => a.length === 1 && b.length === 1);
    await offA();
    await notify(database.db, 'test_fan', '2');
    await until(() => b.length === 2);
    await offB();
    await notify(database.db, 'test_fan', '3');
    await notify(database.db, 'test_other', 'x');
    await until(() => other.length === 1);
    expect(a).toEqual(['1']);
    expect(b).toEqual(['1', '2']);
    expect(other).toEqual(['x']);
    await offOther();
  });

  it('refuses a channel name that is not a plain identifier', async () => {
    await expect(listener.subscribe('Robert"); drop table users; --', () => {})).rejects.toThrow(/Invalid channel/);
    await expect(notify(database.db, 'bad name', 'x')).rejects.toThrow(/Invalid channel/);
  });

  it.skipIf(!onPostgres)('reconnects when its connection is killed, listens again and reports the gap', async () => {
    const heard: string[] = [];
    let gaps = 0;
    const own = createListener(database, { log: quiet, maxBackoffMs: 200 });
    try {
      await own.subscribe(
        'test_reconnect',
        (p) => heard.push(p),
        () => gaps++,
      );
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      try {
        const killed = await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'kopi-senja listener' and datname = current_database()`,
        );
        expect(killed.rowCount).toBeGreaterThanOrEqual(1);
      } finally {
        await admin.end();
      }
      await until(() => gaps === 1 && own.connected);
      await notify(database.db, 'test_reconnect', 'after');
      await until(() => heard.includes('after'));
    } finally {
      await own.close();
    }
  });

  it.skipIf(!onPostgres)('notices a silently dead connection by its self-check and re-opens it', async () => {
    // A TCP proxy that can stop forwarding without closing anything: a connection that died silently.
    const target = new URL(database.url!);
    const pairs: { client: net.Socket; server: net.Socket }[] = [];
    const proxy = net.createServer((client) => {
      const server = net.connect(Number(target.port || 5432), target.hostname);
      client.pipe(server);
      server.pipe(client);
      client.on('error', () => {});
      server.on('error', () => {});
      pairs.push({ client, server });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const via = new URL(database.url!);
    via.hostname = '127.0.0.1';
    via.port = String((proxy.address() as net.AddressInfo).port);

    const heard: string[] = [];
    let gaps = 0;
    const own = createListenerOn(
      { kind: 'postgres', url: via.toString() },
      { log: quiet, checkEveryMs: 100, checkTimeoutMs: 300, maxBackoffMs: 200 },
    );
    try {
      await own.subscribe(
        'test_silent',
        (p) => heard.push(p),
        () => gaps++,
      );
      expect(pairs).toHaveLength(1);
      const [dead] = pairs;
      dead!.client.unpipe(dead!.server);
      dead!.server.unpipe(dead!.client);
      await until(() => gaps === 1 && own.connected && pairs.length === 2, 5000);
      await notify(database.db, 'test_silent', 'heard again');
      await until(() => heard.includes('heard again'));
    } finally {
      await own.close();
      for (const { client, server } of pairs) {
        client.destroy();
        server.destroy();
      }
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});
