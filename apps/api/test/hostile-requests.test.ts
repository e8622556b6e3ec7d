import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { API_BASE, ORDER_TOKEN_HEADER, TOKEN_HEADER } from '@kopi/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, addPromo, api, createTestShop, signUpAs, type TestShop, testConfig } from './helpers.ts';
import { expiredToken } from './matrix-helpers.ts';
import { type ListedRoute, listRoutes } from './route-list.ts';
import { listenLocally, SseClient } from './sse-client.ts';

// Hostile headers, query values and stream cursors against every route (docs/decisions/hardening.md):
// fuzz.test.ts sends malformed bodies; this file sends every header and query parameter the API
// reads (Accept-Language, the kopi_locale cookie, Last-Event-ID, Idempotency-Key, Order-Token,
// X-Forwarded-For behind TRUST_PROXY, X-Request-Id, session tokens, order_token, status, page,
// limit, search, sort, categories, date, period…) values an attacker picks: the names on
// Object.prototype, huge numbers, crafted cursors, lone surrogates, bidi and no-break spaces, control
// characters (in query values: a header cannot carry them), 8 KB strings. Real sessions and a guest's
// order token are mixed in, so the values reach the code behind the guards. A property-based test
// (fast-check), for each run:
//
// - every answer is below 500, speaks a language the shop has (Content-Language, <html lang>), and
//   carries a sane request id;
// - the event streams (opened over HTTP, several at once) never accept more than their caps;
// - an order placed (or a line ticked) while the hostile streams are open reaches an admin's stream
//   opened after them, and the honest streams opened before the run: one stream's trouble never costs
//   another its frame;
// - a worker thread asks GET /health over HTTP every HEALTH_EVERY_MS; an answer slower than
//   RUN_FREEZE_MS fails the run that was going on (the server runs in this thread: a freeze is one).
//
// At the end, every order placed reached the honest streams, and /health's latencies are judged.
//
// A failure is shrunk to the smallest run that still fails and reported with its requests and
// answers. The search then goes on with the failure's kind (or, for an answer, the fields that caused
// it) set aside, so one test run reports each distinct hole. Seeded and bounded: FUZZ_SEED (printed)
// and FUZZ_PATH replay a reported run; HOSTILE_RUNS and HOSTILE_TIME_MS bound the search (about 25 s
// per database by default: the file runs on PGlite, on PostgreSQL, and again on Node 24). A failing
// file takes longer: each failure found is shrunk for up to HOSTILE_SHRINK_MS more.

// A fixed seed by default, so that CI answers the same on the same code (FUZZ_SEED=random explores).
const SEED = process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? 20_261_128);
const REPLAY_PATH = process.env.FUZZ_PATH;
const RUNS = Number(process.env.HOSTILE_RUNS ?? 2000);
const BUDGET_MS = Number(process.env.HOSTILE_TIME_MS ?? 22_000);
/** Distinct failures looked for in one test run at most. */
const MAX_CYCLES = 6;
/** Time to shrink each failure found (a run that freezes the server takes seconds each time). */
const SHRINK_MS = Number(process.env.HOSTILE_SHRINK_MS ?? 20_000);
const SHRINK_TOTAL_MS = 3 * SHRINK_MS;

/** /health is asked this often by a thread of its own, over HTTP. */
const HEALTH_EVERY_MS = 100;
/**
 * /health while the search runs: 95 answers in 100 under HEALTH_P95_MS, and every one under
 * HEALTH_MAX_MS (what a freeze breaks: the holes this test was written for held /health 1 to 17 s).
 * Not "every answer under 100 ms": on a 2-core machine the server shares its thread with this test's
 * client and its cores with the PGlite worker, argon2 hashing sign-ins and, in `npm test`, the other
 * files, and a few answers in a few hundred were measured at 100 to 450 ms with nothing frozen (while an
 * admin's streams replayed a thousand events, or during shrinking's sign-ins); p99 ranged 13 to 129 ms,
 * p95 stayed under 30 ms on a quiet machine, and reached 132 ms with nothing frozen on one whose load
 * was 8 (another test run and two builds beside it): the bound is what no freeze stays under.
 */
const HEALTH_P95_MS = 300;
const HEALTH_MAX_MS = 1000;
/** An answer of /health slower than this fails the run that was going on. */
const RUN_FREEZE_MS = 1000;
/** How long an event has to reach a stream. */
const FRAME_WAIT_MS = 3000;
/** How long a request has to answer (an event stream: its head). */
const ANSWER_TIMEOUT_MS = 10_000;

const CONFIG = testConfig();
const STREAMS_PER_ACCOUNT = CONFIG.events.maxStreamsPerAccount;
const SCREENS_PER_IP = CONFIG.counter.statusStreamsPerIp;

// ---------------------------------------------------------------------------------------------
// Hostile values

const PROTOTYPE_NAMES = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupGetter__',
];
/** How a prototype name travels in a header or a query value (%s is the name). */
const PROTOTYPE_FORMS = ['%s', '%s-ID', '%s;q=0.9', 'id;q=0.1, %s', 'en;q=0, %s', '%s, en', '%s=1', ' %s ', '%s%s', '%s.%s'];
const NUMBERS = [
  '999999999999999',
  '9007199254740993',
  '99999999999999999999999',
  '1e308',
  '1e309',
  '-1',
  '0',
  '-0',
  '2147483648',
  '4294967296',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x7fffffff',
  '1.5',
  '00000000001',
  ' 1 ',
  '１２３',
  '٣',
];
const UNICODE = [
  '\ud800',
  '\udfff',
  'a\ud800b',
  '\udc00\ud800',
  '\u202e',
  '\u202eid',
  '\u2066x\u2069',
  '\u00a0',
  '\u00a0id\u00a0',
  'id\u00a0',
  '\u3000',
  '\u200b',
  '\ufeff',
  '\ufeffid',
  '\u0130',
  'ß',
  'ﬀ',
  '😀',
  '👩‍👩‍👧',
  'e\u0301',
  'مرحبا',
  '中文',
  '\uffff',
];
const CONTROL = ['\u0000', 'a\u0000b', '\u0007', '\u001b[31m', '\r\n', '\r\nx-injected: 1', '\t', '\u007f', '\u0085', '\u2028', '\b'];
const ODD = [
  '',
  ' ',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '%',
  '%00',
  '..',
  '../..',
  '/',
  '\\',
  '*',
  ',',
  ';',
  '=',
  '"',
  "'",
  '<script>',
  "' or 1=1 --",
];
/** 8 KB that does not compress: a database index refuses a long key only when it cannot compress it. */
const INCOMPRESSIBLE = (() => {
  let text = '';
  let block = 'kopi senja';
  while (text.length < 8192) {
    block = createHash('sha256').update(block).digest('base64url');
    text += block;
  }
  return text.slice(0, 8192);
})();
const LONG = [
  'x'.repeat(8192),
  'constructor,'.repeat(682),
  '9'.repeat(8192),
  '1,'.repeat(4096),
  INCOMPRESSIBLE,
  'é'.repeat(4096),
  'id;q=0.5,'.repeat(910),
  // A cursor of 1,800 missing ids, 8 KB: valid, and as long as a cursor may be.
  `999999999999999~${Array.from({ length: 1800 }, (_, i) => (i + 1) * 2).join(',')}`,
];
const CURSORS = [
  '999999999999999~36-9000',
  '1~1-9999',
  '999999999999999',
  '999999999999999~1-9998',
  '9007199254740993',
  '9999999999999999',
  '0',
  '0~',
  '~1',
  '1~1',
  '5~3-1',
  '5~1,1',
  '5~0',
  '2~1-1',
  '10~1-5,3-4',
  '1~1-1-1',
  '1~~1',
  '-5',
  '1e3',
];

