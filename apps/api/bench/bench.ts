// `npm run bench` (docs/architecture.md#tests-and-targets): requests/s and p50/p99 latency of the catalogue calls on
// a varied workload (see workload.ts), product detail and order creation, beside a bare Fastify
// route, on PGlite and on PostgreSQL, with the server's event-loop delay during each run, and on
// PostgreSQL the delay until a menu edit on one instance shows on a second one.
// The servers run in child processes; this process only generates the load, on 127.0.0.1.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { API_BASE } from '@kopi/shared';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Db, migrate, openDatabase, rows } from '../src/db/client.ts';
import { createMenu } from '../src/modules/products/products.service.ts';
import { BENCH_PASSWORD, benchAdminEmail, benchCategory, seedBigShop } from './big-shop.ts';
import { type Freshness, printSummary, printTable, type Result } from './report.ts';
import { benchStreams, printStreams } from './streams.ts';
import { catalogueCalls } from './workload.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Node's flags as `npm start` gives them (package.json: the young generation's size), so the bench measures the server as it runs. */
const START_FLAGS = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start
  .split(' ')
  .filter((word) => word.startsWith('--'));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
// As many connections as the measured figures used (docs/architecture.md#tests-and-targets).
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/**
 * The first of three ports on 127.0.0.1 (bare route, server, second server for the freshness): engineers sharing a
 * machine each give their own range.
 */
const PORT = Number(process.env.BENCH_PORT ?? 18_080);
const PARTS = ['catalogue', 'dashboard', 'orders', 'freshness', 'streams'] as const;
/** `BENCH_ONLY=orders,freshness` measures only those parts; all of them by default. */
const ONLY = new Set(process.env.BENCH_ONLY?.split(',').map((part) => part.trim()) ?? PARTS);
for (const part of ONLY) if (!(PARTS as readonly string[]).includes(part)) throw new Error(`BENCH_ONLY takes ${PARTS.join(', ')}`);
const ADMIN = { email: 'bench-admin@bench.local', password: 'bench-admin-password' };
/** `BENCH_CALLS=search,detail` measures only those catalogue calls (the first word of each call's name); all by default. */
const CALLS = process.env.BENCH_CALLS ? new Set(process.env.BENCH_CALLS.split(',').map((call) => call.trim())) : undefined;
/** Edits made on one instance and looked for on the other, for the freshness delay. */
const FRESHNESS_EDITS = Number(process.env.BENCH_FRESHNESS_EDITS ?? 100);
/** Live order streams held open on one instance, and status changes sent through them. */
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const STREAM_CHANGES = Number(process.env.BENCH_STREAM_CHANGES ?? 100);
/** Customers signed in to place the bench's orders. */
const BENCH_CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 200);
/** Owners looking at the dashboard at once. */
const DASHBOARD_CONNECTIONS = Number(process.env.BENCH_DASHBOARD_CONNECTIONS ?? 2);
/**
 * `BENCH_CPU_PROF=dir` runs each server under `node --cpu-prof`, its profile written into `dir` when it stops
 * (read it with `node apps/api/bench/profile-summary.mjs dir/….cpuprofile`).
 */
const CPU_PROF = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.BENCH_CPU_PROF)] : [];
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

async function stop(child: ChildProcess, label = 'server'): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const start = Date.now();
  child.kill('SIGTERM');
  await exited;
  console.log(`   ${label} stopped in ${Date.now() - start} ms (exit code ${child.exitCode})`);
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
  const run = autocannon({ connections: CONNECTIONS, ...(options.amount ? {} : { duration: SECONDS }), ...options });
  // autocannon ends a run of `amount` requests on its next whole second, and its duration with it
  // (1,000 orders in 1.2 s read as 500/s): the run lasts until its last answer.
  const started = performance.now();
  let lastAnswer = started;
  // The promise is also the run's event emitter (autocannon's lib/init.js); its types say only the first.
  (run as unknown as EventEmitter).on('response', () => {
    lastAnswer = performance.now();
  });
  const result = await run;
  const seconds = options.amount ? (lastAnswer - started) / 1000 : result.duration;
  return {
    name,
    rps: Math.round(result.requests.total / (seconds || 1)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
    ok: result['2xx'],
    failures: Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, { count }]) => `${code} × ${count}`)
      .join(', '),
    bytesPerAnswer: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
    loop: server ? await loopDelay(server, 'report') : undefined,
  };
}

