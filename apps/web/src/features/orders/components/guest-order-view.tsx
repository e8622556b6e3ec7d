import { formatShopMoment, type OrderDetail, STATUS } from '@kopi/shared';
import { StoredOrderSummary } from '../../../components/order-summary';
import { type MessageKey, useLocale, useT } from '../../../lib/i18n';
import { SHOP_TIMEZONE } from '../../../lib/shop-name';
import type { StreamPhase } from '../../../lib/use-event-source';
import { OrderTracker } from './order-tracker';

const FOLLOW_TEXT: Record<Exclude<StreamPhase, 'live'>, { title: MessageKey; hint: MessageKey }> = {
  connecting: { title: 'tableFlow.connecting', hint: 'tableFlow.connectingHint' },
  reconnecting: { title: 'tableFlow.reconnecting', hint: 'tableFlow.reconnectingHint' },
  offline: { title: 'tableFlow.offline', hint: 'tableFlow.offlineHint' },
};

/** A guest's order at a table: its number to listen for, where it is, and what was ordered. */
export function GuestOrderView({ order, phase }: { order: OrderDetail; phase: StreamPhase | 'ended' }) {
  const ready = order.status_id === STATUS.ready;
  const t = useT();
  const locale = useLocale();
  return (
    <div className="space-y-6">
      <div className="space-y-1 text-center">
        <p className="text-roast">
          {order.table?.name ?? t('table.dineIn')} · {order.customer.display_name}
        </p>
        <h1 className="font-display text-5xl font-bold">{t('order.heading', { number: order.number })}</h1>
        <p className="text-sm text-roast">
          {t('order.placedOn')} {formatShopMoment(new Date(order.created_at), SHOP_TIMEZONE, locale)} · {t('tableFlow.payCash')}
        </p>
      </div>
      {phase !== 'live' && phase !== 'ended' && (
        <div role="alert" data-testid="guest-order-connection" className="rounded-xl border border-caramel/40 bg-honey/15 p-3 text-sm">
          <p className="font-bold">{t(FOLLOW_TEXT[phase].title)}</p>
          <p>{t(FOLLOW_TEXT[phase].hint)}</p>
        </div>
      )}
      <section aria-label={t('order.status')} className="space-y-4 rounded-3xl bg-white p-5 shadow-sm">
        {ready && (
          <p role="status" className="rounded-2xl bg-leaf p-4 text-center font-display text-2xl font-bold text-white">
            {t('tableFlow.readyPickUp', { number: order.number })}
          </p>
        )}
        {order.status_id === STATUS.cancelled && (
          <p role="status" className="rounded-2xl border border-berry/30 bg-berry/5 p-4 font-bold text-berry">
            {t('tableFlow.cancelled')}
          </p>
        )}
        <OrderTracker order={order} />
      </section>
      <section aria-label={t('order.items')} className="space-y-4 rounded-3xl bg-white p-5 shadow-sm">
        <StoredOrderSummary order={order} />
      </section>
    </div>
  );
}
