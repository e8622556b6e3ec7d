import { CATEGORIES, STATUS } from '@kopi/shared';
import type { MessageKey } from './i18n';

// The shop's fixed ids (packages/shared/src/constants.ts, statuses.ts) by the catalogue keys of
// their names, so every screen names them in the page's language: `t(STATUS_KEYS[id])`.

export const STATUS_KEYS: Record<number, MessageKey> = {
  [STATUS.awaitingPayment]: 'status.awaitingPayment',
  [STATUS.pending]: 'status.pending',
  [STATUS.preparing]: 'status.preparing',
  [STATUS.ready]: 'status.ready',
  [STATUS.done]: 'status.done',
  [STATUS.cancelled]: 'status.cancelled',
};

/** A status's name; an id the web does not know yet is "Unknown", as statusName says. */
export const statusKey = (id: number): MessageKey => STATUS_KEYS[id] ?? 'status.unknown';

/** The delivery methods' names (Dine In, Door Delivery, Pick Up), as orders and coupons say them. */
export const DELIVERY_KEYS: Record<number, MessageKey> = { 1: 'delivery.dineIn', 2: 'delivery.door', 3: 'delivery.pickUp' };

/** The delivery methods as an order's heading names them: Door Delivery is "Order". */
export const DELIVERY_TITLE_KEYS: Record<number, MessageKey> = { ...DELIVERY_KEYS, 2: 'order.deliveryTitle.order' };

/** The delivery methods as the choices of the product and cart pages label them (Dine in, Pick up). */
export const DELIVERY_CHOICE_KEYS: Record<number, MessageKey> = {
  1: 'deliveryChoice.dineIn',
  2: 'deliveryChoice.door',
  3: 'deliveryChoice.pickUp',
};

/** The payment methods as the checkout's radios label them. */
export const PAYMENT_KEYS: Record<number, MessageKey> = { 1: 'payment.card', 2: 'payment.bank', 3: 'payment.cash', 4: 'payment.qris' };

/** The sizes' full names (the chips show their short forms R, L, XL). */
export const SIZE_KEYS: Record<number, MessageKey> = { 1: 'size.regular', 2: 'size.large', 3: 'size.extraLarge' };

/** The menu's categories (packages/shared CATEGORIES). */
export const CATEGORY_KEYS: Record<number, MessageKey> = Object.fromEntries(CATEGORIES.map((category) => [category.id, category.key]));

/** The name of a fixed id in the page's language; an id the web does not know keeps the server's name. */
export function nameOf(t: (key: MessageKey) => string, keys: Record<number, MessageKey>, id: number, fallback: string): string {
  const key = keys[id];
  return key ? t(key) : fallback;
}
