import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  ADDONS_CATEGORY_ID,
  type CreateOrderInput,
  CUSTOMER_CANCELLABLE,
  EVENT_KIND,
  isDrink,
  isFinalStatus,
  moveMovedMoney,
  nameOf,
  ONLINE_PAYMENT_IDS,
  OPEN_STATUSES,
  type Order,
  type OrderDetail,
  type OrderLine,
  PAYMENT,
  PAYMENT_METHODS,
  type PlacedOrder,
  type PrepTimes,
  type Product,
  priceOrder,
  type Quote,
  ROLES,
  SIZES,
  STATUS,
  type StatusId,
  shopDate,
  startOfShopDay,
  UNDO_SECONDS,
  type UpdateOrderStatusInput,
  VA_BANKS,
  type VaBank,
} from '@kopi/shared';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation, retryOnConflict } from '../../db/errors.ts';
import { AppError, badRequest, conflict, fieldRefused, notFound, paymentUnavailable, tooManyRequests } from '../../lib/errors.ts';
import { type MessageKey, phrase, type Translator } from '../../lib/i18n.ts';
import { offsetOf, pageMeta } from '../../lib/reply.ts';
import { type PendingSession, type Session, sessionEnded } from '../auth/auth.service.ts';
import { judgePromo, type PromoVerdict } from '../promos/promos.service.ts';
import { holdingSlot, type ShopSettings } from '../shop/shop.service.ts';
import { tableByToken } from '../tables/tables.service.ts';
import { type Claim, type OrderKey, orderInProgress, orderKeyOf, replayOf } from './idempotency.ts';
import { GUEST_WINDOW_SECONDS, type GuestRules, type OrderLimit } from './order-limit.ts';
import {
  claimKey,
  countOrders,
  findLastMove,
  findMenuPricing,
  findOrderByToken,
  findOrderState,
  findOrderToken,
  hideOrder,
  loadOrder,
  loadOrderDetail,
  loadOrders,
  lockCustomer,
  lockOrder,
  type MenuPricing,
  moveOrder,
  type NewOrder,
  placeOrder,
  prepTimeSince,
  storedOrderAnswer,
  tickLine,
  undoMove,
} from './transactions.repository.ts';

const orderNotFound = () => notFound('server.orderNotFound');

const refuse = fieldRefused;

const STATUS_KEYS: Record<StatusId, MessageKey> = {
  [STATUS.awaitingPayment]: 'server.statusAwaitingPayment',
  [STATUS.pending]: 'server.statusPending',
  [STATUS.preparing]: 'server.statusPreparing',
  [STATUS.ready]: 'server.statusReady',
  [STATUS.done]: 'server.statusDone',
  [STATUS.cancelled]: 'server.statusCancelled',
};

/** A status's name in the listener's language. */
const statusWords = (id: number) => phrase(STATUS_KEYS[id as StatusId] ?? 'server.statusUnknown');

/** Where an order's prices come from, and where its sales count: the instance's menu in memory (a Menu of the products module). */
export interface MenuSource {
  find(id: number): Product | undefined;
  /** Counts units sold (or, with -1, gives back a cancelled order's) in "popular" at once. */
  sold(lines: readonly { product_id: number; qty: number }[], sign?: 1 | -1): void;
}

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

/** A product of the menu in memory as an order prices it, or undefined when it is not there. */
function pricingOf(menu: MenuSource, id: number): MenuPricing | undefined {
  const product = menu.find(id);
  if (!product) return undefined;
  const sizes: Record<string, number> = {};
  for (const size of product.sizes) sizes[size.size_id] = size.price;
  return {
    id,
    product_name: product.product_name,
    image: product.image,
    category_id: product.category_id,
    sold_out: product.sold_out,
    sizes,
  };
}

/** The products a cart names, its lines' and their add-ons'. */
function idsOf(input: CreateOrderInput): number[] {
  const ids = new Set<number>();
  for (const line of input.items) {
    ids.add(line.product_id);
    for (const addon of line.addons ?? []) ids.add(addon.product_id);
  }
  return [...ids];
}

