import { STATUS } from '@kopi/shared';
import { sql } from 'drizzle-orm';
import { type Db, intArray, rows } from '../../db/client.ts';

// The payments table (docs/shop-rules.md#payments). The moves of an order its payment makes (paid →
// Pending, expired or failed → Cancelled) are the orders module's (PaymentMoves), in the same
// transaction as the payment's own row; each is guarded by the order's status, so of two instances
// (or a notification and the expiry sweep) only one moves an order.

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

/** The payments of `ids` still awaiting their money are marked `status` (their orders were cancelled unpaid). */
export async function markUnpaid(db: Db, ids: readonly number[], status: 'expired' | 'failed'): Promise<void> {
  await db.execute(sql`update payments set status = ${status} where transaction_id = any(${intArray(ids)}) and status = 'awaiting'`);
}

/** An order's payment when it was paid online (undefined: paid at the counter, or not yet charged). */
export async function findPayment(db: Db, transactionId: number): Promise<PaymentRow | undefined> {
  const [row] = await rows<PaymentRow>(
    db,
    sql`select ${PAYMENT_COLUMNS} from payments p join transactions t on t.id = p.transaction_id where p.transaction_id = ${transactionId}`,
  );
  return row;
}

/** A paid payment given back: whether it was (the order's screens are then told: PaymentMoves.paymentChanged). */
export async function markRefunded(db: Db, transactionId: number): Promise<boolean> {
  const changed = await rows(
    db,
    sql`update payments set status = 'refunded', refunded_at = now(), refund_failed = null
        where transaction_id = ${transactionId} and status = 'paid' returning transaction_id`,
  );
  return changed.length > 0;
}

/** A refund the gateway refused, kept for the shop to make by hand: whether it was recorded. */
export async function markRefundFailed(db: Db, transactionId: number, why: string): Promise<boolean> {
  const changed = await rows(
    db,
    sql`update payments set refund_failed = ${why} where transaction_id = ${transactionId} and status = 'paid' returning transaction_id`,
  );
  return changed.length > 0;
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
