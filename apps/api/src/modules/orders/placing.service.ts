import { randomBytes } from 'node:crypto';
import {
  type CreateOrderInput,
  can,
  cashToPay,
  DOOR_DELIVERY_ID,
  formatIDR,
  nameOf,
  ONLINE_PAYMENT_IDS,
  type Order,
  PAYMENT,
  PAYMENT_METHODS,
  type PlacedOrder,
  priceOrder,
  STATUS,
  type StatusId,
  VA_BANKS,
  type VaBank,
} from '@kopi/shared';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation, retryOnConflict } from '../../db/errors.ts';
import {
  AppError,
  badRequest,
  conflict,
  notFound,
  paymentUnavailable,
  fieldRefused as refuse,
  tooManyRequests,
  unauthorized,
} from '../../lib/errors.ts';
import { phrase } from '../../lib/i18n.ts';
import { type PendingSession, type Session, sessionEnded } from '../auth/auth.service.ts';
import { judgePromo } from '../promos/promos.service.ts';
import { holdingOpenShift, tillOf } from '../shifts/shifts.service.ts';
import { holdingSlot, type ShopSettings } from '../shop/shop.service.ts';
import { tableByToken } from '../tables/tables.service.ts';
import { type Claim, type OrderKey, orderInProgress, orderKeyOf, replayOf } from './idempotency.ts';
import { GUEST_WINDOW_SECONDS, type GuestRules, type OrderLimit, orderLimitOf } from './order-limit.ts';
import {
  type CounterPayment,
  claimKey,
  type KeyOwner,
  lockCustomer,
  type NewOrder,
  placeOrder,
  storedOrderAnswer,
} from './placing.repository.ts';
import { billOf, couponUse, type MenuSource, priceCart, priceLines, pricingFromDatabase } from './pricing.service.ts';
import { findOrderToken, loadOrder } from './reads.repository.ts';

// Placing an order (docs/shop-rules.md#ordering, docs/architecture.md#placing-an-order-step-by-step):
// who orders (a customer, or a guest at a table, whose rules are all here), the order's rules, its
// Idempotency-Key, and the one call that stores it. Its answer goes to the live boards at once, and
// an order paid online is charged before it is answered.

/** What placing an order sets off besides storing it: the live boards hear of it. */
export interface OrderEffects {
  created(eventId: number): Promise<void>;
}

/** The payment side of orders paid online (the payments module; docs/shop-rules.md#payments). */
export interface OrderPayments {
  /** Whether QRIS and bank transfers are offered (the gateway is set up). */
  readonly enabled: boolean;
  /** Charges an order just stored as Awaiting payment; on a refusal it cancels the order and throws. */
  start(order: { id: number; total: number; payment_id: number; created_at: string }, bank: VaBank | undefined): Promise<void>;
  /** An order was cancelled: a paid one is refunded. */
  cancelled(orderId: number, reason: string): Promise<void>;
}

/** The shop's rules of ordering that its settings set. */
export interface OrderRules {
  /** Orders one account may place in a minute (ORDER_RATE_LIMIT_PER_MINUTE); 0: no limit. */
  ordersPerMinute: number;
  /** Open orders one dine-in table may have at once (TABLE_OPEN_ORDERS). */
  tableOpenOrders: number;
  /** What a guest at a table may order. */
  guests: GuestRules;
}

/** Everything placing orders works with, built once (api-routes.ts). */
export interface Placing {
  db: Db;
  menu: MenuSource;
  shop: ShopSettings;
  effects: OrderEffects;
  payments: OrderPayments;
  rules: OrderRules;
}

/** One order to place as it came: the session sent (none: a guest at a table), the sender's address, the body and its key. */
export interface OrderRequest {
  session: PendingSession | undefined;
  address: string;
  input: CreateOrderInput;
  idempotencyKey: string | undefined;
}

