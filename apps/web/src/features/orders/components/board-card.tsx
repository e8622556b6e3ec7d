import { DOOR_DELIVERY_ID, formatShopMoment, STATUS, STATUSES, type StatusId, statusName } from '@kopi/shared';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { SHOP_TIMEZONE } from '../../../lib/shop-name';
import { TEXT } from '../../../lib/texts';
import { timeAgo } from '../../../lib/use-now';
import type { LiveOrder } from '../api/order-cache';
import { useMoveOrder } from '../api/orders';
import { DELIVERY_TITLES } from '../labels';
import { MOVE_LABELS, ORDER_TEXT } from '../texts';
import { CancelOrderDialog } from './cancel-order-dialog';

function moveLabel(to: StatusId): string {
  return MOVE_LABELS[to] ?? `→ ${statusName(to)}`;
}

/** The moves an admin may make from a status (STATUSES), the first of them being "on". */
function movesFrom(status: number): StatusId[] {
  const next: readonly StatusId[] = STATUSES.find((s) => s.id === status)?.next ?? [];
  return next.filter((to) => to !== STATUS.cancelled);
}

export function addonNames(line: LiveOrder['items'][number]): string[] {
  return (line.addons ?? []).map((addon) => `${addon.qty > 1 ? `${addon.qty} × ` : ''}${addon.product_name}`);
}

/** One order on the staff board: what to make, for whom, how and when; one click moves it on. */
export function BoardCard({ order, now }: { order: LiveOrder; now: number }) {
  const [cancelling, setCancelling] = useState(false);
  const move = useMoveOrder({
    onSuccess: (moved) => {
      setCancelling(false);
      // A failed try of this card is over: its message goes.
      toast.dismiss(`move-failed-${moved.id}`);
      toast.success(`#${moved.id} → ${moved.status_name}`, { toastId: `moved-${moved.id}-${moved.status_id}` });
    },
    onError: (error) => toast.error(`#${order.id}: ${errorMessage(error)}`, { toastId: `move-failed-${order.id}` }),
  });
  const [onward, ...others] = movesFrom(order.status_id);
  const canCancel = STATUSES.find((s) => s.id === order.status_id)?.next.some((to) => to === STATUS.cancelled) ?? false;
  const moving = move.isPending ? move.variables.statusId : undefined;
  const headingId = `board-order-${order.id}`;

  return (
    <li>
      <article aria-labelledby={headingId} className="space-y-2 rounded-2xl bg-white p-4 shadow-sm" data-testid="board-card">
        <header className="flex flex-wrap items-baseline justify-between gap-x-3">
          <h3 id={headingId} className="font-sans text-lg font-bold">
            #{order.id} <span className="font-semibold">{order.customer.display_name}</span>
          </h3>
          <p className="text-sm text-roast">
            {ORDER_TEXT.placedAgo} {timeAgo(Date.parse(order.created_at), now, ORDER_TEXT.justNow)}
          </p>
        </header>
        <ul className="space-y-0.5">
          {order.items.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a line's place in its order is its identity
            <li key={index}>
              <span className="font-semibold">{line.qty} ×</span> {line.product_name} <span className="text-roast">({line.size_name})</span>
              {addonNames(line).length > 0 && <span className="block pl-6 text-sm text-roast">+ {addonNames(line).join(', ')}</span>}
            </li>
          ))}
        </ul>
        <p className="text-sm">
          <span className="rounded-full bg-crema px-2 py-0.5 font-semibold">
            {DELIVERY_TITLES[order.delivery_id] ?? order.delivery_name}
          </span>{' '}
          {order.scheduled_for ? (
            <strong>
              {ORDER_TEXT.scheduledFor} {formatShopMoment(new Date(order.scheduled_for), SHOP_TIMEZONE)}
            </strong>
          ) : (
            <span>{TEXT.asSoonAsPossible}</span>
          )}
        </p>
        {order.delivery_id === DOOR_DELIVERY_ID && order.address && (
          <p className="text-sm">
            {ORDER_TEXT.addressLabel}: {order.address}
          </p>
        )}
        {/* Every move is at least 44 × 44 px: tapped in a hurry, often with a wet hand. */}
        <div className="flex flex-wrap gap-2 pt-1">
          {onward !== undefined && (
            <Button
              className="min-h-11 flex-1 px-3 py-2"
              busy={moving === onward}
              disabled={move.isPending}
              onClick={() => move.mutate({ id: order.id, statusId: onward })}
            >
              {moveLabel(onward)}
              <span className="sr-only"> #{order.id}</span>
            </Button>
          )}
          {canCancel && (
            <Button variant="ghost" className="min-h-11 px-3 py-2" disabled={move.isPending} onClick={() => setCancelling(true)}>
              {ORDER_TEXT.cancelOrder}
              <span className="sr-only"> #{order.id}</span>
            </Button>
          )}
        </div>
        {others.length > 0 && (
          <details className="text-sm">
            <summary className="cursor-pointer rounded py-3 text-roast">{ORDER_TEXT.moreMoves}</summary>
            <div className="mt-2 flex flex-wrap gap-2">
              {others.map((to) => (
                <Button
                  key={to}
                  variant="ghost"
                  className="min-h-11 px-3 py-1.5 text-sm"
                  busy={moving === to}
                  disabled={move.isPending}
                  onClick={() => move.mutate({ id: order.id, statusId: to })}
                >
                  {moveLabel(to)}
                  <span className="sr-only"> #{order.id}</span>
                </Button>
              ))}
            </div>
          </details>
        )}
      </article>
      <CancelOrderDialog
        open={cancelling}
        title={`${ORDER_TEXT.cancelOrder} #${order.id} (${order.customer.display_name})`}
        reasonRequired
        busy={move.isPending}
        error={cancelling && move.isError ? errorMessage(move.error) : undefined}
        onConfirm={(reason) => move.mutate({ id: order.id, statusId: STATUS.cancelled, reason })}
        onClose={() => {
          setCancelling(false);
          move.reset();
        }}
      />
    </li>
  );
}
