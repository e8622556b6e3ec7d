import { PAYMENT } from '@kopi/shared';
import { describe, expect, it } from 'vitest';
import { BANK_CHOICES, isOnlinePayment, missingBank, offeredPaymentId, paymentChoices } from './payment-methods';

describe('the checkout’s payment methods (docs/shop-rules.md#payments)', () => {
  it('keeps the spec’s three radios, then QRIS', () => {
    expect(paymentChoices(true).map((c) => c.label)).toEqual(['Card', 'Bank Account', 'Cash on Delivery', 'QRIS']);
  });

  it('offers every method when the shop takes online payments', () => {
    expect(paymentChoices(true).every((c) => c.offered)).toBe(true);
  });

  it('without online payments (or before the shop answers) offers Card and Cash only', () => {
    for (const online of [false, undefined]) {
      const offered = paymentChoices(online)
        .filter((c) => c.offered)
        .map((c) => c.id);
      expect(offered).toEqual([PAYMENT.card, PAYMENT.cash]);
    }
  });

  it('sends Card when the method chosen is not offered (any more)', () => {
    expect(offeredPaymentId(PAYMENT.qris, false)).toBe(PAYMENT.card);
    expect(offeredPaymentId(PAYMENT.bankTransfer, undefined)).toBe(PAYMENT.card);
    expect(offeredPaymentId(PAYMENT.qris, true)).toBe(PAYMENT.qris);
    expect(offeredPaymentId(PAYMENT.cash, false)).toBe(PAYMENT.cash);
  });

  it('knows which methods are paid online', () => {
    expect([1, 2, 3, 4].filter(isOnlinePayment)).toEqual([PAYMENT.bankTransfer, PAYMENT.qris]);
  });

  it('needs a bank for a bank transfer only', () => {
    expect(missingBank(PAYMENT.bankTransfer, undefined)).toBe(true);
    expect(missingBank(PAYMENT.bankTransfer, 'bni')).toBe(false);
    expect(missingBank(PAYMENT.qris, undefined)).toBe(false);
    expect(BANK_CHOICES.map((b) => b.label)).toEqual(['BCA', 'BNI', 'BRI', 'Permata']);
  });
});
