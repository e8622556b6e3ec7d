import { formatShopMoment, type OrderDetail, STATUS } from '@kopi/shared';
import { SHOP_TIMEZONE } from '../../../lib/shop-name';
import type { StreamPhase } from '../../../lib/use-event-source';
import { ORDER_TEXT } from '../texts';
import { StoredOrderSummary } from './order-summary';
import { OrderTracker } from './order-tracker';

const FOLLOW_TEXT: Record<Exclude<StreamPhase, 'live'>, { title: string; hint: string }> = {
  connecting: { title: 'Connecting…', hint: 'Your order is placed; its progress will show here in a moment.' },
  reconnecting: {
    title: 'Reconnecting…',
    hint: 'The connection to the shop dropped. Your order is placed and being made; its progress will show as soon as the connection is back.',
  },
  offline: {
    title: 'You are offline',
    hint: 'Your order is placed and the shop is making it. This page will catch up as soon as your phone is back online.',
  },
};

/** A guest's order at a table: its number to listen for, where it is, and what was ordered. */
export function GuestOrderView({ order, phase }: { order: OrderDetail; phase: StreamPhase | 'ended' }) {
  const ready = order.status_id === STATUS.ready;
  return (
    <div className="space-y-6">
      <div className="space-y-1 text-center">
        <p className="text-roast">
          {order.table?.name ?? 'Dine In'} · {order.customer.display_name}
        </p>
        <h1 className="font-display text-5xl font-bold">Order #{order.number}</h1>
        <p className="text-sm text-roast">
          {ORDER_TEXT.placedOn} {formatShopMoment(new Date(order.created_at), SHOP_TIMEZONE)} · Pay in cash at the counter
        </p>
      </div>
      {phase !== 'live' && phase !== 'ended' && (
        <div role="alert" data-testid="guest-order-connection" className="rounded-xl border border-caramel/40 bg-honey/15 p-3 text-sm">
          <p className="font-bold">{FOLLOW_TEXT[phase].title}</p>
          <p>{FOLLOW_TEXT[phase].hint}</p>
        </div>
      )}
      <section aria-label={ORDER_TEXT.orderStatus} className="space-y-4 rounded-3xl bg-white p-5 shadow-sm">
        {ready && (
          <p role="status" className="rounded-2xl bg-leaf p-4 text-center font-display text-2xl font-bold text-white">
            {ORDER_TEXT.orderReadyHeading}: pick up #{order.number} at the counter
          </p>
        )}
        {order.status_id === STATUS.cancelled && (
          <p role="status" className="rounded-2xl border border-berry/30 bg-berry/5 p-4 font-bold text-berry">
            {ORDER_TEXT.cancelledByShop}: please ask the staff
          </p>
        )}
        <OrderTracker order={order} />
      </section>
      <section aria-label="Items" className="space-y-4 rounded-3xl bg-white p-5 shadow-sm">
        <StoredOrderSummary order={order} />
      </section>
    </div>
  );
}
