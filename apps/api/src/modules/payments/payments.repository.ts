import { EVENT_KIND, STATUS } from '@kopi/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, intArray, rows } from '../../db/client.ts';

// The payments table and the moves of an order its payment makes (docs/shop-rules.md#payments): paid
// → Pending, expired or failed → Cancelled. Each move is guarded by the order's status, so of two
// instances (or a notification and the expiry sweep) only one moves an order.

/** A payment with what its order says of it, as the gateway's notification needs it. */
export interface PaymentRow {
  transaction_id: number;
  gateway_order_id: string;
  status: 'awaiting' | 'paid' | 'expired' | 'failed' | 'refunded';
  order_status: number;
  total: number;
  payment_id: number;
  bank: string | null;
}

/** Units given back to "popular" by a cancellation: its lines' products and quantities. */
export interface SoldLine {
  product_id: number;
  qty: number;
}

export async function insertPayment(
  db: Db,
  payment: {
    transactionId: number;
    gatewayOrderId: string;
    bank: string | null;
    qrString: string | null;
    vaNumber: string | null;
    expiresAt: Date;
    gatewayTransactionId: string;
  },
): Promise<void> {
  await db.execute(sql`insert into payments (transaction_id, gateway_order_id, bank, qr_string, va_number, expires_at, gateway_transaction_id)
    values (${payment.transactionId}, ${payment.gatewayOrderId}, ${payment.bank}, ${payment.qrString}, ${payment.vaNumber},
            ${payment.expiresAt.toISOString()}::timestamptz, ${payment.gatewayTransactionId})`);
}

const PAYMENT_COLUMNS = sql`p.transaction_id, p.gateway_order_id, p.status, p.bank, t.status_id as order_status, t.total::float8 as total,
  t.payment_id`;

export async function findPaymentByGatewayId(db: Db, gatewayOrderId: string): Promise<PaymentRow | undefined> {
  const [row] = await rows<PaymentRow>(
    db,
    sql`select ${PAYMENT_COLUMNS} from payments p join transactions t on t.id = p.transaction_id where p.gateway_order_id = ${gatewayOrderId}`,
  );
  return row;
}

/** A payment and its order, both locked until the end of the transaction. */
export async function lockPayment(db: Db, transactionId: number): Promise<PaymentRow | undefined> {
  const [row] = await rows<PaymentRow>(
    db,
    sql`select ${PAYMENT_COLUMNS} from payments p join transactions t on t.id = p.transaction_id
        where p.transaction_id = ${transactionId} for update of p, t`,
  );
  return row;
}

/** Records the payment as paid (when, and the gateway's transaction id). */
export async function markPaid(db: Db, transactionId: number, paidAt: Date, gatewayTransactionId: string): Promise<void> {
  await db.execute(sql`update payments set status = 'paid', paid_at = ${paidAt.toISOString()}::timestamptz,
    gateway_transaction_id = ${gatewayTransactionId} where transaction_id = ${transactionId}`);
}

/** A paid order awaiting its payment becomes Pending, recorded as an event by nobody: the event's id. */
export async function moveToPending(db: Db, transactionId: number, reason: string): Promise<number | undefined> {
  const [row] = await rows<{ id: string }>(
    db,
    sql`with moved as (
          update transactions set status_id = ${STATUS.pending}, counted = true, updated_at = now()
          where id = ${transactionId} and status_id = ${STATUS.awaitingPayment} returning id, updated_at)
        insert into order_events (transaction_id, status_id, reason, at) select id, ${STATUS.pending}, ${reason}, updated_at from moved
        returning id`,
  );
  return row ? Number(row.id) : undefined;
}

/** An order still awaiting its payment whose time is up, with its charge at the gateway (none: never made). */
export interface ExpiredPayment {
  transaction_id: number;
  gateway_order_id: string | null;
  /** Seconds since its payment expired. */
  overdue_seconds: number;
}

/** Orders still awaiting their payment whose time is up (an order never charged: `expirySeconds` after it was placed); at most 100, oldest first. */
export async function findExpiredUnpaid(db: Db, expirySeconds: number): Promise<ExpiredPayment[]> {
  return rows<ExpiredPayment>(
    db,
    sql`select t.id as transaction_id, p.gateway_order_id, extract(epoch from now() - e.expires_at)::float8 as overdue_seconds
        from transactions t left join payments p on p.transaction_id = t.id
        cross join lateral (select coalesce(p.expires_at, t.created_at + make_interval(secs => ${expirySeconds})) as expires_at) e
        where t.status_id = ${STATUS.awaitingPayment} and e.expires_at <= now()
        order by t.created_at limit 100`,
  );
}