/**
 * Who places an order: a signed-in customer, whose session place_order checks with the order; a
 * guest at a dine-in table, by the name they gave (docs/shop-rules.md#orders-from-the-table); or a
 * Cashier or Admin selling at the till, on the till their session was opened on
 * (docs/shop-rules.md#the-till-and-shifts).
 */
type Orderer = { session: PendingSession } | { guest: string; address: string } | { cashier: Session; till: number };

/** The order's table, found by its QR code's token, and who places it there. */
interface Place {
  orderer: Orderer;
  table: { id: number; name: string } | null;
}

/** An order stored, or what its key names instead (a retry, another body, a request still running). */
type Outcome = { order: PlacedOrder; eventId: number } | { claim: Exclude<Claim, undefined> };

/** Tries of an order whose prices changed meanwhile, each priced from the database, before a 409. */
const STALE_TRIES = 3;

const tableNotFound = () => notFound('server.tableCodeUnknown');
const tableFull = (open: number) => new AppError('table_full', phrase('server.tableFull', { open }));

/**
 * Without a session, only a guest at a table orders, and gives a name (else 401, as any call without
 * a session). A sale at the till is a Cashier's or an Admin's, on a session opened on a till: its
 * role is read now (the database's, not the token's).
 */
async function ordererOf({ session, input, address }: OrderRequest): Promise<Orderer> {
  if (input.source === 'counter') {
    if (!session) throw unauthorized();
    const cashier = await session.verify();
    if (!can(cashier.role, 'counter')) throw new AppError('forbidden', 'server.counterOnly');
    return { cashier, till: tillOf(cashier) };
  }
  if (session) return { session };
  if (!input.table_token) throw unauthorized();
  if (!input.guest_name) throw badRequest('server.guestNameNeeded', [{ field: 'guest_name', message: 'server.guestNameRequired' }]);
  return { guest: input.guest_name, address };
}

/** At the till: Dine In or Pick Up, no table, no coupon (no account), paid by Cash (with what was handed over), Card or QRIS. */
function checkCounterSale(input: CreateOrderInput): void {
  if (input.table_token) throw refuse('table_token', 'server.counterNoTable');
  if (input.promo_id) throw refuse('promo_id', 'server.counterNoCoupon');
  if (input.delivery_id === DOOR_DELIVERY_ID) throw refuse('delivery_id', 'server.counterDelivery');
  if (!COUNTER_PAYMENTS.includes(input.payment_id)) throw refuse('payment_id', 'server.counterPayment');
  if (input.payment_id === PAYMENT.cash && input.cash_tendered === undefined) throw refuse('cash_tendered', 'server.cashNeeded');
}

/** How a sale at the till is paid: cash and card at once, QRIS when the gateway says so. */
const COUNTER_PAYMENTS: readonly number[] = [PAYMENT.cash, PAYMENT.card, PAYMENT.qris];

/**
 * The payment a sale at the till takes as it is placed (docs/shop-rules.md#the-till-and-shifts): cash
 * rounded to the shop's step (its own line, never touching the tax), what was handed over (at least
 * that: else a 400 naming both) and the change; a card's reference.
 */
export function counterPaymentOf(
  input: CreateOrderInput,
  total: number,
  at: { cashier: number; till: number; shift: number },
  roundingStep: number,
): CounterPayment {
  const common = {
    cashier_id: at.cashier,
    till_id: at.till,
    shift_id: at.shift,
    reference: null,
    cash_tendered: null,
    change: null,
    rounding: 0,
  };
  if (input.payment_id === PAYMENT.card) return { ...common, paid: true, reference: input.card_reference ?? null };
  if (input.payment_id !== PAYMENT.cash) return { ...common, paid: false };
  const { rounding, to_pay } = cashToPay(total, roundingStep);
  const tendered = input.cash_tendered ?? 0;
  if (tendered < to_pay) {
    throw refuse('cash_tendered', phrase('server.cashTooLittle', { tendered: formatIDR(tendered), amount: formatIDR(to_pay) }));
  }
  return { ...common, paid: true, cash_tendered: tendered, change: tendered - to_pay, rounding };
}