/** One character of a random string: mostly plain, with the awkward ones well represented. */
const hostileUnit = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('a', 'Z', '1', '-', '~', ',', ';', '=', ' ', '.', '%') },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)) },
);

/**
 * A Last-Event-ID as an attacker writes one: an upper id far above the real ones, with ranges of
 * "missing" ids around the real ones, so that the events to come are in them.
 */
const craftedCursor = fc
  .tuple(
    fc.oneof(
      fc.constantFrom(999_999_999_999_999, 100_000_000, 20_000_000),
      fc.integer({ min: 0, max: 2000 }),
      fc.maxSafeNat().map((n) => n % 1_000_000_000_000_000),
    ),
    // [gap before the range, its length]: one long range, or a few shorter ones (a cursor lists fewer than 10,000 ids).
    fc.oneof(
      fc.tuple(fc.integer({ min: 0, max: 60 }), fc.constantFrom(9998, 8964, 4000)).map((range) => [range]),
      fc.array(fc.tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 4900 })), { maxLength: 2 }),
    ),
  )
  .map(([upTo, ranges]) => {
    let at = 0;
    const parts = ranges.map(([gap, length]) => {
      const from = at + gap + 1;
      at = from + length;
      return length === 0 ? String(from) : `${from}-${at}`;
    });
    return parts.length === 0 ? String(upTo) : `${upTo}~${parts.join(',')}`;
  });
const cursorArb = fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...CURSORS) }, { weight: 3, arbitrary: craftedCursor });

const prototypeText = fc
  .tuple(fc.constantFrom(...PROTOTYPE_NAMES), fc.constantFrom(...PROTOTYPE_FORMS))
  .map(([name, form]) => form.replaceAll('%s', name));

const hostileText: fc.Arbitrary<string> = fc.oneof(
  // A failing value shrinks toward a prototype name too, when one fails the same way.
  { withCrossShrink: true },
  { weight: 3, arbitrary: prototypeText },
  { weight: 2, arbitrary: fc.constantFrom(...NUMBERS) },
  { weight: 2, arbitrary: cursorArb },
  { weight: 2, arbitrary: fc.constantFrom(...UNICODE) },
  { weight: 1, arbitrary: fc.constantFrom(...CONTROL) },
  { weight: 1, arbitrary: fc.constantFrom(...LONG) },
  // Up to 8 KB that does not compress, its length shrinking to the shortest that still fails.
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 8192 }).map((length) => INCOMPRESSIBLE.slice(0, length)) },
  { weight: 1, arbitrary: fc.constantFrom(...ODD) },
  { weight: 2, arbitrary: fc.string({ unit: hostileUnit, maxLength: 24 }) },
);
/** A hostile value, or now and then one a real client sends. */
const hostileOr = (real: readonly string[]) =>
  real.length === 0 ? hostileText : fc.oneof({ weight: 3, arbitrary: hostileText }, { weight: 1, arbitrary: fc.constantFrom(...real) });

// ---------------------------------------------------------------------------------------------
// How a value travels

/** A string's UTF-8 bytes; a lone surrogate as the three bytes a careless client sends (WTF-8). */
function bytesOf(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 0x3f), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
  }
  return bytes;
}

/**
 * A header's value as a server receives it: its bytes read as latin1 (what Node does), without the
 * control characters HTTP cannot carry in a header (Node's parser refuses them before any route).
 */
const wire = (text: string) =>
  Array.from(Buffer.from(bytesOf(text)).toString('latin1'))
    .filter((char) => char === '\t' || (char >= ' ' && char !== '\u007f'))
    .join('');

