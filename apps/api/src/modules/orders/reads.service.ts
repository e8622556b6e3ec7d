import { timingSafeEqual } from 'node:crypto';
import { can, cashToPay, OPEN_STATUSES, type Order, type OrderDetail, type PrepTimes, shopDate, startOfShopDay } from '@kopi/shared';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { offsetOf, pageMeta } from '../../lib/reply.ts';
import type { Session } from '../auth/auth.service.ts';
import type { ShopSettings } from '../shop/shop.service.ts';
import {
  countOrders,
  findOrderByToken,
  findOrderToken,
  hideOrder,
  loadOrderDetail,
  loadOrders,
  prepTimeSince,
} from './reads.repository.ts';

// Orders as people read them: a customer's history, the counter's queue, one order for its customer,
// the staff or a guest holding its token, and the preparation times on the board's header.

export const orderNotFound = () => notFound('server.orderNotFound');

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

/** How many orders the till lists to collect at most: a counter's rush, not a day. */
const TO_COLLECT_MAX = 50;

/**
 * The open orders whose cash the counter is to collect, soonest due first, each with the cash to
 * ask for: its total rounded as the till rounds cash (docs/shop-rules.md#the-till-and-shifts).
 */
export async function ordersToCollect(db: Db, shop: ShopSettings): Promise<(Order & { cash_to_pay: number })[]> {
  const found = await loadOrders(db, { toCollect: true }, { oldestFirst: true, limit: TO_COLLECT_MAX, offset: 0 });
  return found.map((order) => ({ ...order, cash_to_pay: cashToPay(order.total, shop.settings.cash_rounding).to_pay }));
}

/** One order with its history, for its customer or an admin; anyone else is told it does not exist. */
export async function getOrder(db: Db, session: Session, id: number): Promise<OrderDetail> {
  const order = await loadOrderDetail(db, id);
  if (!order || (!can(session.role, 'kitchen') && order.customer.id !== session.id)) throw orderNotFound();
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

/** Pending → Ready times for the board's header: today's (the shop's day) and the last hour's. */
export async function prepTimes(db: Db, shop: ShopSettings): Promise<PrepTimes> {
  const now = shop.clock.now();
  const [today, lastHour] = await Promise.all([
    prepTimeSince(db, startOfShopDay(shopDate(now, shop.timezone), shop.timezone)),
    prepTimeSince(db, new Date(now.getTime() - 3_600_000)),
  ]);
  return { today, last_hour: lastHour };
}

/** An order as its receipt and tickets print it (the printing module, which prints for the staff). */
export async function orderToPrint(db: Db, id: number): Promise<OrderDetail> {
  const order = await loadOrderDetail(db, id);
  if (!order) throw orderNotFound();
  return order;
}
