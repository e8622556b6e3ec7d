import { CUSTOMER_CANCELLABLE, formatShopMoment, STATUS, type StatusId } from '@kopi/shared';
import { useState } from 'react';
import { CancelOrderDialog } from '../../../components/cancel-order-dialog';
import { LiveStatus } from '../../../components/live-status';
import { StoredOrderSummary } from '../../../components/order-summary';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { type MessageKey, useLocale, useT } from '../../../lib/i18n';
import type { LiveOrder } from '../../../lib/live-orders/order-cache';
import { DELIVERY_TITLE_KEYS, nameOf } from '../../../lib/names';
import { openReceipt } from '../../../lib/receipt';
import { SHOP_TIMEZONE, shopName } from '../../../lib/shop-name';
import { toast } from '../../../lib/toast';
import { useCancelOwnOrder } from '../api/own-orders';
import { deliveryAddressOf } from '../delivery-address';
import { OrderTracker } from './order-tracker';
import { PaymentNote, paymentMethodText, paymentStatusText } from './payment-note';
import { AwaitingPaymentPanel } from './payment-panel';

/** Why an order paid online was cancelled, said first (the cancellation's reason is the shop's word for it). */
const UNPAID_TEXT = { expired: 'order.unpaidExpired', failed: 'order.unpaidFailed' } as const satisfies Record<string, MessageKey>;

interface OrderDetailsProps {
  order: LiveOrder;
  /** The signed-in account placed it (an admin may look at anyone's). */
  mine: boolean;
  /** An admin looks at it: a refund the gateway refused is said with why. */
  admin: boolean;
  orderingAgain: boolean;
  onOrderAgain: () => void;
}

/** The customer's order page: where it is, what it is, and its receipt. */
export function OrderDetails({ order, mine, admin, orderingAgain, onOrderAgain }: OrderDetailsProps) {
  const [cancelling, setCancelling] = useState(false);
  const t = useT();
  const locale = useLocale();
  const cancel = useCancelOwnOrder({
    onSuccess: () => {
      setCancelling(false);
      toast.success(t('order.cancelled'));
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const cancellation =
    order.status_id === STATUS.cancelled ? [...(order.events ?? [])].reverse().find((e) => e.status_id === STATUS.cancelled) : undefined;
  const cancellable = mine && CUSTOMER_CANCELLABLE.includes(order.status_id as StatusId);
  const awaitingPayment = order.status_id === STATUS.awaitingPayment && order.payment.status === 'awaiting';
  // Cancelled by the shop because nobody paid: said so, rather than "the shop cancelled this order".
  const unpaid =
    order.status_id === STATUS.cancelled && !cancellation?.by
      ? order.payment.status === 'expired'
        ? t(UNPAID_TEXT.expired)
        : order.payment.status === 'failed'
          ? t(UNPAID_TEXT.failed)
          : undefined
      : undefined;

  const address = deliveryAddressOf(order);
  const facts: [string, string][] = [
    [t('order.placedOn'), formatShopMoment(new Date(order.created_at), SHOP_TIMEZONE, locale)],
    [t('order.delivery'), nameOf(t, DELIVERY_TITLE_KEYS, order.delivery_id, order.delivery_name)],
    ...(order.table ? ([[t('order.table'), order.table.name]] as [string, string][]) : []),
    [t('order.time'), order.scheduled_for ? formatShopMoment(new Date(order.scheduled_for), SHOP_TIMEZONE, locale) : t('schedule.asap')],
    ...(address ? ([[t('order.address'), address]] as [string, string][]) : []),
    [t('order.payment'), paymentMethodText(order.payment, order.payment_method, order.delivery_id, t)],
    ...(order.payment.status !== 'none'
      ? ([[t('order.paymentStatus'), paymentStatusText(order.payment, t, locale)]] as [string, string][])
      : []),
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          {/* The receipt's header when printed. */}
          <p className="hidden font-display text-2xl font-bold print:block" data-testid="receipt-header">
            {shopName()}
          </p>
          {/* The order's number of the day names it at the counter; its id stays in the address. */}
          <h1 className="text-3xl font-bold">{t('order.heading', { number: order.number })}</h1>
          <p className="text-roast">{order.customer.display_name}</p>
        </div>
        <LiveStatus className="print:hidden" />
      </div>

      <section aria-label={t('order.status')} className="space-y-4 rounded-3xl bg-white p-6 shadow-sm print:hidden">
        {order.status_id === STATUS.ready && (
          <p role="status" className="rounded-2xl bg-leaf p-4 text-center font-display text-2xl font-bold text-white">
            {t('order.readyHeading')}
          </p>
        )}
        {order.status_id === STATUS.cancelled && (
          <div role="status" className="rounded-2xl border border-berry/30 bg-berry/5 p-4 text-berry" data-testid="order-cancelled">
            <p className="font-bold">
              {unpaid ?? (cancellation?.by?.id === order.customer.id ? t('order.cancelledByYou') : t('order.cancelledByShop'))}
            </p>
            {!unpaid && cancellation?.reason && <p>“{cancellation.reason}”</p>}
          </div>
        )}
        {/* Until it is paid the customer sees what to pay with; then, live, where the order is. */}
        {awaitingPayment ? <AwaitingPaymentPanel order={order} /> : <OrderTracker order={order} />}
        <PaymentNote payment={order.payment} admin={admin} />
      </section>

      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <section aria-label={t('order.items')} className="min-w-0 space-y-4 rounded-3xl bg-white p-6 shadow-sm print:shadow-none">
          <StoredOrderSummary order={order} />
        </section>
        <section
          aria-label={t('order.deliveryAndPayment')}
          className="min-w-0 space-y-4 rounded-3xl bg-white p-6 shadow-sm print:shadow-none"
        >
          <dl className="space-y-2 text-sm">
            {facts.map(([label, value]) => (
              <div key={label} className="flex justify-between gap-4">
                <dt className="text-roast">{label}</dt>
                <dd className="text-right font-semibold">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="grid gap-3 print:hidden">
            <Button
              variant="ghost"
              onClick={() => openReceipt(order.id).catch((error) => toast.error(t('order.receiptFailed', { reason: errorMessage(error) })))}
            >
              {t('order.print')}
            </Button>
            <Button busy={orderingAgain} onClick={onOrderAgain}>
              {t('order.again')}
            </Button>
            {cancellable && (
              <Button variant="danger" onClick={() => setCancelling(true)}>
                {t('order.cancelMine')}
              </Button>
            )}
          </div>
        </section>
      </div>
      <CancelOrderDialog
        open={cancelling}
        title={t('order.cancelMineConfirm')}
        reasonRequired={false}
        busy={cancel.isPending}
        error={cancelling && cancel.isError ? errorMessage(cancel.error) : undefined}
        onConfirm={(reason) => cancel.mutate({ id: order.id, reason })}
        onClose={() => {
          setCancelling(false);
          cancel.reset();
        }}
      />
    </div>
  );
}
