import { DELIVERY_METHODS, nameOf, type Order, PAYMENT_METHODS, SIZES, STATUS, STATUSES } from '@kopi/shared';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, rows, sqlArray } from '../../db/client.ts';
import { products, transactions } from '../../db/schema.ts';

export interface NewOrder {
  user_id: number;
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
  lines: { product_id: number; size_id: number; qty: number; unit_price: number; line_total: number }[];
}

export async function findMenuPrices(db: Db, ids: number[]) {
  return db
    .select({ id: products.id, price: products.price })
    .from(products)
    .where(and(inArray(products.id, ids), isNull(products.deleted_at)));
}

const COUPON_LOCK = 727_275; // with the customer's id: serialises one customer's coupon orders

/** Held until the end of the transaction, so two orders of one customer cannot both use today's coupon. */
export async function lockCustomer(db: Db, userId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${COUPON_LOCK}, ${userId})`);
}

/** spec §2 terms: "1 coupon per day" — has this customer used a coupon today (cancelled orders aside)? */
export async function usedCouponToday(db: Db, userId: number): Promise<boolean> {
  const [row] = await rows<{ used: boolean }>(
    db,
    sql`select exists(select 1 from transactions where user_id = ${userId} and promo_id is not null
        and status_id <> ${STATUS.cancelled} and created_at >= current_date) as used`,
  );
  return row!.used;
}

export async function findOrderIdByKey(db: Db, userId: number, key: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.user_id, userId), eq(transactions.idempotency_key, key)));
  return row?.id;
}

interface OrderRow
  extends Omit<
    Order,
    'status_name' | 'delivery_name' | 'payment_method' | 'items' | 'subtotal' | 'discount' | 'tax' | 'shipping' | 'total'
  > {
  items: Omit<Order['items'][number], 'size_name'>[];
  subtotal: string | number;
  discount: string | number;
  tax: string | number;
  shipping: string | number;
  total: string | number;
}

// Names come from the shared constants, the one place they are spelled (DESIGN §4).
function toOrder(row: OrderRow): Order {
  return {
    ...row,
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

/** An order's columns as the API answers them, from an order row `t` and its customer `u`. */
const ORDER_COLUMNS = sql`t.id,
  json_build_object('id', u.id, 'display_name',
    coalesce(nullif(u.display_name, ''), nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), split_part(u.email, '@', 1))) as customer,
  t.status_id, t.delivery_id, t.payment_id, t.promo_id, t.address,
  to_char(t.scheduled_for at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as scheduled_for,
  t.subtotal, t.discount, t.tax, t.shipping, t.total,
  to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`;

/** One order line as JSON, from a line `i` and its product `p`. */
const LINE_JSON = sql`json_build_object('product_id', i.product_id, 'product_name', p.product_name, 'image', p.image,
  'size_id', i.size_id, 'qty', i.qty, 'unit_price', i.unit_price, 'line_total', i.line_total)`;

const ORDER_SELECT = sql`
  select ${ORDER_COLUMNS},
    (select json_agg(${LINE_JSON} order by i.id) from transaction_items i join products p on p.id = i.product_id
      where i.transaction_id = t.id) as items
  from transactions t join users u on u.id = t.user_id`;

/**
 * Stores the order, its lines and the products' sales counts, and answers the stored order, in one
 * statement: atomic without an explicit transaction, and one round trip instead of six (DESIGN §8).
 */
export async function insertOrder(db: Db, order: NewOrder): Promise<Order> {
  const { lines } = order;
  const [row] = await rows<OrderRow>(
    db,
    sql`with new_order as (
          insert into transactions (user_id, delivery_id, payment_id, promo_id, address, scheduled_for,
                                    subtotal, discount, tax, shipping, total, idempotency_key)
          values (${order.user_id}, ${order.delivery_id}, ${order.payment_id}, ${order.promo_id}, ${order.address}, ${order.scheduled_for},
                  ${order.subtotal}, ${order.discount}, ${order.tax}, ${order.shipping}, ${order.total}, ${order.idempotency_key})
          returning *),
        lines as (
          select * from unnest(${sqlArray(
            lines.map((l) => l.product_id),
            'int[]',
          )}, ${sqlArray(
            lines.map((l) => l.size_id),
            'int[]',
          )},
                               ${sqlArray(
                                 lines.map((l) => l.qty),
                                 'int[]',
                               )}, ${sqlArray(
                                 lines.map((l) => l.unit_price),
                                 'int[]',
                               )},
                               ${sqlArray(
                                 lines.map((l) => l.line_total),
                                 'bigint[]',
                               )})
            with ordinality as l(product_id, size_id, qty, unit_price, line_total, position)),
        stored_lines as (
          insert into transaction_items (transaction_id, product_id, size_id, qty, unit_price, line_total)
          select new_order.id, l.product_id, l.size_id, l.qty, l.unit_price, l.line_total
          from new_order, lines l order by l.position),
        sold as (
          update products p set units_sold = p.units_sold + s.qty
          from (select product_id, sum(qty)::int as qty from lines group by product_id) s
          where p.id = s.product_id)
        select ${ORDER_COLUMNS},
          (select json_agg(${LINE_JSON} order by i.position) from lines i join products p on p.id = i.product_id) as items
        from new_order t join users u on u.id = t.user_id`,
  );
  return toOrder(row!);
}

export interface OrderFilter {
  where: SQL;
  /** Oldest first (the kitchen's queue) or newest first (a customer's history). */
  oldestFirst: boolean;
  limit: number;
  offset: number;
}

export async function loadOrders(db: Db, filter: OrderFilter): Promise<Order[]> {
  const order = filter.oldestFirst ? sql`t.created_at, t.id` : sql`t.created_at desc, t.id desc`;
  const found = await rows<OrderRow>(
    db,
    sql`${ORDER_SELECT} where ${filter.where} order by ${order} limit ${filter.limit} offset ${filter.offset}`,
  );
  return found.map(toOrder);
}

export async function countOrders(db: Db, where: SQL): Promise<number> {
  const [row] = await rows<{ total: number }>(db, sql`select count(*)::int as total from transactions t where ${where}`);
  return row!.total;
}

export async function loadOrder(db: Db, id: number): Promise<Order | undefined> {
  const [order] = await loadOrders(db, { where: sql`t.id = ${id}`, oldestFirst: true, limit: 1, offset: 0 });
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

/** Moves a pending order on; answers the order's status before, or undefined when there is no such order. */
export async function finishOrder(db: Db, id: number, statusId: number): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(transactions)
      .set({ status_id: statusId, updated_at: sql`now()` })
      .where(and(eq(transactions.id, id), eq(transactions.status_id, STATUS.pending)))
      .returning({ id: transactions.id });
    if (changed.length === 0) {
      const [row] = await tx.select({ status_id: transactions.status_id }).from(transactions).where(eq(transactions.id, id));
      return row?.status_id;
    }
    // A cancelled order was never sold: "popular" counts only what customers kept.
    if (statusId === STATUS.cancelled) {
      await tx.execute(sql`update products p set units_sold = greatest(0, p.units_sold - i.qty)
        from transaction_items i where i.transaction_id = ${id} and i.product_id = p.id`);
    }
    return STATUS.pending;
  });
}