/**
 * The table an order is placed at, from its QR code's token. A guest must order at a table, in
 * cash (they pay at the counter), without a coupon (coupons need an account) and at most
 * `maxItems` items; an order at a table is for now (the shared schema refuses a time).
 */
async function tableOf(db: Db, orderer: Orderer, input: CreateOrderInput, guests: GuestRules): Promise<Place['table']> {
  if ('guest' in orderer) {
    if (input.payment_id !== PAYMENT.cash) throw refuse('payment_id', 'server.guestPaysCash');
    if (input.promo_id) throw refuse('promo_id', 'server.guestNoCoupons');
    const items = input.items.reduce((sum, line) => sum + line.qty, 0);
    if (items > guests.maxItems) throw refuse('items', phrase('server.guestTooManyItems', { max: guests.maxItems }));
  }
  if (!input.table_token) return null;
  const table = await tableByToken(db, input.table_token);
  if (!table) throw tableNotFound();
  return table;
}

/** A guest's order counts towards its table's limit and its address's (docs/shop-rules.md#orders-from-the-table): one too many is a 429. */
async function countGuestOrder(rules: GuestRules, tableId: number, address: string): Promise<void> {
  if (rules.perTable > 0) await rules.counter.check(`order:table:${tableId}`, rules.perTable, GUEST_WINDOW_SECONDS);
  if (rules.perAddress > 0) await rules.counter.check(`order:guest-address:${address}`, rules.perAddress, GUEST_WINDOW_SECONDS);
}

/** The owner of an order's Idempotency-Key: its customer, the till a sale is rung up on, or a guest's table. */
const keyOwnerOf = ({ orderer, table }: Place): KeyOwner =>
  'session' in orderer
    ? { kind: 'user', id: orderer.session.id }
    : 'cashier' in orderer
      ? { kind: 'till', id: orderer.till }
      : { kind: 'table', id: table!.id };

/**
 * The status an order starts in: Awaiting payment when it is paid online (QRIS, or a transfer to a
 * virtual account of the bank it names), else Pending. An online method the shop does not offer is a 400 naming it.
 */
function firstStatusOf(input: CreateOrderInput, payments: OrderPayments): StatusId {
  if (!ONLINE_PAYMENT_IDS.includes(input.payment_id)) return STATUS.pending;
  const method = nameOf(PAYMENT_METHODS, input.payment_id);
  if (!payments.enabled) {
    throw refuse('payment_id', phrase('server.paymentNotOffered', { method: method ?? String(input.payment_id) }));
  }
  if (input.payment_id === PAYMENT.bankTransfer && !input.bank) {
    throw refuse('bank', phrase('server.bankNeeded', { banks: VA_BANKS.join(', ') }));
  }
  return STATUS.awaitingPayment;
}

/** What one attempt of storing the order is held to. */
interface Judged {
  place: Place;
  input: CreateOrderInput;
  key: OrderKey | undefined;
  limit: OrderLimit | undefined;
  firstStatus: StatusId;
}

/**
 * Judges the order's rules and stores it: its time (and a scheduled order's slot, held until the
 * order is stored), its coupon under its customer's lock, and its prices, checked by place_order
 * against the menu as committed (docs/decisions/order-path.md). A cart priced from a menu that
 * changed meanwhile is priced again from the database, at most STALE_TRIES times.
 */
