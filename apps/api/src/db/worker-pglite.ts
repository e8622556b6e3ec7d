import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

// The embedded database on its own thread (docs/decisions/pglite-worker.md: PGlite on the main thread stalled every
// request for as long as each query ran). WorkerPGlite stands in for a PGlite instance on the
// main thread and forwards each call to pglite-worker.mjs, which owns the real one. It has the part
// of PGlite's surface that drizzle-orm/pglite uses (query, exec, transaction), so `drizzle({ client })`
// works unchanged, plus listen, dumpDataDir and close.

/** One request to the worker (see the protocol at the top of pglite-worker.mjs). */
type Request =
  | { op: 'query'; sql: string; params?: unknown[]; options?: WorkerQueryOptions; tx?: number }
  | { op: 'exec'; sql: string; options?: WorkerQueryOptions; tx?: number }
  | { op: 'begin' }
  | { op: 'rollback'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen' | 'unlisten'; channel: string }
  | { op: 'dump'; compression?: 'none' | 'gzip' | 'auto' }
  | { op: 'close' };

type Message =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: Record<string, unknown> }
  | { notify: string; payload: string }
  | { ready: true }
  | { ready: false; error: Record<string, unknown> };

/** QueryOptions without functions, which cannot cross to another thread. */
type WorkerQueryOptions = Omit<QueryOptions, 'parsers' | 'serializers' | 'onNotice'> & { textTypes?: number[] };
type Parsers = NonNullable<QueryOptions['parsers']>;

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export interface WorkerPGliteOptions {
  /** PGlite's folder; undefined keeps the database in memory. */
  dataDir?: string;
  /** A dump (dumpDataDir) to start from. */
  loadDataDir?: Blob | File;
  /** Called once if the thread ends without close() (a crash); every call fails from then on. */
  onCrash?: (error: Error) => void;
  /** The worker script; tests give another one to simulate a crash. */
  workerUrl?: URL;
}

/** The worker's failure as an Error again, with PostgreSQL's fields (code, constraint, detail…). */
function toError(fields: Record<string, unknown>): Error {
  return Object.assign(new Error(String(fields.message)), fields);
}

/** Splits the options into what crosses to the worker and the parsers that stay here. */
function splitOptions(options: QueryOptions | undefined): { sent?: WorkerQueryOptions; parsers?: Parsers } {
  if (!options) return {};
  const { parsers, serializers, onNotice, ...rest } = options;
  if (serializers || onNotice) throw new Error('serializers and onNotice are not supported by the PGlite worker');
  if (!parsers) return { sent: rest };
  return { sent: { ...rest, textTypes: Object.keys(parsers).map(Number) }, parsers };
}

/** Applies the caller's parsers to the columns the worker left as text. */
function parseColumns<T>(result: Results<T>, parsers: Parsers | undefined, rowMode: QueryOptions['rowMode']): Results<T> {
  if (!parsers) return result;
  const columns = result.fields.flatMap((field, index) => {
    const parse = parsers[field.dataTypeID];
    return parse ? [{ key: rowMode === 'array' ? index : field.name, parse }] : [];
  });
  if (columns.length === 0) return result;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const { key, parse } of columns) if (typeof row[key] === 'string') row[key] = parse(row[key] as string);
  }
  return result;
}

/** A Buffer is often a view on Node's shared 8 KB pool: copied, only its own bytes cross. */
const ownBytes = (value: unknown) =>
  value instanceof Uint8Array && value.byteLength !== value.buffer.byteLength ? new Uint8Array(value) : value;

export class WorkerPGlite {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  readonly #ready: Promise<void>;
  #nextId = 1;
  /** close() was called: open transactions may finish, nothing new starts. */
  #closing = false;
  /** Set once the thread has ended; every call fails with it. */
  #ended: Error | undefined;
  #opened = false;
  /** close() once called: later calls wait for the same end. */
  #closed: Promise<void> | undefined;