const random = (n: number) => Math.floor(Math.random() * n);

/**
 * The CPU time (user + system, ms) of this machine's processes whose command line has all of
 * `parts`: a PostgreSQL server on the same machine names each backend by its database. Linux only;
 * NaN elsewhere. A backend that ends meanwhile is not counted (the server's pool keeps them open).
 */
async function processCpuMs(...parts: string[]): Promise<number> {
  const { readdir, readFile } = await import('node:fs/promises');
  let pids: string[];
  try {
    pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry));
  } catch {
    return Number.NaN;
  }
  const TICKS_PER_SECOND = 100; // USER_HZ on Linux
  let ticks = 0;
  for (const pid of pids) {
    try {
      const cmdline = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' ');
      if (!parts.every((part) => cmdline.includes(part))) continue;
      // Fields after the command's name (in parentheses): utime and stime are the 14th and 15th.
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** pgbench's program (PostgreSQL's client package); `BENCH_PGBENCH=` (empty) skips its run. */
const PGBENCH = process.env.BENCH_PGBENCH ?? '/usr/bin/pgbench';

/**
 * The database's own limit on this machine, for the orders to be read against: pgbench's TPC-B-like
 * run (`pgbench -i` on a scratch database, then `pgbench -T 10 -c 8 -j 2`) on the same PostgreSQL
 * server, in the same run. Undefined when pgbench is not there.
 */
async function pgbench(adminUrl: string, admin: pg.Client): Promise<Result['pgbench']> {
  if (!PGBENCH) return undefined;
  const name = `kopi_pgbench_${process.pid}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const run = promisify(execFile);
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  try {
    await run(PGBENCH, ['-i', '-q', url.toString()]);
    const { stdout } = await run(PGBENCH, ['-T', '10', '-c', '8', '-j', '2', url.toString()]);
    const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1]);
    const latencyMs = Number(/latency average = ([\d.]+) ms/.exec(stdout)?.[1]);
    return { tps: Math.round(tps), latencyMs };
  } catch (error) {
    console.log(`   pgbench did not run: ${(error as Error).message.split('\n')[0]}`);
    return undefined;
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
  }
}

/** Time and memory to read the menu index as a server does at start (docs/architecture.md#tests-and-targets: ≤ 1 s, ≤ 50 MB). */
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

async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}${API_BASE}/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round1 = (ms: number) => Math.round(ms * 10) / 10;

/**
 * docs/decisions/menu-index.md: a menu change made on instance A is in B's answers within 100 ms. Each edit changes a
 * product's price on A; B is asked for the product again as soon as it answers, from the moment
 * the edit is sent. The delay runs from A's answer to B's first answer with the new price (0 when
 * B has it first: A answers after it committed and announced).
 */
async function measureFreshness(a: string, b: string, shop: { firstProduct: number; products: number }): Promise<Freshness> {
  await waitFor(`${b}/ready`, 120);
  const token = await signIn(a, ADMIN.email, ADMIN.password);
  const delays: number[] = [];
  for (let i = 0; i < FRESHNESS_EDITS; i++) {
    const id = shop.firstProduct + random(shop.products);
    const price = 90_000 + i;
    const form = new FormData();
    form.append('price', String(price));
    let answeredAt: number | undefined;
    const edit = fetch(`${a}${API_BASE}/products/${id}`, { method: 'PATCH', headers: { 'access-token': token }, body: form }).then(
      async (res) => {
        answeredAt = performance.now();
        if (!res.ok) throw new Error(`the edit on A failed: ${res.status} ${await res.text()}`);
      },
    );
    const deadline = performance.now() + 10_000;
    let seenAt: number | undefined;
    while (seenAt === undefined) {
      if (performance.now() > deadline) throw new Error(`B did not show product ${id}'s new price within 10 s`);
      const res = await fetch(`${b}${API_BASE}/products/${id}`);
      if (((await res.json()) as { data?: { price: number } }).data?.price === price) seenAt = performance.now();
    }
    await edit;
    delays.push(Math.max(0, seenAt - answeredAt!));
  }
  delays.sort((x, y) => x - y);
  return { edits: delays.length, p50: round1(percentile(delays, 50)), p99: round1(percentile(delays, 99)), max: round1(delays.at(-1)!) };
}

