import { formatIDR, type NewOrderRequest, PAYMENT, type PlacedOrder, STATUS } from '@kopi/shared';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { canRetry, errorMessage, isApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { onceBackOnline, onlineReturns } from '../../../lib/use-online';
import { type PendingSale, placeSale, useShiftChanged } from '../api/till';
import type { TillPayment } from '../sale-model';
import { CashTendered } from './cash-tendered';
import { QrisAtTill } from './qris-at-till';

type Payment = { payment_id: TillPayment; cash_tendered?: number; card_reference?: string };

/** A sale sent: its one Idempotency-Key and body, kept until the server has answered it. */
interface Attempt {
  key: string;
  body: NewOrderRequest;
  state: 'sending' | 'cut';
  message?: string;
  /** Cut: the count of the network's returns (onlineReturns) when the cut sending began. */
  sentAtReturn?: number;
}

const METHODS = ['cash', 'card', 'qris'] as const;
type Method = (typeof METHODS)[number];
const METHOD_NAMES = { cash: 'admin.till.cash', card: 'admin.till.card', qris: 'admin.till.qris' } as const;

/**
 * Paying: Cash (exact, the next round notes, or any amount), Card (with its reference) or, where the
 * shop takes online payments, QRIS (its code on the till's screen until it is paid). The sale
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
  qris = false,
}: {
  total: number;
  /** The total rounded to the shop's cash step (the quote's cash_to_pay): what exact cash is. */
  cashToPay: number;
  makeBody: (payment: Payment) => NewOrderRequest;
  onSending: (sending: boolean) => void;
  onPaid: (order: PlacedOrder) => void;
  /** A sale this device sent before (the page was reloaded) whose answer never came. */
  resume?: PendingSale;
  /** Whether QRIS is offered: the shop takes online payments (GET /shop's online_payments). */
  qris?: boolean;
}) {
  const t = useT();
  const shiftChanged = useShiftChanged();
  const [method, setMethod] = useState<Method | null>(null);
  const [awaiting, setAwaiting] = useState<PlacedOrder | null>(null);
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
    const sentAtReturn = onlineReturns();
    setAttempt({ ...sale, state: 'sending' });
    setRefused(null);
    onSending(true);
    try {
      const order = await placeSale(sale.body, sale.key);
      shiftChanged(undefined);
      // QRIS: stored, charged, and waiting for the customer to scan; the cart stays locked meanwhile.
      if (order.status_id === STATUS.awaitingPayment) setAwaiting(order);
      else onPaid(order);
    } catch (failure) {
      if (canRetry(failure) || isApiError(failure, 'order_in_progress')) {
        // Maybe placed, maybe not: only this key may find out (placeSale keeps it on the device meanwhile).
        setAttempt({ ...sale, state: 'cut', message: errorMessage(failure), sentAtReturn });
      } else {
        setAttempt(null);
        onSending(false);
        setRefused(errorMessage(failure));
        if (isApiError(failure, 'no_open_shift')) shiftChanged(undefined);
      }
    }
  };
  const pay = (payment: Payment) => void send({ key: newIdempotencyKey(), body: makeBody(payment), state: 'sending' });

  // A sale cut off by the network is sent again, with its key, as soon as the device is back online,
  // even if it came back before this listened (effects run after a paint). A sale kept from before a
  // reload waits for the next return.
  useEffect(() => {
    if (attempt?.state !== 'cut') return;
    return onceBackOnline(attempt.sentAtReturn ?? onlineReturns(), () => void send(attempt));
  });

  if (awaiting) {
    return (
      <QrisAtTill
        sale={awaiting}
        onPaid={(order) => {
          shiftChanged(undefined);
          onPaid(order);
        }}
        onEnded={(message) => {
          setAwaiting(null);
          setAttempt(null);
          setMethod(null);
          onSending(false);
          setRefused(message);
        }}
      />
    );
  }

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
  return (
    <div className="space-y-3">
      {refused && (
        <p role="alert" className="rounded-xl border border-berry/30 bg-berry/5 p-3 text-berry">
          {refused}
        </p>
      )}
      <div className={`grid gap-2 ${qris ? 'grid-cols-3' : 'grid-cols-2'}`}>
        {(qris ? METHODS : METHODS.slice(0, 2)).map((choice) => (
          <button
            key={choice}
            type="button"
            aria-pressed={method === choice}
            disabled={sending}
            className={`min-h-14 rounded-2xl text-lg font-bold ring-2 ring-espresso ${method === choice ? 'bg-espresso text-crema' : 'bg-white'}`}
            onClick={() => setMethod(choice)}
          >
            {t(METHOD_NAMES[choice])}
          </button>
        ))}
      </div>
      {method === 'cash' && (
        <div className="space-y-2 rounded-2xl bg-white p-3 ring-1 ring-roast/15">
          <p className="font-semibold">{t('admin.till.handedOver')}</p>
          <CashTendered toPay={cashToPay} busy={sending} onTender={(amount) => pay({ payment_id: PAYMENT.cash, cash_tendered: amount })} />
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
      {method === 'qris' && (
        <Button className="min-h-14 w-full text-lg" busy={sending} onClick={() => pay({ payment_id: PAYMENT.qris })}>
          {t('admin.till.chargeQris', { total: formatIDR(total) })}
        </Button>
      )}
      <div ref={pane} />
    </div>
  );
}
