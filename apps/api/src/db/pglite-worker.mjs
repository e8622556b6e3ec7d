// The thread that owns the embedded database (docs/decisions/pglite-worker.md). PGlite runs PostgreSQL compiled to
// WebAssembly on the thread that calls it: on the server's main thread every query would stall
// every request. Here it runs beside the server, and worker-pglite.ts forwards calls to it.
//
// Plain JavaScript on purpose: a file given to `new Worker(url)` is loaded by Node as it is, which
// neither vitest nor the esbuild bundle would do for TypeScript. build.mjs copies it beside the bundle.
//
// Protocol (the types are in worker-pglite.ts):
//   main → worker  { id, op, tx?, ... }            one request; `tx` runs it inside an open transaction
//   worker → main  { id, ok: true, result }        its answer
//                  { id, ok: false, error }        its failure (a plain object: SQLSTATE code and all)
//                  { notify: channel, payload }    a NOTIFY on a listened channel, after its COMMIT
//                  { ready: true } | { ready: false, error }   once, after PGlite opened (or did not)
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const post = (message) => parentPort.postMessage(message);
/** Keeps a column's text: the main thread applies the caller's parsers (functions do not cross threads). */
const keepText = (value) => value;
/** Ends a transaction's callback without COMMIT: PGlite then runs ROLLBACK. */
const ROLLBACK = Symbol('rollback');

function queryOptions(options) {
  if (!options) return undefined;
  const { textTypes, ...rest } = options;
  return textTypes ? { ...rest, parsers: Object.fromEntries(textTypes.map((oid) => [oid, keepText])) } : rest;
}

// Structured clone keeps only an Error's name, message and stack: PostgreSQL's fields (code,
// constraint, detail…) would be lost, and the API tells a unique violation by its code.
function plainError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const { queryOptions: _options, params: _params, ...fields } = error; // may hold functions or large values
  return { ...fields, name: error.name, message: error.message };
}

/**
 * PostgreSQL's shared buffers for the embedded database (docs/decisions/embedded-database-memory.md).
 * Its default, 128 MB, is resident in PGlite from the moment the database opens, and WebAssembly
 * memory never shrinks: 16 MB holds a small shop's busy rows, and a page not held is read from the
 * operating system's file cache.
 */
const SHARED_BUFFERS = '16MB';

let db;
try {
  const { dataDir, loadDataDir } = workerData ?? {};
  db = await PGlite.create({
    dataDir,
    loadDataDir,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
  });
  post({ ready: true });
} catch (error) {
  post({ ready: false, error: plainError(error) });
  process.exit(1);
}

/** Open transactions by id: PGlite's `tx`, and `end(commit)` that lets its callback return. */
const transactions = new Map();
/** Listened channels: channel → PGlite's unlisten function. */
const channels = new Map();

function begin(id) {
  return new Promise((resolve, reject) => {
    let end;
    const ended = new Promise((commit, rollback) => {
      end = (shouldCommit) => (shouldCommit ? commit() : rollback(ROLLBACK));
    });
    // PGlite's transaction lock is first come, first served: later queries and transactions wait
    // until this one ends, as they would on the main thread.
    const done = db
      .transaction(async (tx) => {
        transactions.set(id, { tx, end, done });
        resolve(id);
        await ended;
      })
      .finally(() => transactions.delete(id));
    // Before BEGIN ran, a failure is this request's; afterwards it is reported by 'end'.
    done.catch((error) => reject(error));
  });
}

async function end(id, commit) {
  const transaction = transactions.get(id);
  if (!transaction) throw new Error(`Transaction ${id} is not open`);
  transaction.end(commit);
  try {
    await transaction.done;
  } catch (error) {
    if (error !== ROLLBACK) throw error; // e.g. COMMIT of a transaction that had failed
  }
}

async function handle(request) {
  const target = request.tx === undefined ? db : transactions.get(request.tx)?.tx;
  if (!target) throw new Error(`Transaction ${request.tx} is not open`);
  switch (request.op) {
    case 'query':
      return target.query(request.sql, request.params, queryOptions(request.options));
    case 'exec':
      return target.exec(request.sql, queryOptions(request.options));
    case 'begin':
      return begin(request.id);
    case 'rollback':
      return target.rollback(); // ROLLBACK now; the transaction's end then skips COMMIT
    case 'end':
      return end(request.tx, request.commit);
    case 'listen':
      if (!channels.has(request.channel)) {
        const channel = request.channel;
        channels.set(channel, await db.listen(channel, (payload) => post({ notify: channel, payload })));
      }
      return undefined;
    case 'unlisten':
      await channels.get(request.channel)?.();
      channels.delete(request.channel);
      return undefined;
    case 'dump':
      // dumpDataDir waits only for running queries; holding the transaction lock too means a dump
      // never catches a transaction half done.
      return db._runExclusiveTransaction(() => db.dumpDataDir(request.compression));
    case 'close':
      await db.close(); // after the queries already queued, then flushes dataDir to disk
      return undefined;
    default:
      throw new Error(`Unknown PGlite worker operation ${request.op}`);
  }
}

parentPort.on('message', (request) => {
  handle(request).then(
    (result) => {
      post({ id: request.id, ok: true, result });
      if (request.op === 'close') parentPort.close(); // nothing is left to do: the thread ends
    },
    (error) => post({ id: request.id, ok: false, error: plainError(error) }),
  );
});