async function judgeAndStore({ db, menu, shop, rules }: Placing, { place, input, key, limit, firstStatus }: Judged): Promise<Outcome> {
  const { orderer, table } = place;
  let lines = await priceCart(db, menu, input);
  const session = 'session' in orderer ? orderer.session : undefined;
  const counter = 'cashier' in orderer ? orderer : undefined;
  const tableOpenLimit = rules.tableOpenOrders;

  /**
   * Stores the order with its coupon's discount (0 without one), a sale at the till in its open
   * `shift`; undefined when its prices were stale.
   */
  const store = async (tx: Db, discountPercent: number, shift?: { id: number }): Promise<Outcome | undefined> => {
    const { line_totals: _, tax_base: __, ...amounts } = billOf(shop, lines, input, discountPercent);
    const order: NewOrder = {
      source: counter ? 'counter' : table ? 'table' : 'online',
      user_id: session?.id ?? null,
      table,
      // The name a guest gave, or the one a cashier took for the pick-up screen.
      guest_name: 'guest' in orderer ? orderer.guest : counter ? (input.guest_name ?? null) : null,
      // A guest follows their order with this token instead of a session (128 bits and more).
      order_token: 'guest' in orderer ? randomBytes(18).toString('base64url') : null,
      status_id: firstStatus,
      delivery_id: input.delivery_id,
      payment_id: input.payment_id,
      promo_id: input.promo_id ?? null,
      address: input.address ?? null,
      scheduled_for: input.scheduled_for ?? null,
      ...amounts,
      rates: shop.bill,
      idempotency_key: key?.key ?? null,
      idempotency_fingerprint: key?.fingerprint ?? null,
      lines,
      counter:
        counter && shift
          ? counterPaymentOf(
              input,
              amounts.total,
              { cashier: counter.cashier.id, till: counter.till, shift: shift.id },
              shop.settings.cash_rounding,
            )
          : undefined,
    };
    const placed = await placeOrder(tx, order, { limit, session, timeZone: shop.timezone, tableOpenLimit });
    if ('sessionEnded' in placed) throw sessionEnded();
    if ('limited' in placed) throw tooManyRequests(placed.limited);
    if ('noTable' in placed) throw tableNotFound();
    if ('tableFull' in placed) throw tableFull(tableOpenLimit);
    if ('stale' in placed) return undefined;
    if ('claimed' in placed) return { claim: placed.claimed! };
    const answer = storedOrderAnswer(order, placed.stored, lines);
    return { order: order.order_token ? { ...answer, order_token: order.order_token } : answer, eventId: placed.stored.event_id };
  };

  for (let attempt = 1; ; attempt++) {
    // A transaction PostgreSQL aborts as a deadlock or serialization failure stored nothing: run it again.
    const outcome = await retryOnConflict(() =>
      // A sale at the till is for now, whatever the hours for orders from afar: the cashier is there,
      // and it lands in the till's open shift, which its close waits for.
      counter
        ? holdingOpenShift(db, counter.till, (tx, shift) => store(tx, 0, shift))
        : // The time is checked, and a scheduled order's slot held until it is stored (docs/shop-rules.md#opening-hours-and-slots).
          holdingSlot(db, shop, input.scheduled_for, (db) =>
            input.promo_id && session
              ? db.transaction(async (trx) => {
                  const tx = trx as Db;
                  // The coupon is judged under the customer's lock, so two orders cannot both use today's (docs/shop-rules.md#coupons).
                  await lockCustomer(tx, session.id);
                  const verdict = await judgePromo(tx, shop, couponUse(session.id, input, priceOrder(lines).subtotal));
                  if (!verdict.applies) throw refuse('promo_id', verdict.reason!);
                  return store(tx, verdict.discountPercent);
                })
              : store(db, 0),
          ),
    );
    if (outcome) return outcome;
    // The menu changed since this instance read it: price the cart as the database has it now.
    if (attempt >= STALE_TRIES) throw conflict('server.menuChanged');
    lines = priceLines(await pricingFromDatabase(db, input), input);
  }
}

/**
 * A retry of an order paid online is told what its first request is told until the gateway has
 * charged it (a charge made has its expiry): while the first request still waits for the gateway,
 * that the order is still being placed (409, ask again); once the gateway would not start it and the
 * order was cancelled, the same 502. Never "placed" for an order that is then cancelled.
 */
