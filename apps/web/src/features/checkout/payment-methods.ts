import { ONLINE_PAYMENT_IDS, PAYMENT, VA_BANK_NAMES, VA_BANKS, type VaBank } from '@kopi/shared';
import { PAYMENT_OPTIONS } from '../../lib/payment-options';

// Which payment methods the checkout offers (docs/shop-rules.md#payments): Card and Cash On Delivery
// always; QRIS and a bank transfer to a virtual account only when the shop takes online payments.

export interface PaymentChoice {
  id: number;
  label: string;
  /** False: shown, but it cannot be chosen in this shop (yet). */
  offered: boolean;
}

export const isOnlinePayment = (paymentId: number): boolean => ONLINE_PAYMENT_IDS.includes(paymentId);

/** The checkout's radios; `onlinePayments` undefined while the shop's answer is not there yet (online ones not offered until it is). */
export function paymentChoices(onlinePayments: boolean | undefined): PaymentChoice[] {
  return PAYMENT_OPTIONS.map((option) => ({
    id: option.id,
    label: option.label,
    offered: onlinePayments === true || !isOnlinePayment(option.id),
  }));
}

/** The method an order is sent with: the one chosen if the shop offers it, else Card (the default). */
export function offeredPaymentId(chosen: number, onlinePayments: boolean | undefined): number {
  return paymentChoices(onlinePayments).some((choice) => choice.id === chosen && choice.offered) ? chosen : PAYMENT.card;
}

/** A bank transfer's banks, as the customer picks one. */
export const BANK_CHOICES: readonly { value: VaBank; label: string }[] = VA_BANKS.map((bank) => ({
  value: bank,
  label: VA_BANK_NAMES[bank],
}));

/** What the checkout must still be told before the order can be sent: a bank transfer needs its bank. */
export function missingBank(paymentId: number, bank: VaBank | undefined): boolean {
  return paymentId === PAYMENT.bankTransfer && bank === undefined;
}
