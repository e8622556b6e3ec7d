import { formatShopTime, STATUS, STATUSES } from '@kopi/shared';
import { type MessageKey, useLocale, useT } from '../../../lib/i18n';
import type { LiveOrder } from '../../../lib/live-orders/order-cache';
import { statusKey } from '../../../lib/names';
import { SHOP_TIMEZONE } from '../../../lib/shop-name';

/** The steps an order goes through when nothing goes wrong, in STATUSES' order: (Awaiting payment →) Ordered → … → Done. */
const FULL_PATH = STATUSES.filter((s) => s.id !== STATUS.cancelled).map((s) => s.id);
/** Awaiting payment is a step of orders paid online only (docs/shop-rules.md#payments). */
const COUNTER_PATH = FULL_PATH.filter((id) => id !== STATUS.awaitingPayment);

export function pathOf(order: Pick<LiveOrder, 'status_id' | 'payment' | 'events'>): readonly number[] {
  const online =
    order.payment.status !== 'none' ||
    order.status_id === STATUS.awaitingPayment ||
    (order.events ?? []).some((event) => event.status_id === STATUS.awaitingPayment);
  return online ? FULL_PATH : COUNTER_PATH;
}

/** The customer's names of the steps: Pending is "Ordered" to them; the rest are the statuses' own names. */
function stepKey(id: number): MessageKey {
  return id === STATUS.pending ? 'status.ordered' : statusKey(id);
}

/** Where an order is on its path, with when it got there; a cancelled order shows how far it came. */
export function OrderTracker({ order }: { order: LiveOrder }) {
  const t = useT();
  const locale = useLocale();
  const events = order.events ?? [];
  const path = pathOf(order);
  const cancelled = order.status_id === STATUS.cancelled;
  // How far it came: its status, or before a cancellation the last status on the path it reached.
  const reached = cancelled
    ? ([...events].reverse().find((e) => path.some((id) => id === e.status_id))?.status_id ?? path[0] ?? STATUS.pending)
    : order.status_id;
  const at = path.indexOf(reached);
  const timeOf = (id: number) => {
    const event = events.find((e) => e.status_id === id);
    return event ? formatShopTime(new Date(event.at), SHOP_TIMEZONE, locale) : undefined;
  };
  // Five steps share a phone's width: their names a size smaller, so that "Awaiting payment" fits its column.
  const label = path.length > 4 ? 'text-xs leading-tight break-words sm:text-sm' : 'text-sm';
  const current = t(cancelled ? 'status.cancelled' : stepKey(order.status_id));

  return (
    <div>
      <p className="sr-only" aria-live="polite" data-testid="tracker-current">
        {t('tracker.currentStep', { step: current })}
      </p>
      <ol
        aria-label={t('tracker.progress')}
        className="grid gap-1 sm:gap-2"
        style={{ gridTemplateColumns: `repeat(${path.length}, minmax(0, 1fr))` }}
      >
        {path.map((id, index) => {
          const done = index <= at;
          const isCurrent = !cancelled && index === at;
          const time = done ? timeOf(id) : undefined;
          return (
            <li key={id} aria-current={isCurrent ? 'step' : undefined} className="flex flex-col items-center gap-1 text-center">
              <span
                aria-hidden="true"
                className={`h-2 w-full rounded-full ${done ? (cancelled ? 'bg-roast/40' : 'bg-leaf') : 'bg-roast/15'}`}
              />
              <span className={`${label} ${isCurrent ? 'font-bold text-leaf' : done ? 'font-semibold' : 'text-roast'}`}>
                {t(stepKey(id))}
              </span>
              {time && <span className="text-xs text-roast">{time}</span>}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
