import { formatIDR, VA_BANK_NAMES } from '@kopi/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { QrisCode } from '../../../components/qris-code';
import { useT } from '../../../lib/i18n';
import { useLiveState } from '../../../lib/live-orders/live-orders';
import { type LiveOrder, orderKeys } from '../../../lib/live-orders/order-cache';
import { countdownNotice, formatTimeLeft, secondsUntil } from '../payment-countdown';

// An order awaiting its online payment (docs/shop-rules.md#payments): the amount, the time left, and
// the QR code to scan or the virtual account to transfer to. The order stream turns the page into
// the tracker when the payment arrives, or says it expired.

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the device says it has a network. */
function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** Seconds left until `expiresAt`, from the clock (a background tab's slowed timers do not make it wrong). */
function useSecondsLeft(expiresAt: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [expiresAt]);
  return expiresAt ? secondsUntil(expiresAt, now) : 0;
}

/** How often, once the time is up, the order is read again in case the stream's word was missed. */
const RECHECK_MS = 4_000;

export function AwaitingPaymentPanel({ order }: { order: LiveOrder }) {
  const { payment } = order;
  const left = useSecondsLeft(payment.expires_at);
  const timeUp = payment.expires_at !== null && left === 0;
  const online = useOnline();
  const { phase } = useLiveState();
  const queryClient = useQueryClient();
  const amount = formatIDR(order.total);
  const headingId = useId();
  const t = useT();
  const countdownKey = countdownNotice(left);

  // The shop cancels an unpaid order within a second of its time, and the stream says so; should
  // that word be missed, the order is read again until it is no longer awaiting its payment.
  useEffect(() => {
    if (!timeUp || !online) return;
    const timer = window.setInterval(() => void queryClient.invalidateQueries({ queryKey: orderKeys.detail(order.id) }), RECHECK_MS);
    return () => window.clearInterval(timer);
  }, [timeUp, online, queryClient, order.id]);

  return (
    <section aria-labelledby={headingId} className="space-y-4" data-testid="payment-panel">
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
        <div>
          <h2 id={headingId} className="text-2xl font-bold">
            {t('pay.heading')}
          </h2>
          <p className="text-roast">
            <span className="sr-only">{t('pay.amount')}: </span>
            <span className="font-display text-3xl font-bold text-espresso" data-testid="payment-amount">
              {amount}
            </span>
          </p>
        </div>
        {payment.expires_at && (
          <p className="text-lg" data-testid="payment-countdown">
            {t('pay.within')}{' '}
            <span role="timer" className={`font-mono text-2xl font-bold tabular-nums ${left <= 60 ? 'text-berry' : 'text-espresso'}`}>
              {formatTimeLeft(left)}
            </span>
          </p>
        )}
      </div>
      {/* The ticking timer is not read out every second: a screen reader hears when 5, 2 and 1 minutes are left, and when time is up. */}
      <p className="sr-only" aria-live="polite" data-testid="payment-countdown-notice">
        {countdownKey ? t(countdownKey) : ''}
      </p>

      {timeUp ? (
        <p role="status" className="rounded-xl bg-honey/25 p-4 font-semibold text-espresso">
          {online ? t('pay.timeUp') : t('pay.timeUpOffline')}
        </p>
      ) : payment.qr_string ? (
        <QrisCode
          qrString={payment.qr_string}
          alt={t('pay.qrAlt', { amount, number: order.number })}
          fileName={`kopi-senja-order-${order.number}-qris.png`}
        />
      ) : payment.va_number ? (
        <VirtualAccount bank={payment.bank ? VA_BANK_NAMES[payment.bank] : ''} number={payment.va_number} amount={amount} />
      ) : null}

      <div aria-live="polite">
        {!online ? (
          <div className="rounded-xl border border-caramel/40 bg-honey/15 p-3 text-sm text-espresso" data-testid="payment-offline">
            <p className="font-bold">{t('pay.offline')}</p>
            <p>{t('pay.offlineHint')}</p>
          </div>
        ) : phase === 'reconnecting' || phase === 'failed' ? (
          <div className="rounded-xl border border-caramel/40 bg-honey/15 p-3 text-sm text-espresso" data-testid="payment-offline">
            <p className="font-bold">{t('pay.reconnecting')}</p>
            <p>{t('pay.reconnectingHint')}</p>
          </div>
        ) : (
          !timeUp && <p className="text-sm text-roast">{t('pay.followsLive')}</p>
        )}
      </div>
    </section>
  );
}

/** How long "Copied" stays. */
const COPIED_MS = 3_000;

function VirtualAccount({ bank, number, amount }: { bank: string; number: string; amount: string }) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const numberRef = useRef<HTMLElement>(null);
  const t = useT();
  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = window.setTimeout(() => setCopy('idle'), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copy]);

  const copyNumber = async () => {
    try {
      await navigator.clipboard.writeText(number);
      setCopy('copied');
    } catch {
      // No clipboard here (a page not served over HTTPS, a refusal): the number is selected instead.
      const selection = window.getSelection();
      if (numberRef.current && selection) selection.selectAllChildren(numberRef.current);
      setCopy('failed');
    }
  };

  return (
    <div className="space-y-3" data-testid="virtual-account">
      <p className="font-semibold">{t('pay.transferTo', { bank })}</p>
      <div className="flex flex-wrap items-center gap-3 rounded-xl bg-crema p-4">
        <div className="min-w-0 flex-1">
          <p className="text-sm text-roast">
            {bank} · {t('pay.vaLabel')}
          </p>
          <p className="font-mono text-2xl font-bold tracking-wide break-all text-espresso">
            <span ref={numberRef} data-testid="va-number">
              {number}
            </span>
          </p>
        </div>
        <button
          type="button"
          onClick={() => void copyNumber()}
          className="inline-flex min-h-11 min-w-20 items-center justify-center rounded-xl bg-caramel-dark px-5 font-semibold text-white hover:bg-roast"
        >
          {t('pay.copy')}
          <span className="sr-only"> {t('pay.vaLabel')}</span>
        </button>
      </div>
      <p role="status" className="min-h-6 text-sm font-semibold">
        {copy === 'copied' && (
          <span className="text-leaf">
            <span aria-hidden="true">✓ </span>
            {t('pay.copied')}
          </span>
        )}
        {copy === 'failed' && <span className="text-berry">{t('pay.copyFailed')}</span>}
      </p>
      <p className="text-sm text-roast">{t('pay.transferHint', { amount })}</p>
    </div>
  );
}