/** The products of the cart as the database has them now: one round trip. */
async function pricingFromDatabase(db: Db, input: CreateOrderInput): Promise<Map<number, MenuPricing>> {
  return new Map((await findMenuPricing(db, idsOf(input))).map((p) => [p.id, p]));
}

/** The products of the cart as this instance's menu has them; undefined when one is missing from it. */
function pricingFromMenu(menu: MenuSource, input: CreateOrderInput): Map<number, MenuPricing> | undefined {
  const found = new Map<number, MenuPricing>();
  for (const id of idsOf(input)) {
    const pricing = pricingOf(menu, id);
    if (!pricing) return undefined;
    found.set(id, pricing);
  }
  return found;
}

/**
 * The cart's lines priced from `menu` (docs/shop-rules.md#prices-and-sizes), as an order would
 * store them; amounts a client sends are never read. A product not on the menu is a 404; a size it
 * is not sold in, add-ons in a food, or a product that is not an add-on as one, a 400; anything
 * sold out, a 409 naming it.
 */
function priceLines(menu: ReadonlyMap<number, MenuPricing>, input: CreateOrderInput): OrderLine[] {
  const missing = idsOf(input).find((id) => !menu.has(id));
  if (missing !== undefined) throw notFound(phrase('server.productNotOnMenu', { id: missing }));

  const soldOut = new Set<string>();
  const lines = input.items.map((line, i): OrderLine => {
    const product = menu.get(line.product_id)!;
    const sizeName = nameOf(SIZES, line.size_id) ?? String(line.size_id);
    const unitPrice = product.sizes[String(line.size_id)];
    if (unitPrice === undefined)
      throw refuse(`items.${i}.size_id`, phrase('server.sizeNotSold', { product: product.product_name, size: sizeName }));
    const addons = (line.addons ?? []).map((wanted, j) => {
      const addon = menu.get(wanted.product_id)!;
      if (!isDrink(product.category_id))
        throw refuse(`items.${i}.addons`, phrase('server.addonsInDrinksOnly', { product: product.product_name }));
      if (addon.category_id !== ADDONS_CATEGORY_ID) {
        throw refuse(`items.${i}.addons.${j}.product_id`, phrase('server.notAnAddon', { product: addon.product_name }));
      }
      if (addon.sold_out) soldOut.add(addon.product_name);
      // An add-on is sold in one size: its Reguler price.
      return { product_id: addon.id, product_name: addon.product_name, qty: wanted.qty, unit_price: addon.sizes['1']! };
    });
    if (product.sold_out) soldOut.add(product.product_name);
    return {
      product_id: product.id,
      product_name: product.product_name,
      image: product.image,
      size_id: line.size_id,
      size_name: sizeName,
      qty: line.qty,
      unit_price: unitPrice,
      addons,
      line_total: 0,
    };
  });
  if (soldOut.size > 0) {
    const names = [...soldOut];
    throw conflict(phrase('server.soldOut', { products: { and: names }, count: names.length }));
  }
  const { line_totals } = priceOrder(lines);
  return lines.map((line, i) => ({ ...line, line_total: line_totals[i]! }));
}

/**
 * The cart priced from this instance's menu in memory, without a query. When the menu cannot price
 * it as sent (a product missing, sold out, a size it lacks…), the database is asked, since another
 * instance's change may not have reached this menu yet: only its answer refuses a cart.
 */
