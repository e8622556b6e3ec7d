import { formatShopTime, STATUS, STATUSES, statusName } from '@kopi/shared';
import { SHOP_TIMEZONE } from '../../../lib/shop-name';
import type { LiveOrder } from '../api/order-cache';
import { CUSTOMER_STEP_NAMES, ORDER_TEXT } from '../texts';

/** The steps an order goes through when nothing goes wrong, in STATUSES' order: Ordered → … → Done. */
const PATH = STATUSES.filter((s) => s.id !== STATUS.cancelled).map((s) => s.id);

export function stepName(id: number): string {
  return CUSTOMER_STEP_NAMES[id] ?? statusName(id);
}

/** Where an order is on its path, with when it got there; a cancelled order shows how far it came. */
export function OrderTracker({ order }: { order: LiveOrder }) {
  const events = order.events ?? [];
  const cancelled = order.status_id === STATUS.cancelled;
  // How far it came: its status, or before a cancellation the last status on the path it reached.
  const reached = cancelled
    ? ([...events].reverse().find((e) => PATH.some((id) => id === e.status_id))?.status_id ?? STATUS.pending)
    : order.status_id;
  const at = (PATH as readonly number[]).indexOf(reached);
  const timeOf = (id: number) => {
    const event = events.find((e) => e.status_id === id);
    return event ? formatShopTime(new Date(event.at), SHOP_TIMEZONE) : undefined;
  };
  const current = cancelled ? statusName(STATUS.cancelled) : stepName(order.status_id);

  return (
    <div>
      <p className="sr-only" aria-live="polite" data-testid="tracker-current">
        {ORDER_TEXT.currentStep}: {current}
      </p>
      <ol aria-label={ORDER_TEXT.orderProgress} className="grid grid-cols-4 gap-1 sm:gap-2">
        {PATH.map((id, index) => {
          const done = index <= at;
          const isCurrent = !cancelled && index === at;
          const time = done ? timeOf(id) : undefined;
          return (
            <li key={id} aria-current={isCurrent ? 'step' : undefined} className="flex flex-col items-center gap-1 text-center">
              <span
                aria-hidden="true"
                className={`h-2 w-full rounded-full ${done ? (cancelled ? 'bg-roast/40' : 'bg-leaf') : 'bg-roast/15'}`}
              />
              <span className={`text-sm ${isCurrent ? 'font-bold text-leaf' : done ? 'font-semibold' : 'text-roast'}`}>{stepName(id)}</span>
              {time && <span className="text-xs text-roast">{time}</span>}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