/** Percent-encoded bytes, every byte that is not unreserved: control characters and all reach the route. */
const percent = (text: string) =>
  bytesOf(text)
    .map((byte) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

/** A value in a failure's message: short ones whole, long ones cut, JSON-escaped (lone surrogates show as \ud800). */
const shown = (text: string) => (text.length <= 80 ? JSON.stringify(text) : `${JSON.stringify(text.slice(0, 60))}…(${text.length} chars)`);

// ---------------------------------------------------------------------------------------------
// Runs

const HEADER_NAMES = [
  'accept-language',
  'cookie',
  'last-event-id',
  'idempotency-key',
  'order-token',
  'x-forwarded-for',
  'x-request-id',
  'accept-encoding',
  'if-none-match',
  'authorization',
] as const;
type HeaderName = (typeof HEADER_NAMES)[number];

/** Query names sent to any route, beside the route's own. */
const QUERY_NAMES = [
  'order_token',
  'status',
  'page',
  'limit',
  'search',
  'sort',
  'categories',
  'category_id',
  'date',
  'from',
  'to',
  'period',
  'w',
  'state',
  'code',
  'error',
  'a[b]',
  'page[]',
  '',
  ...PROTOTYPE_NAMES.slice(0, 5),
];

type TokenChoice = 'admin' | 'customer' | 'guest' | 'none' | 'garbage' | 'forged' | 'expired' | 'revoked' | { text: string };
type Action = 'none' | 'order-customer' | 'order-honest' | 'order-guest' | 'tick';

interface Probe {
  route: number;
  /** One per path parameter: undefined sends a real value (`pick` chooses which). */
  params: (string | undefined)[];
  pick: number;
  /** Names (or the route's own n-th query parameter) and values. */
  query: [string | { own: number }, string][];
  /** Raw text added to the query string as it is: broken escapes, stray separators. */
  tail: string;
  headers: Partial<Record<HeaderName, string>>;
  token: TokenChoice;
  bearer: boolean;
  /** Send a valid body where the route takes one, so that the headers reach the handler. */
  body: boolean;
  /** An event stream: opened this many times at once (the caps). */
  copies: number;
}

interface Run {
  probes: Probe[];
  /** What happens while the run's streams are open: an order placed, or a guest's line ticked. */
  action: Action;
}

type Kind =
  | 'server error'
  | 'language'
  | 'request id'
  | 'no answer'
  | 'stream cap'
  | 'frame lost'
  | 'server frozen'
  | 'honest stream refused';
/** Kinds judged on one answer: set aside by the fields that caused them, not by kind. */
const ANSWER_KINDS: readonly Kind[] = ['server error', 'language', 'request id'];

interface Problem {
  kind: Kind;
  /** The request (or the run's action) and what went wrong. */
  text: string;
  /** The probe's fields ("header accept-language", "query status", "token", "path"). */
  fields: string[];
}

class HostileFailure extends Error {
  constructor(readonly problems: Problem[]) {
    super(problems.map((p) => `[${p.kind}] ${p.text}`).join('\n'));
  }
}

// ---------------------------------------------------------------------------------------------
// The shop

type Account = Awaited<ReturnType<typeof signUpAs>>;
let shop: TestShop;
let base: string;
let webRoot: string;
let routes: ListedRoute[];
/** Admin whose session the hostile requests use. */
let hostileAdmin: Account;
/** Customer whose session the hostile requests use, and whose orders its hostile streams may see. */
let hostileCustomer: Account;
/** Admin of the honest streams (the board, the witness of each run). Never in a hostile request. */
let honestAdmin: Account;
/** Customer with an honest stream of their own orders. Never in a hostile request. */
let honestCustomer: Account;
const tokens = { admin: '', customer: '', garbage: 'garbage', forged: '', expired: '', revoked: '' };
let latte: { id: number; image: string };
let decoyProduct: { id: number };
let promo: { id: number };
let table: { id: number; token: string };
let decoyTable: { id: number };
/** A guest's order at the table: its token is in hostile requests; its lines are ticked by the runs. */
let guestOrder: { id: number; order_token: string; items: { id: number }[] };
/** The hostile customer's order. */
let customerOrder: { id: number };
let registered = 0;

const orderLine = () => ({ product_id: latte.id, qty: 1, size_id: 1, delivery_id: 1, payment_id: 1 });
const guestBody = () => ({ ...orderLine(), payment_id: 3, table_token: table.token, guest_name: 'Tamu Meja' });

async function login(account: Account): Promise<string> {
  const res = await api(shop, 'POST', '/auth', { body: { email: account.email, password: account.password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().data.token;
}

beforeAll(async () => {
  // A build of the web reduced to its index.html, so that the pages' language is judged too.
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'kopi-hostile-'));
  await writeFile(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Kopi</title></head><body><div id="root"></div></body></html>',
  );
  shop = await createTestShop({
    webDist: webRoot,
    // X-Forwarded-For is read only behind a proxy: one (TRUST_PROXY=1), so that the hop the test's
    // "proxy" writes, hostile as it is, reaches request.ip.
    trustProxy: 1,
    // The runs sign in, ask for reset links and place orders from many invented addresses: the limits
    // are tested in hardening.test.ts and counter.test.ts, not here.
    authRateLimit: { perIp: 1_000_000, perEmail: 1_000_000, perAccount: 1_000_000, windowSeconds: 900 },
    counter: { ...CONFIG.counter, tableOpenOrders: 1_000_000, guests: { perTable: 0, perAddress: 0, maxItems: 1000 } },
  });
  base = await listenLocally(shop.app);
  [hostileAdmin, hostileCustomer, honestAdmin, honestCustomer] = await Promise.all([
    signUpAs(shop, 'Admin'),
    signUpAs(shop, 'User'),
    signUpAs(shop, 'Admin'),
    signUpAs(shop, 'User'),
  ]);
  tokens.admin = hostileAdmin.token;
  tokens.customer = hostileCustomer.token;
  tokens.forged = 'eyJhbGciOiJub25lIn0.eyJpZCI6MSwicm9sZSI6IkFkbWluIn0.';
  tokens.expired = await expiredToken(shop, hostileAdmin.id, 'Admin');
  tokens.revoked = await login(hostileCustomer);
  await api(shop, 'POST', '/auth/logout', { token: tokens.revoked });

  latte = await addProduct(shop, honestAdmin.token, { product_name: 'Hostile Latte', price: 25000, category_id: 2 });
  const toast = await addProduct(shop, honestAdmin.token, { product_name: 'Hostile Toast', price: 18000, category_id: 1 });
  decoyProduct = await addProduct(shop, honestAdmin.token, { product_name: 'Decoy Cake', price: 15000, category_id: 1 });
  promo = await addPromo(shop, honestAdmin.token);
  table = (await api(shop, 'POST', '/tables', { token: honestAdmin.token, body: { name: 'Hostile 1' } })).json().data;
  decoyTable = (await api(shop, 'POST', '/tables', { token: honestAdmin.token, body: { name: 'Decoy 1' } })).json().data;
  const guest = await api(shop, 'POST', '/transactions', {
    body: {
      items: [
        { product_id: latte.id, qty: 1, size_id: 1 },
        { product_id: toast.id, qty: 1, size_id: 1 },
      ],
      delivery_id: 1,
      payment_id: 3,
      table_token: table.token,
      guest_name: 'Tamu Meja',
    },
  });
  if (guest.statusCode !== 201) throw new Error(`the guest order failed: ${guest.statusCode} ${guest.body}`);
  guestOrder = guest.json().data;
  customerOrder = (await api(shop, 'POST', '/transactions', { token: tokens.customer, body: orderLine() })).json().data;

  routes = [
    ...(await listRoutes(shop.app)),
    ...[
      '/health',
      '/ready',
      '/',
      '/product',
      '/detail/{id}',
      '/t/{token}',
      '/status',
      '/some/page',
      '/index.html',
      `${API_BASE}/no/such/route`,
    ].map((p) => ({
      method: 'GET',
      path: p,
      params: [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
      query: [],
      headers: [],
      endless: false,
    })),
    { method: 'OPTIONS', path: `${API_BASE}/products/get`, params: [], query: [], headers: [], endless: false },
  ];
}, 60_000);

const openClients = new Set<SseClient>();
let monitor: HealthMonitor | undefined;

afterAll(async () => {
  for (const client of openClients) await client.close().catch(() => {});
  await monitor?.stop().catch(() => {});
  await shop?.close();
  if (webRoot) await rm(webRoot, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// /health, asked from another thread

interface Sample {
  /** When it was sent (ms since the epoch). */
  at: number;
  ms: number;
  status: number;
}

// CommonJS run by the worker: one request at a time, so that a frozen server shows as one slow answer.
const HEALTH_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let samples = [];
let inFlight;
function probe() {
  if (inFlight) return;
  const at = Date.now();
  inFlight = new Promise((resolve) => {
    let done = false;
    const finish = (status) => {
      if (done) return;
      done = true;
      samples.push({ at, ms: Date.now() - at, status });
      inFlight = undefined;
      resolve();
    };
    const request = http.get(workerData.url, { agent }, (response) => {
      response.resume();
      response.on('end', () => finish(response.statusCode));
      response.on('error', () => finish(0));
    });
    request.on('error', () => finish(0));
  });
}
const timer = setInterval(probe, workerData.everyMs);
parentPort.on('message', async (message) => {
  if (inFlight) await inFlight;
  const taken = samples;
  samples = [];
  if (message === 'stop') {
    clearInterval(timer);
    agent.destroy();
  }
  parentPort.postMessage(taken);
});
`;

class HealthMonitor {
  readonly all: Sample[] = [];
  readonly #worker: Worker;
  #stopped = false;

  constructor(url: string) {
    this.#worker = new Worker(HEALTH_WORKER, { eval: true, workerData: { url, everyMs: HEALTH_EVERY_MS } });
  }

  /** The answers received since the last call (an answer still awaited is waited for). */
  async take(message = 'take'): Promise<Sample[]> {
    if (this.#stopped) return [];
    const answer = once(this.#worker, 'message');
    this.#worker.postMessage(message);
    const [samples] = (await answer) as [Sample[]];
    this.all.push(...samples);
    return samples;
  }

  async stop(): Promise<Sample[]> {
    if (this.#stopped) return [];
    const samples = await this.take('stop');
    this.#stopped = true;
    await this.#worker.terminate();
    return samples;
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

// ---------------------------------------------------------------------------------------------
// Sending a probe

interface Built {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  /** The request for a developer: method, address, who, and the hostile values as they were meant. */
  text: string;
  fields: string[];
}

const withoutBase = (p: string) => p.slice(API_BASE.length);

/** A real value for a path parameter, chosen so that no fixture the runs need is deleted. */
function realParam(route: ListedRoute, name: string, pick: number): string {
  const p = route.path;
  if (name === 'file') return latte.image.split('/').pop()!;
  if (name === 'token') return table.token;
  if (name === 'itemId') return String(guestOrder.items[pick % guestOrder.items.length]!.id);
  if (p.includes('/products/')) return String(route.method === 'GET' ? latte.id : decoyProduct.id);
  if (p.includes('/promos/')) return String(promo.id);
  if (p.includes('/tables/')) return String(decoyTable.id);
  if (p.includes('/transactions/history/')) return String(customerOrder.id);
  if (p.includes('/transactions/')) return String([guestOrder.id, customerOrder.id][pick % 2]);
  if (p.startsWith('/detail/')) return String(latte.id);
  return '1';
}

/** A valid body for the routes whose handler reads headers after the body's check; undefined elsewhere. */
function validBody(route: ListedRoute, token: TokenChoice, fresh = true): unknown {
  switch (`${route.method} ${withoutBase(route.path)}`) {
    case 'POST /transactions':
      return token === 'guest' ? guestBody() : orderLine();
    case 'POST /transactions/quote':
      return orderLine();
    case 'POST /auth':
      return { email: hostileCustomer.email, password: hostileCustomer.password };
    case 'POST /auth/forgot':
      return { email: hostileCustomer.email };
    case 'POST /users/register':
      if (fresh) registered += 1;
      return { email: `hostile-${registered}-${SEED}@test.local`, password: 'correct-horse-battery', phone_number: '081234567890' };
    case 'POST /transactions/{id}/cancel':
      return {};
    default:
      return undefined;
  }
}

function tokenOf(choice: TokenChoice): { value?: string; who: string } {
  if (typeof choice === 'object') return { value: choice.text, who: `with token ${shown(choice.text)}` };
  switch (choice) {
    case 'admin':
      return { value: tokens.admin, who: "as an admin (a hostile admin's session)" };
    case 'customer':
      return { value: tokens.customer, who: "as a customer (a hostile customer's session)" };
    case 'guest':
      return { who: "as the guest (the guest order's token)" };
    case 'none':
      return { who: 'without a session' };
    default:
      return { value: tokens[choice], who: `with a ${choice} token` };
  }
}

/** The request a probe makes; `omit` leaves fields out (to tell whether a known cause is behind a failure). */
function build(probe: Probe, omit: ReadonlySet<string> = new Set()): Built {
  const route = routes[probe.route % routes.length]!;
  const fields: string[] = [];
  let index = 0;
  const pathText = route.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const hostile = probe.params[index++];
    if (hostile === undefined || omit.has('path')) return percent(realParam(route, name, probe.pick));
    if (!fields.includes('path')) fields.push('path');
    return percent(hostile);
  });
  const pairs: [string, string][] = [];
  for (const [name, value] of probe.query) {
    const resolved = typeof name === 'string' ? name : (route.query[name.own % Math.max(1, route.query.length)] ?? 'page');
    if (omit.has(`query ${resolved}`)) continue;
    pairs.push([resolved, value]);
    if (!fields.includes(`query ${resolved}`)) fields.push(`query ${resolved}`);
  }
  const guestStream = probe.token === 'guest' && route.endless && route.path.endsWith('/transactions/events');
  if (guestStream && !pairs.some(([name]) => name === 'order_token')) pairs.push(['order_token', guestOrder.order_token]);
  let query = pairs.map(([name, value]) => `${percent(name)}=${percent(value)}`).join('&');
  if (probe.tail && !omit.has('query tail')) {
    query = query ? `${query}&${probe.tail}` : probe.tail;
    fields.push('query tail');
  }
  const url = query ? `${pathText}?${query}` : pathText;

  const headers: Record<string, string> = {};
  const meant: string[] = [];
  for (const name of HEADER_NAMES) {
    const value = probe.headers[name];
    if (value === undefined || omit.has(`header ${name}`)) continue;
    headers[name] = wire(value);
    meant.push(`${name}: ${shown(value)}`);
    fields.push(`header ${name}`);
  }
  const hostileToken = typeof probe.token === 'object' && !omit.has('token');
  const { value: token, who } = tokenOf(hostileToken || typeof probe.token !== 'object' ? probe.token : 'none');
  if (hostileToken) fields.push('token');
  if (token !== undefined) {
    if (probe.bearer) headers.authorization = wire(`Bearer ${token}`);
    else headers[TOKEN_HEADER] = wire(token);
  }
  if (probe.token === 'guest' && route.path.endsWith('/transactions/{id}') && headers[ORDER_TOKEN_HEADER] === undefined) {
    headers[ORDER_TOKEN_HEADER] = guestOrder.order_token;
  }
  const body = probe.body && !route.endless ? validBody(route, probe.token) : undefined;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const shownUrl = url.length <= 300 ? url : `${url.slice(0, 240)}…(${url.length} chars)`;
  const text =
    `${route.method} ${shownUrl} ${who}${probe.bearer && token !== undefined ? ' (Authorization: Bearer)' : ''}` +
    `${meant.length ? `, ${meant.join(', ')}` : ''}${body !== undefined ? `, body ${JSON.stringify(body)}` : ''}`;
  return { method: route.method, url, headers, body, text, fields };
}

const REQUEST_ID = /^[A-Za-z0-9._:/+=-]{1,128}$/;

/** What is wrong with an answer, whatever the request. */
function judge(status: number, headers: Record<string, unknown>, body: string | undefined): { kind: Kind; what: string }[] {
  const found: { kind: Kind; what: string }[] = [];
  if (status >= 500) found.push({ kind: 'server error', what: `${status} ${(body ?? '').slice(0, 200)}` });
  const language = headers['content-language'];
  if (language !== undefined && language !== 'en' && language !== 'id') {
    found.push({ kind: 'language', what: `${status} with Content-Language: ${shown(String(language))}` });
  }
  const lang = body === undefined ? undefined : /<html lang="([^"]*)"/.exec(body)?.[1];
  if (lang !== undefined && lang !== 'en' && lang !== 'id')
    found.push({ kind: 'language', what: `${status} with <html lang=${shown(lang)}>` });
  const id = headers['x-request-id'];
  if (id !== undefined && !REQUEST_ID.test(String(id)))
    found.push({ kind: 'request id', what: `${status} with X-Request-Id: ${shown(String(id))}` });
  return found;
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Waits until `condition` holds, polling for at most `ms` of this thread's time: a freeze of the
 * server (which runs in this thread) does not use the wait up, so an event held up is told from one lost.
 */
async function until(condition: () => boolean, ms: number): Promise<boolean> {
  for (let polls = ms / 20; polls > 0; polls--) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return condition();
}

// ---------------------------------------------------------------------------------------------
// One run

/** What earlier cycles found: their kinds (for stream problems) and the fields behind bad answers. */
const known = { kinds: new Set<Kind>(), fields: new Set<string>() };
const tally = {
  runs: 0,
  probes: 0,
  streams: 0,
  statuses: new Map<number, number>(),
  routes: new Set<string>(),
  setAside: new Map<string, number>(),
};
/** Orders placed during the search: the honest streams must have each. */
const placed: { id: number; honestCustomer: boolean }[] = [];
let ticks = 0;
let lineDone = false;
const honest: { board?: SseClient; mine?: SseClient; guest?: SseClient } = {};

const count = (status: number) => tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);

/** A problem seen before (set aside): counted, not failed on. */
async function isKnown(kind: Kind, probe: Probe, built: Built, resend?: (b: Built) => Promise<{ kind: Kind; what: string }[]>) {
  if (known.kinds.has(kind)) return true;
  if (!ANSWER_KINDS.includes(kind) || !resend) return false;
  const culprits = built.fields.filter((field) => known.fields.has(field));
  if (culprits.length === 0) return false;
  // The same request without the fields that caused it before: if the answer is then right, it is that cause again.
  const again = await resend(build(probe, new Set(culprits)));
  return !again.some((problem) => problem.kind === kind);
}

async function report(problems: Problem[], kind: Kind, text: string, probe?: Probe, built?: Built, resend?: Parameters<typeof isKnown>[3]) {
  if (probe && built && (await isKnown(kind, probe, built, resend))) {
    tally.setAside.set(kind, (tally.setAside.get(kind) ?? 0) + 1);
    return;
  }
  if (!probe && known.kinds.has(kind)) {
    tally.setAside.set(kind, (tally.setAside.get(kind) ?? 0) + 1);
    return;
  }
  problems.push({ kind, text, fields: built?.fields ?? [] });
}

async function inject(built: Built) {
  const res = await within(
    shop.app.inject({
      method: built.method as 'GET',
      url: built.url,
      headers: built.headers,
      ...(built.body !== undefined ? { payload: JSON.stringify(built.body) } : {}),
    }),
    ANSWER_TIMEOUT_MS,
    built.text,
  );
  return res;
}

async function sendProbe(probe: Probe, built: Built, problems: Problem[]): Promise<void> {
  const route = routes[probe.route % routes.length]!;
  tally.probes += 1;
  tally.routes.add(`${route.method} ${route.path}`);
  let res: Awaited<ReturnType<typeof inject>>;
  try {
    res = await inject(built);
  } catch (error) {
    await report(problems, 'no answer', `${built.text} → ${(error as Error).message}`, probe, built);
    return;
  }
  count(res.statusCode);
  const resend = async (again: Built) => {
    const other = await inject(again);
    return judge(other.statusCode, other.headers, other.body);
  };
  for (const { kind, what } of judge(res.statusCode, res.headers, res.body)) {
    await report(problems, kind, `${built.text} → ${what}`, probe, built, resend);
  }
  if (res.statusCode === 201 && built.method === 'POST' && route.path === `${API_BASE}/transactions`) {
    placed.push({ id: res.json().data.id, honestCustomer: false });
  }
  // A session ended by the run (POST /auth/logout) is opened again, so that the next runs go past the guards.
  if (res.statusCode === 200 && route.path === `${API_BASE}/auth/logout`) {
    if (probe.token === 'admin') tokens.admin = await login(hostileAdmin);
    if (probe.token === 'customer') tokens.customer = await login(hostileCustomer);
  }
}

/** Whose streams a probe's stream counts against, and the cap; undefined when it opens none. */
function capOf(probe: Probe, built: Built): { key: string; cap: number } | undefined {
  const route = routes[probe.route % routes.length]!;
  if (route.path.endsWith('/status/events')) {
    const forwarded = built.headers['x-forwarded-for'];
    const ip = forwarded === undefined ? '127.0.0.1' : forwarded.split(',')[0]!.trim();
    return { key: `screen ip ${ip}`, cap: SCREENS_PER_IP };
  }
  if (probe.token === 'admin' || probe.token === 'customer') return { key: `account ${probe.token}`, cap: STREAMS_PER_ACCOUNT };
  const given = new URLSearchParams(built.url.split('?')[1] ?? '').getAll('order_token');
  // The guest's order has one honest stream open all along.
  if (given.length === 1 && given[0] === guestOrder.order_token) return { key: 'guest order', cap: STREAMS_PER_ACCOUNT - 1 };
  return undefined;
}

async function openStreams(
  probe: Probe,
  built: Built,
  problems: Problem[],
  held: SseClient[],
  accepted: Map<string, number>,
): Promise<void> {
  const route = routes[probe.route % routes.length]!;
  tally.probes += 1;
  tally.routes.add(`${route.method} ${route.path}`);
  const copies = route.path.endsWith('/status/events') ? probe.copies : Math.min(probe.copies, STREAMS_PER_ACCOUNT + 2);
  const opened = await Promise.allSettled(
    Array.from({ length: copies }, () =>
      SseClient.open(base, undefined, {
        path: withoutBase(built.url),
        headers: built.headers,
        timeoutMs: ANSWER_TIMEOUT_MS,
        parseFrames: false,
      }),
    ),
  );
  const text = `${built.text}${copies > 1 ? ` (${copies} at once)` : ''}`;
  const cap = capOf(probe, built);
  for (const result of opened) {
    if (result.status === 'rejected') {
      await report(problems, 'no answer', `${text} → ${(result.reason as Error).message}`, probe, built);
      continue;
    }
    const client = result.value;
    tally.streams += 1;
    count(client.status);
    openClients.add(client);
    held.push(client);
    for (const { kind, what } of judge(client.status, client.headers, undefined))
      await report(problems, kind, `${text} → ${what}`, probe, built);
    if (client.status !== 200) continue;
    if (cap) accepted.set(cap.key, (accepted.get(cap.key) ?? 0) + 1);
    if (!(await until(() => client.comments.includes('connected') || client.ended, 2000))) {
      await report(problems, 'no answer', `${text} → 200, but nothing sent within 2 s`, probe, built);
    }
  }
  if (cap && (accepted.get(cap.key) ?? 0) > cap.cap) {
    await report(
      problems,
      'stream cap',
      `${text} → ${accepted.get(cap.key)} streams open at once for ${cap.key} (the cap is ${cap.cap})`,
      probe,
      built,
    );
  }
}

/** The run's action while its streams are open, and whether every stream that should have its event got it. */
async function act(action: Action, problems: Problem[], hostile: string): Promise<void> {
  if (action === 'none') return;
  const witness = await SseClient.open(base, honestAdmin.token, { timeoutMs: ANSWER_TIMEOUT_MS }).catch((error: Error) => error);
  if (witness instanceof Error || witness.status !== 200) {
    const what = witness instanceof Error ? witness.message : String(witness.status);
    await report(problems, 'honest stream refused', `an admin's stream opened after ${hostile} → ${what}`);
    return;
  }
  openClients.add(witness);
  try {
    await until(() => witness.comments.includes('connected'), 2000);
    let what: string;
    let has: (client: SseClient) => boolean;
    const board = honest.board!;
    const linesOf = (client: SseClient) => client.of(guestOrder.id).filter((e) => e.data.type === 'line').length;
    const boardLines = linesOf(board);
    if (action === 'tick') {
      lineDone = !lineDone;
      const line = guestOrder.items[0]!.id;
      const res = await api(shop, 'PATCH', `/transactions/${guestOrder.id}/items/${line}`, {
        token: honestAdmin.token,
        body: { done: lineDone },
      });
      if (res.statusCode !== 200) {
        // The guest's order was moved on by a hostile request (an admin's undo): nothing to tick.
        if (res.statusCode >= 500)
          await report(problems, 'server error', `ticking the guest's line → ${res.statusCode} ${res.body.slice(0, 200)}`);
        return;
      }
      ticks += 1;
      what = `the line event of the guest's order #${guestOrder.id}`;
      has = (client) => linesOf(client) > 0;
    } else {
      const res =
        action === 'order-guest'
          ? await api(shop, 'POST', '/transactions', { body: guestBody() })
          : await api(shop, 'POST', '/transactions', {
              token: action === 'order-honest' ? honestCustomer.token : tokens.customer,
              body: orderLine(),
            });
      if (res.statusCode !== 201) {
        if (res.statusCode >= 500)
          await report(problems, 'server error', `placing an order (${action}) → ${res.statusCode} ${res.body.slice(0, 200)}`);
        return;
      }
      const id = res.json().data.id as number;
      placed.push({ id, honestCustomer: action === 'order-honest' });
      what = `order #${id} (${action === 'order-guest' ? "a guest's" : action === 'order-honest' ? "the honest customer's" : "the hostile customer's"})`;
      has = (client) => client.of(id).some((e) => e.data.type === 'created');
    }
    const boardHas = action === 'tick' ? () => linesOf(board) > boardLines : () => has(board);
    await until(() => has(witness) && boardHas(), FRAME_WAIT_MS);
    if (!has(witness)) {
      await report(
        problems,
        'frame lost',
        `${what}, placed while ${hostile} was open, never reached an admin's stream opened after it (within ${FRAME_WAIT_MS} ms; the board opened before the run ${boardHas() ? 'got it' : 'did not either'})`,
      );
    } else if (!boardHas()) {
      await report(problems, 'frame lost', `${what}, placed while ${hostile} was open, never reached the board opened before the run`);
    }
  } finally {
    openClients.delete(witness);
    await witness.close().catch(() => {});
  }
}

async function execute(run: Run): Promise<Problem[]> {
  tally.runs += 1;
  const problems: Problem[] = [];
  const held: SseClient[] = [];
  const accepted = new Map<string, number>();
  const started = Date.now();
  // Each probe's request is built once: a sign-up's address is new each time.
  const requests = run.probes.map((probe) => ({ probe, built: build(probe) }));
  const streams = requests.filter(({ probe }) => routes[probe.route % routes.length]!.endless);
  try {
    for (const { probe, built } of requests) {
      if (routes[probe.route % routes.length]!.endless) await openStreams(probe, built, problems, held, accepted);
      else await sendProbe(probe, built, problems);
    }
    await act(run.action, problems, streams.length ? streams.map(({ built }) => built.text).join(' and ') : 'no hostile stream');
  } finally {
    for (const client of held) {
      openClients.delete(client);
      await client.close().catch(() => {});
    }
  }
  const health = await monitor!.take();
  for (const sample of health.filter((s) => s.ms > RUN_FREEZE_MS || s.status !== 200)) {
    await report(
      problems,
      'server frozen',
      `GET /health took ${sample.ms} ms (status ${sample.status || 'none'}) during a run of ${Date.now() - started} ms: ` +
        `${requests.map(({ built }) => built.text).join('; ')}; then ${run.action}`,
    );
  }
  if (process.env.HOSTILE_DEBUG) {
    const worst = Math.max(0, ...health.map((s) => s.ms));
    console.log(
      `run ${tally.runs}: ${Date.now() - started} ms, /health at worst ${worst} ms; ${requests.map(({ built }) => built.text.slice(0, 200)).join('; ')}; then ${run.action}`,
    );
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The arbitrary

function runArbitrary(): fc.Arbitrary<Run> {
  const streamRoutes = routes.flatMap((route, index) => (route.endless ? [index] : []));
  const otherRoutes = routes.flatMap((route, index) => (route.endless ? [] : [index]));
  const today = new Date().toISOString().slice(0, 10);
  const headerValues: Record<HeaderName, fc.Arbitrary<string>> = {
    'accept-language': hostileOr(['id-ID,id;q=0.9,en;q=0.8', 'en', 'in', 'id']),
    cookie: fc.oneof(
      fc
        .array(
          fc.tuple(
            fc.constantFrom('kopi_locale', 'kopi_locale', 'kopi_google_flow', ' kopi_locale', 'kopi_locale ', '', ...PROTOTYPE_NAMES),
            hostileOr(['id', 'en', 'ID', 'id-ID']),
          ),
          { minLength: 1, maxLength: 3 },
        )
        .map((pairs) => pairs.map(([name, value]) => `${name}=${value}`).join('; ')),
      hostileText,
    ),
    'last-event-id': fc.oneof({ weight: 3, arbitrary: cursorArb }, { weight: 1, arbitrary: hostileText }),
    'idempotency-key': hostileOr(['retry-1', 'a'.repeat(100), 'a'.repeat(101)]),
    'order-token': hostileOr([guestOrder.order_token, `${guestOrder.order_token}x`, guestOrder.order_token.slice(1)]),
    'x-forwarded-for': hostileOr([
      '203.0.113.7',
      '203.0.113.7, 10.0.0.1',
      '::1',
      '2001:db8::1',
      '::ffff:127.0.0.1',
      '999.999.999.999',
      'unknown',
    ]),
    'x-request-id': hostileOr(['abc-123', 'a'.repeat(128), 'a'.repeat(129), 'x/../y']),
    'accept-encoding': hostileOr(['gzip, deflate, br', 'br;q=1.0, gzip;q=0.8, *;q=0.1', 'identity', '*;q=0']),
    'if-none-match': hostileOr(['*', 'W/"x"', `"${latte.image.split('/').pop()!.replace('.webp', '')}"`]),
    authorization: fc.oneof(
      hostileText,
      hostileText.map((text) => `Bearer ${text}`),
      fc.constant('Basic YTpi'),
    ),
  };
  const headerPairs = (weights: Partial<Record<HeaderName, number>>, names: readonly HeaderName[], maxLength: number) =>
    fc
      .array(
        fc.oneof(...names.map((name) => ({ weight: weights[name] ?? 1, arbitrary: fc.tuple(fc.constant(name), headerValues[name]) }))),
        { maxLength },
      )
      .map((pairs) => Object.fromEntries(pairs) as Probe['headers']);
  const common = {
    params: fc.array(fc.option(hostileText, { nil: undefined, freq: 2 }), { minLength: 2, maxLength: 2 }),
    pick: fc.nat(5),
    query: fc.array(
      fc.tuple(
        fc.oneof(
          fc.nat(5).map((own) => ({ own })),
          fc.constantFrom(...QUERY_NAMES),
        ),
        hostileOr(['1', '2', '50', '0', 'popular', 'newest', 'Coffee', 'daily', 'monthly', today, guestOrder.order_token]),
      ),
      { maxLength: 4 },
    ),
    tail: fc.constantFrom(
      '',
      '',
      '',
      '%',
      '%zz',
      '%E0%A4%A',
      '&&&',
      '=',
      '[]',
      'page=1&page=2',
      '__proto__[x]=1',
      'constructor[prototype][x]=1',
    ),
    bearer: fc.boolean(),
    body: fc.boolean(),
    copies: fc.integer({ min: 1, max: 12 }),
  };
  const anyToken = (valid: number) =>
    fc.oneof(
      { weight: valid, arbitrary: fc.constantFrom<TokenChoice>('admin', 'customer', 'guest') },
      { weight: 2, arbitrary: fc.constantFrom<TokenChoice>('none', 'garbage', 'forged', 'expired', 'revoked') },
      { weight: 1, arbitrary: hostileText.map((text) => ({ text })) },
    );
  // A request to a route that answers (through inject): a few headers at a time, Accept-Language more often.
  // The routes that take a valid body here are tried more: their handlers read headers the others never reach.
  const withBody = otherRoutes.filter((index) => validBody(routes[index]!, 'none', false) !== undefined);
  const request: fc.Arbitrary<Probe> = fc.record({
    ...common,
    route: fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...otherRoutes) }, { weight: 1, arbitrary: fc.constantFrom(...withBody) }),
    headers: headerPairs({ 'accept-language': 3, 'x-forwarded-for': 3 }, HEADER_NAMES, 4),
    token: anyToken(4),
    body: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  });
  // An event stream (over HTTP): a cursor in Last-Event-ID most of the time, a session or the guest's
  // order that may see the run's events, and a few other headers (many 8 KB ones at once would only
  // meet Node's 16 KB limit, 431).
  const stream: fc.Arbitrary<Probe> = fc
    .record({
      ...common,
      route: fc.oneof(
        ...streamRoutes.map((index) => ({ weight: routes[index]!.path.endsWith('/status/events') ? 1 : 3, arbitrary: fc.constant(index) })),
      ),
      headers: headerPairs({}, HEADER_NAMES, 2),
      lastEventId: fc.option(headerValues['last-event-id'], { nil: undefined, freq: 5 }),
      token: anyToken(8),
    })
    .map(({ lastEventId, ...probe }) => ({
      ...probe,
      headers: lastEventId === undefined ? probe.headers : { ...probe.headers, 'last-event-id': lastEventId },
    }));
  const probe = fc.oneof({ weight: 3, arbitrary: stream }, { weight: 4, arbitrary: request });
  return fc.record({
    probes: fc.array(probe, { minLength: 1, maxLength: 5 }),
    action: fc.oneof(
      { weight: 2, arbitrary: fc.constant<Action>('none') },
      { weight: 3, arbitrary: fc.constant<Action>('order-customer') },
      { weight: 2, arbitrary: fc.constant<Action>('tick') },
      { weight: 1, arbitrary: fc.constant<Action>('order-honest') },
      { weight: 1, arbitrary: fc.constant<Action>('order-guest') },
    ),
  });
}

// ---------------------------------------------------------------------------------------------

describe('hostile headers, query values and cursors on every route', () => {
  it(
    'never answer 5xx, never cost another stream its frame, and leave /health quick',
    async () => {
      const started = Date.now();
      monitor = new HealthMonitor(`${base}/health`);
      honest.board = await SseClient.open(base, honestAdmin.token);
      honest.mine = await SseClient.open(base, honestCustomer.token);
      honest.guest = await SseClient.open(base, undefined, { path: `/transactions/events?order_token=${guestOrder.order_token}` });
      for (const client of Object.values(honest)) {
        openClients.add(client);
        expect(client.status).toBe(200);
        await client.until((c) => c.comments.includes('connected'));
      }

      const arbitrary = runArbitrary();
      let deadline = Date.now() + BUDGET_MS;
      const failures: string[] = [];
      const property = fc.asyncProperty(arbitrary, async (run) => {
        const problems = await execute(run);
        if (problems.length > 0) throw new HostileFailure(problems);
      });
      let cycles = 0;
      let shrinkLeft = SHRINK_TOTAL_MS;
      for (; cycles < MAX_CYCLES && Date.now() < deadline; ) {
        const seed = SEED + cycles;
        cycles += 1;
        const found = await fc.check(property, {
          seed,
          numRuns: RUNS,
          endOnFailure: true,
          ...(cycles === 1 && REPLAY_PATH ? { path: REPLAY_PATH } : {}),
          plugins: [fc.interruptAfterTimeLimit(Math.max(1, deadline - Date.now()))],
        });
        // Interrupted by the time limit before anything failed: no failure to shrink.
        if (!found.failed || found.counterexamplePath === null) break;
        // The failing run again, then smaller ones that still fail: a run that freezes the server takes
        // seconds each time, so shrinking has a time of its own, beside the search's (and all of it is bounded).
        const shrinking = Date.now();
        const shrunk =
          shrinkLeft > 0
            ? await fc.check(property, {
                seed,
                numRuns: RUNS,
                path: found.counterexamplePath,
                plugins: [fc.interruptAfterTimeLimit(Math.min(SHRINK_MS, shrinkLeft))],
              })
            : found;
        shrinkLeft -= Date.now() - shrinking;
        deadline += Date.now() - shrinking;
        const details = shrunk.failed && shrunk.errorInstance instanceof HostileFailure ? shrunk : found;
        const error = details.errorInstance;
        const replay = `FUZZ_SEED=${seed} FUZZ_PATH="${details.counterexamplePath}"${cycles > 1 ? ` (with what the cycles before set aside: ${[...known.kinds, ...known.fields].join(', ')})` : ''}`;
        if (!(error instanceof HostileFailure)) {
          failures.push(`the run itself failed (${replay}): ${(error as Error)?.stack ?? String(error)}`);
          break;
        }
        failures.push(`${replay}, shrunk ${details.numShrinks} times:\n${error.message}`);
        // Set the failure aside, and look for another.
        const before = known.kinds.size + known.fields.size;
        for (const problem of error.problems) {
          const answer = ANSWER_KINDS.includes(problem.kind) && problem.fields.length > 0;
          if (answer) for (const field of problem.fields) known.fields.add(field);
          else known.kinds.add(problem.kind);
        }
        if (known.kinds.size + known.fields.size === before || REPLAY_PATH) break;
      }
      // Every route is tried whatever the seed: those the search did not reach get one run each, as sampled.
      const untried = routes.flatMap((route, index) => (tally.routes.has(`${route.method} ${route.path}`) ? [] : [index]));
      if (!REPLAY_PATH && untried.length > 0) {
        const sampled = fc.sample(arbitrary, { seed: SEED, numRuns: untried.length });
        for (const [i, route] of untried.entries()) {
          const run = { ...sampled[i]!, probes: [{ ...sampled[i]!.probes[0]!, route }] };
          const problems = await execute(run);
          if (problems.length > 0)
            failures.push(`one run per route not reached by the search (not shrunk):\n${new HostileFailure(problems).message}`);
        }
      }
      const searchMs = Date.now() - started;

      for (const client of Object.values(honest)) openClients.delete(client);
      // Every order placed during the search reached the honest streams opened before it.
      const board = honest.board!;
      const mine = honest.mine!;
      const guest = honest.guest!;
      const created = (client: SseClient, id: number) => client.of(id).some((e) => e.data.type === 'created');
      const mineExpected = placed.filter((o) => o.honestCustomer);
      const guestLines = () => guest.of(guestOrder.id).filter((e) => e.data.type === 'line').length;
      await until(
        () => placed.every((o) => created(board, o.id)) && mineExpected.every((o) => created(mine, o.id)) && guestLines() >= ticks,
        FRAME_WAIT_MS,
      );
      const boardMissed = placed.filter((o) => !created(board, o.id)).map((o) => `#${o.id}`);
      const mineMissed = mineExpected.filter((o) => !created(mine, o.id)).map((o) => `#${o.id}`);
      if (boardMissed.length > 0)
        failures.push(
          `[frame lost] the admin board opened before the search never got orders ${boardMissed.join(', ')} (of ${placed.length} placed)`,
        );
      if (mineMissed.length > 0)
        failures.push(`[frame lost] the customer's own stream never got their orders ${mineMissed.join(', ')} (of ${mineExpected.length})`);
      if (guestLines() < ticks)
        failures.push(`[frame lost] the guest's stream got ${guestLines()} line events of the ${ticks} ticked on their order`);
      for (const [name, client] of Object.entries(honest))
        if (client.ended) failures.push(`[frame lost] the honest ${name} stream was ended by the server`);
      for (const client of Object.values(honest)) await client.close();

      await monitor.stop();
      const latencies = monitor.all.map((s) => s.ms);
      const [p50, p95, p99] = [percentile(latencies, 50), percentile(latencies, 95), percentile(latencies, 99)];
      const worst = Math.max(0, ...latencies);
      const figures = `p50 ${p50} ms, p95 ${p95} ms, p99 ${p99} ms, worst ${worst} ms over ${latencies.length} answers`;
      if (latencies.length < 5) failures.push(`[server frozen] /health answered only ${latencies.length} times in ${searchMs} ms`);
      if (p95 >= HEALTH_P95_MS || worst >= HEALTH_MAX_MS) {
        failures.push(
          `[server frozen] GET /health while the search ran: ${figures} (bounds: p95 under ${HEALTH_P95_MS} ms, every answer under ${HEALTH_MAX_MS} ms)`,
        );
      }
      const never = routes.filter((r) => !tally.routes.has(`${r.method} ${r.path}`)).map((r) => `${r.method} ${r.path}`);
      if (!REPLAY_PATH && never.length > 0) failures.push(`routes never tried: ${never.join(', ')}`);

      console.info(
        `hostile requests (FUZZ_SEED=${SEED}): ${tally.runs} runs in ${cycles} search(es), ${searchMs} ms; ` +
          `${tally.probes} probes on ${tally.routes.size}/${routes.length} routes, ${tally.streams} streams opened, ${placed.length} orders and ${ticks} ticks; ` +
          `statuses ${JSON.stringify(Object.fromEntries([...tally.statuses].sort(([a], [b]) => a - b)))}; ` +
          `/health: ${figures}` +
          (tally.setAside.size ? `; set aside once found: ${JSON.stringify(Object.fromEntries(tally.setAside))}` : ''),
      );
      expect(failures, `hostile requests (FUZZ_SEED=${SEED}) found:\n\n${failures.join('\n\n')}`).toEqual([]);
    },
    BUDGET_MS + SHRINK_TOTAL_MS + 120_000,
  );
});
