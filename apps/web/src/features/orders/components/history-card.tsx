import { formatIDR, type Order } from '@kopi/shared';
import { useRef } from 'react';
import { imageSources } from '../../../lib/image-url';

const LONG_PRESS_MS = 600;

interface HistoryCardProps {
  order: Order;
  deleting: boolean;
  busy: boolean;
  onLongPress: () => void;
  onHide: () => void;
}

/** spec §2 History: image, product name, price and status; a long press reveals the x. */
export function HistoryCard({ order, deleting, busy, onLongPress, onHide }: HistoryCardProps) {
  const timer = useRef<number | undefined>(undefined);
  const [first, ...rest] = order.items;
  const name = first ? `${first.product_name}${rest.length ? ` +${rest.length} more` : ''}` : `Order #${order.id}`;

  const startPress = () => {
    timer.current = window.setTimeout(onLongPress, LONG_PRESS_MS);
  };
  const cancelPress = () => window.clearTimeout(timer.current);

  return (
    <li
      className="relative flex min-w-0 items-center gap-4 rounded-2xl bg-white p-4 shadow-sm select-none"
      data-testid="history-card"
      onPointerDown={startPress}
      onPointerUp={cancelPress}
      onPointerLeave={cancelPress}
      onContextMenu={(event) => event.preventDefault()}
    >
      {first && <img {...imageSources(first.image, 160)} alt="" className="size-16 shrink-0 rounded-full bg-crema object-cover" />}
      <div className="min-w-0 flex-1">
        <p className="truncate font-bold">{name}</p>
        <p className="font-semibold text-caramel-dark">{formatIDR(order.total)}</p>
        <p className="text-sm text-roast">{order.status_name}</p>
      </div>
      {deleting && (
        <button
          type="button"
          onClick={onHide}
          disabled={busy}
          aria-label={`Delete order #${order.id} (${name}) from history`}
          className="absolute -top-2 -right-2 flex size-9 items-center justify-center rounded-full bg-berry text-lg font-bold text-white shadow hover:bg-espresso disabled:opacity-50"
        >
          ×
        </button>
      )}
    </li>
  );
}
