import {
  DELIVERY_METHODS,
  EVENT_KIND,
  type EventKind,
  nameOf,
  type Order,
  type OrderDetail,
  PAYMENT_METHODS,
  type PaymentStatus,
  SIZES,
  STATUS,
  STATUSES,
  type Station,
  type StatusId,
  statusesBefore,
} from '@kopi/shared';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, intArray, rows, sqlArray } from '../../db/client.ts';
import { transactions } from '../../db/schema.ts';
import type { Claim } from './idempotency.ts';
import type { OrderLimit } from './order-limit.ts';

/** An add-on in a line's drink, priced at the time of the order; `qty` is per drink. */
export interface NewAddon {
  product_id: number;
  qty: number;
  unit_price: number;
}

export interface NewOrder {
  /** The customer; null for a guest at a table. */
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
  tax: number;
  shipping: number;
  total: number;
  idempotency_key: string | null;
  /** The request's fingerprint, stored with its key (transactions/idempotency.ts). */
  idempotency_fingerprint?: string | null;
  lines: { product_id: number; size_id: number; qty: number; unit_price: number; addons: readonly NewAddon[]; line_total: number }[];
}

/** A product on the menu as an order prices it: its sizes' prices by size id ("1", "2", "3"). */
export interface MenuPricing {
  id: number;
  product_name: string;
  image: string;
  category_id: number;
  sold_out: boolean;
  sizes: Record<string, number>;
}

/** The products of an order (its lines' and their add-ons') that are on the menu: one round trip. */
export async function findMenuPricing(db: Db, ids: readonly number[]): Promise<MenuPricing[]> {
  return rows<MenuPricing>(
    db,
    sql`select p.id, p.product_name, p.image, p.category_id, p.sold_out,
          (select json_object_agg(m.size_id, m.price) from menu_prices m where m.product_id = p.id) as sizes
        from products p where p.id = any(${sqlArray(ids, 'int[]')}) and p.deleted_at is null`,
  );
}

const COUPON_LOCK = 727_275; // with the customer's id: serialises one customer's coupon orders

