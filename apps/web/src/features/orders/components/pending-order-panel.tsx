import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { DELAY, MSG, STATUS, type Order } from '@kopi/shared';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { PageSpinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { orderKeys, setOrderStatus, usePendingOrder } from '../api/orders';
import { DELIVERY_TITLES, PAYMENT_OPTIONS } from '../labels';
import { SummaryLines, SummaryTotalsTable } from './order-summary';

interface PendingOrderPanelProps {
  /** Position in the queue of pending orders, oldest first, starting at 1. */
  page: number;
  onPage: (page: number) => void;
  cardTitle: string;
}

/** spec §2 Manage order: one pending order at a time, with Mark as done. */
export function PendingOrderPanel({ page, onPage, cardTitle }: PendingOrderPanelProps) {
  const queryClient = useQueryClient();
  const pending = usePendingOrder(page);
  const reloadTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(reloadTimer.current), []);

  const markDone = useMutation({
    mutationFn: (id: number) => setOrderStatus(id, STATUS.done),
    onSuccess: () => {
      toast.success(MSG.transactionUpdateSuccess);
      // spec §4: the queue reloads 3 s after Mark as done; the next order then takes this place.
      reloadTimer.current = window.setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: orderKeys.all }).then(() => markDone.reset());
      }, DELAY.afterMarkDone);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const order = pending.data?.data[0];
  const meta = pending.data?.meta;
  // Past the end of a queue that shrank (orders were done meanwhile): start from the oldest again.
  const pastTheEnd = pending.data && !order && page > 1 && (meta?.totalData ?? 0) > 0;
  useEffect(() => {
    if (pastTheEnd) onPage(1);
  }, [pastTheEnd, onPage]);

  if (pending.isPending) return <PageSpinner />;
  // spec §8: data_not_found means there is nothing pending.
  const nothingPending = (pending.isError && pending.error instanceof ApiError && pending.error.code === 'data_not_found') || (pending.data && !order);
  if (nothingPending) {
    return <p className="rounded-3xl bg-white p-10 text-center font-display text-2xl font-bold shadow-sm">{MSG.nothingPending}</p>;
  }
  if (pending.isError) return <ErrorMessage message={errorMessage(pending.error)} onRetry={() => pending.refetch()} />;
  if (!order) return null;

  const done = markDone.isSuccess && markDone.variables === order.id;

  return (
    <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
      <section aria-labelledby="pending-order-title" className="space-y-4 rounded-3xl bg-white p-6 shadow-sm">
        <p className="text-sm font-semibold tracking-wide text-caramel uppercase">{cardTitle}</p>
        <h2 id="pending-order-title" className="text-2xl font-bold">
          {DELIVERY_TITLES[order.delivery_id] ?? order.delivery_name} for {order.customer.display_name}
        </h2>
        <p className="text-sm text-roast">
          Order #{order.id} · {new Date(order.created_at).toLocaleString()}
          {order.scheduled_for && <> · Time: {order.scheduled_for}</>}
          {order.address && <> · Address: {order.address}</>}
        </p>
        <SummaryLines lines={linesOf(order)} />
        <SummaryTotalsTable
          totals={{ subtotal: order.subtotal, discount: order.discount, tax: order.tax, shipping: order.shipping, status: order.status_name, total: order.total }}
        />
      </section>

      <section aria-label="Payment and actions" className="space-y-5 rounded-3xl bg-white p-6 shadow-sm">
        <fieldset disabled>
          <legend className="mb-2 font-bold">Payment method</legend>
          {PAYMENT_OPTIONS.map((option) => (
            <label key={option.id} className="flex items-center gap-3 py-1.5">
              <input type="radio" name={`payment-${order.id}`} checked={option.id === order.payment_id} readOnly className="size-4 accent-caramel" />
              {option.label}
            </label>
          ))}
        </fieldset>
        <Button className="w-full" busy={markDone.isPending} disabled={done} onClick={() => markDone.mutate(order.id)}>
          Mark as done
        </Button>
        {done && (
          <p role="status" className="text-center text-sm text-roast">
            Loading the next order…
          </p>
        )}
        <div className="flex gap-3">
          <Button variant="ghost" className="flex-1" disabled={!meta?.prev} onClick={() => meta?.prev && onPage(meta.prev)}>
            ← Previous
          </Button>
          <Button variant="ghost" className="flex-1" disabled={!meta?.next} onClick={() => meta?.next && onPage(meta.next)}>
            {MSG.slideHint} →
          </Button>
        </div>
        {meta && (
          <p className="text-center text-sm text-roast">
            Pending order {meta.page} of {meta.totalData}
          </p>
        )}
      </section>
    </div>
  );
}

function linesOf(order: Order) {
  return order.items.map((item) => ({
    key: `${item.product_id}-${item.size_id}`,
    name: item.product_name,
    image: item.image,
    qty: item.qty,
    sizeLabel: item.size_name,
    price: item.line_total,
  }));
}
