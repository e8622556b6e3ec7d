import {
  type Approval,
  CUSTOMER_CANCELLABLE,
  can,
  cashToPay,
  EVENT_KIND,
  formatIDR,
  isFinalStatus,
  moveMovedMoney,
  type OrderDetail,
  PAYMENT,
  type PaymentStatus,
  ROLES,
  STATUS,
  type StatusId,
  UNDO_SECONDS,
  type UpdateOrderStatusInput,
} from '@kopi/shared';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, conflict, fieldRefused, notFound } from '../../lib/errors.ts';
import { type MessageKey, phrase } from '../../lib/i18n.ts';
import type { RateLimiter, Session } from '../auth/auth.service.ts';
import { holdingOpenShift, tillOf } from '../shifts/shifts.service.ts';
import type { ShopSettings } from '../shop/shop.service.ts';
import { verifyPin } from '../staff/staff.service.ts';
import {
  cancelAwaitingPayment,
  collectCash,
  findCounterMoney,
  findLastMove,
  lockOrder,
  moveOrder,
  moveToPaid,
  recordPaymentChange,
  refundAtCounter,
  type SoldLine,
  tickLine,
  undoMove,
} from './moves.repository.ts';
import type { OrderEffects, OrderPayments } from './placing.service.ts';
import type { MenuSource } from './pricing.service.ts';
import { findOrderState, loadOrderDetail } from './reads.repository.ts';
import { orderNotFound } from './reads.service.ts';

// Every change of an order's status after it was placed (docs/shop-rules.md#statuses-and-moves):
// the staff's moves and ticks at the counter, an undo, a customer's cancellation, and the moves a
// payment makes, which the payments module asks for through PaymentMoves. This module is the only
// writer of orders (apps/api/test/boundaries.test.ts holds it).

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

/** An order just moved; a cancelled one was never sold (moveOrder gave its units back): "popular" follows at once. */
async function loadMoved(db: Db, menu: MenuSource, id: number): Promise<OrderDetail> {
  const order = await loadOrderDetail(db, id);
  if (!order) throw orderNotFound();
  if (order.status_id === STATUS.cancelled) menu.sold(order.items, -1);
  return order;
}

/**
 * A barista ticks a line done, or unticks it (docs/shop-rules.md#the-counter): a line event on the
 * live streams. The first line ticked of a Pending order moves it to Preparing; the last one of an
 * open order moves it to Ready, by the same member of staff, in the same transaction. A final order → 400.
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
 * order never moved, its last move was an undo, too long ago, a customer's own cancellation, or a
 * move that took or gave back money) → 409 saying why.
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

/** What the counter's moves work with besides the orders: the payments, and the limiter of PINs typed. */
export interface Counter {
  db: Db;
  menu: MenuSource;
  payments: OrderPayments;
  limiter: RateLimiter;
}

/**
 * A paid order is cancelled (a refund, a void) by an Admin, or by a Cashier with an Admin's PIN typed
 * at that moment (docs/shop-rules.md#staff-and-roles): a 403 without it, or with another's.
 */
async function approve(counter: Counter, session: Session, approval: Approval | undefined): Promise<void> {
  if (session.role === ROLES.admin) return;
  if (!approval) throw new AppError('approval_needed', 'server.approvalNeeded');
  const admin = await verifyPin(counter.db, counter.limiter, `approval:${session.till ?? 'web'}`, approval.admin_id, approval.pin);
  if (admin.role !== ROLES.admin) throw new AppError('forbidden', 'server.approvalNotAdmin');
}

/**
 * The counter cancels an order (docs/shop-rules.md#the-till-and-shifts). Paid at the counter, its
 * payment is given back there in the same transaction: cash from the drawer of the caller's till's
 * open shift (else a 409 saying so), a card on its terminal; paid online, the gateway refunds it.
 */
async function cancelByStaff(counter: Counter, session: Session, id: number, reason: string, approval: Approval | undefined) {
  if (!can(session.role, 'counter')) throw new AppError('forbidden', 'server.cancelNotKitchen');
  const { db } = counter;
  const money = await findCounterMoney(db, id);
  if (!money) throw orderNotFound();
  const locked = await lockedState(db, id);
  if (locked === 'paid') await approve(counter, session, approval);
  const move = { id, to: STATUS.cancelled, byUserId: session.id, reason };
  const cashBack = money.paid_at !== null && !money.refunded && money.payment_id === PAYMENT.cash;
  const cardBack = money.paid_at !== null && !money.refunded && !cashBack;
  let moved: boolean;
  if (cashBack) {
    if (!session.till) throw badRequest('server.refundAtTill');
    moved = await holdingOpenShift(db, session.till, async (tx, shift) => {
      const done = await moveOrder(tx, move);
      if (done) await refundAtCounter(tx, { orderId: id, byUserId: session.id, shiftId: shift.id });
      return done;
    });
  } else if (cardBack) {
    moved = await db.transaction(async (trx) => {
      const tx = trx as Db;
      const done = await moveOrder(tx, move);
      if (done) await refundAtCounter(tx, { orderId: id, byUserId: session.id, shiftId: null });
      return done;
    });
  } else moved = await moveOrder(db, move);
  if (moved) await counter.payments.cancelled(id, reason);
  return moved;
}

