import { type CreateOrderInput, formatIDR, type Order, ROLES, STATUS } from '@kopi/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { offsetOf, pageMeta } from '../../lib/reply.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import type { Session } from '../auth/auth.service.ts';
import { findPromo } from '../promos/promos.repository.ts';
import { holdingSlot, type ShopSettings } from '../shop/shop.service.ts';
import {
  countOrders,
  findMenuPrices,
  findOrderIdByKey,
  finishOrder,
  hideOrder,
  insertOrder,
  loadOrder,
  loadOrders,
  lockCustomer,
  usedCouponToday,
} from './transactions.repository.ts';

const orderNotFound = () => notFound('Order not found');

/** spec §9: tax and shipping are IDR 0 for now; kept as fields so they can be priced later. */
const TAX = 0;
const SHIPPING = 0;

async function loadExisting(db: Db, id: number): Promise<Order> {
  const order = await loadOrder(db, id);
  if (!order) throw orderNotFound();
  return order;
}

/** The discount a promo gives on a subtotal, or a 400 that says why it does not apply. */
async function promoDiscount(db: Db, userId: number, promoId: number, subtotal: number): Promise<number> {
  const promo = await findPromo(db, promoId);
  const reject = (message: string) => badRequest(message, [{ field: 'promo_id', message }]);
  if (!promo) throw reject('This promo does not exist');
  if (!promo.active) throw reject(`Promo ${promo.promo_name} ended on ${promo.duration}`);
  if (subtotal < promo.min_price) {
    throw reject(`Promo ${promo.promo_name} needs a subtotal of at least ${formatIDR(promo.min_price)}`);
  }
  if (await usedCouponToday(db, userId)) throw reject('Only 1 coupon per day: you have used one today');
  return Math.floor((subtotal * promo.discount) / 100);
}

/**
 * Prices and stores an order. The server is the authority: unit prices come from the menu, and a
 * retry with the same Idempotency-Key answers the order it already made.
 */
export async function createOrder(
  db: Db,
  shop: ShopSettings,
  session: Session,
  input: CreateOrderInput,
  idempotencyKey: string | undefined,
): Promise<{ order: Order; replayed: boolean }> {
  if (idempotencyKey) {
    const existing = await findOrderIdByKey(db, session.id, idempotencyKey);
    if (existing) return { order: await loadExisting(db, existing), replayed: true };
  }

  const ids = [...new Set(input.items.map((line) => line.product_id))];
  const prices = new Map((await findMenuPrices(db, ids)).map((p) => [p.id, p.price]));
  const missing = ids.find((id) => !prices.has(id));
  if (missing !== undefined) throw notFound(`Product ${missing} is not on the menu`);

  const lines = input.items.map((line) => {
    const unit_price = prices.get(line.product_id)!;
    return { product_id: line.product_id, size_id: line.size_id, qty: line.qty, unit_price, line_total: unit_price * line.qty };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.line_total, 0);

  /** Stores the order; with a promo, its rules are checked under a per-customer lock (1 coupon per day). */
  const store = async (tx: Db, discount: number) =>
    insertOrder(tx, {
      user_id: session.id,
      delivery_id: input.delivery_id,
      payment_id: input.payment_id,
      promo_id: input.promo_id ?? null,
      address: input.address ?? null,
      scheduled_for: input.scheduled_for ?? null,
      subtotal,
      discount,
      tax: TAX,
      shipping: SHIPPING,
      total: subtotal - discount + TAX + SHIPPING,
      idempotency_key: idempotencyKey ?? null,
      lines,
    });

  try {
    // The time is checked, and a scheduled order's slot held until it is stored (docs/shop-rules.md#opening-hours-and-slots).
    const order = await holdingSlot(db, shop, input.scheduled_for, (db) =>
      input.promo_id
        ? db.transaction(async (trx) => {
            const tx = trx as Db;
            await lockCustomer(tx, session.id);
            return store(tx, await promoDiscount(tx, session.id, input.promo_id!, subtotal));
          })
        : store(db, 0),
    );
    return { order, replayed: false };
  } catch (error) {
    // Two retries with one key raced: the other one stored the order, answer it.
    const existing = idempotencyKey && isUniqueViolation(error) ? await findOrderIdByKey(db, session.id, idempotencyKey) : undefined;
    if (existing) return { order: await loadExisting(db, existing), replayed: true };
    throw error;
  }
}

/** A customer's own orders, newest first, without the ones they removed from their history. */
export async function history(db: Db, userId: number, page: number, limit: number) {
  const where = sql`t.user_id = ${userId} and t.hidden_at is null`;
  const [items, total] = await Promise.all([
    loadOrders(db, { where, oldestFirst: false, limit, offset: offsetOf(page, limit) }),
    countOrders(db, where),
  ]);
  return { items, meta: pageMeta(page, limit, total) };
}

/** Every customer's orders; pending ones come oldest first, as the kitchen works through them. */
export async function allOrders(db: Db, status: number | undefined, page: number, limit: number) {
  const where = status ? sql`t.status_id = ${status}` : sql`true`;
  const [items, total] = await Promise.all([
    loadOrders(db, { where, oldestFirst: status === STATUS.pending, limit, offset: offsetOf(page, limit) }),
    countOrders(db, where),
  ]);
  return { items, meta: pageMeta(page, limit, total) };
}

/** One order, for its customer or an admin; anyone else is told it does not exist. */
export async function getOrder(db: Db, session: Session, id: number): Promise<Order> {
  const order = await loadOrder(db, id);
  if (!order || (session.role !== ROLES.admin && order.customer.id !== session.id)) throw orderNotFound();
  return order;
}

export async function hideFromHistory(db: Db, userId: number, id: number): Promise<void> {
  if (!(await hideOrder(db, userId, id))) throw orderNotFound();
}

/** Pending → Done or Cancelled; a finished order stays as it is. */
export async function setOrderStatus(db: Db, id: number, statusId: number): Promise<Order> {
  const before = await finishOrder(db, id, statusId);
  if (before === undefined) throw orderNotFound();
  if (before !== STATUS.pending) throw badRequest('Only a pending order can be marked done or cancelled');
  return loadExisting(db, id);
}
