// Storing an order (docs/decisions/order-path.md): the menu's prices as the database has them, the
// customer's coupon lock, the Idempotency-Key's claim, and place_order, the one call that stores an
// order with its lines, first event and sales.
import {
  type BillRates,
  basisPoints,
  DELIVERY_METHODS,
  nameOf,
  type Order,
  PAYMENT_METHODS,
  SIZES,
  STATUS,
  STATUSES,
  type Station,
  type StatusId,
} from '@kopi/shared';
import { sql } from 'drizzle-orm';
import { type Db, preparedRows, rows, sqlArray } from '../../db/client.ts';
import type { Claim } from './idempotency.ts';
import type { OrderLimit } from './order-limit.ts';

/** An add-on in a line's drink, priced at the time of the order; `qty` is per drink. */
export interface NewAddon {
  product_id: number;
  qty: number;
  unit_price: number;
}

/**
 * A payment taken at the counter as a till's sale is placed (docs/shop-rules.md#the-till-and-shifts):
 * by whom, into which shift's drawer, and how (cash with its change and rounding, a card's reference).
 * A QRIS sale at the till records its cashier only: it is paid when the gateway says so.
 */
export interface CounterPayment {
  cashier_id: number;
  /** The till it is rung up on: the owner of its Idempotency-Key. */
  till_id: number;
  /** Whether the payment is taken now (cash, card); false: a QRIS sale, paid later. */
  paid: boolean;
  shift_id: number | null;
  cash_tendered: number | null;
  change: number | null;
  rounding: number;
  reference: string | null;
}

export interface NewOrder {
  /** Where it comes from: a customer's phone (online), a table's QR code, or the till (counter). */
  source: 'online' | 'table' | 'counter';
  /** The customer; null for a guest at a table, or a sale at the till. */
  user_id: number | null;
  /** A dine-in table's order, and a guest's name there (docs/shop-rules.md#orders-from-the-table). */
  table: { id: number; name: string } | null;
  guest_name: string | null;
  /** A guest's order: the token with which they follow it. */
  order_token: string | null;
  /** The status it starts in: Pending, or Awaiting payment when it is paid online. */
  status_id?: StatusId;
  delivery_id: number;
  payment_id: number;
  promo_id: number | null;
  address: string | null;
  /** ISO 8601; null is as soon as possible. */
  scheduled_for: string | null;
  subtotal: number;
  discount: number;
  service: number;
  tax: number;
  shipping: number;
  total: number;
  /** The tax and service it was priced with: the order keeps them. */
  rates: BillRates;
  idempotency_key: string | null;
  /** The request's fingerprint, stored with its key (transactions/idempotency.ts). */
  idempotency_fingerprint?: string | null;
  /** A sale at the till: its payment taken there. */
  counter?: CounterPayment;
  lines: { product_id: number; size_id: number; qty: number; unit_price: number; addons: readonly NewAddon[]; line_total: number }[];
}

/** A product on the menu as an order prices it: its sizes' prices by size id ("1", "2", "3"). */
export interface MenuPricing {
  id: number;
  product_name: string;
  /** Its name on Indonesian pages (the English where it has none). */
  indonesian_name: string;
  image: string;
  category_id: number;
  sold_out: boolean;
  sizes: Record<string, number>;
}

/** The products of an order (its lines' and their add-ons') that are on the menu: one round trip. */
export async function findMenuPricing(db: Db, ids: readonly number[]): Promise<MenuPricing[]> {
  return rows<MenuPricing>(
    db,
    sql`select p.id, p.product_name, coalesce(nullif(p.indonesian_name, ''), p.product_name) as indonesian_name, p.image, p.category_id, p.sold_out,
          (select json_object_agg(m.size_id, m.price) from menu_prices m where m.product_id = p.id) as sizes
        from products p where p.id = any(${sqlArray(ids, 'int[]')}) and p.deleted_at is null`,
  );
}

const COUPON_LOCK = 727_275; // with the customer's id: serialises one customer's coupon orders