/** Held until the end of the transaction, so two orders of one customer cannot both use today's coupon. */
export async function lockCustomer(db: Db, userId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${COUPON_LOCK}, ${userId})`);
}

/** What claim_idempotency_key answers (migration 0017), as the repository hands it on. */
interface ClaimRow {
  in_progress?: true;
  id?: number;
  fingerprint?: string | null;
}

const toClaim = (row: ClaimRow | null | undefined): Claim =>
  !row ? undefined : row.in_progress ? { inProgress: true } : { id: row.id!, fingerprint: row.fingerprint ?? null };

/** How long a request waits for another with the same key to finish before it answers "in progress". */
export const KEY_WAIT_MS = 1500;

/**
 * Claims a customer's Idempotency-Key (migration 0017's claim_idempotency_key): waits, up to
 * KEY_WAIT_MS, for a request with the same key still running, then answers the order the key names,
 * if any. Inside a transaction the claim holds until its end, so that no other request with the
 * key judges or stores anything meanwhile.
 */
export async function claimKey(db: Db, userId: number, key: string): Promise<Claim> {
  const [row] = await rows<{ claim: ClaimRow | string | null }>(
    db,
    sql`select claim_idempotency_key(${userId}, ${key}::text, ${KEY_WAIT_MS}) as claim`,
  );
  const claim = row?.claim;
  return toClaim(typeof claim === 'string' ? JSON.parse(claim) : claim);
}

interface OrderRow
  extends Omit<
    Order,
    'status_name' | 'delivery_name' | 'payment_method' | 'items' | 'subtotal' | 'discount' | 'tax' | 'shipping' | 'total'
  > {
  events?: Omit<OrderDetail['events'][number], 'status_name'>[];
  items: Omit<Order['items'][number], 'size_name'>[];
  subtotal: string | number;
  discount: string | number;
  tax: string | number;
  shipping: string | number;
  total: string | number;
}

// Names come from the shared constants, the one place they are spelled (docs/architecture.md#the-api-contract).
function toOrder(row: OrderRow): Order {
  const { events: _events, ...order } = row;
  return {
    ...order,
    status_name: nameOf(STATUSES, row.status_id) ?? 'Unknown',
    delivery_name: nameOf(DELIVERY_METHODS, row.delivery_id) ?? 'Unknown',
    payment_method: nameOf(PAYMENT_METHODS, row.payment_id) ?? 'Unknown',
    items: row.items.map((item) => ({ ...item, size_name: nameOf(SIZES, item.size_id) ?? 'Unknown' })),
    // bigint columns arrive as text from node-postgres; the sums stay far below 2^53.
    subtotal: Number(row.subtotal),
    discount: Number(row.discount),
    tax: Number(row.tax),
    shipping: Number(row.shipping),
    total: Number(row.total),
  };
}

function toOrderDetail(row: OrderRow): OrderDetail {
  return {
    ...toOrder(row),
    events: (row.events ?? []).map((event) => ({ ...event, status_name: nameOf(STATUSES, event.status_id) ?? 'Unknown' })),
  };
}

/** The name a person is shown by, from a users row aliased `alias`. */
const displayName = (alias: string) =>
  sql.raw(`coalesce(nullif(${alias}.display_name, ''), nullif(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), ''),
    split_part(${alias}.email, '@', 1))`);

const utc = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** An order's columns as the API answers them, from an order row `t` and its customer `u` (none for a guest). */
const ORDER_COLUMNS = sql`t.id, t.number,
  json_build_object('id', u.id, 'display_name', coalesce(t.guest_name, ${displayName('u')})) as customer,
  (select json_build_object('id', d.id, 'name', d.name) from dining_tables d where d.id = t.table_id) as "table",
  -- An order paid online that is not counted yet was never paid: awaiting its charge, or failed.
  (select json_build_object('method_id', t.payment_id,
            'status', coalesce(pay.status, case when t.counted then 'none' when t.status_id = ${STATUS.awaitingPayment} then 'awaiting' else 'failed' end),
            'bank', pay.bank,
            'qr_string', case when pay.status = 'awaiting' then pay.qr_string end, 'va_number', pay.va_number,
            'expires_at', ${utc('pay.expires_at')}, 'paid_at', ${utc('pay.paid_at')}, 'refund_failed', pay.refund_failed)
     from (select 1) one left join payments pay on pay.transaction_id = t.id) as payment,
  t.status_id, t.delivery_id, t.payment_id, t.promo_id, t.address,
  to_char(t.scheduled_for at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as scheduled_for,
  t.subtotal, t.discount, t.tax, t.shipping, t.total,
  to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  ${utc('t.updated_at')} as updated_at`;

/** An add-on as JSON, from an add-on `a` and its product `ap`. */
const ADDON_JSON = sql`json_build_object('product_id', a.product_id, 'product_name', ap.product_name, 'qty', a.qty, 'unit_price', a.unit_price)`;

/** One order line as JSON, from a line `i`, its product `p` and its add-ons' JSON array. */
const lineJson = (addons: SQL) => sql`json_build_object('id', i.id, 'product_id', i.product_id, 'product_name', p.product_name,
  'image', p.image, 'size_id', i.size_id, 'qty', i.qty, 'unit_price', i.unit_price, 'addons', coalesce(${addons}, '[]'::json),
  'line_total', i.line_total, 'station', i.station, 'done_at', ${utc('i.done_at')})`;

/** A stored order `t`'s lines, with their add-ons, as a JSON array. */
const ITEMS_JSON = sql`(select json_agg(${lineJson(
  sql`(select json_agg(${ADDON_JSON} order by a.id) from transaction_item_addons a join products ap on ap.id = a.product_id
        where a.transaction_item_id = i.id)`,
)} order by i.id) from transaction_items i join products p on p.id = i.product_id
  where i.transaction_id = t.id)`;

const ORDER_SELECT = sql`
  select ${ORDER_COLUMNS}, ${ITEMS_JSON} as items
  from transactions t left join users u on u.id = t.user_id`;

/**
 * An order's history, oldest first, without its lines' ticks and payment changes: one order's moves are serialised by
 * its row lock, so id order is time order.
 */
const EVENTS_JSON = sql`(select coalesce(json_agg(json_build_object('id', e.id, 'status_id', e.status_id, 'at', ${utc('e.at')},
    'by', case when b.id is null then null else json_build_object('id', b.id, 'display_name', ${displayName('b')}) end,
    'reason', e.reason, 'kind', case e.kind when ${EVENT_KIND.undo} then 'undo' when ${EVENT_KIND.undone} then 'undone' else 'move' end)
    order by e.id), '[]'::json)
  from order_events e left join users b on b.id = e.by_user_id
  where e.transaction_id = t.id and e.kind not in (${EVENT_KIND.line}, ${EVENT_KIND.payment}))`;

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
  image: string;
  addons: readonly { product_name: string }[];
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
  const [row] = await rows<{ placed: PlacedRow | string }>(
    db,
    sql`select place_order(${order.user_id}, ${order.delivery_id}, ${order.payment_id}, ${order.promo_id}, ${order.address},
          ${order.scheduled_for}::timestamptz, ${order.subtotal}, ${order.discount}, ${order.tax}, ${order.shipping}, ${order.total},
          ${order.idempotency_key}::text, ${intArray(lines.map((l) => l.product_id))}, ${intArray(lines.map((l) => l.size_id))},
          ${intArray(lines.map((l) => l.qty))}, ${intArray(lines.map((l) => l.unit_price))}, ${intArray(
            lines.map((l) => l.line_total),
            'bigint[]',
          )},
          ${intArray(addons.map((a) => a.position))}, ${intArray(addons.map((a) => a.product_id))}, ${intArray(addons.map((a) => a.qty))},
          ${intArray(addons.map((a) => a.unit_price))}, ${limit?.key ?? null}::text, ${limit?.limit ?? null}::int,
          ${limit?.windowSeconds ?? null}::int, ${session?.jti ?? null}::text, ${session?.epoch ?? null}::int,
          ${order.idempotency_fingerprint ?? null}::text, ${KEY_WAIT_MS}::int, ${timeZone}::text, ${order.table?.id ?? null}::int,
          ${order.guest_name}::text, ${order.table ? (tableOpenLimit ?? null) : null}::int, ${order.order_token}::text,
          ${order.status_id ?? STATUS.pending}::int) as placed`,
  );
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
    // An order paid online has no payment until its charge answers (payments.service).
    payment: {
      method_id: order.payment_id,
      status: stored.status_id === STATUS.awaitingPayment ? 'awaiting' : 'none',
      bank: null,
      qr_string: null,
      va_number: null,
      expires_at: null,
      paid_at: null,
      refund_failed: null,
    },
    promo_id: order.promo_id,
    address: order.address,
    scheduled_for: stored.scheduled_for ?? null,
    subtotal: order.subtotal,
    discount: order.discount,
    tax: order.tax,
    shipping: order.shipping,
    total: order.total,
    created_at: stored.created_at,
    updated_at: stored.updated_at,
    items: lines.map((line, i) => ({
      id: stored.items[i]!.id,
      station: stored.items[i]!.station,
      done_at: null,
      product_id: line.product_id,
      product_name: names[i]!.product_name,
      image: names[i]!.image,
      size_id: line.size_id,
      size_name: nameOf(SIZES, line.size_id) ?? 'Unknown',
      qty: line.qty,
      unit_price: line.unit_price,
      addons: line.addons.map((addon, j) => ({
        product_id: addon.product_id,
        product_name: names[i]!.addons[j]!.product_name,
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

/** Which orders a list shows: a customer's history (without what they removed), or every customer's, of one status or all. */
export type OrderSelection = { customerId: number } | { status: number | undefined };

function whereOf(selection: OrderSelection): SQL {
  if ('customerId' in selection) return sql`t.user_id = ${selection.customerId} and t.hidden_at is null`;
  return selection.status ? sql`t.status_id = ${selection.status}` : sql`true`;
}

export interface OrderPage {
  /** Soonest due first (the counter's queue: an order is due when scheduled, else when placed) or newest first (a history). */
  oldestFirst: boolean;
  limit: number;
  offset: number;
}

async function selectOrders(db: Db, where: SQL, page: OrderPage): Promise<Order[]> {
  const order = page.oldestFirst ? sql`coalesce(t.scheduled_for, t.created_at), t.id` : sql`t.created_at desc, t.id desc`;
  const found = await rows<OrderRow>(db, sql`${ORDER_SELECT} where ${where} order by ${order} limit ${page.limit} offset ${page.offset}`);
  return found.map(toOrder);
}

export function loadOrders(db: Db, selection: OrderSelection, page: OrderPage): Promise<Order[]> {
  return selectOrders(db, whereOf(selection), page);
}

export async function countOrders(db: Db, selection: OrderSelection): Promise<number> {
  const [row] = await rows<{ total: number }>(db, sql`select count(*)::int as total from transactions t where ${whereOf(selection)}`);
  return row!.total;
}

export async function loadOrder(db: Db, id: number): Promise<Order | undefined> {
  const [order] = await selectOrders(db, sql`t.id = ${id}`, { oldestFirst: true, limit: 1, offset: 0 });
  return order;
}

export async function hideOrder(db: Db, userId: number, id: number): Promise<boolean> {
  const changed = await db
    .update(transactions)
    .set({ hidden_at: sql`now()` })
    .where(and(eq(transactions.id, id), eq(transactions.user_id, userId), isNull(transactions.hidden_at)))
    .returning({ id: transactions.id });
  return changed.length > 0;
}

/** Orders with their history (events oldest first), in no particular order. */
export async function loadOrderDetails(db: Db, ids: readonly number[]): Promise<OrderDetail[]> {
  if (ids.length === 0) return [];
  const found = await rows<OrderRow>(
    db,
    sql`select ${ORDER_COLUMNS}, ${ITEMS_JSON} as items, ${EVENTS_JSON} as events
    from transactions t left join users u on u.id = t.user_id where t.id = any(${sqlArray(ids, 'int[]')})`,
  );
  return found.map(toOrderDetail);
}

/** One order with its history (events oldest first). */
export async function loadOrderDetail(db: Db, id: number): Promise<OrderDetail | undefined> {
  const [order] = await loadOrderDetails(db, [id]);
  return order;
}

/** The channel on which order events are announced (migration 0013's trigger, and announceNewEvents). */
export const ORDER_EVENTS_CHANNEL = 'order_events';

/**
 * Tells every instance that new orders were stored: each reads the events it has not seen from the
 * table (migration 0014 says why new orders are not announced one by one).
 */
export async function announceNewEvents(db: Db, upTo: number): Promise<void> {
  await db.execute(sql`select pg_notify(${ORDER_EVENTS_CHANNEL}, ${JSON.stringify({ catch_up: true, up_to: upTo })})`);
}

/** The newest committed order event's id, 0 when there is none. */
export async function latestEventId(db: Db): Promise<number> {
  const [row] = await rows<{ id: string | number | null }>(db, sql`select max(id) as id from order_events`);
  return Number(row?.id ?? 0);
}

/** The newest order event's id (0 when there is none), and the `window` ids below it as read in one snapshot (see readEvents). */
export async function latestEvents(db: Db, window: number): Promise<EventRead & { latest: number }> {
  const latest = await latestEventId(db);
  return { latest, ...(await readEvents(db, Math.max(0, latest - window), [], window + 1)) };
}

export interface EventRef {
  id: number;
  transaction_id: number;
  status_id: StatusId;
  kind: EventKind;
  /** The order's customer; null for a guest's. */
  user_id: number | null;
}

/** Order events read at one moment, and which transactions could still commit more (docs/decisions/order-promise.md#event-delivery). */
export interface EventRead {
  events: EventRef[];
  /** Every transaction with an id below this one had ended when the events were read. */
  xmin: number;
  /** No transaction with this id or above had started when the events were read. */
  xmax: number;
}

/**
 * The order events with an id above `above` or among `also`, oldest first, at most `limit`, with the
 * snapshot they were read in: its xmin and xmax tell which of the ids not found may still commit.
 */
export async function readEvents(db: Db, above: number, also: readonly number[], limit: number): Promise<EventRead> {
  const [row] = await rows<{ xmin: string; xmax: string; events: EventRef[] | string }>(
    db,
    sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin, pg_snapshot_xmax(pg_current_snapshot())::text as xmax,
          coalesce((select json_agg(x order by x.id) from (
            select e.id, e.transaction_id, e.status_id, e.kind, t.user_id from order_events e join transactions t on t.id = e.transaction_id
            where e.id > ${above} or e.id = any(${intArray(also, 'bigint[]')}) order by e.id limit ${limit}) x), '[]'::json) as events`,
  );
  const events: EventRef[] = typeof row!.events === 'string' ? JSON.parse(row!.events) : row!.events;
  return { events: events.map((e) => ({ ...e, id: Number(e.id) })), xmin: Number(row!.xmin), xmax: Number(row!.xmax) };
}

