import { formatShopTime, type OrderPayment, VA_BANK_NAMES } from '@kopi/shared';
import { SHOP_TIMEZONE } from '../../../lib/shop-name';
import { PAYMENT_OPTIONS } from '../labels';

// What an order's payment says beyond its method (docs/shop-rules.md#payments): paid online or to
// collect, refunded, or a refund the gateway refused, which the shop must make by hand.

export const PAYMENT_NOTE_TEXT = {
  refundFailed: 'Refund failed — refund by hand',
  refundFailedCustomer: 'The shop is giving your payment back by hand.',
  refunded: 'Refunded',
  refundedHint: 'The payment was given back in full.',
  status: { none: '', awaiting: 'Awaiting payment', paid: 'Paid', expired: 'Expired, not paid', failed: 'Not paid', refunded: 'Refunded' },
} as const;

/** "QRIS", "Bank Account (BCA)", "Card": how the order is paid. */
export function paymentMethodText(payment: OrderPayment, fallback: string): string {
  const label = PAYMENT_OPTIONS.find((option) => option.id === payment.method_id)?.label ?? fallback;
  return payment.bank ? `${label} (${VA_BANK_NAMES[payment.bank]})` : label;
}

/** "Paid 10:32", "Awaiting payment", …; empty for an order paid at the counter or on delivery. */
export function paymentStatusText(payment: OrderPayment): string {
  if (payment.status === 'paid' && payment.paid_at) return `Paid ${formatShopTime(new Date(payment.paid_at), SHOP_TIMEZONE)}`;
  return PAYMENT_NOTE_TEXT.status[payment.status];
}

interface PaymentNoteProps {
  payment: OrderPayment;
  /** An admin sees why a refund failed. */
  admin: boolean;
}

export function PaymentNote({ payment, admin }: PaymentNoteProps) {
  if (payment.refund_failed) {
    return admin ? (
      <div className="rounded-xl border-2 border-berry bg-berry/5 p-3 text-berry" data-testid="refund-failed">
        <p className="font-bold">
          <span aria-hidden="true">⚠ </span>
          {PAYMENT_NOTE_TEXT.refundFailed}: <span className="font-semibold">{payment.refund_failed}</span>
        </p>
      </div>
    ) : (
      <p className="rounded-xl bg-crema p-3 text-sm" data-testid="refund-by-hand">
        {PAYMENT_NOTE_TEXT.refundFailedCustomer}
      </p>
    );
  }
  if (payment.status === 'refunded') {
    return (
      <p className="rounded-xl bg-leaf/10 p-3 text-sm text-leaf" data-testid="refunded">
        <strong>{PAYMENT_NOTE_TEXT.refunded}</strong>: {PAYMENT_NOTE_TEXT.refundedHint}
      </p>
    );
  }
  return null;
}