/** The bare Fastify route's requests/s and p99 latency (ms) in one run. */
type Bare = Pick<Result, 'rps' | 'p99'>;

/**
 * `bare()` measures the bare Fastify route again: each call is compared with the machine's ceiling
 * measured just before it, as other work on a shared machine moves that ceiling during a run;
 * `bare(call.path)` drives it with the call's own paths.
 */
async function benchDatabase(
  kind: 'pglite' | 'postgres',
  port: number,
  bare: (path?: () => string) => Promise<Bare>,
): Promise<{ results: Result[]; freshness?: Freshness }> {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let countOrders: () => Promise<number>;
  /** CPU time of the PostgreSQL server's processes serving the bench's database (NaN when it runs elsewhere). */
  let backendCpuMs: () => Promise<number> = async () => Number.NaN;
  /** pgbench's TPC-B-like run on the same PostgreSQL server (PostgreSQL only). */
  let databaseLimit: () => Promise<Result['pgbench']> = async () => undefined;
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
    backendCpuMs = () => processCpuMs(`postgres: `, ` ${name} `);
    databaseLimit = () => pgbench(adminUrl, admin);
    env = { DATABASE_URL: url.toString() };
    cleanup = async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  console.log(`   seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`   menu index: ${index.products} products read in ${index.ms} ms, ${index.mb} MB`);

  const startServer = (at: number) =>
    // --expose-gc: the live streams' memory is read after a full collection.
    // BENCH_NODE_FLAGS adds flags, or overrides START_FLAGS'.
    startProcess(
      [
        '--expose-gc',
        ...START_FLAGS,
        ...CPU_PROF,
        ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
        '--import',
        './apps/api/bench/loop-delay.mjs',
        'apps/api/dist/server.js',
      ],
      {
        ...env,
        PORT: String(at),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
        SEED_DEMO: 'false',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        AUTH_RATE_LIMIT_PER_IP: '1000000',
        AUTH_RATE_LIMIT_PER_EMAIL: '1000000',
        // Orders "as soon as possible" are taken only while the shop is open: the bench runs at any hour.
        OPENING_HOURS: 'mon-sun 00:00-24:00',
        // Every order is counted by the per-account limit, as in the shop, but none is refused by it:
        // the bench measures placing orders, not refusing them (60 a minute would refuse most of them).
        ORDER_RATE_LIMIT_PER_MINUTE: '1000000',
        // One barista's board holds all the bench's live streams.
        EVENTS_MAX_STREAMS_PER_ACCOUNT: String(STREAMS),
      },
    );
  const server = startServer(port);
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/ready`, 120);
    // Orders come from many customers at once, as in a shop: not a few accounts' rows taking turns.
    const tokens = await Promise.all(
      Array.from({ length: BENCH_CUSTOMERS }, (_, i) => signIn(base, `bench${i + 1}@bench.local`, BENCH_PASSWORD)),
    );
    const productId = () => shop.firstProduct + random(shop.products);
    // A cart line as customers send them: a size the product is sold in, and add-ons in half the drinks.
    // The g-th product is an add-on when g % 4 is 3 (benchCategory): drawn directly, no retries.
    const product = (g: number) => ({ id: shop.firstProduct + g - 1, category: benchCategory(g) });
    const anyButAddOn = () => {
      const g = 1 + random(shop.products);
      return product(g % 4 === 3 ? g - 1 : g);
    };
    const addOn = () => product(3 + 4 * random(Math.floor((shop.products - 3) / 4) + 1));
    const orderLine = () => {
      const line = anyButAddOn();
      const drink = line.category === 2 || line.category === 3;
      const addons =
        drink && random(2) === 0
          ? Array.from({ length: 1 + random(2) }, () => addOn().id)
              .filter((id, i, all) => all.indexOf(id) === i)
              .map((id) => ({ product_id: id, qty: 1 + random(3) }))
          : undefined;
      return { product_id: line.id, qty: 1 + random(3), size_id: drink ? 1 + random(3) : 1, addons };
    };

    const results: Result[] = [];
    // A call is named in BENCH_CALLS by the first word of its name.
    const calls = catalogueCalls(shop).map((call) => ({ ...call, word: call.name.split(' ')[0]! }));
    for (const word of CALLS ?? [])
      if (!calls.some((call) => call.word === word)) throw new Error(`BENCH_CALLS takes ${calls.map((call) => call.word).join(', ')}`);
    for (const call of ONLY.has('catalogue') ? calls.filter((call) => !CALLS || CALLS.has(call.word)) : []) {
      const options = { url: base, headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } };
      const requests = [{ setupRequest: (r: autocannon.Request) => ({ ...r, path: call.path() }) }];
      const bareRps = (await bare()).rps;
      const alike = await bare(call.path);
      results.push({
        ...(await load(call.name, { ...options, requests }, server)),
        target: call.kind,
        bareRps,
        bareAlikeRps: alike.rps,
        bareAlikeP99: alike.p99,
      });
    }

    if (ONLY.has('dashboard')) {
      // The owner's dashboard (docs/decisions/dashboard-in-sql.md) over the 100,000 orders, each period on its own; the
      // server caches no answer (closed days are read from their summary). A few owners at once, not the catalogue's 50
      // connections.
      const owner = await fetch(`${base}${API_BASE}/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: benchAdminEmail(1), password: BENCH_PASSWORD }),
      });
      const ownerToken = ((await owner.json()) as { data: { token: string } }).data.token;
      const ask = (period: string) =>
        fetch(`${base}${API_BASE}/dashboard?period=${period}`, { headers: { 'access-token': ownerToken } }).then((res) => res.text());
      // The first answer writes the summary of the closed days it shows (the month's series: every
      // day of the history); its time is reported, then each period is measured on its own.
      for (const period of ['monthly', 'weekly', 'daily']) {
        const started = performance.now();
        await ask(period);
        console.log(`   first ${period} dashboard after start: ${Math.round(performance.now() - started)} ms`);
      }
      for (const period of ['daily', 'weekly', 'monthly']) {
        results.push({
          ...(await load(
            `dashboard ${period} (uncached)`,
            {
              url: base,
              connections: DASHBOARD_CONNECTIONS,
              amount: Number(process.env.BENCH_DASHBOARDS ?? 200),
              requests: [
                {
                  setupRequest: (r) => ({
                    ...r,
                    path: `${API_BASE}/dashboard?period=${period}`,
                    headers: { 'access-token': ownerToken, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
                  }),
                },
              ],
            },
            server,
          )),
          target: 'dashboard',
        });
      }
    }

    if (ONLY.has('orders')) {
      const placing = (amount: number): autocannon.Options => ({
        url: base,
        amount,
        requests: [
          {
            method: 'POST',
            setupRequest: (r) => ({
              ...r,
              path: `${API_BASE}/transactions`,
              // As the web app sends an order: each checkout with an Idempotency-Key of its own.
              headers: {
                'content-type': 'application/json',
                'access-token': tokens[random(tokens.length)]!,
                'idempotency-key': randomUUID(),
              },
              // As the web app's cart sends it: one to three lines. Paid at the counter (Card or Cash):
              // the bench shop has no payment gateway (docs/shop-rules.md#payments).
              body: JSON.stringify({
                items: Array.from({ length: 1 + random(3) }, orderLine),
                delivery_id: 1,
                payment_id: random(2) === 0 ? 1 : 3,
              }),
            }),
          },
        ],
      });
      // Unmeasured orders first, so that the JIT and the database's plans are warm as in a shop that is open.
      await load('order creation (warm-up)', placing(500));
      const limit = await databaseLimit();
      if (limit)
        console.log(
          `   pgbench TPC-B-like (-c 8 -j 2, 10 s) on the same PostgreSQL: ${limit.tps} tps, latency average ${limit.latencyMs} ms`,
        );
      const bareRps = (await bare()).rps;
      const before = await countOrders();
      const backendBefore = await backendCpuMs();
      // A fixed number of orders (not a duration), so that every request is answered before counting.
      const orders = await load('order creation', placing(Number(process.env.BENCH_ORDERS ?? 4000)), server);
      const backend = (await backendCpuMs()) - backendBefore;
      const stored = (await countOrders()) - before;
      results.push({ ...orders, target: 'orders', bareRps, pgbench: limit });
      // Other work on a shared machine moves every figure: the load it had is reported beside them.
      console.log(
        `   load average after the orders: ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
      );
      if (orders.failures) console.log(`   orders not placed, by status: ${orders.failures}`);
      if (kind === 'postgres') {
        const ok = orders.ok;
        console.log(`   orders answered 201: ${ok}, orders stored: ${stored}${ok === stored ? ' (none lost)' : ' (MISMATCH)'}`);
        if (Number.isFinite(backend)) {
          console.log(
            `   PostgreSQL backends' CPU per order: ${(backend / Math.max(1, orders.requests)).toFixed(2)} ms (the bench database's connections)`,
          );
        }
      }
    }

    if (results.length > 0) printTable(kind, results);
    if (ONLY.has('streams')) await streamsOf(kind, base, server, tokens[0]!, productId());
    // A second instance needs a database server: PGlite belongs to one process.
    let freshness: Freshness | undefined;
    if (ONLY.has('freshness') && kind === 'postgres') {
      const second = startServer(port + 1);
      try {
        freshness = await measureFreshness(base, `http://127.0.0.1:${port + 1}`, shop);
        console.log(
          `   menu freshness, an edit on instance A seen on B: p50 ${freshness.p50} ms, p99 ${freshness.p99} ms, max ${freshness.max} ms (${freshness.edits} edits)`,
        );
      } finally {
        await stop(second, 'second instance');
      }
    }
    return { results, freshness };
  } finally {
    await stop(server);
    await cleanup();
  }
}