export interface Move {
  id: number;
  to: StatusId;
  byUserId: number;
  reason: string | null;
  /** Only this customer's order, and only from these statuses (a customer's cancellation). */
  customerId?: number;
  from?: readonly StatusId[];
}

/**
 * Moves an order to `to` if its current status allows it (docs/shop-rules.md#statuses-and-moves),
 * records the event and, on a cancellation, gives its units back to "popular": one statement, so
 * all or nothing. The update is guarded by the statuses the move may come from, so of two
 * concurrent moves only one can win; the loser finds no row. Answers whether the order moved.
 */
export async function moveOrder(db: Db, move: Move): Promise<boolean> {
  const from = move.from ?? statusesBefore(move.to);
  if (from.length === 0) return false;
  const [row] = await rows<{ moved: number }>(
    db,
    sql`with moved as (
          update transactions set status_id = ${move.to}, updated_at = now()
          where id = ${move.id} and status_id = any(${sqlArray(from, 'int[]')})
            ${move.customerId === undefined ? sql`` : sql`and user_id = ${move.customerId}`}
          returning id, updated_at),
        event as (
          insert into order_events (transaction_id, status_id, by_user_id, reason, at)
          select id, ${move.to}, ${move.byUserId}, ${move.reason}, updated_at from moved),
        unsold as (
          -- A cancelled order was never sold: "popular" counts only what customers kept.
          -- Summed per product first: an update joins each product row to one line only.
          update products p set units_sold = greatest(0, p.units_sold - s.qty)
          from (select i.product_id, sum(i.qty)::int as qty from transaction_items i join moved on moved.id = i.transaction_id
                where ${move.to === STATUS.cancelled}::boolean group by i.product_id) s
          where p.id = s.product_id)
        select count(*)::int as moved from moved`,
  );
  return row!.moved > 0;
}