function refuseUnchargedReplay(order: Order): void {
  if (!ONLINE_PAYMENT_IDS.includes(order.payment_id) || order.payment.expires_at !== null) return;
  if (order.status_id === STATUS.awaitingPayment) throw orderInProgress();
  if (order.status_id === STATUS.cancelled) throw paymentUnavailable();
}

/**
 * Prices and stores an order (docs/shop-rules.md#ordering). The server is the authority: prices
 * come from the menu, checked against the database's as the order is stored. A customer's order
 * counts towards their limit as it is stored; one too many is a 429. A guest's order is held to the
 * guests' rules (tableOf, countGuestOrder).
 *
 * One order per Idempotency-Key, whatever the rules say when a retry comes: place_order claims the
 * key before it stores anything, and every refusal (a coupon used since, a full slot, a time
 * passed, a product sold out, the order limit) first asks whether the key already names an order,
 * and answers that order instead. The coupon's and the slot's locks make a duplicate judge its
 * rules only after the first request committed, so it finds that request's order; the claim waits
 * for a first request still storing (a 409 "still being placed" after KEY_WAIT_MS). The same key
 * with another body is a 422.
 *
 * Nothing is stored or told to a session that has ended (a 401): place_order checks the session
 * before it reads or writes anything of the account, and a refusal or a replay answered without it
 * checks the session first.
 */
export async function createOrder(placing: Placing, request: OrderRequest): Promise<{ order: PlacedOrder; replayed: boolean }> {
  const { db, menu, effects, payments, rules } = placing;
  const { input } = request;
  const orderer = await ordererOf(request);
  if ('cashier' in orderer) checkCounterSale(input);
  const place: Place = { orderer, table: await tableOf(db, orderer, input, rules.guests) };
  const key = orderKeyOf(request.idempotencyKey, input);
  const limit = 'session' in orderer ? orderLimitOf(orderer.session.id, rules.ordersPerMinute) : undefined;
  let outcome: Outcome;
  try {
    // Counted before the rules are judged; a retry refused here still gets the order its key placed (below).
    if ('guest' in orderer) await countGuestOrder(rules.guests, place.table!.id, orderer.address);
    outcome = await judgeAndStore(placing, { place, input, key, limit, firstStatus: firstStatusOf(input, payments) });
  } catch (error) {
    // Two requests with one key raced past the claim (only where no lock serialises them): a refusal too.
    const refused = (error instanceof AppError && error.statusCode !== 401) || (key !== undefined && isUniqueViolation(error));
    if (!refused) throw error;
    if ('session' in orderer) await orderer.session.verify();
    const claim = key && (await claimKey(db, keyOwnerOf(place), key.key));
    if (!claim) throw error;
    outcome = { claim };
  }
  if ('order' in outcome) {
    const { order } = outcome;
    menu.sold(order.items); // "popular" counts it at once
    await effects.created(outcome.eventId); // the live boards get it
    if (order.status_id !== STATUS.awaitingPayment && !('cashier' in orderer)) return { order, replayed: false };
    // Paid online: charged now, and answered with what the customer pays with (a QR code, an account).
    if (order.status_id === STATUS.awaitingPayment) await payments.start(order, input.bank);
    // A sale at the till is answered as stored, with its cashier's name; one paid online with its QR code.
    const stored = await loadOrder(db, order.id);
    return { order: stored ?? order, replayed: false };
  }
  const order = await loadOrder(db, replayOf(outcome.claim, key!));
  if (!order) throw notFound('server.orderNotFound');
  refuseUnchargedReplay(order);
  return {
    order: 'guest' in orderer ? { ...order, order_token: (await findOrderToken(db, order.id)) ?? undefined } : order,
    replayed: true,
  };
}