/** Held until the end of the transaction, so two orders of one customer cannot both use today's coupon. */
export async function lockCustomer(db: Db, userId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${COUPON_LOCK}, ${userId})`);
}

/** What claim_idempotency_key answers, as the repository hands it on. */
interface ClaimRow {
  in_progress?: true;
  id?: number;
  fingerprint?: string | null;
}

const toClaim = (row: ClaimRow | null | undefined): Claim =>
  !row ? undefined : row.in_progress ? { inProgress: true } : { id: row.id!, fingerprint: row.fingerprint ?? null };

/** How long a request waits for another with the same key to finish before it answers "in progress". */
export const KEY_WAIT_MS = 1500;

/** Whose an Idempotency-Key is: a customer's, a guest's table's, or a till's (claim_idempotency_key.sql). */
export type KeyOwner = { kind: 'user' | 'table' | 'till'; id: number };

/**
 * Claims an order's Idempotency-Key (claim_idempotency_key.sql): waits, up to KEY_WAIT_MS, for a
 * request with the same key still running, then answers the order the key names, if any. Inside a
 * transaction the claim holds until its end, so that no other request with the key judges or stores
 * anything meanwhile.
 */
export async function claimKey(db: Db, owner: KeyOwner, key: string): Promise<Claim> {
  const [row] = await rows<{ claim: ClaimRow | string | null }>(
    db,
    sql`select claim_idempotency_key(${owner.kind}::text, ${owner.id}::int, ${key}::text, ${KEY_WAIT_MS}) as claim`,
  );
  const claim = row?.claim;
  return toClaim(typeof claim === 'string' ? JSON.parse(claim) : claim);
}

/**
 * place_order's arguments by name (so that a server naming only those it knows keeps working while
 * instances are upgraded: place_order.sql), each with its type, in the order placeOrder gives them.
 */
const PLACE_ORDER_ARGUMENTS = [
  'p_user int',
  'p_delivery int',
  'p_payment int',
  'p_promo int',
  'p_address text',
  'p_scheduled_for timestamptz',
  'p_subtotal bigint',
  'p_discount bigint',
  'p_service bigint',
  'p_tax bigint',
  'p_tax_name text',
  'p_tax_rate_bp int',
  'p_service_rate_bp int',
  'p_prices_include_tax boolean',
  'p_source text',
  'p_paid boolean',
  'p_cashier int',
  'p_shift int',
  'p_cash_tendered bigint',
  'p_cash_change bigint',
  'p_cash_rounding bigint',
  'p_card_reference text',
  'p_till int',
  'p_shipping bigint',
  'p_total bigint',
  'p_idempotency_key text',
  'p_products int[]',
  'p_sizes int[]',
  'p_qtys int[]',
  'p_prices int[]',
  'p_line_totals bigint[]',
  'p_addon_lines int[]',
  'p_addon_products int[]',
  'p_addon_qtys int[]',
  'p_addon_prices int[]',
  'p_limit_key text',
  'p_limit int',
  'p_window int',
  'p_session_jti text',
  'p_session_epoch int',
  'p_fingerprint text',
  'p_key_wait_ms int',
  'p_time_zone text',
  'p_table int',
  'p_guest_name text',
  'p_table_open_limit int',
  'p_order_token text',
  'p_status int',
] as const;

/**
 * The one statement that places an order, its text the same for every order: on PostgreSQL it is
 * prepared once per connection (preparedRows), and no query builder runs per order.
 */
const PLACE_ORDER_CALL = `select place_order(${PLACE_ORDER_ARGUMENTS.map((argument, i) => {
  const [name, type] = argument.split(' ');
  return `${name} => $${i + 1}::${type}`;
}).join(', ')}) as placed`;

/** What placeOrder answers: the order stored, or why nothing was. */
export type Placed =
  | { stored: StoredOrder }
  | { stale: true }
  | { claimed: Claim }
  | { limited: number }
  | { sessionEnded: true }
  | { noTable: true }
  | { tableFull: true };

/** The shop's side of placing an order: its zone (the order's day and number) and the open orders a table may have. */
export interface PlaceOptions {
  limit?: OrderLimit;
  session?: UncheckedSession;
  timeZone: string;
  tableOpenLimit?: number;
}

/** A session whose revocation and epoch place_order checks itself (migration 0016). */
export interface UncheckedSession {
  jti: string;
  epoch: number;
}

/** What the database set of a stored order. */
export interface StoredOrder {
  id: number;
  /** Its number of the shop day. */
  number: number;
  /** Its lines' ids and stations, in the order of the lines sent. */
  items: { id: number; station: Station }[];
  /** Its first event's id (Pending). */
  event_id: number;
  status_id: number;
  scheduled_for: string | null;
  created_at: string;
  updated_at: string;
  /** The customer's name as orders show it. */
  display_name: string;
}

/** The names an order's answer shows for its lines, as the caller priced them (the menu's). */
export interface LineNames {
  product_name: string;
  indonesian_name?: string;
  image: string;
  addons: readonly { product_name: string; indonesian_name?: string }[];
}

/**
 * Stores the order, its lines, their add-ons, its first event and the products' sales counts in one
 * call of place_order (migration 0014, docs/decisions/order-path.md): one round trip, its
 * statements planned once per connection. The prices are checked there against the menu as
 * committed: a cart priced from a menu that changed meanwhile stores nothing and answers `stale`.
 * A customer's Idempotency-Key already used, or in use by a request still running, stores nothing
 * and answers what claiming it found (`claimed`: the server tells a retry from another order); with `limit`,
 * the order is counted, and one too many stores nothing (`limited`). With `session`, the call checks
 * it first: a session that has ended stores and reads nothing (`sessionEnded`). The answer is
 * made from what was sent and the few columns the database sets, not read back.
 */
export async function placeOrder(db: Db, order: NewOrder, { limit, session, timeZone, tableOpenLimit }: PlaceOptions): Promise<Placed> {
  const { lines } = order;
  const addons = lines.flatMap((line, index) => line.addons.map((addon) => ({ ...addon, position: index + 1 })));
  const counter = order.counter;
  // In PLACE_ORDER_ARGUMENTS' order.
  const values = [
    order.user_id,
    order.delivery_id,
    order.payment_id,
    order.promo_id,
    order.address,
    order.scheduled_for,
    order.subtotal,
    order.discount,
    order.service,
    order.tax,
    order.rates.tax_name,
    basisPoints(order.rates.tax_rate),
    basisPoints(order.rates.service_rate),
    order.rates.prices_include_tax,
    order.source,
    counter?.paid ?? false,
    counter?.cashier_id ?? null,
    counter?.shift_id ?? null,
    counter?.cash_tendered ?? null,
    counter?.change ?? null,
    counter?.rounding ?? 0,
    counter?.reference ?? null,
    counter?.till_id ?? null,
    order.shipping,
    order.total,
    order.idempotency_key,
    lines.map((l) => l.product_id),
    lines.map((l) => l.size_id),
    lines.map((l) => l.qty),
    lines.map((l) => l.unit_price),
    lines.map((l) => l.line_total),
    addons.map((a) => a.position),
    addons.map((a) => a.product_id),
    addons.map((a) => a.qty),
    addons.map((a) => a.unit_price),
    limit?.key ?? null,
    limit?.limit ?? null,
    limit?.windowSeconds ?? null,
    session?.jti ?? null,
    session?.epoch ?? null,
    order.idempotency_fingerprint ?? null,
    KEY_WAIT_MS,
    timeZone,
    order.table?.id ?? null,
    order.guest_name,
    order.table ? (tableOpenLimit ?? null) : null,
    order.order_token,
    order.status_id ?? STATUS.pending,
  ];
  const [row] = await preparedRows<{ placed: PlacedRow | string }>(db, 'place_order', PLACE_ORDER_CALL, values);
  const placed: PlacedRow = typeof row!.placed === 'string' ? JSON.parse(row!.placed) : row!.placed;
  if (placed.session_ended) return { sessionEnded: true };
  if (placed.stale) return { stale: true };
  if (placed.claimed !== undefined) return { claimed: toClaim(placed.claimed) };
  if (placed.limited !== undefined) return { limited: placed.limited };
  if (placed.no_table) return { noTable: true };
  if (placed.table_full) return { tableFull: true };
  const { stale: _, claimed: __, limited: ___, session_ended: ____, no_table: _____, table_full: ______, ...stored } = placed;
  return { stored: stored as StoredOrder };
}

/** The answer for an order just stored: what was sent, the names it was priced with, and what the database set. */
export function storedOrderAnswer(order: NewOrder, stored: StoredOrder, names: readonly LineNames[]): Order {
  const { lines } = order;
  return {
    id: stored.id,
    number: stored.number,
    customer: { id: order.user_id, display_name: stored.display_name },
    table: order.table,
    status_id: stored.status_id,
    status_name: nameOf(STATUSES, stored.status_id) ?? 'Unknown',
    delivery_id: order.delivery_id,
    delivery_name: nameOf(DELIVERY_METHODS, order.delivery_id) ?? 'Unknown',
    payment_id: order.payment_id,
    payment_method: nameOf(PAYMENT_METHODS, order.payment_id) ?? 'Unknown',
    source: order.source,
    // An order paid online has no payment until its charge answers (payments.service); a till's
    // cash or card sale is paid as it is placed.
    payment: {
      method_id: order.payment_id,
      status: stored.status_id === STATUS.awaitingPayment ? 'awaiting' : order.counter?.paid ? 'paid' : 'none',
      cash_tendered: order.counter?.cash_tendered ?? null,
      change: order.counter?.change ?? null,
      rounding: order.counter?.rounding ?? 0,
      reference: order.counter?.reference ?? null,
      // A till's sale is answered as read back, with its cashier's name (placing.service.ts).
      taken_by: null,
      bank: null,
      qr_string: null,
      va_number: null,
      expires_at: null,
      paid_at: order.counter?.paid ? stored.created_at : null,
      refund_failed: null,
    },
    promo_id: order.promo_id,
    address: order.address,
    scheduled_for: stored.scheduled_for ?? null,
    subtotal: order.subtotal,
    discount: order.discount,
    service: order.service,
    tax: order.tax,
    shipping: order.shipping,
    total: order.total,
    rates: {
      tax_name: order.rates.tax_name,
      tax_rate: order.rates.tax_rate,
      service_rate: order.rates.service_rate,
      prices_include_tax: order.rates.prices_include_tax,
    },
    created_at: stored.created_at,
    updated_at: stored.updated_at,
    items: lines.map((line, i) => ({
      id: stored.items[i]!.id,
      station: stored.items[i]!.station,
      done_at: null,
      product_id: line.product_id,
      product_name: names[i]!.product_name,
      indonesian_name: names[i]!.indonesian_name,
      image: names[i]!.image,
      size_id: line.size_id,
      size_name: nameOf(SIZES, line.size_id) ?? 'Unknown',
      qty: line.qty,
      unit_price: line.unit_price,
      addons: line.addons.map((addon, j) => ({
        product_id: addon.product_id,
        product_name: names[i]!.addons[j]!.product_name,
        indonesian_name: names[i]!.addons[j]!.indonesian_name,
        qty: addon.qty,
        unit_price: addon.unit_price,
      })),
      line_total: line.line_total,
    })),
  };
}

interface PlacedRow {
  session_ended?: true;
  no_table?: true;
  table_full?: true;
  number?: number;
  items?: { id: number; station: Station }[];
  stale?: true;
  claimed?: ClaimRow;
  /** The seconds left in the order limit's window. */
  limited?: number;
  id?: number;
  event_id?: number;
  status_id?: number;
  scheduled_for?: string | null;
  created_at?: string;
  updated_at?: string;
  display_name?: string;
}