/** A guest's order's token (null for a customer's order), or undefined when there is no such order. */
export async function findOrderToken(db: Db, id: number): Promise<string | null | undefined> {
  const [row] = await db.select({ token: transactions.order_token }).from(transactions).where(eq(transactions.id, id));
  return row ? row.token : undefined;
}

/** The guest order whose token this is. */
export async function findOrderByToken(db: Db, token: string): Promise<number | undefined> {
  const [row] = await db.select({ id: transactions.id }).from(transactions).where(eq(transactions.order_token, token));
  return row?.id;
}

/** An order's status and customer, or undefined when there is no such order. */
export async function findOrderState(db: Db, id: number): Promise<{ status_id: StatusId; user_id: number | null } | undefined> {
  const [row] = await db
    .select({ status_id: transactions.status_id, user_id: transactions.user_id })
    .from(transactions)
    .where(eq(transactions.id, id));
  return row ? { status_id: row.status_id as StatusId, user_id: row.user_id } : undefined;
}

/** An order as a move of it is judged: its status, its customer and where its payment stands. */
export interface OrderState {
  status_id: StatusId;
  user_id: number | null;
  /** `none` when it is paid at the counter or on delivery. */
  payment: PaymentStatus;
}

/** An order locked until the end of the transaction, with its state; undefined when there is none. */
export async function lockOrder(db: Db, id: number): Promise<OrderState | undefined> {
  const [row] = await rows<OrderState>(
    db,
    sql`select t.status_id, t.user_id, coalesce(p.status, 'none') as payment
        from transactions t left join payments p on p.transaction_id = t.id where t.id = ${id} for update of t`,
  );
  return row;
}