/** Where an order's payment stands, as a move of it is judged. */
async function lockedState(db: Db, id: number): Promise<PaymentStatus | undefined> {
  return (await lockOrder(db, id))?.payment;
}

/**
 * POST /transactions/:id/collect: cash taken at the counter for a phone's or a table's order paid in
 * cash (docs/shop-rules.md#the-till-and-shifts), into the open shift of the caller's till: rounded as
 * the till rounds, at least what is asked (400), the change answered. Paid already: 409.
 */
export async function collectOrder(db: Db, shop: ShopSettings, session: Session, id: number, tendered: number): Promise<OrderDetail> {
  const till = tillOf(session);
  const money = await findCounterMoney(db, id);
  if (!money) throw orderNotFound();
  if (money.payment_id !== PAYMENT.cash) throw badRequest(phrase('server.notCashToCollect', { id }));
  if (money.paid_at !== null) throw conflict(phrase('server.alreadyPaid', { id }));
  if (money.status_id === STATUS.cancelled) throw conflict(phrase('server.collectCancelled', { id }));
  const { rounding, to_pay } = cashToPay(money.total, shop.settings.cash_rounding);
  if (tendered < to_pay) {
    throw fieldRefused('cash_tendered', phrase('server.cashTooLittle', { tendered: formatIDR(tendered), amount: formatIDR(to_pay) }));
  }
  const collected = await holdingOpenShift(db, till, (tx, shift) =>
    collectCash(tx, { orderId: id, cashierId: session.id, shiftId: shift.id, tendered, change: tendered - to_pay, rounding }),
  );
  // Two collections at once: the one that lost finds it paid.
  if (!collected) throw conflict(phrase('server.alreadyPaid', { id }));
  const order = await loadOrderDetail(db, id);
  if (!order) throw orderNotFound();
  return order;
}

/**
 * A member of staff's move along the table of statuses (docs/shop-rules.md#statuses-and-moves): any
 * move the table does not allow from the order's current status is a 400 naming both. Cancelling is
 * the counter's; a paid order cancelled is refunded (cancelByStaff).
 */
export async function moveByStaff(counter: Counter, session: Session, id: number, input: UpdateOrderStatusInput): Promise<OrderDetail> {
  const { db, menu } = counter;
  const to = input.status_id as StatusId;
  const moved =
    to === STATUS.cancelled
      ? await cancelByStaff(counter, session, id, input.reason ?? 'Cancelled by the shop', input.approval)
      : await moveOrder(db, { id, to, byUserId: session.id, reason: input.reason ?? null });
  if (moved) return loadMoved(db, menu, id);
  const state = await findOrderState(db, id);
  if (!state) throw orderNotFound();
  // An order awaiting its payment moves on when the gateway says so, not by hand.
  if (state.status_id === STATUS.awaitingPayment) {
    throw badRequest(phrase('server.awaitingPayment', { id }));
  }
  throw badRequest(phrase('server.cannotMove', { id, from: statusWords(state.status_id), to: statusWords(to) }));
}

/** A customer cancels their own order, only while it is Pending (or still awaiting its payment): nothing has been made yet. */
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

/**
 * The moves a payment makes (docs/shop-rules.md#payments), the only way the payments module changes
 * an order. Each takes the connection or transaction it runs in, so that a payment's own row and its
 * order's move commit together; what follows a move (the boards told, "popular" updated) is asked
 * for once that transaction has committed.
 */
export interface PaymentMoves {
  /** A confirmed payment: the order awaiting it becomes Pending. Its event's id; undefined when it no longer awaited it. */
  paid(db: Db, orderId: number, reason: string): Promise<number | undefined>;
  /** Orders whose payment expired, failed or could not start (those still awaiting it) are cancelled: the orders and lines cancelled. */
  cancelUnpaid(db: Db, ids: readonly number[], reason: string): Promise<{ orders: number[]; lines: SoldLine[] }>;
  /** The payment alone changed (refunded, or its refund refused): every screen hears of it. */
  paymentChanged(db: Db, orderId: number): Promise<void>;
  /** After `paid` committed: the order goes to the live boards. */
  announce(eventId: number): Promise<void>;
  /** After `cancelUnpaid` committed: its units leave "popular". */
  unsold(lines: readonly SoldLine[]): void;
}

export function createPaymentMoves(menu: MenuSource, effects: OrderEffects): PaymentMoves {
  return {
    paid: moveToPaid,
    cancelUnpaid: cancelAwaitingPayment,
    paymentChanged: recordPaymentChange,
    announce: (eventId) => effects.created(eventId),
    unsold: (lines) => menu.sold(lines, -1),
  };
}
