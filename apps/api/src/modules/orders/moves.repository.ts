// Every change of an order's status after it was placed (docs/shop-rules.md#statuses-and-moves): the
// staff's and customers' moves, a line ticked, an undo, and the moves a payment makes. Each is one
// statement guarded by the status it may come from, so of two at once only one wins.
import {
  EVENT_KIND,
  type EventKind,
  nameOf,
  PAYMENT,
  type PaymentStatus,
  STATUS,
  STATUSES,
  type StatusId,
  statusesBefore,
} from '@kopi/shared';
import { sql } from 'drizzle-orm';
import { type Db, intArray, rows, sqlArray } from '../../db/client.ts';

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
          -- A cancelled order was never sold: "popular" counts only what customers kept. Given back
          -- as sales of its own (product_units_sold.sql), rolled up with the orders'.
          insert into product_sales (product_id, qty)
          select i.product_id, -sum(i.qty)::int from transaction_items i join moved on moved.id = i.transaction_id
          where ${move.to === STATUS.cancelled}::boolean group by i.product_id)
        select count(*)::int as moved from moved`,
  );
  return row!.moved > 0;
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
    sql`select t.status_id, t.user_id,
          coalesce(p.status, case when t.refunded_at is not null then 'refunded' when t.paid_at is not null then 'paid' else 'none' end) as payment
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
      insert into product_sales (product_id, qty)
      select i.product_id, sum(i.qty)::int from transaction_items i where i.transaction_id = ${undo.orderId}
        and ${move.status_id === STATUS.cancelled}::boolean group by i.product_id)
    select 1`);
}

/** Units given back to "popular" by a cancellation: its lines' products and quantities. */
export interface SoldLine {
  product_id: number;
  qty: number;
}

/**
 * The move a confirmed payment makes: an order awaiting its payment becomes Pending, counted from now
 * on, recorded as an event by nobody. Answers the event's id; undefined when it no longer awaits it.
 */
export async function moveToPaid(db: Db, orderId: number, reason: string): Promise<number | undefined> {
  const [row] = await rows<{ id: string }>(
    db,
    sql`with moved as (
          update transactions set status_id = ${STATUS.pending}, counted = true, updated_at = now()
          where id = ${orderId} and status_id = ${STATUS.awaitingPayment} returning id, updated_at)
        insert into order_events (transaction_id, status_id, reason, at) select id, ${STATUS.pending}, ${reason}, updated_at from moved
        returning id`,
  );
  return row ? Number(row.id) : undefined;
}

/**
 * Cancels the orders among `ids` still awaiting their payment (one another instance moved meanwhile
 * is left alone), with `reason`, and gives their units back. Answers the orders and lines cancelled.
 */
export async function cancelAwaitingPayment(
  db: Db,
  ids: readonly number[],
  reason: string,
): Promise<{ orders: number[]; lines: SoldLine[] }> {
  const [row] = await rows<{ orders: number[] | string | null; lines: SoldLine[] | string | null }>(
    db,
    sql`with moved as (
          update transactions t set status_id = ${STATUS.cancelled}, updated_at = now()
          where t.id = any(${intArray(ids)}) and t.status_id = ${STATUS.awaitingPayment} returning t.id, t.updated_at),
        event as (insert into order_events (transaction_id, status_id, reason, at) select id, ${STATUS.cancelled}, ${reason}, updated_at from moved),
        lines as (
          select i.product_id, sum(i.qty)::int as qty from transaction_items i join moved on moved.id = i.transaction_id group by i.product_id),
        unsold as (insert into product_sales (product_id, qty) select product_id, -qty from lines)
        select (select json_agg(id) from moved) as orders, (select json_agg(lines) from lines) as lines`,
  );
  const parse = <T>(value: T | string | null | undefined): T | null =>
    typeof value === 'string' ? (JSON.parse(value) as T) : (value ?? null);
  return { orders: parse(row?.orders) ?? [], lines: parse(row?.lines) ?? [] };
}

/**
 * A change of an order's payment alone (a refund made or refused) reaches every screen: the order's
 * updated_at moves and an event of kind payment is recorded (and announced).
 */
export async function recordPaymentChange(db: Db, orderId: number): Promise<void> {
  await db.execute(sql`with touched as (update transactions t set updated_at = now() where t.id = ${orderId} returning t.id, t.status_id, t.updated_at)
    insert into order_events (transaction_id, status_id, kind, at) select id, status_id, ${EVENT_KIND.payment}, updated_at from touched`);
}

/** Cash collected at the counter for an order: what it needs, and where it lands. */
export interface Collection {
  orderId: number;
  cashierId: number;
  shiftId: number;
  tendered: number;
  change: number;
  rounding: number;
}

/**
 * Records cash collected at the counter for an order paid in cash and not paid yet, neither cancelled
 * nor awaiting an online payment; the screens hear of it (an event of kind payment). One statement,
 * guarded: of two collections at once only one takes it. Answers whether it did.
 */
export async function collectCash(db: Db, c: Collection): Promise<boolean> {
  const [row] = await rows<{ collected: number }>(
    db,
    sql`with paid as (
          update transactions set paid_at = now(), cashier_id = ${c.cashierId}, shift_id = ${c.shiftId}, cash_tendered = ${c.tendered},
            cash_change = ${c.change}, cash_rounding = ${c.rounding}, updated_at = now()
          where id = ${c.orderId} and payment_id = ${PAYMENT.cash} and paid_at is null
            and status_id not in (${STATUS.cancelled}, ${STATUS.awaitingPayment})
          returning id, status_id, updated_at),
        event as (
          insert into order_events (transaction_id, status_id, by_user_id, kind, at)
          select id, status_id, ${c.cashierId}, ${EVENT_KIND.payment}, updated_at from paid)
        select count(*)::int as collected from paid`,
  );
  return row!.collected > 0;
}

/** An order's payment taken at the counter, as a refund or a collection needs it. */
export interface CounterMoney {
  status_id: StatusId;
  payment_id: number;
  total: number;
  /** Taken at the counter, and not given back yet. */
  paid_at: string | null;
  refunded: boolean;
}

export async function findCounterMoney(db: Db, orderId: number): Promise<CounterMoney | undefined> {
  const [row] = await rows<CounterMoney>(
    db,
    sql`select status_id, payment_id, total::float8 as total, paid_at::text, refunded_at is not null as refunded
        from transactions where id = ${orderId}`,
  );
  return row;
}

/**
 * Records that a payment taken at the counter was given back, by whom and, for cash, from which
 * shift's drawer (a card is refunded on its terminal: no shift); the screens hear of it.
 */
export async function refundAtCounter(db: Db, refund: { orderId: number; byUserId: number; shiftId: number | null }): Promise<void> {
  await db.execute(sql`with refunded as (
      update transactions set refunded_at = now(), refunded_by = ${refund.byUserId}, refund_shift_id = ${refund.shiftId}, updated_at = now()
      where id = ${refund.orderId} and paid_at is not null and refunded_at is null returning id, status_id, updated_at)
    insert into order_events (transaction_id, status_id, by_user_id, kind, at)
    select id, status_id, ${refund.byUserId}, ${EVENT_KIND.payment}, updated_at from refunded`);
}