/**
 * Ticks a line of a locked order done (or unticks it) and records the tick as a line event with the
 * order's status. A line already so changes nothing. Answers whether the line is the order's (false:
 * no such line), whether it changed, and how many of the order's lines are still to make.
 */
export async function tickLine(
  db: Db,
  tick: { orderId: number; itemId: number; done: boolean; statusId: StatusId; byUserId: number },
): Promise<{ found: boolean; changed: boolean; open: number }> {
  const [row] = await rows<{ found: boolean; changed: boolean }>(
    db,
    sql`with line as (
          select id, done_at from transaction_items where id = ${tick.itemId} and transaction_id = ${tick.orderId}),
        ticked as (
          update transaction_items i set done_at = ${tick.done ? sql`now()` : sql`null`}
          from line where i.id = line.id and (line.done_at is null) = ${tick.done}
          returning i.id),
        event as (
          insert into order_events (transaction_id, status_id, by_user_id, kind, item_id)
          select ${tick.orderId}, ${tick.statusId}, ${tick.byUserId}, ${EVENT_KIND.line}, id from ticked)
        select exists (select 1 from line) as found, exists (select 1 from ticked) as changed`,
  );
  const [left] = await rows<{ open: number }>(
    db,
    sql`select count(*)::int as open from transaction_items where transaction_id = ${tick.orderId} and done_at is null`,
  );
  return { found: row!.found, changed: row!.changed, open: left!.open };
}

