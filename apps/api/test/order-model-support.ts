import { addDays, canMove, priceOrder, STATUS, type StatusId, shopDate, startOfShopDay } from '@kopi/shared';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { insertUser } from '../src/modules/users/users.repository.ts';
import { addProduct, addPromo, api, openTestDatabase, signUpAs, type TestShop, testConfig } from './helpers.ts';
import { orderBody, query } from './matrix-helpers.ts';
import { listenLocally, SseClient } from './sse-client.ts';

// A model of the order path (docs/decisions/order-promise.md) for order-model.test.ts: random sequences of commands
// (orders with and without an Idempotency-Key, retries with the same or another body, copies of one
// request at once, a first request held up while its copy arrives, every customer at once, coupons,
// slots of capacity 2 on a fixed clock, time passing, admin moves, cancellations, logouts) are sent to
// one or two app instances on one database. Each answer is judged against a small model of what the
// shop should have stored; after the run the database and the live streams (an admin's on each
// instance, each customer's, opened before the run) are checked against the invariants below. A run
// collects every violation and fails once with all of them, so a counterexample names each invariant
// it breaks.

// ---------------------------------------------------------------------------------------------------
// The invariants, by the names the failures report.

export const INVARIANT = {
  answers: 'every answer is one of the expected statuses',
  replay: 'a stored key answers its order: 200, Idempotent-Replayed: true, the same id',
  reused: 'a key reused with a different body is a 422 idempotency_key_reused',
  inProgress: 'a concurrent duplicate is the order (200/201) or 409 order_in_progress with Retry-After: 1',
  refusalsNewOnly: '400/409 rule refusals only for requests whose key was never used',
  onePerKey: 'one order per (customer, key)',
  slotCapacity: 'a slot never holds more than its capacity',
  couponOnce: 'a coupon is never used twice by one customer in a shop day',
  totals: 'totals equal the sum of their lines',
  nothingStored: 'nothing is stored for a refused request (rows change only with the answers)',
  loggedOut: "a logged-out token's requests are 401 and store nothing",
  modelAgrees: 'the database holds the orders and statuses the answers told',
  events: 'every event is delivered exactly once to each entitled stream',
} as const;
type Invariant = (typeof INVARIANT)[keyof typeof INVARIANT];

export interface Violation {
  invariant: Invariant;
  detail: string;
}

// ---------------------------------------------------------------------------------------------------
// Commands, as plain data: fast-check prints them in a counterexample and shrinks the list.

type Customer = 0 | 1 | 2;
/** A slot of the run (0: the one time passes, 1: a later one), or null: as soon as possible. */
type SlotIndex = 0 | 1 | null;

export type Command =
  /** An order with an Idempotency-Key k (key-0…key-3) or none; qty v+1. */
  | { t: 'order'; c: Customer; key: number | null; v: number; coupon: boolean; slot: SlotIndex; at: number }
  /** The last body sent with key k again (same) or with another qty (different); nothing when k was never sent. */
  | { t: 'retry'; c: Customer; key: number; same: boolean; at: number }
  /** n identical requests at once, with key k or none, spread over the instances. */
  | { t: 'burst'; c: Customer; key: number | null; n: number; v: number; coupon: boolean; slot: SlotIndex }
  /**
   * A first request with key k is held up in the database (its product's row locked meanwhile) while a
   * copy arrives on the other instance: the copy waits for it, then answers 409 order_in_progress (or
   * the order). PostgreSQL only; nothing on PGlite (one connection: nothing runs meanwhile).
   */
  | { t: 'stall'; c: Customer; key: number; v: number; coupon: boolean; slot: SlotIndex }
  /** Every customer sends one order (no key) at once, spread over the instances: a slot's and coupons' race. */
  | { t: 'rush'; v: number; coupon: boolean; slot: SlotIndex }
  /** An admin moves the o-th order of the run (modulo their number). */
  | { t: 'move'; o: number; to: StatusId; at: number }
  /** The o-th order's customer cancels it. */
  | { t: 'cancel'; o: number; at: number }
  | { t: 'logout'; c: Customer; at: number }
  | { t: 'login'; c: Customer }
  /** The shop's clock moves past the start of slot 0. */
  | { t: 'timePasses' };

const customerArb = fc.constantFrom<Customer>(0, 1, 2);
const keyArb = fc.integer({ min: 0, max: 3 });
const slotArb = fc.constantFrom<SlotIndex>(null, null, 0, 1);
const atArb = fc.integer({ min: 0, max: 1 });