async function priceCart(db: Db, menu: MenuSource, input: CreateOrderInput): Promise<OrderLine[]> {
  const fromMenu = pricingFromMenu(menu, input);
  if (fromMenu) {
    try {
      return priceLines(fromMenu, input);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return priceLines(await pricingFromDatabase(db, input), input);
}

/** How the cart would use its coupon, for the one judgement of it (docs/shop-rules.md#coupons). */
function couponUse(userId: number, input: CreateOrderInput, subtotal: number) {
  return { promoId: input.promo_id!, userId, subtotal, deliveryId: input.delivery_id };
}

/**
 * POST /transactions/quote: the cart priced exactly as placing it would price it, and whether its
 * coupon applies and why not; nothing is stored. The time is not judged here (GET /shop/slots is).
 */
export async function quoteOrder(
  db: Db,
  menu: MenuSource,
  shop: ShopSettings,
  session: Session,
  input: CreateOrderInput,
  t: Translator,
): Promise<Quote> {
  const lines = await priceCart(db, menu, input);
  const { subtotal } = priceOrder(lines);
  const verdict: PromoVerdict | undefined = input.promo_id ? await judgePromo(db, shop, couponUse(session.id, input, subtotal)) : undefined;
  const { line_totals: _, ...amounts } = priceOrder(lines, verdict?.discountPercent ?? 0);
  return {
    lines,
    ...amounts,
    promo: verdict ? { id: verdict.id, applies: verdict.applies, reason: verdict.reason && t(verdict.reason) } : null,
  };
}

/** Tries of an order whose prices changed meanwhile, each priced from the database, before a 409. */
const STALE_TRIES = 3;

/** An order stored, or what its key names instead (a retry, another body, a request still running). */
type Outcome = { order: PlacedOrder; eventId: number } | { claim: Exclude<Claim, undefined> };

/**
 * Who places an order: a signed-in customer, whose session place_order checks with the order, or a
 * guest at a dine-in table, by the name they gave (docs/shop-rules.md#orders-from-the-table).
 */
export type Orderer = { session: PendingSession } | { guest: string; address: string };

/** The order's table, found by its QR code's token, and who places it there. */
interface Place {
  orderer: Orderer;
  table: { id: number; name: string } | null;
}

/** The owner of an order's Idempotency-Key: its customer, or for a guest their table (as minus its id). */
const keyOwnerOf = ({ orderer, table }: Place) => ('session' in orderer ? orderer.session.id : -table!.id);

/**
 * Judges the order's rules and stores it: its time (and a scheduled order's slot, held until the
 * order is stored), its coupon under its customer's lock, and its prices, checked by place_order
 * against the menu as committed (docs/decisions/order-path.md). A cart priced from a menu that
 * changed meanwhile is priced again from the database, at most STALE_TRIES times.
 */
async function judgeAndStore(
  db: Db,
  menu: MenuSource,
  shop: ShopSettings,
  { orderer, table }: Place,
  input: CreateOrderInput,
  key: OrderKey | undefined,
  { limit, tableOpenLimit }: OrderOptions,
  firstStatus: StatusId,
): Promise<Outcome> {
  let lines = await priceCart(db, menu, input);
  const session = 'session' in orderer ? orderer.session : undefined;

  /** Stores the order with its coupon's discount (0 without one); undefined when its prices were stale. */
  const store = async (tx: Db, discountPercent: number): Promise<Outcome | undefined> => {
    const { line_totals: _, ...amounts } = priceOrder(lines, discountPercent);
    const order: NewOrder = {
      user_id: session?.id ?? null,
      table,
      guest_name: 'guest' in orderer ? orderer.guest : null,
      // A guest follows their order with this token instead of a session (128 bits and more).
      order_token: 'guest' in orderer ? randomBytes(18).toString('base64url') : null,
      status_id: firstStatus,
      delivery_id: input.delivery_id,
      payment_id: input.payment_id,
      promo_id: input.promo_id ?? null,
      address: input.address ?? null,
      scheduled_for: input.scheduled_for ?? null,
      ...amounts,
      idempotency_key: key?.key ?? null,
      idempotency_fingerprint: key?.fingerprint ?? null,
      lines,
    };
    const placed = await placeOrder(tx, order, { limit, session, timeZone: shop.timezone, tableOpenLimit });
    if ('sessionEnded' in placed) throw sessionEnded();
    if ('limited' in placed) throw tooManyRequests(placed.limited);
    if ('noTable' in placed) throw tableNotFound();
    if ('tableFull' in placed) throw tableFull(tableOpenLimit ?? 0);
    if ('stale' in placed) return undefined;
    if ('claimed' in placed) return { claim: placed.claimed! };
    const answer = storedOrderAnswer(order, placed.stored, lines);
    return { order: order.order_token ? { ...answer, order_token: order.order_token } : answer, eventId: placed.stored.event_id };
  };

  for (let attempt = 1; ; attempt++) {
    // A transaction PostgreSQL aborts as a deadlock or serialization failure stored nothing: run it again.
    const outcome = await retryOnConflict(() =>
      // The time is checked, and a scheduled order's slot held until it is stored (docs/shop-rules.md#opening-hours-and-slots).
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
 * Prices and stores an order (docs/shop-rules.md#ordering). The server is the authority: prices
 * come from the menu, checked against the database's as the order is stored. With `limit`, the
 * order counts towards its customer's limit as it is stored; one too many is a 429.
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
export async function createOrder(
  db: Db,
  menu: MenuSource,
  shop: ShopSettings,
  stream: OrderEffects,
  payments: OrderPayments,
  orderer: Orderer,
  input: CreateOrderInput,
  options: OrderOptions,
): Promise<{ order: PlacedOrder; replayed: boolean }> {
  const place: Place = { orderer, table: await tableOf(db, orderer, input, options.guests) };
  const key = orderKeyOf(options.idempotencyKey, input);
  let outcome: Outcome;
  try {
    // Counted before the rules are judged; a retry refused here still gets the order its key placed (below).
    if ('guest' in orderer && options.guests) await countGuestOrder(options.guests, place.table!.id, orderer.address);
    outcome = await judgeAndStore(db, menu, shop, place, input, key, options, firstStatusOf(input, payments));
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
    await stream.created(outcome.eventId); // the live boards get it
    if (order.status_id !== STATUS.awaitingPayment) return { order, replayed: false };
    // Paid online: charged now, and answered with what the customer pays with (a QR code, an account).
    await payments.start(order, input.bank);
    const charged = await loadOrder(db, order.id);
    return { order: charged ?? order, replayed: false };
  }
  const order = await loadOrder(db, replayOf(outcome.claim, key!));
  if (!order) throw orderNotFound();
  refuseUnchargedReplay(order);
  return {
    order: 'guest' in orderer ? { ...order, order_token: (await findOrderToken(db, order.id)) ?? undefined } : order,
    replayed: true,
  };
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

/** What placing an order may be held to: its customer's order limit, a table's open orders, a guest's rules. */
export interface OrderOptions {
  idempotencyKey?: string;
  limit?: OrderLimit;
  tableOpenLimit?: number;
  guests?: GuestRules;
}

const tableNotFound = () => notFound('server.tableCodeUnknown');

const tableFull = (open: number) => new AppError(429, 'table_full', phrase('server.tableFull', { open }));

/**
 * The table an order is placed at, from its QR code's token. A guest must order at a table, in
 * cash (they pay at the counter), without a coupon (coupons need an account) and at most
 * `maxItems` items; an order at a table is for now (the shared schema refuses a time).
 */
async function tableOf(db: Db, orderer: Orderer, input: CreateOrderInput, guests: GuestRules | undefined): Promise<Place['table']> {
  if ('guest' in orderer) {
    if (input.payment_id !== PAYMENT.cash) throw refuse('payment_id', 'server.guestPaysCash');
    if (input.promo_id) throw refuse('promo_id', 'server.guestNoCoupons');
    const items = input.items.reduce((sum, line) => sum + line.qty, 0);
    if (guests && items > guests.maxItems) throw refuse('items', phrase('server.guestTooManyItems', { max: guests.maxItems }));
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

/** A customer's own orders, newest first, without the ones they removed from their history. */
export async function history(db: Db, userId: number, page: number, limit: number) {
  const selection = { customerId: userId };
  const [items, total] = await Promise.all([
    loadOrders(db, selection, { oldestFirst: false, limit, offset: offsetOf(page, limit) }),
    countOrders(db, selection),
  ]);
  return { items, meta: pageMeta(page, limit, total) };
}

/**
 * Every customer's orders; the open ones (Pending, Preparing, Ready) soonest due first, as the counter
 * works through them (due: the scheduled time, else when it was placed).
 */
export async function allOrders(db: Db, status: number | undefined, page: number, limit: number) {
  const queue = status !== undefined && (OPEN_STATUSES as readonly number[]).includes(status);
  const [items, total] = await Promise.all([
    loadOrders(db, { status }, { oldestFirst: queue, limit, offset: offsetOf(page, limit) }),
    countOrders(db, { status }),
  ]);
  return { items, meta: pageMeta(page, limit, total) };
}

/** One order with its history, for its customer or an admin; anyone else is told it does not exist. */
export async function getOrder(db: Db, session: Session, id: number): Promise<OrderDetail> {
  const order = await loadOrderDetail(db, id);
  if (!order || (session.role !== ROLES.admin && order.customer.id !== session.id)) throw orderNotFound();
  return order;
}

export async function hideFromHistory(db: Db, userId: number, id: number): Promise<void> {
  if (!(await hideOrder(db, userId, id))) throw orderNotFound();
}

/** A guest's order, for the holder of its token (compared in constant time); anyone else is told it does not exist. */
export async function getGuestOrder(db: Db, id: number, token: string): Promise<OrderDetail> {
  if (!(await holdsOrderToken(db, id, token))) throw orderNotFound();
  const order = await loadOrderDetail(db, id);
  if (!order) throw orderNotFound();
  return order;
}

/** Whether `token` is the token of guest order `id`. */
export async function holdsOrderToken(db: Db, id: number, token: string): Promise<boolean> {
  const stored = await findOrderToken(db, id);
  if (!stored) return false;
  const [a, b] = [Buffer.from(stored), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The guest order whose token this is, for its live stream; undefined when none. */
export function guestOrderOf(db: Db, token: string): Promise<number | undefined> {
  return findOrderByToken(db, token);
}

/**
 * A barista ticks a line done, or unticks it (docs/shop-rules.md#the-counter): a line event on the
 * live streams. The first line ticked of a Pending order moves it to Preparing; the last one of an
 * open order moves it to Ready, by the same admin, in the same transaction. A final order → 400.
 */
export async function tickOrderLine(db: Db, session: Session, ids: { id: number; itemId: number }, done: boolean): Promise<OrderDetail> {
  await db.transaction(async (trx) => {
    const tx = trx as Db;
    const order = await lockOrder(tx, ids.id);
    if (!order) throw orderNotFound();
    if (isFinalStatus(order.status_id)) {
      throw badRequest(phrase('server.lineFinal', { id: ids.id, status: statusWords(order.status_id) }));
    }
    const tick = await tickLine(tx, { orderId: ids.id, itemId: ids.itemId, done, statusId: order.status_id, byUserId: session.id });
    if (!tick.found) throw notFound(phrase('server.lineNotFound', { id: ids.id, line: ids.itemId }));
    if (!tick.changed || !done) return;
    const to = tick.open === 0 ? STATUS.ready : order.status_id === STATUS.pending ? STATUS.preparing : undefined;
    if (to !== undefined && to !== order.status_id) await moveOrder(tx, { id: ids.id, to, byUserId: session.id, reason: null });
  });
  const order = await loadOrderDetail(db, ids.id);
  if (!order) throw orderNotFound();
  return order;
}

/**
 * Takes back an order's last move, made less than UNDO_SECONDS ago (docs/shop-rules.md#the-counter):
 * the order returns to its status before it, recorded as an undo by `session`. Nothing to undo (the
 * order never moved, its last move was an undo, too long ago, or a customer's own cancellation) → 409 saying why.
 */
export async function undoLastMove(db: Db, menu: MenuSource, session: Session, id: number): Promise<OrderDetail> {
  const undone = await db.transaction(async (trx) => {
    const tx = trx as Db;
    const order = await lockOrder(tx, id);
    if (!order) throw orderNotFound();
    const move = await findLastMove(tx, id);
    if (!move || move.before === null) throw conflict(phrase('server.undoNothing', { id }));
    if (move.kind === EVENT_KIND.undo) throw conflict(phrase('server.undoTwice', { id }));
    if (move.seconds_ago >= UNDO_SECONDS) {
      throw conflict(phrase('server.undoTooLate', { id, status: statusWords(move.status_id), seconds: UNDO_SECONDS }));
    }
    if (move.status_id === STATUS.cancelled && order.user_id !== null && move.by_user_id === order.user_id) {
      throw conflict(phrase('server.undoCustomerCancel', { id }));
    }
    // Money taken or given back stays so (docs/shop-rules.md#the-counter).
    if (moveMovedMoney({ before: move.before, to: move.status_id }, order.payment)) {
      throw conflict(phrase('server.undoMoneyMoved', { id, status: statusWords(move.status_id) }));
    }
    await undoMove(tx, { orderId: id, move, byUserId: session.id });
    return move;
  });
  const order = await loadOrderDetail(db, id);
  if (!order) throw orderNotFound();
  // A cancellation taken back is sold again: "popular" counts it at once.
  if (undone.status_id === STATUS.cancelled) menu.sold(order.items);
  return order;
}

/** Pending → Ready times for the board's header: today's (the shop's day) and the last hour's. */
export async function prepTimes(db: Db, shop: ShopSettings): Promise<PrepTimes> {
  const now = shop.clock.now();
  const [today, lastHour] = await Promise.all([
    prepTimeSince(db, startOfShopDay(shopDate(now, shop.timezone), shop.timezone)),
    prepTimeSince(db, new Date(now.getTime() - 3_600_000)),
  ]);
  return { today, last_hour: lastHour };
}

/** An order just moved; a cancelled one was never sold (moveOrder gave its units back): "popular" follows at once. */
async function loadMoved(db: Db, menu: MenuSource, id: number): Promise<OrderDetail> {
  const order = await loadOrderDetail(db, id);
  if (!order) throw orderNotFound();
  if (order.status_id === STATUS.cancelled) menu.sold(order.items, -1);
  return order;
}

/**
 * An admin's move along the table of statuses (docs/shop-rules.md#statuses-and-moves): any move the
 * table does not allow from the order's current status is a 400 naming both.
 */
export async function moveAsAdmin(
  db: Db,
  menu: MenuSource,
  payments: OrderPayments,
  session: Session,
  id: number,
  input: UpdateOrderStatusInput,
): Promise<OrderDetail> {
  const to = input.status_id as StatusId;
  if (await moveOrder(db, { id, to, byUserId: session.id, reason: input.reason ?? null })) {
    if (to === STATUS.cancelled) await payments.cancelled(id, input.reason ?? 'Cancelled by the shop');
    return loadMoved(db, menu, id);
  }
  const state = await findOrderState(db, id);
  if (!state) throw orderNotFound();
  // An order awaiting its payment moves on when the gateway says so, not by hand.
  if (state.status_id === STATUS.awaitingPayment) {
    throw badRequest(phrase('server.awaitingPayment', { id }));
  }
  throw badRequest(phrase('server.cannotMove', { id, from: statusWords(state.status_id), to: statusWords(to) }));
}

/** A customer cancels their own order, only while it is Pending: nothing has been made yet. */
export async function cancelAsCustomer(
  db: Db,
  menu: MenuSource,
  payments: OrderPayments,
  session: Session,
  id: number,
  reason: string | undefined,
): Promise<OrderDetail> {
  const to = STATUS.cancelled;
  const moved = await moveOrder(db, {
    id,
    to,
    byUserId: session.id,
    reason: reason ?? null,
    customerId: session.id,
    from: CUSTOMER_CANCELLABLE,
  });
  if (moved) {
    await payments.cancelled(id, reason ?? 'Cancelled by the customer');
    return loadMoved(db, menu, id);
  }
  const state = await findOrderState(db, id);
  if (!state || state.user_id !== session.id) throw orderNotFound();
  if (state.status_id === to) throw badRequest(phrase('server.alreadyCancelled', { id }));
  if (state.status_id === STATUS.done) throw badRequest(phrase('server.alreadyDone', { id }));
  throw badRequest(phrase('server.alreadyPreparing', { id }));
}
