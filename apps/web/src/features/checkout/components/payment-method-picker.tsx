import { PAYMENT, paymentWayKey, type VaBank } from '@kopi/shared';
import { useId } from 'react';
import { useT } from '../../../lib/i18n';
import { nameOf, PAYMENT_KEYS } from '../../../lib/names';
import { BANK_CHOICES, paymentChoices } from '../payment-methods';

interface PaymentMethodPickerProps {
  /** GET /shop's online_payments; undefined until it answers. */
  onlinePayments: boolean | undefined;
  paymentId: number;
  /** The order's delivery method: where Card and Cash on Delivery are paid depends on it. */
  deliveryId: number;
  onPayment: (id: number) => void;
  bank: VaBank | undefined;
  onBank: (bank: VaBank) => void;
  /** Confirm was pressed without a bank: say so. */
  bankMissingShown: boolean;
  /** The first bank's radio, to take the focus when the bank is missing. */
  bankFieldId: string;
  disabled?: boolean;
}

/**
 * The checkout's payment radios (docs/shop-rules.md#payments): the spec's Card, Bank Account and Cash
 * on Delivery, and QRIS. The online ones stay visible but disabled, with why, in a shop that does not
 * take online payments; a bank transfer asks for its bank.
 */
export function PaymentMethodPicker({
  onlinePayments,
  paymentId,
  deliveryId,
  onPayment,
  bank,
  onBank,
  bankMissingShown,
  bankFieldId,
  disabled,
}: PaymentMethodPickerProps) {
  const noteId = useId();
  const bankHintId = useId();
  const t = useT();
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-2 font-semibold text-roast">{t('pay.legend')}</legend>
      {paymentChoices(onlinePayments).map((option) => {
        const way = paymentWayKey(option.id, deliveryId);
        return (
          <div key={option.id}>
            <label
              className={`flex min-h-11 items-center gap-3 py-1 ${option.offered ? 'cursor-pointer' : 'cursor-not-allowed text-roast'}`}
              data-testid={`payment-${option.id}`}
            >
              <input
                type="radio"
                name="payment"
                checked={option.id === paymentId}
                disabled={!option.offered}
                onChange={() => onPayment(option.id)}
                aria-describedby={option.offered ? undefined : `${noteId}-${option.id}`}
                className="size-5 accent-caramel"
              />
              <span className="flex flex-wrap items-baseline gap-x-2">
                {nameOf(t, PAYMENT_KEYS, option.id, option.label)}
                {/* Where and how it is paid, for this order's delivery (the order's page and receipt say the same). */}
                {way && (
                  <span className="text-sm text-roast" data-testid={`payment-way-${option.id}`}>
                    — {t(way)}
                  </span>
                )}
                {/* Said once the shop answered that it does not take online payments, not while it is asked. */}
                {!option.offered && onlinePayments === false && (
                  <span id={`${noteId}-${option.id}`} className="text-sm italic">
                    {t('pay.notOffered')}
                  </span>
                )}
              </span>
            </label>
            {option.offered && option.id === paymentId && option.id === PAYMENT.bankTransfer && (
              <fieldset className="mt-1 mb-2 ml-8" aria-describedby={bankHintId}>
                <legend className="text-sm font-semibold text-roast">{t('pay.bankLegend')}</legend>
                <div className="mt-1 flex flex-wrap gap-2">
                  {BANK_CHOICES.map((choice, index) => (
                    <label key={choice.value} className="cursor-pointer">
                      <input
                        type="radio"
                        name="payment-bank"
                        id={index === 0 ? bankFieldId : undefined}
                        value={choice.value}
                        checked={bank === choice.value}
                        onChange={() => onBank(choice.value)}
                        required
                        aria-invalid={bankMissingShown ? true : undefined}
                        className="peer sr-only"
                      />
                      <span className="flex min-h-11 min-w-16 items-center justify-center rounded-xl px-4 font-bold ring-1 ring-roast/30 transition-colors peer-checked:bg-caramel-dark peer-checked:text-white peer-checked:ring-espresso peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-caramel hover:bg-crema peer-checked:hover:bg-caramel-dark">
                        {choice.label}
                      </span>
                    </label>
                  ))}
                </div>
                <p id={bankHintId} aria-live="polite" className="mt-1 text-sm text-roast">
                  {bankMissingShown ? <span className="font-medium text-berry">{t('pay.bankNeeded')}</span> : t('pay.bankHint')}
                </p>
              </fieldset>
            )}
            {option.offered && option.id === paymentId && option.id === PAYMENT.qris && (
              <p className="mb-2 ml-8 text-sm text-roast">{t('pay.qrisHint')}</p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