  private constructor(options: WorkerPGliteOptions) {
    const url = options.workerUrl ?? new URL('./pglite-worker.mjs', import.meta.url);
    this.#worker = new Worker(url, { workerData: { dataDir: options.dataDir, loadDataDir: options.loadDataDir } });
    let failure: Error | undefined; // an uncaught error in the worker comes as 'error', then 'exit'
    this.#ready = new Promise((resolve, reject) => {
      this.#worker.once('message', (m: Message) => ('ready' in m && m.ready ? resolve() : reject(toError('error' in m ? m.error : {}))));
      this.#worker.once('exit', (code) => reject(new Error(`PGlite worker exited (${code}) before it was ready`, { cause: failure })));
    });
    this.#worker.on('message', (message: Message) => this.#receive(message));
    this.#worker.on('error', (error) => {
      failure = error;
    });
    this.#worker.on('exit', (code) => {
      const crashed = this.#opened && !this.#closing; // a failed start is create()'s error
      const why = crashed ? `PGlite worker exited (${code})${failure ? `: ${failure.message}` : ''}` : 'PGlite is closed';
      this.#ended = new Error(why, { cause: failure });
      for (const { reject } of this.#pending.values()) reject(this.#ended);
      this.#pending.clear();
      if (crashed) options.onCrash?.(this.#ended);
    });
  }

  /** Starts the thread and opens PGlite in it (initdb on a new folder takes a few seconds). */
  static async create(options: WorkerPGliteOptions = {}): Promise<WorkerPGlite & PGlite> {
    // A new folder is made by a thread of its own, which then ends: initdb left about 190 MB resident
    // in the thread that ran it, which the server would carry for as long as it runs
    // (docs/decisions/embedded-database-memory.md). An in-memory database is made where it lives.
    if (options.dataDir && !options.loadDataDir && !existsSync(path.join(options.dataDir, 'PG_VERSION'))) {
      const maker = new WorkerPGlite({ dataDir: options.dataDir, workerUrl: options.workerUrl });
      await maker.#ready;
      await maker.close();
    }
    const client = new WorkerPGlite(options);
    await client.#ready;
    client.#opened = true;
    // An idle database does not keep the process alive, like PGlite itself; #call refs it while waiting.
    client.#worker.unref();
    // drizzle-orm/pglite is typed for PGlite; it uses only what this class has.
    return client as WorkerPGlite & PGlite;
  }

  #receive(message: Message): void {
    if ('notify' in message) {
      for (const listener of this.#listeners.get(message.notify) ?? []) listener(message.payload);
      return;
    }
    if (!('id' in message)) return;
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (message.ok) pending.resolve(message.result);
    else pending.reject(toError(message.error));
  }

  #call<T>(request: Request): Promise<T> {
    if (this.#ended) return Promise.reject(this.#ended);
    if (this.#closing && !('tx' in request && request.tx !== undefined)) return Promise.reject(new Error('PGlite is closing'));
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref(); // an answer is awaited: keep the process alive
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  async query<T>(sql: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    const { sent, parsers } = splitOptions(options);
    const result = await this.#call<Results<T>>({ op: 'query', sql, params: params?.map(ownBytes), options: sent, tx });
    return parseColumns(result, parsers, options?.rowMode);
  }

  async exec(sql: string, options?: QueryOptions, tx?: number): Promise<Results[]> {
    const { sent, parsers } = splitOptions(options);
    const results = await this.#call<Results[]>({ op: 'exec', sql, options: sent, tx });
    return results.map((result) => parseColumns(result, parsers, options?.rowMode));
  }

  /**
   * Runs `callback` in a transaction: COMMIT when it returns, ROLLBACK when it throws. Other
   * queries and transactions wait until it ends (one connection, as with PGlite itself).
   */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = await this.#call<number>({ op: 'begin' });
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: Transaction = {
      query: async (sql, params, options) => {
        open();
        return this.query(sql, params, options, id);
      },
      exec: async (sql, options) => {
        open();
        return this.exec(sql, options, id);
      },
      sql: () => Promise.reject(new Error('tx.sql is not supported by the PGlite worker; use tx.query')),
      rollback: async () => {
        open();
        await this.#call({ op: 'rollback', tx: id });
        closed = true;
      },
      listen: () => Promise.reject(new Error('listen inside a transaction is not supported by the PGlite worker')),
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      closed = true;
      try {
        await this.#call({ op: 'end', tx: id, commit: false });
      } catch (rollbackError) {
        // Both failures matter: the caller's, and that the database could not roll back.
        throw new AggregateError([error, rollbackError], 'The transaction failed and its rollback failed too');
      }
      throw error;
    }
    closed = true;
    await this.#call({ op: 'end', tx: id, commit: true }); // throws when COMMIT failed
    return result;
  }

  /** Calls `callback` with each NOTIFY payload on `channel`, once its transaction has committed. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.#listeners.get(channel);
    if (!set) {
      set = new Set();
      this.#listeners.set(channel, set);
    }
    set.add(callback);
    await this.#call({ op: 'listen', channel });
    const listeners = set;
    return async () => {
      listeners.delete(callback);
      if (listeners.size === 0 && this.#listeners.get(channel) === listeners) {
        this.#listeners.delete(channel);
        await this.#call({ op: 'unlisten', channel });
      }
    };
  }

  /** A copy of the whole database (a tarball), for `loadDataDir`; taken between transactions. */
  dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<File | Blob> {
    return this.#call({ op: 'dump', compression });
  }

  /** Lets queued queries and open transactions finish, closes PGlite (flushing dataDir), ends the thread. */
  close(): Promise<void> {
    this.#closed ??= this.#close();
    return this.#closed;
  }

  async #close(): Promise<void> {
    if (this.#ended) return;
    const exited = new Promise((resolve) => this.#worker.once('exit', resolve));
    const closed = this.#call({ op: 'close' });
    this.#closing = true;
    await closed;
    this.#worker.ref(); // keep the process alive until the thread has really ended
    await exited;
  }
}