/** 1,000 live streams on the running server: a status change's way to all of them, and their memory. */
async function streamsOf(kind: string, base: string, server: ChildProcess, customer: string, productId: number): Promise<void> {
  const res = await fetch(`${base}${API_BASE}/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'barista@bench.local', password: BENCH_PASSWORD }),
  });
  const admin = ((await res.json()) as { data: { token: string } }).data.token;
  console.log(`   opening ${STREAMS} live streams`);
  const result = await benchStreams(base, server, { admin, customer }, { streams: STREAMS, changes: STREAM_CHANGES, productId });
  printStreams(kind === 'postgres' ? 'PostgreSQL' : 'PGlite', result);
}

async function main() {
  console.log(
    `load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (${os.cpus().length} cores)`,
  );
  const barePort = PORT;
  const bareServer = startProcess(['--import', 'tsx', 'apps/api/bench/bare-server.ts'], { PORT: String(barePort) });
  try {
    await waitFor(`http://127.0.0.1:${barePort}/bare`);
    // Given a call's paths, the bare route is also driven as that call is: a path drawn for every
    // request costs the load generator, on the same 2 cores, about a third of the bare route's rate
    // (docs/benchmarks.md#the-menus-cpu), a cost that is not the server's.
    const bare = (path?: () => string): Promise<Bare> => {
      const requests = path ? [{ setupRequest: (r: autocannon.Request) => ({ ...r, path: `/bare?${path()}` }) }] : undefined;
      return load('bare route', { url: `http://127.0.0.1:${barePort}/bare`, ...(requests ? { requests } : {}) });
    };
    const first = await bare();
    console.log(`bare Fastify route: ${first.rps} requests/s, p99 ${first.p99} ms (${CONNECTIONS} connections, ${SECONDS} s per run)`);

    // The freshness needs two instances, which only PostgreSQL can have.
    let kinds: ('pglite' | 'postgres')[] =
      ONLY.has('catalogue') || ONLY.has('dashboard') || ONLY.has('orders') || ONLY.has('streams') ? ['pglite'] : [];
    if (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL) kinds.push('postgres');
    else console.log('(set BENCH_DATABASE_URL=postgres://… to measure PostgreSQL too)');
    // `BENCH_DATABASES=postgres` (or `pglite`) measures on that database alone.
    const only = process.env.BENCH_DATABASES?.split(',');
    if (only) kinds = kinds.filter((kind) => only.includes(kind));
    const all: Partial<Record<'pglite' | 'postgres', Result[]>> = {};
    const freshness: Partial<Record<'pglite' | 'postgres', Freshness>> = {};
    for (const kind of kinds) {
      const measured = await benchDatabase(kind, PORT + 1, bare);
      all[kind] = measured.results;
      if (measured.freshness) freshness[kind] = measured.freshness;
    }

    printSummary(all, { connections: CONNECTIONS, seconds: SECONDS }, freshness);
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
