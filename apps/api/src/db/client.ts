import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema.ts';
import { WorkerPGlite } from './worker-pglite.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Runs `work` while holding the start-up lock, so that instances starting together on one
   * PostgreSQL server migrate and seed one after another (a no-op on PGlite: one process owns it).
   */
  exclusive<T>(work: (db: Db) => Promise<T>): Promise<T>;
  /** Where listen.ts hears NOTIFY: a dedicated connection to this server, or PGlite's in-process listen. */
  notifications: NotificationSource;
  /** The process is shutting down (embedded database: a restart starting meanwhile waits for it). */
  draining?(): Promise<void>;
  close(): Promise<void>;
}

export type NotificationSource =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> };

export interface DatabaseOptions {
  /** postgres://… ; without it the embedded PGlite is used. */
  url?: string;
  /** PGlite's folder; undefined keeps it in memory. */
  dataDir?: string;
  /** A PGlite dump (dumpDataDir) to start from; tests use a migrated template. */
  loadDataDir?: Blob | File;
  poolSize?: number;
  /** The embedded database's thread ended unexpectedly: nothing can be answered any more. */
  onCrash?: (error: Error) => void;
}

const STARTUP_LOCK = 727_274; // any constant; identifies Kopi Senja's migrate-and-seed lock

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options.poolSize ?? 10) : openPglite(options);
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  return {
    kind: 'postgres',
    db: drizzle({ client: pool, schema }) as unknown as Db,
    notifications: { kind: 'postgres', url },
    async exclusive(work) {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
        try {
          return await work(drizzle({ client: conn, schema }) as unknown as Db);
        } finally {
          await conn.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]);
        }
      } finally {
        conn.release();
      }
    },
    close: () => pool.end(),
  };
}

export { DatabaseBusy } from './data-dir-lock.ts';

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const lock = options.dataDir ? await lockDataDir(options.dataDir) : undefined;
  const unlock = async () => lock?.release();
  const { drizzle } = await import('drizzle-orm/pglite');
  // PGlite runs in a thread of its own, so that its queries never stall the server's requests.
  const client = await WorkerPGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, onCrash: options.onCrash }).catch(
    async (error) => {
      await unlock();
      throw error;
    },
  );
  const db = drizzle({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    notifications: { kind: 'pglite', listen: (channel, callback) => client.listen(channel, callback) },
    exclusive: (work) => work(db),
    draining: async () => lock?.draining(),
    async close() {
      await client.close();
      await unlock();
    },
  };
}

/** The committed SQL migrations, found from the source tree and from the built bundle alike. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('drizzle migrations folder not found');
}

/**
 * Runs the numbered migrations of `folder` not applied yet, then (unless `sources` is false: a
 * restore stops at an older version) the database's functions and triggers from apps/api/sql whose
 * text changed (db/sql-sources.ts).
 */
export async function migrate(database: Database, db: Db = database.db, folder = migrationsFolder(), sources = true): Promise<void> {
  if (database.kind === 'pglite') {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(db as never, { migrationsFolder: folder });
  } else {
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
    await run(db as never, { migrationsFolder: folder });
  }
  if (!sources) return;
  const { applySqlSources, sqlSourcesFolder } = await import('./sql-sources.ts');
  await applySqlSources(db, sqlSourcesFolder(migrationsFolder()));
}

/**
 * An array literal with one parameter per element, e.g. `sqlArray([1, 2], 'int[]')`: drizzle would
 * otherwise spread a JS array into a row `($1, $2)`.
 */
export function sqlArray(values: readonly (string | number)[], type: 'int[]' | 'bigint[]' | 'text[]'): SQL {
  return sql`(array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::${sql.raw(type)})`;
}

/** Rows of a raw SQL query; both drivers answer with `{ rows }`. */
export async function rows<T>(db: Db, query: Parameters<Db['execute']>[0]): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * An array as ONE parameter, e.g. `intArray([1, 2])` is `$1::int[]`: unlike sqlArray, the text of
 * the statement is the same whatever the array's length.
 */
export function intArray(values: readonly number[], type: 'int[]' | 'bigint[]' = 'int[]'): SQL {
  return sql`${sql.param([...values])}::${sql.raw(type)}`;
}

/** What a drizzle database or transaction runs its statements on: a pg Pool or client, or PGlite (its worker). */
interface DriverClient {
  query(text: string | pg.QueryConfig, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Rows of a statement whose text never changes, its values given apart ($1, $2…): no query builder
 * runs per call (placing an order: docs/benchmarks.md#the-orders-cpu). On PostgreSQL the statement
 * is prepared once per connection under `name`, so it is parsed and analysed once, not per call; on
 * PGlite it is sent with its parameters as any query. Inside a transaction it runs on that
 * transaction's connection, as drizzle's own statements do.
 */
export async function preparedRows<T>(db: Db, name: string, text: string, values: readonly unknown[]): Promise<T[]> {
  const client = (db as unknown as { session?: { client?: DriverClient } }).session?.client;
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    return (await client.query({ name, text, values: [...values] })).rows as T[];
  }
  if (client && typeof client.query === 'function') return (await client.query(text, [...values])).rows as T[];
  // Any other drizzle database: the same statement through drizzle, each $n a parameter.
  const parts = text.split(/\$(\d+)/);
  const chunks = parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`));
  return rows<T>(db, sql.join(chunks));
}