export const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      t: fc.constant('order' as const),
      c: customerArb,
      key: fc.option(keyArb, { freq: 4 }),
      v: fc.integer({ min: 0, max: 2 }),
      coupon: fc.boolean(),
      slot: slotArb,
      at: atArb,
    }),
  },
  { weight: 4, arbitrary: fc.record({ t: fc.constant('retry' as const), c: customerArb, key: keyArb, same: fc.boolean(), at: atArb }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('burst' as const),
      c: customerArb,
      key: fc.option(keyArb, { freq: 3 }),
      n: fc.integer({ min: 2, max: 4 }),
      v: fc.integer({ min: 0, max: 2 }),
      coupon: fc.boolean(),
      slot: slotArb,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('stall' as const),
      c: customerArb,
      key: keyArb,
      v: fc.integer({ min: 0, max: 2 }),
      coupon: fc.boolean(),
      slot: slotArb,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant('rush' as const), v: fc.integer({ min: 0, max: 2 }), coupon: fc.boolean(), slot: slotArb }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('move' as const),
      o: fc.nat({ max: 20 }),
      to: fc.constantFrom<StatusId>(STATUS.preparing, STATUS.ready, STATUS.done, STATUS.cancelled),
      at: atArb,
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('cancel' as const), o: fc.nat({ max: 20 }), at: atArb }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('logout' as const), c: customerArb, at: atArb }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('login' as const), c: customerArb }) },
  { weight: 1, arbitrary: fc.constant({ t: 'timePasses' as const }) },
);

// ---------------------------------------------------------------------------------------------------
// The shop the model runs against: one or two instances on one database, each listening on 127.0.0.1.

export interface ModelShop {
  /** The app instances (one on PGlite, two on PostgreSQL), all on one database. */
  instances: TestShop[];
  /** Each instance's address, for the live streams (SSE needs real HTTP). */
  bases: string[];
  clock: { set(at: Date | string): void };
  timezone: string;
  slotCapacity: number;
  product: { id: number; price: number };
  promo: { id: number; discount: number };
  admin: { id: number; token: string };
  /** The database's URL on PostgreSQL (the `stall` command holds a lock through its own connection). */
  databaseUrl?: string;
  /** A password hash made once, so that a run's customers cost one login each, not a hash too. */
  passwordHash: string;
  password: string;
}

/**
 * The clock and slots of run `run`: the shop's clock stands in the past (a week before today, so that
 * "today" for coupons is never after the day the database stamps an order), 45 minutes further each
 * run, and the run's two slots are the 15-minute slots 15 and 30 minutes after it.
 */
export function runTimes(timezone: string, run: number, today = shopDate(new Date(), timezone)) {
  const dayStart = startOfShopDay(addDays(today, -8), timezone).getTime();
  const base = new Date(dayStart + (run % 200) * 45 * 60_000);
  const slots = [new Date(base.getTime() + 15 * 60_000), new Date(base.getTime() + 30 * 60_000)] as const;
  return { base, slots };
}

const SLOT_CAPACITY = 2;
const PASSWORD = 'correct-horse-battery';

