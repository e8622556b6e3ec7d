import { formatShopTime, type Locale, type OrderPayment, paymentWayKey, VA_BANK_NAMES, withPaymentWay } from '@kopi/shared';
import { type MessageKey, useT } from '../../../lib/i18n';
import { nameOf, PAYMENT_KEYS } from '../../../lib/names';
import { SHOP_TIMEZONE } from '../../../lib/shop-name';

// What an order's payment says beyond its method (docs/shop-rules.md#payments): paid online or to
// collect, refunded, or a refund the gateway refused, which the shop must make by hand.

const STATUS_KEYS: Record<OrderPayment['status'], MessageKey | null> = {
  none: null,
  awaiting: 'payNote.awaiting',
  paid: 'payNote.paid',
  expired: 'payNote.expired',
  failed: 'payNote.failed',
  refunded: 'payNote.refunded',
};

/**
 * "QRIS", "Bank Account (BCA)", "Card — pay by card at the counter": how the order is paid, and, while
 * it is still to pay at the shop, where (the receipt says the same).
 */
export function paymentMethodText(payment: OrderPayment, fallback: string, deliveryId: number, t: (key: MessageKey) => string): string {
  const label = nameOf(t, PAYMENT_KEYS, payment.method_id, fallback);
  if (payment.bank) return `${label} (${VA_BANK_NAMES[payment.bank]})`;
  const way = payment.status === 'none' && payment.cash_tendered === null ? paymentWayKey(payment.method_id, deliveryId) : null;
  return withPaymentWay(label, way && t(way));
}

/** "Paid 10:32", "Awaiting payment", …; empty for an order paid at the counter or on delivery. */
export function paymentStatusText(payment: OrderPayment, t: ReturnType<typeof useT>, locale: Locale): string {
  if (payment.status === 'paid' && payment.paid_at) {
    return t('payNote.paidAt', { time: formatShopTime(new Date(payment.paid_at), SHOP_TIMEZONE, locale) });
  }
  const key = STATUS_KEYS[payment.status];
  return key ? t(key) : '';
}

interface PaymentNoteProps {
  payment: OrderPayment;
  /** An admin sees why a refund failed. */
  admin: boolean;
}

export function PaymentNote({ payment, admin }: PaymentNoteProps) {
  const t = useT();
  if (payment.refund_failed) {
    return admin ? (
      <div className="rounded-xl border-2 border-berry bg-berry/5 p-3 text-berry" data-testid="refund-failed">
        <p className="font-bold">
          <span aria-hidden="true">⚠ </span>
          {t('payNote.refundFailed')}: <span className="font-semibold">{payment.refund_failed}</span>
        </p>
      </div>
    ) : (
      <p className="rounded-xl bg-crema p-3 text-sm" data-testid="refund-by-hand">
        {t('payNote.refundFailedCustomer')}
      </p>
    );
  }
  if (payment.status === 'refunded') {
    return (
      <p className="rounded-xl bg-leaf/10 p-3 text-sm text-leaf" data-testid="refunded">
        <strong>{t('payNote.refunded')}</strong>: {t('payNote.refundedHint')}
      </p>
    );
  }
  return null;
}
