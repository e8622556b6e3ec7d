import { CUSTOMER_CANCELLABLE, formatShopMoment, STATUS, type StatusId } from '@kopi/shared';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { SHOP_NAME, SHOP_TIMEZONE } from '../../../lib/shop-name';
import { TEXT } from '../../../lib/texts';
import type { LiveOrder } from '../api/order-cache';
import { useCancelOwnOrder } from '../api/orders';
import { deliveryAddressOf } from '../delivery-address';
import { DELIVERY_TITLES } from '../labels';
import { ORDER_TEXT } from '../texts';
import { CancelOrderDialog } from './cancel-order-dialog';
import { LiveStatus } from './live-status';
import { StoredOrderSummary } from './order-summary';
import { OrderTracker } from './order-tracker';

interface OrderDetailsProps {
  order: LiveOrder;
  /** The signed-in account placed it (an admin may look at anyone's). */
  mine: boolean;
  orderingAgain: boolean;
  onOrderAgain: () => void;
}

/** The customer's order page: where it is, what it is, and its receipt. */
export function OrderDetails({ order, mine, orderingAgain, onOrderAgain }: OrderDetailsProps) {
  const [cancelling, setCancelling] = useState(false);
  const cancel = useCancelOwnOrder({
    onSuccess: () => {
      setCancelling(false);
      toast.success(ORDER_TEXT.orderCancelled);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const cancellation =
    order.status_id === STATUS.cancelled ? [...(order.events ?? [])].reverse().find((e) => e.status_id === STATUS.cancelled) : undefined;
  const cancellable = mine && CUSTOMER_CANCELLABLE.includes(order.status_id as StatusId);

  const address = deliveryAddressOf(order);
  const facts: [string, string][] = [
    [ORDER_TEXT.placedOn, formatShopMoment(new Date(order.created_at), SHOP_TIMEZONE)],
    [ORDER_TEXT.deliveryLabel, DELIVERY_TITLES[order.delivery_id] ?? order.delivery_name],
    ...(order.table ? ([[ORDER_TEXT.tableLabel, order.table.name]] as [string, string][]) : []),
    [ORDER_TEXT.timeLabel, order.scheduled_for ? formatShopMoment(new Date(order.scheduled_for), SHOP_TIMEZONE) : TEXT.asSoonAsPossible],
    ...(address ? ([[ORDER_TEXT.addressLabel, address]] as [string, string][]) : []),
    [ORDER_TEXT.paymentLabel, order.payment_method],
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          {/* The receipt's header when printed. */}
          <p className="hidden font-display text-2xl font-bold print:block" data-testid="receipt-header">
            {SHOP_NAME}
          </p>
          {/* The order's number of the day names it at the counter; its id stays in the address. */}
          <h1 className="text-3xl font-bold">Order #{order.number}</h1>
          <p className="text-roast">{order.customer.display_name}</p>
        </div>
        <LiveStatus className="print:hidden" />
      </div>

      <section aria-label={ORDER_TEXT.orderStatus} className="space-y-4 rounded-3xl bg-white p-6 shadow-sm print:hidden">
        {order.status_id === STATUS.ready && (
          <p role="status" className="rounded-2xl bg-leaf p-4 text-center font-display text-2xl font-bold text-white">
            {ORDER_TEXT.orderReadyHeading}
          </p>
        )}
        {order.status_id === STATUS.cancelled && (
          <div role="status" className="rounded-2xl border border-berry/30 bg-berry/5 p-4 text-berry">
            <p className="font-bold">
              {cancellation?.by?.id === order.customer.id ? ORDER_TEXT.cancelledByYou : ORDER_TEXT.cancelledByShop}
            </p>
            {cancellation?.reason && <p>“{cancellation.reason}”</p>}
          </div>
        )}
        <OrderTracker order={order} />
      </section>

      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <section aria-label="Items" className="min-w-0 space-y-4 rounded-3xl bg-white p-6 shadow-sm print:shadow-none">
          <StoredOrderSummary order={order} />
        </section>
        <section aria-label="Delivery and payment" className="min-w-0 space-y-4 rounded-3xl bg-white p-6 shadow-sm print:shadow-none">
          <dl className="space-y-2 text-sm">
            {facts.map(([label, value]) => (
              <div key={label} className="flex justify-between gap-4">
                <dt className="text-roast">{label}</dt>
                <dd className="text-right font-semibold">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="grid gap-3 print:hidden">
            <Button variant="ghost" onClick={() => window.print()}>
              {ORDER_TEXT.printReceipt}
            </Button>
            <Button busy={orderingAgain} onClick={onOrderAgain}>
              {ORDER_TEXT.orderAgain}
            </Button>
            {cancellable && (
              <Button variant="danger" onClick={() => setCancelling(true)}>
                {ORDER_TEXT.cancelMyOrder}
              </Button>
            )}
          </div>
        </section>
      </div>
      <CancelOrderDialog
        open={cancelling}
        title={ORDER_TEXT.cancelMyOrderConfirm}
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
