// Orders as the API answers them (docs/architecture.md#the-api-contract): lists, one order with its
// history, a guest's order by its token, and the preparation times. Reads only, but for a customer
// hiding an order from their own history.
import {
  DELIVERY_METHODS,
  DOOR_DELIVERY_ID,
  EVENT_KIND,
  nameOf,
  OPEN_STATUSES,
  type Order,
  type OrderDetail,
  PAYMENT,
  PAYMENT_METHODS,
  SIZES,
  STATUS,
  STATUSES,
  type StatusId,
} from '@kopi/shared';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, rows, sqlArray } from '../../db/client.ts';
import { transactions } from '../../db/schema.ts';

interface OrderRow
  extends Omit<
    Order,
    'status_name' | 'delivery_name' | 'payment_method' | 'items' | 'subtotal' | 'discount' | 'service' | 'tax' | 'shipping' | 'total'
  > {
  events?: Omit<OrderDetail['events'][number], 'status_name'>[];
  items: Omit<Order['items'][number], 'size_name'>[];
  subtotal: string | number;
  discount: string | number;
  service: string | number;
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
    service: Number(row.service),
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
const ORDER_COLUMNS = sql`t.id, t.number, t.source,
  json_build_object('id', u.id, 'display_name', coalesce(t.guest_name, ${displayName('u')}, '')) as customer,
  (select json_build_object('id', d.id, 'name', d.name) from dining_tables d where d.id = t.table_id) as "table",
  -- Paid online: the payment's row says; an order paid online that is not counted yet was never paid
  -- (awaiting its charge, or failed). Paid at the counter: taken (paid_at), then perhaps refunded.
  (select json_build_object('method_id', t.payment_id,
            'status', coalesce(pay.status, case when t.refunded_at is not null then 'refunded' when t.paid_at is not null then 'paid'
              when t.counted then 'none' when t.status_id = ${STATUS.awaitingPayment} then 'awaiting' else 'failed' end),
            'cash_tendered', t.cash_tendered, 'change', t.cash_change, 'rounding', t.cash_rounding, 'reference', t.card_reference,
            'taken_by', case when c.id is not null then json_build_object('id', c.id, 'display_name', ${displayName('c')}) end,
            'bank', pay.bank,
            'qr_string', case when pay.status = 'awaiting' then pay.qr_string end, 'va_number', pay.va_number,
            'expires_at', ${utc('pay.expires_at')}, 'paid_at', coalesce(${utc('pay.paid_at')}, ${utc('t.paid_at')}),
            'refund_failed', pay.refund_failed)
     from (select 1) one left join payments pay on pay.transaction_id = t.id
       left join users c on c.id = coalesce(t.refunded_by, t.cashier_id)) as payment,
  t.status_id, t.delivery_id, t.payment_id, t.promo_id, t.address,
  to_char(t.scheduled_for at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as scheduled_for,
  t.subtotal, t.discount, t.service, t.tax, t.shipping, t.total,
  json_build_object('tax_name', t.tax_name, 'tax_rate', t.tax_rate_bp / 100.0, 'service_rate', t.service_rate_bp / 100.0,
    'prices_include_tax', t.prices_include_tax) as rates,
  to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  ${utc('t.updated_at')} as updated_at`;

/** An add-on as JSON, from an add-on `a` and its product `ap`. */
const ADDON_JSON = sql`json_build_object('product_id', a.product_id, 'product_name', ap.product_name,
  'indonesian_name', coalesce(nullif(ap.indonesian_name, ''), ap.product_name), 'qty', a.qty, 'unit_price', a.unit_price)`;

/** One order line as JSON, from a line `i`, its product `p` and its add-ons' JSON array. */
const lineJson = (addons: SQL) => sql`json_build_object('id', i.id, 'product_id', i.product_id, 'product_name', p.product_name,
  'indonesian_name', coalesce(nullif(p.indonesian_name, ''), p.product_name), 'image', p.image, 'size_id', i.size_id, 'qty', i.qty, 'unit_price', i.unit_price, 'addons', coalesce(${addons}, '[]'::json),
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

/**
 * Which orders a list shows: a customer's history (without what they removed), every customer's of
 * one status or all, or the cash the counter is to collect: open orders to be paid in cash at the
 * counter (Dine In and Pick Up, from a phone or a table) and not paid yet. A Door Delivery's cash
 * is the driver's to take.
 */
export type OrderSelection = { customerId: number } | { status: number | undefined } | { toCollect: true };

function whereOf(selection: OrderSelection): SQL {
  if ('customerId' in selection) return sql`t.user_id = ${selection.customerId} and t.hidden_at is null`;
  if ('toCollect' in selection) {
    return sql`t.payment_id = ${PAYMENT.cash} and t.paid_at is null and t.delivery_id <> ${DOOR_DELIVERY_ID}
      and t.status_id in (${sql.join(
        OPEN_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )})`;
  }
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