/** The shop of a model test: `instanceCount` app instances on one fresh database, each listening on 127.0.0.1. */
export async function modelShop(instanceCount: 1 | 2): Promise<{ shop: ModelShop; close(): Promise<void> }> {
  const timezone = testConfig().shopTimezone;
  const clock = fixedClock(runTimes(timezone, 0).base);
  const config = testConfig({
    clock,
    slotCapacity: SLOT_CAPACITY,
    authRateLimit: { perIp: 1_000_000, perEmail: 1000, perAccount: 1_000_000, windowSeconds: 900 },
    events: { ...testConfig().events, maxStreamsPerAccount: 20 },
  });
  const first = await openTestDatabase();
  const instances: TestShop[] = [];
  const firstApp = await buildApp(config, first);
  instances.push({ app: firstApp, database: first, close: async () => {} });
  if (instanceCount === 2) {
    if (!first.url?.startsWith('postgres')) throw new Error('two instances need a PostgreSQL database');
    const second = await openDatabase({ url: first.url, poolSize: 5 });
    instances.push({ app: await buildApp(config, second), database: second, close: async () => {} });
  }
  const bases = [];
  for (const instance of instances) bases.push(await listenLocally(instance.app));
  const admin = await signUpAs(instances[0]!, 'Admin');
  const product = await addProduct(instances[0]!, admin.token, { product_name: 'Model Kopi Susu', price: 23000 });
  const promo = await addPromo(instances[0]!, admin.token, { discount: 10, min_price: 0 });
  return {
    shop: {
      instances,
      bases,
      databaseUrl: first.url,
      clock,
      timezone,
      slotCapacity: SLOT_CAPACITY,
      product: { id: product.id, price: product.price },
      promo: { id: promo.id, discount: 10 },
      admin,
      // argon2id at its lowest cost: the server verifies with the cost the hash names, and a run logs in six times.
      passwordHash: await hash(PASSWORD, { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 }),
      password: PASSWORD,
    },
    async close() {
      // The second instance first: closing the first database drops it.
      for (const instance of [...instances].reverse()) {
        await instance.app.close();
        await instance.database.close();
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// One run.

interface RunCustomer {
  id: number;
  email: string;
  token: string;
  /** The ordering token was logged out (a later login gives a new one). */
  revoked: boolean;
  /** The token of the customer's live stream: another session, never logged out during the run. */
  streamToken: string;
}

interface ModelOrder {
  id: number;
  customer: Customer;
  status: StatusId;
  coupon: boolean;
  slot: SlotIndex;
}

type Body = ReturnType<typeof orderBody>;

/** What the model says a POST /transactions must answer. */
type Expected =
  | { kind: 'revoked' }
  | { kind: 'replay'; orderId: number }
  | { kind: 'reused'; orderId: number }
  | { kind: 'new'; refusals: Set<'slot passed' | 'slot full' | 'coupon used'> };

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );

const short = (res: LightMyRequestResponse) => `${res.statusCode} ${res.body.slice(0, 160)}`;

interface Counts {
  orders: number;
  lines: number;
  events: number;
}

async function counts(shop: TestShop): Promise<Counts> {
  const [row] = await query<Counts>(
    shop,
    sql`select (select count(*) from transactions)::int as orders, (select count(*) from transaction_items)::int as lines,
               (select count(*) from order_events)::int as events`,
  );
  return row!;
}

/** A stream's event, identified by data.event_id when the frame carries it, else by its `id:` line as a number. */
function eventIdOf(event: SseClient['events'][number]): number | undefined {
  const fromData = (event.data as { event_id?: unknown }).event_id;
  if (typeof fromData === 'number' && Number.isInteger(fromData)) return fromData;
  return Number.isInteger(event.id) ? event.id : undefined;
}

interface OpenStream {
  name: string;
  client: SseClient;
  /** The customer whose orders it may see; undefined: an admin's, every order. */
  customerId?: number;
}

export interface RunOptions {
  /** The run's number: it chooses the run's clock and slots. */
  run: number;
  /** Counts each kind of answer to an order and each event a stream received, to see what a run exercised. */
  tally?: Map<string, number>;
  /** How long to wait for the streams to receive what they are entitled to. */
  settleMs?: number;
}

/** Runs `commands` against `shop` and answers every invariant it broke (none: the run passed). */
export async function runModel(shop: ModelShop, commands: readonly Command[], options: RunOptions): Promise<Violation[]> {
  const started = performance.now();
  const phases: string[] = [];
  const phase = (name: string) => phases.push(`${name} ${Math.round(performance.now() - started)}`);
  const violations: Violation[] = [];
  const violate = (invariant: Invariant, detail: string) => violations.push({ invariant, detail });
  const n = shop.instances.length;
  const primary = shop.instances[0]!;
  const instance = (at: number) => shop.instances[at % n]!;
  const { base, slots } = runTimes(shop.timezone, options.run);
  shop.clock.set(base);
  let slotPassed = false;

  // Fresh customers each run: the coupon and key rules start from nothing. Two sessions each.
  const customers: RunCustomer[] = [];
  for (let i = 0; i < 3; i++) {
    const email = `model-${options.run}-${i}-${Math.random().toString(36).slice(2, 8)}@test.local`;
    const id = await insertUser(primary.database.db, { email, password_hash: shop.passwordHash, role: 'User' });
    const [token, streamToken] = await Promise.all([
      login(instance(i), email, shop.password),
      login(instance(i + 1), email, shop.password),
    ]);
    customers.push({ id, email, token, revoked: false, streamToken });
  }

  phase('customers');
  // The slots' places already taken (a long run comes back to the slots of earlier runs).
  const slotTaken = await Promise.all(slots.map((start) => ordersInSlot(primary, start)));

  // The streams, open before the first command: an admin's on each instance, each customer's on one.
  const streams: OpenStream[] = [];
  try {
    for (const [i, base] of shop.bases.entries()) {
      streams.push({ name: `admin@${i}`, client: await SseClient.open(base, shop.admin.token) });
    }
    for (const [i, customer] of customers.entries()) {
      const at = i % shop.bases.length;
      streams.push({
        name: `customer${i}@${at}`,
        client: await SseClient.open(shop.bases[at]!, customer.streamToken),
        customerId: customer.id,
      });
    }
    for (const stream of streams) {
      if (stream.client.status !== 200) throw new Error(`stream ${stream.name} answered ${stream.client.status}`);
      await stream.client.until((c) => c.comments.includes('connected'), 5000);
    }
    const [{ baseline }] = (await query<{ baseline: number }>(
      primary,
      sql`select coalesce(max(id), 0)::int as baseline from order_events`,
    )) as [{ baseline: number }];

    phase('streams');
    const orders: ModelOrder[] = [];
    const keyed = new Map<string, { orderId: number; body: Body }>();
    const lastSent = new Map<string, Body>();
    const keyName = (c: Customer, key: number) => `${c}:${key}`;

    const bodyOf = (v: number, coupon: boolean, slot: SlotIndex): Body =>
      orderBody(shop.product.id, {
        qty: v + 1,
        ...(coupon ? { promo_id: shop.promo.id } : {}),
        ...(slot === null ? {} : { scheduled_for: slots[slot].toISOString() }),
      });
    const slotOf = (body: Body): SlotIndex => {
      const at = (body as { scheduled_for?: string }).scheduled_for;
      return at === undefined ? null : (slots.findIndex((s) => s.toISOString() === at) as 0 | 1);
    };
    const couponOf = (body: Body) => (body as { promo_id?: number }).promo_id !== undefined;
    const open = (o: ModelOrder) => o.status !== STATUS.cancelled;

    const expectOrder = (c: Customer, key: number | null, body: Body): Expected => {
      if (customers[c]!.revoked) return { kind: 'revoked' };
      const stored = key === null ? undefined : keyed.get(keyName(c, key));
      if (stored)
        return canonical(stored.body) === canonical(body)
          ? { kind: 'replay', orderId: stored.orderId }
          : { kind: 'reused', orderId: stored.orderId };
      const refusals: Extract<Expected, { kind: 'new' }>['refusals'] = new Set();
      const slot = slotOf(body);
      if (slot !== null) {
        if (slot === 0 && slotPassed) refusals.add('slot passed');
        if (slotTaken[slot]! + orders.filter((o) => open(o) && o.slot === slot).length >= shop.slotCapacity) refusals.add('slot full');
      }
      if (couponOf(body) && orders.some((o) => open(o) && o.coupon && o.customer === c)) refusals.add('coupon used');
      return { kind: 'new', refusals };
    };

    /** A stored order's answer, and the model's record of it. */
    const recordNew = (label: string, c: Customer, key: number | null, body: Body, res: LightMyRequestResponse) => {
      const data = res.json().data as { id: number; customer: { id: number }; status_id: number; total: number; subtotal: number };
      if (data.customer.id !== customers[c]!.id)
        violate(INVARIANT.modelAgrees, `${label}: order ${data.id} answered for customer ${data.customer.id}`);
      if (orders.some((o) => o.id === data.id)) {
        violate(INVARIANT.answers, `${label}: 201 for order ${data.id}, already made`);
        return;
      }
      orders.push({ id: data.id, customer: c, status: STATUS.pending, coupon: couponOf(body), slot: slotOf(body) });
      if (key !== null && !keyed.has(keyName(c, key))) keyed.set(keyName(c, key), { orderId: data.id, body });
    };

    /** Judges one answer to a POST /transactions sent alone; answers how many orders it stored. */
    const judgeSingle = (label: string, c: Customer, key: number | null, body: Body, expected: Expected, res: LightMyRequestResponse) => {
      const status = res.statusCode;
      const code = status >= 400 ? (res.json() as { code?: string }).code : undefined;
      switch (expected.kind) {
        case 'revoked':
          if (status !== 401 || code !== 'unauthorized') violate(INVARIANT.loggedOut, `${label}: logged-out token answered ${short(res)}`);
          break;
        case 'replay':
          if (status !== 200 || res.headers['idempotent-replayed'] !== 'true' || res.json().data?.id !== expected.orderId) {
            violate(
              status === 400 || status === 409 ? INVARIANT.refusalsNewOnly : INVARIANT.replay,
              `${label}: retry of order ${expected.orderId} answered ${short(res)} (idempotent-replayed: ${res.headers['idempotent-replayed']})`,
            );
          }
          break;
        case 'reused':
          if (status !== 422 || code !== 'idempotency_key_reused') {
            violate(
              status === 400 || status === 409 ? INVARIANT.refusalsNewOnly : INVARIANT.reused,
              `${label}: key of order ${expected.orderId} with another body answered ${short(res)}`,
            );
          }
          break;
        case 'new': {
          const allowed = new Set<string>();
          if (expected.refusals.size === 0) allowed.add('201');
          if (expected.refusals.has('slot passed') || expected.refusals.has('coupon used')) allowed.add('400 validation_failed');
          if (expected.refusals.has('slot full')) allowed.add('409 conflict');
          const got = status === 201 ? '201' : `${status} ${code}`;
          if (!allowed.has(got)) {
            violate(
              INVARIANT.answers,
              `${label}: expected ${[...allowed].join(' or ')} (${[...expected.refusals].join(', ') || 'no rule refuses'}), got ${short(res)}`,
            );
          }
        }
      }
      if (status === 201) {
        recordNew(label, c, key, body, res);
        return 1;
      }
      return 0;
    };

    /**
     * Orders sent at once without a key: each is a new order. One stored although a rule refused it
     * before the command breaks that rule; one refused must be refused by a rule as things stand once
     * the others were stored (a slot filled by them, a coupon one of them used).
     */
    const judgeConcurrentNew = (label: string, sent: { c: Customer; body: Body; expected: Expected; res: LightMyRequestResponse }[]) => {
      const statuses = sent.map((s) => s.res.statusCode).join(',');
      let made = 0;
      for (const { c, body, expected, res } of sent) {
        if (res.statusCode !== 201) continue;
        if (expected.kind === 'revoked') violate(INVARIANT.loggedOut, `${label}: logged-out token answered ${short(res)}`);
        else if (expected.kind === 'new' && expected.refusals.size > 0) {
          violate(INVARIANT.answers, `${label}: customer ${c} got 201 although ${[...expected.refusals].join(', ')} (${statuses})`);
        }
        recordNew(label, c, null, body, res);
        made += 1;
      }
      for (const { c, body, expected, res } of sent) {
        if (res.statusCode === 201) continue;
        const code = (res.json() as { code?: string }).code;
        if (expected.kind === 'revoked') {
          if (res.statusCode !== 401 || code !== 'unauthorized')
            violate(INVARIANT.loggedOut, `${label}: logged-out token answered ${short(res)}`);
          continue;
        }
        const now = expectOrder(c, null, body);
        const refusals = now.kind === 'new' ? now.refusals : new Set<string>();
        const allowed = new Set<string>();
        if (refusals.has('slot passed') || refusals.has('coupon used')) allowed.add('400 validation_failed');
        if (refusals.has('slot full')) allowed.add('409 conflict');
        if (!allowed.has(`${res.statusCode} ${code}`)) {
          violate(
            INVARIANT.answers,
            `${label}: customer ${c} refused (${short(res)}) although ${refusals.size ? `only ${[...allowed].join(' or ')} fits` : 'no rule refuses it'} (${statuses})`,
          );
        }
      }
      return made;
    };

    const count = (name: string) => options.tally?.set(name, (options.tally.get(name) ?? 0) + 1);
    /**
     * Copies of one request with a key the model has no order for, sent at once: one order at most —
     * exactly one when no rule refuses it — and each other copy is that order (200) or 409
     * order_in_progress, never a rule refusal; when a rule refuses the order, every copy may be refused.
     */
    const judgeKeyedNew = (
      label: string,
      c: Customer,
      key: number,
      body: Body,
      expected: Extract<Expected, { kind: 'new' }>,
      answers: LightMyRequestResponse[],
    ) => {
      const statuses = answers.map((r) => r.statusCode).join(',');
      let made = 0;
      const created = answers.filter((r) => r.statusCode === 201);
      if (expected.refusals.size === 0 && created.length !== 1) {
        violate(created.length > 1 ? INVARIANT.onePerKey : INVARIANT.inProgress, `${label}: ${created.length} answers 201 (${statuses})`);
      }
      if (expected.refusals.size > 0 && created.length > 0) {
        violate(INVARIANT.answers, `${label}: 201 although ${[...expected.refusals].join(', ')} (${statuses})`);
      }
      for (const res of created) {
        recordNew(label, c, key, body, res);
        made += 1;
      }
      const orderId = created[0]?.json().data.id as number | undefined;
      for (const res of answers) {
        if (res.statusCode === 201) continue;
        const code = res.statusCode >= 400 ? (res.json() as { code?: string }).code : undefined;
        if (res.statusCode === 409 && code === 'order_in_progress') {
          if (res.headers['retry-after'] !== '1') violate(INVARIANT.inProgress, `${label}: 409 order_in_progress without Retry-After: 1`);
        } else if (res.statusCode === 200) {
          if (res.headers['idempotent-replayed'] !== 'true' || orderId === undefined || res.json().data?.id !== orderId) {
            violate(
              INVARIANT.inProgress,
              `${label}: a duplicate answered 200 for order ${res.json().data?.id}, the order made is ${orderId}`,
            );
          }
        } else if (
          expected.refusals.size > 0 &&
          ((res.statusCode === 400 && code === 'validation_failed') || (res.statusCode === 409 && code === 'conflict'))
        ) {
          // every copy of a refused order may be refused by the rule
        } else {
          violate(
            res.statusCode === 400 || res.statusCode === 409 ? INVARIANT.inProgress : INVARIANT.answers,
            `${label}: a duplicate of ${expected.refusals.size ? 'a refused order' : `order ${orderId}`} answered ${short(res)} (${statuses})`,
          );
        }
      }
      return made;
    };
    const send = async (at: number, c: Customer, key: number | null, body: Body) => {
      const res = await api(instance(at), 'POST', '/transactions', {
        token: customers[c]!.token,
        body,
        ...(key === null ? {} : { headers: { 'idempotency-key': `key-${key}` } }),
      });
      const code = res.statusCode >= 400 ? (res.json() as { code?: string }).code : res.headers['idempotent-replayed'] ? 'replayed' : '';
      const scheduled = (body as { scheduled_for?: string }).scheduled_for ? ' (slot)' : '';
      count(`order ${[res.statusCode, code].filter(Boolean).join(' ')}${scheduled}${key === null ? '' : ' (key)'}`);
      return res;
    };

    for (const [index, command] of commands.entries()) {
      const label = `#${index} ${JSON.stringify(command)}`;
      const before = await counts(primary);
      let made = 0;
      let moved = 0;
      /** A refused answer (or one that stores nothing): rows must not change. */
      let refusal = false;
      switch (command.t) {
        case 'order':
        case 'retry': {
          let key: number | null;
          let body: Body;
          if (command.t === 'order') {
            key = command.key;
            body = bodyOf(command.v, command.coupon, command.slot);
          } else {
            key = command.key;
            const last = keyed.get(keyName(command.c, key))?.body ?? lastSent.get(keyName(command.c, key));
            if (!last) continue; // nothing sent with this key yet: nothing to retry
            body = command.same ? last : { ...last, qty: (last.qty % 3) + 1 };
          }
          const expected = expectOrder(command.c, key, body);
          const res = await send(command.at, command.c, key, body);
          if (key !== null) lastSent.set(keyName(command.c, key), body);
          made = judgeSingle(label, command.c, key, body, expected, res);
          refusal = res.statusCode >= 300;
          break;
        }
        case 'burst': {
          const { c, key } = command;
          const body = bodyOf(command.v, command.coupon, command.slot);
          const expected = expectOrder(c, key, body);
          const answers = await Promise.all(Array.from({ length: command.n }, (_, i) => send(i, c, key, body)));
          if (key === null) {
            made = judgeConcurrentNew(
              label,
              answers.map((res) => ({ c, body, expected, res })),
            );
          } else if (expected.kind !== 'new') {
            for (const res of answers) made += judgeSingle(label, c, key, body, expected, res);
          } else {
            made = judgeKeyedNew(label, c, key, body, expected, answers);
          }
          if (key !== null) lastSent.set(keyName(c, key), body);
          refusal = made === 0;
          break;
        }
        case 'stall': {
          if (!shop.databaseUrl) continue;
          const { c, key } = command;
          const body = bodyOf(command.v, command.coupon, command.slot);
          const expected = expectOrder(c, key, body);
          const holder = new pg.Client({ connectionString: shop.databaseUrl });
          await holder.connect();
          let answers: LightMyRequestResponse[];
          try {
            // Placing an order counts its product's units sold: with the row locked, the first waits there, its key claimed.
            await holder.query('begin');
            await holder.query('select id from products where id = $1 for update', [shop.product.id]);
            const first = send(0, c, key, body);
            await new Promise((r) => setTimeout(r, 150));
            const copy = send(1, c, key, body);
            // The lock goes once the copy answered, or after 2.5 s should the copy wait for the row too.
            await Promise.race([copy.catch(() => {}), new Promise((r) => setTimeout(r, 2500))]);
            await holder.query('rollback');
            answers = await Promise.all([first, copy]);
          } finally {
            await holder.end();
          }
          lastSent.set(keyName(c, key), body);
          if (expected.kind === 'new') made = judgeKeyedNew(label, c, key, body, expected, answers);
          else for (const res of answers) made += judgeSingle(label, c, key, body, expected, res);
          refusal = made === 0;
          break;
        }
        case 'rush': {
          const body = bodyOf(command.v, command.coupon, command.slot);
          const expected = customers.map((_, c) => expectOrder(c as Customer, null, body));
          const answers = await Promise.all(customers.map((_, c) => send(c, c as Customer, null, body)));
          made = judgeConcurrentNew(
            label,
            answers.map((res, c) => ({ c: c as Customer, body, expected: expected[c]!, res })),
          );
          refusal = made === 0;
          break;
        }
        case 'move': {
          if (orders.length === 0) continue;
          const order = orders[command.o % orders.length]!;
          const body = command.to === STATUS.cancelled ? { status_id: command.to, reason: 'Out of milk' } : { status_id: command.to };
          const res = await api(instance(command.at), 'PATCH', `/transactions/${order.id}`, { token: shop.admin.token, body });
          const allowed = canMove(order.status, command.to);
          if (res.statusCode !== (allowed ? 200 : 400)) {
            violate(INVARIANT.answers, `${label}: move of order ${order.id} from ${order.status} to ${command.to} answered ${short(res)}`);
          }
          if (res.statusCode === 200) {
            order.status = command.to;
            moved = 1;
          }
          refusal = res.statusCode !== 200;
          break;
        }
        case 'cancel': {
          if (orders.length === 0) continue;
          const order = orders[command.o % orders.length]!;
          const owner = customers[order.customer]!;
          const res = await api(instance(command.at), 'POST', `/transactions/${order.id}/cancel`, { token: owner.token, body: {} });
          const expected = owner.revoked ? 401 : order.status === STATUS.pending ? 200 : 400;
          if (res.statusCode !== expected) {
            violate(
              owner.revoked ? INVARIANT.loggedOut : INVARIANT.answers,
              `${label}: cancel of order ${order.id} (status ${order.status}) answered ${short(res)}, expected ${expected}`,
            );
          }
          if (res.statusCode === 200) {
            order.status = STATUS.cancelled;
            moved = 1;
          }
          refusal = res.statusCode !== 200;
          break;
        }
        case 'logout': {
          const customer = customers[command.c]!;
          const res = await api(instance(command.at), 'POST', '/auth/logout', { token: customer.token });
          const expected = customer.revoked ? 401 : 200;
          if (res.statusCode !== expected) violate(INVARIANT.loggedOut, `${label}: logout answered ${short(res)}, expected ${expected}`);
          if (res.statusCode === 200) customer.revoked = true;
          refusal = true;
          break;
        }
        case 'login': {
          const customer = customers[command.c]!;
          customer.token = await login(primary, customer.email, shop.password);
          customer.revoked = false;
          refusal = true;
          break;
        }
        case 'timePasses': {
          shop.clock.set(new Date(slots[0].getTime() + 60_000));
          slotPassed = true;
          refusal = true;
          break;
        }
      }
      const after = await counts(primary);
      const delta = { orders: after.orders - before.orders, lines: after.lines - before.lines, events: after.events - before.events };
      const wanted = { orders: made, lines: made, events: made + moved };
      if (delta.orders !== wanted.orders || delta.lines !== wanted.lines || delta.events !== wanted.events) {
        violate(
          INVARIANT.nothingStored,
          `${label}: ${refusal ? 'a refusal' : 'the answers'} changed rows by ${JSON.stringify(delta)}, the answers account for ${JSON.stringify(wanted)}`,
        );
      }
    }

    phase(`${commands.length} commands`);
    await checkDatabase(shop, primary, customers, orders, keyed, slots, violate);
    phase('database');
    await checkStreams(primary, streams, baseline, options.settleMs ?? 8000, violate);
    for (const stream of streams)
      for (const _ of stream.client.events) count(`event on ${stream.customerId ? "a customer's" : "an admin's"} stream`);
    phase('streams checked');
  } finally {
    await Promise.all(streams.map((s) => s.client.close()));
  }
  if (process.env.MODEL_DEBUG) {
    console.log(`run ${options.run}: ${phases.join(', ')} ms; ${violations.length} violation(s)\n${describeViolations(violations)}`);
  }
  return violations;
}

async function login(shop: TestShop, email: string, password: string): Promise<string> {
  const res = await api(shop, 'POST', '/auth', { body: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${short(res)}`);
  return res.json().data.token as string;
}

/** Orders in the slot starting at `start` that the kitchen will make (cancelled ones free their place). */
async function ordersInSlot(shop: TestShop, start: Date): Promise<number> {
  const [row] = await query<{ n: number }>(
    shop,
    sql`select count(*)::int as n from transactions where scheduled_for >= ${start.toISOString()}::timestamptz
        and scheduled_for < ${start.toISOString()}::timestamptz + interval '15 minutes' and status_id <> ${STATUS.cancelled}`,
  );
  return row!.n;
}

async function checkDatabase(
  shop: ModelShop,
  db: TestShop,
  customers: RunCustomer[],
  orders: ModelOrder[],
  keyed: Map<string, { orderId: number }>,
  slots: readonly Date[],
  violate: (invariant: Invariant, detail: string) => void,
) {
  const ids = customers.map((c) => c.id);
  const idList = sql.raw(ids.join(', '));

  // One order per (customer, key), and it is the order the model was told.
  const perKey = await query<{ user_id: number; key: string; n: number; ids: number[] }>(
    db,
    sql`select user_id, idempotency_key as key, count(*)::int as n, array_agg(id order by id) as ids from transactions
        where user_id in (${idList}) and idempotency_key is not null group by 1, 2`,
  );
  for (const row of perKey) {
    if (row.n > 1) violate(INVARIANT.onePerKey, `customer ${row.user_id}, ${row.key}: orders ${row.ids.join(', ')}`);
  }
  for (const [name, { orderId }] of keyed) {
    const [c, key] = name.split(':').map(Number) as [number, number];
    const row = perKey.find((r) => r.user_id === customers[c]!.id && r.key === `key-${key}`);
    if (!row?.ids.includes(orderId))
      violate(INVARIANT.onePerKey, `customer ${c} key-${key}: the model's order ${orderId} is not stored with it`);
  }

  // A slot never holds more than its capacity.
  for (const [i, start] of slots.entries()) {
    const held = await ordersInSlot(db, start);
    if (held > shop.slotCapacity)
      violate(INVARIANT.slotCapacity, `slot ${i} (${start.toISOString()}) holds ${held} > ${shop.slotCapacity}`);
  }

  // A coupon at most once per customer and shop day (cancelled orders gave theirs back).
  const coupons = await query<{ user_id: number; day: string; n: number }>(
    db,
    sql`select user_id, to_char(created_at at time zone ${shop.timezone}, 'YYYY-MM-DD') as day, count(*)::int as n from transactions
        where user_id in (${idList}) and promo_id is not null and status_id <> ${STATUS.cancelled} group by 1, 2 having count(*) > 1`,
  );
  for (const row of coupons) violate(INVARIANT.couponOnce, `customer ${row.user_id} used a coupon ${row.n} times on ${row.day}`);

  // Totals equal the sum of their lines, priced as money.ts prices them.
  const stored = await query<{
    id: number;
    user_id: number;
    status_id: number;
    promo_id: number | null;
    percent: number | null;
    subtotal: string;
    discount: string;
    tax: string;
    shipping: string;
    total: string;
    lines: { unit_price: number; qty: number; line_total: number }[];
  }>(
    db,
    sql`select t.id, t.user_id, t.status_id, t.promo_id, p.discount as percent, t.subtotal::text, t.discount::text, t.tax::text,
               t.shipping::text, t.total::text,
               (select coalesce(json_agg(json_build_object('unit_price', i.unit_price, 'qty', i.qty, 'line_total', i.line_total) order by i.id), '[]')
                  from transaction_items i where i.transaction_id = t.id) as lines
        from transactions t left join promos p on p.id = t.promo_id where t.user_id in (${idList}) order by t.id`,
  );
  for (const row of stored) {
    const amounts = { subtotal: +row.subtotal, discount: +row.discount, tax: +row.tax, shipping: +row.shipping, total: +row.total };
    const lineSum = row.lines.reduce((sum, line) => sum + Number(line.line_total), 0);
    const priced = priceOrder(
      row.lines.map((l) => ({ unit_price: Number(l.unit_price), qty: Number(l.qty) })),
      { discountPercent: row.promo_id ? (row.percent ?? 0) : 0 },
    );
    const problems: string[] = [];
    if (amounts.subtotal !== lineSum) problems.push(`subtotal ${amounts.subtotal} ≠ Σ line_total ${lineSum}`);
    if (amounts.total !== amounts.subtotal - amounts.discount + amounts.tax + amounts.shipping)
      problems.push('total ≠ subtotal − discount + tax + shipping');
    row.lines.forEach((line, i) => {
      if (Number(line.line_total) !== priced.line_totals[i]) problems.push(`line ${i}: ${line.line_total} ≠ ${priced.line_totals[i]}`);
      if (Number(line.unit_price) !== shop.product.price) problems.push(`line ${i}: unit_price ${line.unit_price} ≠ ${shop.product.price}`);
    });
    if (amounts.discount !== priced.discount) problems.push(`discount ${amounts.discount} ≠ ${priced.discount}`);
    if (amounts.total !== priced.total) problems.push(`total ${amounts.total} ≠ ${priced.total}`);
    if (row.lines.length === 0) problems.push('no line');
    if (problems.length) violate(INVARIANT.totals, `order ${row.id}: ${problems.join('; ')} (${JSON.stringify(amounts)})`);
  }

  // The database holds exactly the orders the answers told, with the statuses the moves told.
  const storedIds = new Set(stored.map((r) => r.id));
  const modelIds = new Set(orders.map((o) => o.id));
  const unknown = stored.filter((r) => !modelIds.has(r.id)).map((r) => r.id);
  const missing = orders.filter((o) => !storedIds.has(o.id)).map((o) => o.id);
  if (unknown.length) violate(INVARIANT.nothingStored, `orders stored that no answer told: ${unknown.join(', ')}`);
  if (missing.length) violate(INVARIANT.modelAgrees, `orders answered 201 but not stored: ${missing.join(', ')}`);
  for (const order of orders) {
    const row = stored.find((r) => r.id === order.id);
    if (row && row.status_id !== order.status)
      violate(INVARIANT.modelAgrees, `order ${order.id}: status ${row.status_id}, the model's ${order.status}`);
  }
}

/**
 * Waits (bounded) until every stream has received each event it is entitled to (admins: every
 * order's; a customer: their own orders'), and a moment more for late duplicates; then each must
 * have come exactly once, and nothing else after the run began.
 */
async function checkStreams(
  db: TestShop,
  streams: OpenStream[],
  baseline: number,
  settleMs: number,
  violate: (invariant: Invariant, detail: string) => void,
) {
  const events = await query<{ id: number; user_id: number }>(
    db,
    sql`select e.id::int as id, t.user_id from order_events e join transactions t on t.id = e.transaction_id where e.id > ${baseline} order by e.id`,
  );
  const entitled = (stream: OpenStream) =>
    events.filter((e) => stream.customerId === undefined || e.user_id === stream.customerId).map((e) => e.id);
  const received = (stream: OpenStream) => stream.client.events.map(eventIdOf);
  const complete = () =>
    streams.every((stream) => {
      const got = new Set(received(stream));
      return entitled(stream).every((id) => got.has(id));
    });
  const deadline = Date.now() + settleMs;
  while (!complete() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 150)); // late duplicates

  for (const stream of streams) {
    if (stream.client.ended) violate(INVARIANT.events, `stream ${stream.name} ended during the run`);
    const counted = new Map<number, number>();
    for (const [i, id] of received(stream).entries()) {
      const event = stream.client.events[i]!;
      if (id === undefined) {
        violate(INVARIANT.events, `stream ${stream.name}: an event without a numeric event id (id: ${event.id})`);
        continue;
      }
      const customer = event.data.order?.customer?.id;
      if (stream.customerId !== undefined && customer !== stream.customerId) {
        violate(INVARIANT.events, `stream ${stream.name}: event ${id} of another customer's order (${customer})`);
      }
      if (id > baseline) counted.set(id, (counted.get(id) ?? 0) + 1);
    }
    const wanted = new Set(entitled(stream));
    const missing = [...wanted].filter((id) => !counted.has(id));
    const twice = [...counted].filter(([, times]) => times > 1).map(([id, times]) => `${id}×${times}`);
    const extra = [...counted.keys()].filter((id) => !wanted.has(id));
    if (missing.length) violate(INVARIANT.events, `stream ${stream.name}: missing events ${missing.join(', ')} after ${settleMs} ms`);
    if (twice.length) violate(INVARIANT.events, `stream ${stream.name}: events delivered more than once: ${twice.join(', ')}`);
    if (extra.length) violate(INVARIANT.events, `stream ${stream.name}: events it is not entitled to (or not stored): ${extra.join(', ')}`);
  }
}

/** One message for a run's violations, grouped by invariant. */
export function describeViolations(violations: readonly Violation[]): string {
  const grouped = new Map<string, string[]>();
  for (const v of violations) grouped.set(v.invariant, [...(grouped.get(v.invariant) ?? []), v.detail]);
  return [...grouped]
    .map(
      ([invariant, details]) =>
        `✗ ${invariant} (${details.length}):\n${details
          .slice(0, 6)
          .map((d) => `    ${d}`)
          .join('\n')}${details.length > 6 ? `\n    … ${details.length - 6} more` : ''}`,
    )
    .join('\n');
}
