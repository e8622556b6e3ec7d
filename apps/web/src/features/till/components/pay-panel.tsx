import { formatIDR, type NewOrderRequest, PAYMENT, type PlacedOrder } from '@kopi/shared';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { canRetry, errorMessage, isApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { type PendingSale, placeSale, useShiftChanged } from '../api/till';
import { cashSuggestions, type TillPayment } from '../sale-model';
import { AmountInput } from './amount-input';

type Payment = { payment_id: TillPayment; cash_tendered?: number; card_reference?: string };

/** A sale sent: its one Idempotency-Key and body, kept until the server has answered it. */
interface Attempt {
  key: string;
  body: NewOrderRequest;
  state: 'sending' | 'cut';
  message?: string;
}

const QUICK = 'min-h-14 rounded-2xl bg-caramel-dark px-3 text-lg font-bold text-white shadow-sm hover:bg-roast disabled:opacity-50';

/**
 * Paying: Cash (exact, the next round notes, or any amount) or Card (with its reference). The sale
 * is sent with an Idempotency-Key made for it; cut off (the network, a server fault), the cashier is
 * told and "Try again" sends the same key: never two sales. A refusal (too little cash, sold out, no
 * shift) lets the cart be changed and paid again.
 */
export function PayPanel({
  total,
  cashToPay,
  makeBody,
  onSending,
  onPaid,
  resume,
}: {
  total: number;
  /** The total rounded to the shop's cash step (the quote's cash_to_pay): what exact cash is. */
  cashToPay: number;
  makeBody: (payment: Payment) => NewOrderRequest;
  onSending: (sending: boolean) => void;
  onPaid: (order: PlacedOrder) => void;
  /** A sale this device sent before (the page was reloaded) whose answer never came. */
  resume?: PendingSale;
}) {
  const t = useT();
  const shiftChanged = useShiftChanged();
  const [method, setMethod] = useState<'cash' | 'card' | null>(null);
  const [tendered, setTendered] = useState<number | null>(null);
  const [reference, setReference] = useState('');
  const [attempt, setAttempt] = useState<Attempt | null>(() => (resume ? { ...resume, state: 'cut' } : null));
  const [refused, setRefused] = useState<string | null>(null);
  const pane = useRef<HTMLDivElement>(null);
  // The amounts come into view as soon as the payment is chosen, on a tablet's short screen too.
  useEffect(() => {
    const end = pane.current;
    if (!method || !end) return;
    // Beside the menu the cart scrolls on its own; stacked on a phone, the page does.
    const aside = end.closest('aside');
    if (aside && getComputedStyle(aside).overflowY === 'auto' && aside.scrollHeight > aside.clientHeight)
      aside.scrollTop = aside.scrollHeight;
    else if (end.getBoundingClientRect().bottom > window.innerHeight) end.scrollIntoView({ block: 'end' });
  }, [method]);

  const send = async (sale: Attempt) => {
    setAttempt({ ...sale, state: 'sending' });
    setRefused(null);
    onSending(true);
    try {
      const order = await placeSale(sale.body, sale.key);
      shiftChanged(undefined);
      onPaid(order);
    } catch (failure) {
      if (canRetry(failure) || isApiError(failure, 'order_in_progress')) {
        // Maybe placed, maybe not: only this key may find out (placeSale keeps it on the device meanwhile).
        setAttempt({ ...sale, state: 'cut', message: errorMessage(failure) });
      } else {
        setAttempt(null);
        onSending(false);
        setRefused(errorMessage(failure));
        if (isApiError(failure, 'no_open_shift')) shiftChanged(undefined);
      }
    }
  };
  const pay = (payment: Payment) => void send({ key: newIdempotencyKey(), body: makeBody(payment), state: 'sending' });

  if (attempt?.state === 'cut') {
    return (
      <div role="alert" className="space-y-3 rounded-2xl border-2 border-berry bg-berry/5 p-4">
        <p className="text-lg font-bold text-berry">{t('admin.till.cutHeading')}</p>
        <p>{t('admin.till.cutText')}</p>
        <p className="text-sm text-roast">{attempt.message}</p>
        <Button className="min-h-14 w-full text-lg" onClick={() => void send(attempt)}>
          {t('admin.till.tryAgain')}
        </Button>
      </div>
    );
  }

  const sending = attempt?.state === 'sending';
  const suggestions = cashSuggestions(cashToPay);
  return (
    <div className="space-y-3">
      {refused && (
        <p role="alert" className="rounded-xl border border-berry/30 bg-berry/5 p-3 text-berry">
          {refused}
        </p>
      )}
      <div className="grid grid-cols-2 gap-2">
        {(['cash', 'card'] as const).map((choice) => (
          <button
            key={choice}
            type="button"
            aria-pressed={method === choice}
            disabled={sending}
            className={`min-h-14 rounded-2xl text-lg font-bold ring-2 ring-espresso ${method === choice ? 'bg-espresso text-crema' : 'bg-white'}`}
            onClick={() => setMethod(choice)}
          >
            {t(choice === 'cash' ? 'admin.till.cash' : 'admin.till.card')}
          </button>
        ))}
      </div>
      {method === 'cash' && (
        <div className="space-y-2 rounded-2xl bg-white p-3 ring-1 ring-roast/15">
          <p className="font-semibold">{t('admin.till.handedOver')}</p>
          <div className="grid grid-cols-2 gap-2">
            <button
              type="button"
              className={QUICK}
              disabled={sending}
              onClick={() => pay({ payment_id: PAYMENT.cash, cash_tendered: cashToPay })}
            >
              {t('admin.till.exact')}
            </button>
            {suggestions.map((amount) => (
              <button
                key={amount}
                type="button"
                className={QUICK}
                disabled={sending}
                onClick={() => pay({ payment_id: PAYMENT.cash, cash_tendered: amount })}
              >
                {formatIDR(amount)}
              </button>
            ))}
          </div>
          <form
            className="flex gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (tendered !== null) pay({ payment_id: PAYMENT.cash, cash_tendered: tendered });
            }}
          >
            <AmountInput
              value={tendered}
              onChange={setTendered}
              aria-label={t('admin.till.otherAmount')}
              placeholder={t('admin.till.otherAmount')}
              className="min-w-0 flex-1 text-xl"
            />
            <Button type="submit" className="min-h-12" busy={sending} disabled={tendered === null}>
              {t('admin.till.charge')}
            </Button>
          </form>
          {tendered !== null && tendered < cashToPay && (
            <p className="text-sm text-berry">{t('admin.till.tooLittle', { total: formatIDR(cashToPay) })}</p>
          )}
        </div>
      )}
      {method === 'card' && (
        <form
          className="space-y-2 rounded-2xl bg-white p-3 ring-1 ring-roast/15"
          onSubmit={(event) => {
            event.preventDefault();
            pay({ payment_id: PAYMENT.card, card_reference: reference.trim() || undefined });
          }}
        >
          <label className="block space-y-1">
            <span className="font-semibold">{t('admin.till.cardReference')}</span>
            <input
              className="block min-h-11 w-full rounded-xl border border-roast/40 bg-white px-3"
              value={reference}
              maxLength={40}
              onChange={(event) => setReference(event.target.value)}
            />
          </label>
          <Button type="submit" className="min-h-14 w-full text-lg" busy={sending}>
            {t('admin.till.chargeCard', { total: formatIDR(total) })}
          </Button>
        </form>
      )}
      <div ref={pane} />
    </div>
  );
}
