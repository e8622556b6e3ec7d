import { DOOR_DELIVERY_ID, PAYMENT } from './constants.ts';

// What a method paid at the shop means for an order (docs/decisions/spec-fidelity.md#rough-edges-dead-ends-words-and-dates):
// the specification's names (Card, Cash on Delivery) are kept, and this says beside them where and
// how the order is paid, the same on the checkout, the order's page and its receipt.

export type PaymentWayKey = 'payWay.cashCounter' | 'payWay.cashDelivery' | 'payWay.cardCounter' | 'payWay.cardDelivery';

/** "pay in cash at the counter", "pay by card on delivery", …; null for a method paid online (QRIS, a bank transfer). */
export function paymentWayKey(paymentId: number, deliveryId: number): PaymentWayKey | null {
  const delivered = deliveryId === DOOR_DELIVERY_ID;
  if (paymentId === PAYMENT.cash) return delivered ? 'payWay.cashDelivery' : 'payWay.cashCounter';
  if (paymentId === PAYMENT.card) return delivered ? 'payWay.cardDelivery' : 'payWay.cardCounter';
  return null;
}

/** The method's name with where it is paid: "Cash on Delivery — pay in cash at the counter". */
export const withPaymentWay = (method: string, way: string | null): string => (way ? `${method} — ${way}` : method);
