// `npm run bench` (DESIGN §8, issue #10): requests/s and p50/p99 latency of the catalogue calls on
// a varied workload (see workload.ts), product detail and order creation, beside a bare Fastify
// route, on PGlite and on PostgreSQL, with the server's event-loop delay during each run.
// The servers run in child processes; this process only generates the load, on 127.0.0.1.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BASE } from '@kopi/shared';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Db, migrate, openDatabase, rows } from '../src/db/client.ts';
import { createMenu } from '../src/modules/products/products.service.ts';
import { BENCH_PASSWORD, seedBigShop } from './big-shop.ts';
import { printSummary, printTable, type Result } from './report.ts';
import { catalogueCalls } from './workload.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
// As many connections as the measurements of issue #10.
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** What Chromium sends: answers are measured as a browser receives them. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

function startProcess(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

async function waitFor(url: string, seconds = 60): Promise<void> {
  for (let i = 0; i < seconds * 10; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Asks the server's loop-delay.mjs for the event-loop delay since the last 'reset'. */
async function loopDelay(server: ChildProcess, message: 'reset' | 'report'): Promise<Result['loop']> {
  if (message === 'reset') {
    server.send('reset');
    return undefined;
  }
  const answer = new Promise<Result['loop']>((resolve) => server.once('message', (m) => resolve(m as Result['loop'])));
  server.send('report');
  return answer;
}

async function load(name: string, options: autocannon.Options, server?: ChildProcess): Promise<Result> {
  // A short unmeasured run first, so the JIT and the caches are warm as in a shop that is open.
  if (!options.amount) await autocannon({ connections: CONNECTIONS, duration: 2, ...options });
  if (server) await loopDelay(server, 'reset');
  // A run is a fixed number of requests when `amount` is given, else SECONDS long.
  const result = await autocannon({ connections: CONNECTIONS, ...(options.amount ? {} : { duration: SECONDS }), ...options });
  return {
    name,
    rps: Math.round(result.requests.total / (result.duration || 1)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
    ok: result['2xx'],
    bytesPerAnswer: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
    loop: server ? await loopDelay(server, 'report') : undefined,
  };
}

const random = (n: number) => Math.floor(Math.random() * n);

/** Time and memory to read the menu index as a server does at start (issue #10: ≤ 1 s, ≤ 50 MB). */
async function measureMenuIndex(db: Db): Promise<{ products: number; ms: number; mb: number }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run the bench with node --expose-gc (npm run bench does)');
  const used = () => {
    gc();
    const memory = process.memoryUsage();
    return memory.heapUsed + memory.arrayBuffers;
  };
  const before = used();
  const started = performance.now();
  const menu = createMenu(db);
  await menu.load();
  const ms = Math.round(performance.now() - started);
  const mb = Math.round(((used() - before) / 1e6) * 10) / 10;
  return { products: menu.size, ms, mb };
}

/**
 * `bare()` measures the bare Fastify route again: each call is compared with the machine's ceiling
 * measured just before it, as other work on a shared machine moves that ceiling during a run.
 */
async function benchDatabase(kind: 'pglite' | 'postgres', port: number, bare: () => Promise<number>): Promise<Result[]> {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let countOrders: () => Promise<number>;
  console.log(`\n== ${kind}: seeding 10,000 products and 100,000 orders`);
  const started = Date.now();
  let shop: { firstProduct: number; products: number };
  let index: Awaited<ReturnType<typeof measureMenuIndex>>;

  if (kind === 'pglite') {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kopi-bench-'));
    const database = await openDatabase({ dataDir });
    await migrate(database);
    shop = await seedBigShop(database.db);
    index = await measureMenuIndex(database.db);
    await database.close();
    env = { DATA_DIR: dataDir };
    cleanup = () => rm(dataDir, { recursive: true, force: true });
    // PGlite has one owner: count through the API's own numbers afterwards instead.
    countOrders = async () => Number.NaN;
  } else {
    const adminUrl = (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL)!;
    const name = `kopi_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString() });
    await migrate(database);
    shop = await seedBigShop(database.db);
    index = await measureMenuIndex(database.db);
    countOrders = async () => (await rows<{ n: number }>(database.db, sql`select count(*)::int as n from transactions`))[0]!.n;
    env = { DATABASE_URL: url.toString() };
    cleanup = async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  console.log(`   seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`   menu index: ${index.products} products read in ${index.ms} ms, ${index.mb} MB`);

  const server = startProcess(['--import', './apps/api/bench/loop-delay.mjs', 'apps/api/dist/server.js'], {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    AUTH_RATE_LIMIT_PER_IP: '1000000',
    AUTH_RATE_LIMIT_PER_EMAIL: '1000000',
    // Orders "as soon as possible" are taken only while the shop is open: the bench runs at any hour.
    OPENING_HOURS: 'mon-sun 00:00-24:00',
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/ready`, 120);
    const tokens: string[] = [];
    for (let i = 1; i <= 20; i++) {
      const res = await fetch(`${base}${API_BASE}/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `bench${i}@bench.local`, password: BENCH_PASSWORD }),
      });
      tokens.push(((await res.json()) as { data: { token: string } }).data.token);
    }
    const productId = () => shop.firstProduct + random(shop.products);

    const results: Result[] = [];
    for (const call of catalogueCalls(shop)) {
      const options = { url: base, headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } };
      const requests = [{ setupRequest: (r: autocannon.Request) => ({ ...r, path: call.path() }) }];
      const bareRps = await bare();
      results.push({ ...(await load(call.name, { ...options, requests }, server)), target: call.kind, bareRps });
    }

    const bareRps = await bare();
    const before = await countOrders();
    // A fixed number of orders (not a duration), so that every request is answered before counting.
    const orders = await load(
      'order creation',
      {
        url: base,
        amount: Number(process.env.BENCH_ORDERS ?? (kind === 'postgres' ? 4000 : 1000)),
        requests: [
          {
            method: 'POST',
            setupRequest: (r) => ({
              ...r,
              path: `${API_BASE}/transactions`,
              headers: { 'content-type': 'application/json', 'access-token': tokens[random(tokens.length)]! },
              body: JSON.stringify({
                product_id: productId(),
                qty: 1 + random(3),
                size_id: 1 + random(3),
                delivery_id: 1,
                payment_id: 1 + random(3),
              }),
            }),
          },
        ],
      },
      server,
    );
    const stored = (await countOrders()) - before;
    results.push({ ...orders, target: 'orders', bareRps });
    if (kind === 'postgres') {
      const ok = orders.ok;
      console.log(`   orders answered 201: ${ok}, orders stored: ${stored}${ok === stored ? ' (none lost)' : ' (MISMATCH)'}`);
    }

    printTable(kind, results);
    return results;
  } finally {
    await stop(server);
    await cleanup();
  }
}

async function main() {
  console.log(
    `load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (${os.cpus().length} cores)`,
  );
  const barePort = 18_080;
  const bareServer = startProcess(['--import', 'tsx', 'apps/api/bench/bare-server.ts'], { PORT: String(barePort) });
  try {
    await waitFor(`http://127.0.0.1:${barePort}/bare`);
    const bare = async () => (await load('bare route', { url: `http://127.0.0.1:${barePort}/bare` })).rps;
    console.log(`bare Fastify route: ${await bare()} requests/s (${CONNECTIONS} connections, ${SECONDS} s per run)`);

    const kinds: ('pglite' | 'postgres')[] = ['pglite'];
    if (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL) kinds.push('postgres');
    else console.log('(set BENCH_DATABASE_URL=postgres://… to measure PostgreSQL too)');
    const all: Partial<Record<'pglite' | 'postgres', Result[]>> = {};
    for (const kind of kinds) all[kind] = await benchDatabase(kind, 18_090, bare);

    printSummary(all, { connections: CONNECTIONS, seconds: SECONDS });
  } finally {
    await stop(bareServer);
  }
  console.log(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

await main();
