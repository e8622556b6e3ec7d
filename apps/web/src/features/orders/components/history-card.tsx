import type { Order } from '@kopi/shared';
import { formatIDR, formatShopMoment } from '@kopi/shared';
import { useRef } from 'react';
import { useLocale, useT } from '../../../lib/i18n';
import { imageSources } from '../../../lib/image-url';
import { nameOf, SIZE_KEYS } from '../../../lib/names';
import { Link } from '../../../lib/router';
import { SHOP_TIMEZONE } from '../../../lib/shop-name';
import { StatusBadge } from './status-badge';

const LONG_PRESS_MS = 600;

interface HistoryCardProps {
  order: Order;
  deleting: boolean;
  busy: boolean;
  onLongPress: () => void;
  onHide: () => void;
}

/**
 * History (docs/decisions/spec-fidelity.md#kept-word-for-word): image, product name, price and status (live); the card
 * opens the order; a long press reveals the x.
 */
export function HistoryCard({ order, deleting, busy, onLongPress, onHide }: HistoryCardProps) {
  const timer = useRef<number | undefined>(undefined);
  // The click that ends a long press reveals the x: it does not also open the order.
  const longPressed = useRef(false);
  const t = useT();
  const locale = useLocale();
  const [first, ...rest] = order.items;
  const name = first
    ? rest.length
      ? t('history.more', { name: first.product_name, count: rest.length })
      : first.product_name
    : t('history.orderN', { number: order.number });

  const startPress = () => {
    longPressed.current = false;
    timer.current = window.setTimeout(() => {
      longPressed.current = true;
      onLongPress();
    }, LONG_PRESS_MS);
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
        <p className="font-bold">
          {/* The whole card opens the order (the link's area covers it); the x stays above it. The link is a
              block, so that its own box is a tap target at least 24 px tall where a phone measures it. */}
          <Link
            to={`/history/${order.id}`}
            className="block truncate rounded py-1 after:absolute after:inset-0 after:rounded-2xl"
            onClick={(event) => {
              if (longPressed.current) event.preventDefault();
            }}
          >
            {/* Positioned, so that the visually hidden words are placed and clipped inside the truncated name:
                against the card they would stick out past a long name and widen a phone's page. */}
            <span className="relative">
              <span className="mr-2 text-caramel-dark">#{order.number}</span>
              {name}
              <span className="sr-only"> {t('history.orderNHidden', { number: order.number })}</span>
            </span>
          </Link>
        </p>
        {/* The number is the day's: orders of different days may share it, their dates tell them apart. */}
        <p className="text-sm text-roast" data-testid="history-date">
          <time dateTime={order.created_at}>{formatShopMoment(new Date(order.created_at), SHOP_TIMEZONE, locale)}</time>
        </p>
        {/* Each line's size and add-ons: two cups of one coffee may differ. */}
        <ul className="text-sm text-roast" data-testid="history-lines">
          {order.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never reorder
            <li key={index}>
              {item.qty} × {item.product_name} ({nameOf(t, SIZE_KEYS, item.size_id, item.size_name)})
              {item.addons.length > 0 && <> + {item.addons.map((addon) => `${addon.product_name} × ${addon.qty}`).join(', ')}</>}
            </li>
          ))}
        </ul>
        <p className="font-semibold text-caramel-dark">{formatIDR(order.total)}</p>
        <StatusBadge statusId={order.status_id} name={order.status_name} />
      </div>
      {deleting && (
        <button
          type="button"
          onClick={onHide}
          disabled={busy}
          aria-label={t('history.deleteOrder', { number: order.number, name })}
          className="absolute -top-2 -right-2 z-10 flex size-9 items-center justify-center rounded-full bg-berry text-lg font-bold text-white shadow hover:bg-espresso disabled:opacity-50"
        >
          ×
        </button>
      )}
    </li>
  );
}
