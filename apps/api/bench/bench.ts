// `npm run bench` (DESIGN §8): requests/s and p50/p99 latency of the catalogue, search, product
// detail and order creation beside a bare Fastify route, on PGlite and on PostgreSQL.
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
import { migrate, openDatabase, rows } from '../src/db/client.ts';
import { BENCH_PASSWORD, seedBigShop } from './big-shop.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
// 500 different searches: parts of names, some with a number (the menu's names end in one).
const WORDS = ['latte', 'kopi', 'croissant', 'BREW', 'teh tarik', 'matcha', 'susu', 'roti', 'pisang', 'mocha', 'amer', 'goreng'];
const SEARCH_TERMS = Array.from({ length: 500 }, (_, i) =>
  i % 3 === 0 ? WORDS[i % WORDS.length]! : `${WORDS[i % WORDS.length]} ${i * 7}`,
);

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  /** Answers with a 2xx status. */
  ok: number;
}

function startProcess(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  return child;
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

async function load(name: string, options: autocannon.Options): Promise<Result> {
  // A short unmeasured run first, so the JIT and the caches are warm as in a shop that is open.
  if (!options.amount) await autocannon({ connections: CONNECTIONS, duration: 2, ...options });
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
  };
}

const random = (n: number) => Math.floor(Math.random() * n);

async function benchDatabase(kind: 'pglite' | 'postgres', port: number, bareRps: number): Promise<Result[]> {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let countOrders: () => Promise<number>;
  console.log(`\n== ${kind}: seeding 10,000 products and 100,000 orders`);
  const started = Date.now();
  let shop: { firstProduct: number; products: number };

  if (kind === 'pglite') {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kopi-bench-'));
    const database = await openDatabase({ dataDir });
    await migrate(database);
    shop = await seedBigShop(database.db);
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
    countOrders = async () => (await rows<{ n: number }>(database.db, sql`select count(*)::int as n from transactions`))[0]!.n;
    env = { DATABASE_URL: url.toString() };
    cleanup = async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  console.log(`   seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const server = startProcess(['apps/api/dist/server.js'], {
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
    const sorts = ['popular', 'cheapest', 'priciest', 'newest'];

    const results: Result[] = [];
    results.push(
      await load('catalogue', {
        url: base,
        requests: [
          {
            setupRequest: (r) => ({
              ...r,
              path: `${API_BASE}/products/get?sort=${sorts[random(4)]}&page=${1 + random(20)}${random(2) ? `&categories=${1 + random(4)}` : ''}`,
            }),
          },
        ],
      }),
    );
    results.push(
      await load('search', {
        url: base,
        requests: [
          {
            setupRequest: (r) => ({
              ...r,
              path: `${API_BASE}/products/get?search=${encodeURIComponent(SEARCH_TERMS[random(SEARCH_TERMS.length)]!)}`,
            }),
          },
        ],
      }),
    );
    results.push(
      await load('detail', { url: base, requests: [{ setupRequest: (r) => ({ ...r, path: `${API_BASE}/products/${productId()}` }) }] }),
    );

    const before = await countOrders();
    // A fixed number of orders (not a duration), so that every request is answered before counting.
    const orders = await load('order creation', {
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
    });
    const stored = (await countOrders()) - before;
    results.push(orders);
    if (kind === 'postgres') {
      const ok = orders.ok;
      console.log(`   orders answered 201: ${ok}, orders stored: ${stored}${ok === stored ? ' (none lost)' : ' (MISMATCH)'}`);
    }

    console.log(`\n| ${kind} | requests/s | p50 ms | p99 ms | errors | vs bare |`);
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const r of results) {
      console.log(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${Math.round((r.rps / bareRps) * 100)}% |`);
    }
    return results;
  } finally {
    await stop(server);
    await cleanup();
  }
}

async function main() {
  const barePort = 18_080;
  const bare = startProcess(['--import', 'tsx', 'apps/api/bench/bare-server.ts'], { PORT: String(barePort) });
  let bareResult: Result;
  try {
    await waitFor(`http://127.0.0.1:${barePort}/bare`);
    bareResult = await load('bare route', { url: `http://127.0.0.1:${barePort}/bare` });
  } finally {
    await stop(bare);
  }
  console.log(
    `bare Fastify route: ${bareResult.rps} requests/s, p50 ${bareResult.p50} ms, p99 ${bareResult.p99} ms (${CONNECTIONS} connections, ${SECONDS} s per run)`,
  );

  const kinds: ('pglite' | 'postgres')[] = ['pglite'];
  if (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL) kinds.push('postgres');
  else console.log('(set BENCH_DATABASE_URL=postgres://… to measure PostgreSQL too)');
  const all: Record<string, Result[]> = {};
  for (const kind of kinds) all[kind] = await benchDatabase(kind, 18_090, bareResult.rps);

  console.log('\nTargets (DESIGN §8):');
  for (const [kind, results] of Object.entries(all)) {
    const by = (name: string) => results.find((r) => r.name === name)!;
    const catalogue = by('catalogue');
    const search = by('search');
    const orders = by('order creation');
    const check = (ok: boolean) => (ok ? 'met' : 'NOT met');
    console.log(
      `- ${kind}: catalogue ≥ 25% of bare (${Math.round((catalogue.rps / bareResult.rps) * 100)}%) and p99 ≤ 25 ms (${catalogue.p99}): ${check(catalogue.rps >= bareResult.rps * 0.25 && catalogue.p99 <= 25)}`,
    );
    console.log(`- ${kind}: search p99 ≤ 25 ms (${search.p99}): ${check(search.p99 <= 25)}`);
    if (kind === 'postgres')
      console.log(
        `- ${kind}: orders ≥ 1,000/s with no error (${orders.rps}/s, ${orders.errors} errors): ${check(orders.rps >= 1000 && orders.errors === 0)}`,
      );
  }
}

await main();