/**
 * Cancels the orders among `ids` still awaiting their payment, with `reason`, their payments marked
 * `paymentStatus` and their units given back (an order another instance moved meanwhile is left
 * alone). Answers the orders and lines cancelled.
 */
export async function cancelUnpaid(
  db: Db,
  ids: readonly number[],
  reason: string,
  paymentStatus: 'expired' | 'failed',
): Promise<{ orders: number[]; lines: SoldLine[] }> {
  const [row] = await rows<{ orders: number[] | null; lines: SoldLine[] | null }>(
    db,
    sql`with due as (
          select t.id from transactions t where t.id = any(${intArray(ids)}) and t.status_id = ${STATUS.awaitingPayment} for update of t),
        moved as (
          update transactions t set status_id = ${STATUS.cancelled}, updated_at = now()
          from due where t.id = due.id and t.status_id = ${STATUS.awaitingPayment} returning t.id, t.updated_at),
        paid as (update payments p set status = ${paymentStatus} from moved where p.transaction_id = moved.id and p.status = 'awaiting'),
        event as (insert into order_events (transaction_id, status_id, reason, at) select id, ${STATUS.cancelled}, ${reason}, updated_at from moved),
        lines as (
          select i.product_id, sum(i.qty)::int as qty from transaction_items i join moved on moved.id = i.transaction_id group by i.product_id),
        unsold as (
          update products p set units_sold = greatest(0, p.units_sold - lines.qty) from lines where p.id = lines.product_id)
        select (select json_agg(id) from moved) as orders, (select json_agg(lines) from lines) as lines`,
  );
  const parse = <T>(value: T | string | null): T | null => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
  return { orders: parse(row?.orders ?? null) ?? [], lines: parse(row?.lines ?? null) ?? [] };
}

/** An order's payment when it was paid online (undefined: paid at the counter, or not yet charged). */
export async function findPayment(db: Db, transactionId: number): Promise<PaymentRow | undefined> {
  const [row] = await rows<PaymentRow>(
    db,
    sql`select ${PAYMENT_COLUMNS} from payments p join transactions t on t.id = p.transaction_id where p.transaction_id = ${transactionId}`,
  );
  return row;
}

/** An unpaid payment whose order was cancelled before it was paid. */
export async function markUnpaidFailed(db: Db, transactionId: number): Promise<void> {
  await db.execute(sql`update payments set status = 'failed' where transaction_id = ${transactionId} and status = 'awaiting'`);
}

/**
 * A change of the payment alone (`changed`: an update of payments returning transaction_id) reaches
 * every screen: the order's updated_at moves and an event of kind payment is announced.
 */
const announcingPaymentChange = (changed: SQL) => sql`with changed as (${changed}),
    touched as (update transactions t set updated_at = now() from changed where t.id = changed.transaction_id
                returning t.id, t.status_id, t.updated_at)
    insert into order_events (transaction_id, status_id, kind, at) select id, status_id, ${EVENT_KIND.payment}, updated_at from touched`;

export async function markRefunded(db: Db, transactionId: number): Promise<void> {
  await db.execute(
    announcingPaymentChange(sql`update payments set status = 'refunded', refunded_at = now(), refund_failed = null
      where transaction_id = ${transactionId} and status = 'paid' returning transaction_id`),
  );
}

export async function markRefundFailed(db: Db, transactionId: number, why: string): Promise<void> {
  await db.execute(
    announcingPaymentChange(sql`update payments set refund_failed = ${why}
      where transaction_id = ${transactionId} and status = 'paid' returning transaction_id`),
  );
}

/**
 * Cancelled orders whose payment is still to give back (their refund was cut short: the instance
 * stopped, or the gateway did not answer), cancelled at least `olderThanSeconds` ago.
 */
export async function findRefundsOwed(db: Db, olderThanSeconds: number): Promise<PaymentRow[]> {
  return rows<PaymentRow>(
    db,
    sql`select ${PAYMENT_COLUMNS} from payments p join transactions t on t.id = p.transaction_id
        where p.status = 'paid' and p.refund_failed is null and t.status_id = ${STATUS.cancelled}
          and t.updated_at < now() - make_interval(secs => ${olderThanSeconds})
        order by t.updated_at limit 20`,
  );
}