/** An order's last move (or undo), the status before it, and how many seconds ago it was made. */
export interface LastMove {
  id: number;
  kind: EventKind;
  status_id: StatusId;
  by_user_id: number | null;
  /** The order's status before this move; null when it is the order's first event. */
  before: StatusId | null;
  seconds_ago: number;
}

/** The last event that set a locked order's status (a move or an undo), with the status before it. */
export async function findLastMove(db: Db, orderId: number): Promise<LastMove | undefined> {
  const [row] = await rows<LastMove>(
    db,
    sql`select e.id, e.kind, e.status_id, e.by_user_id, extract(epoch from now() - e.at)::float8 as seconds_ago,
          (select b.status_id from order_events b where b.transaction_id = e.transaction_id and b.id < e.id
             and b.kind in (${EVENT_KIND.move}, ${EVENT_KIND.undo}) order by b.id desc limit 1) as before
        from order_events e where e.transaction_id = ${orderId} and e.kind in (${EVENT_KIND.move}, ${EVENT_KIND.undo})
        order by e.id desc limit 1`,
  );
  return row ? { ...row, id: Number(row.id) } : undefined;
}

/**
 * Takes back a locked order's last move: the order returns to the status before it, the move is
 * marked undone (the dashboard no longer counts it), and the undo is recorded by `byUserId`. A
 * cancellation undone counts its units in "popular" again.
 */
export async function undoMove(db: Db, undo: { orderId: number; move: LastMove; byUserId: number }): Promise<void> {
  const { move } = undo;
  await db.execute(sql`with moved as (
      update transactions set status_id = ${move.before}, updated_at = now() where id = ${undo.orderId} returning id, updated_at),
    undone as (update order_events set kind = ${EVENT_KIND.undone} where id = ${move.id}),
    event as (
      insert into order_events (transaction_id, status_id, by_user_id, reason, kind, at)
      select id, ${move.before}, ${undo.byUserId}, ${`Undo of ${nameOf(STATUSES, move.status_id)}`}, ${EVENT_KIND.undo}, updated_at from moved),
    resold as (
      update products p set units_sold = p.units_sold + s.qty
      from (select i.product_id, sum(i.qty)::int as qty from transaction_items i where i.transaction_id = ${undo.orderId}
              and ${move.status_id === STATUS.cancelled}::boolean group by i.product_id) s
      where p.id = s.product_id)
    select 1`);
}

/** Orders that became Ready since `since`: how many, and their average Pending → Ready time in seconds. */
export async function prepTimeSince(db: Db, since: Date): Promise<{ orders: number; average_seconds: number | null }> {
  const [row] = await rows<{ orders: number; average_seconds: number | null }>(
    db,
    sql`select count(*)::int as orders, avg(extract(epoch from r.at - p.at))::float8 as average_seconds
        from order_events r
        join order_events p on p.transaction_id = r.transaction_id and p.status_id = ${STATUS.pending} and p.kind = ${EVENT_KIND.move}
        where r.status_id = ${STATUS.ready} and r.kind = ${EVENT_KIND.move} and r.at >= ${since.toISOString()}::timestamptz`,
  );
  return { orders: row!.orders, average_seconds: row!.average_seconds === null ? null : Math.round(row!.average_seconds) };
}
