import { STATUS } from '@kopi/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { StoredOrderSummary } from '../../../components/order-summary';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { PageSpinner } from '../../../components/ui/spinner';
import { canRetry, errorMessage, isApiError } from '../../../lib/api-client';
import { currentLocale, useT } from '../../../lib/i18n';
import { orderQueries, useSetOrderStatus } from '../../../lib/live-orders/order-queries';
import { DELIVERY_TITLE_KEYS, nameOf, PAYMENT_KEYS } from '../../../lib/names';
import { PAYMENT_OPTIONS } from '../../../lib/payment-options';
import { formatMoment } from '../../../lib/shop-moment';
import { SHOP_TIMEZONE } from '../../../lib/shop-name';
import { toast } from '../../../lib/toast';
import { deliveryAddressOf } from '../delivery-address';

const SWIPE_PX = 60;

interface PendingOrderPanelProps {
  /** Position in the queue of pending orders, oldest first, starting at 1. */
  page: number;
  onPage: (page: number) => void;
  cardTitle: string;
}

/** Manage order (docs/decisions/spec-fidelity.md#kept-word-for-word): one pending order at a time, with Mark as done. */
export function PendingOrderPanel({ page, onPage, cardTitle }: PendingOrderPanelProps) {
  const t = useT();
  const pending = useQuery(orderQueries.pending(page));
  const swipeStart = useRef<number | null>(null);
  const markDone = useSetOrderStatus({
    onSuccess: () => toast.success(t('transactionUpdateSuccess')),
    onError: (error) => toast.error(errorMessage(error)),
  });

  const order = pending.data?.data[0];
  const meta = pending.data?.meta;
  // Past the end of a queue that shrank (orders were done meanwhile): start from the oldest again.
  const pastTheEnd = pending.data && !order && page > 1 && (meta?.totalData ?? 0) > 0;
  useEffect(() => {
    if (pastTheEnd) onPage(1);
  }, [pastTheEnd, onPage]);

  if (pending.isPending || pastTheEnd) return <PageSpinner />;
  // data_not_found means there is nothing pending, said in the specification's words (docs/decisions/spec-fidelity.md#kept-word-for-word).
  const nothingPending = (pending.isError && isApiError(pending.error, 'data_not_found')) || (pending.data && !order);
  if (nothingPending) {
    return <p className="rounded-3xl bg-white p-10 text-center font-display text-2xl font-bold shadow-sm">{t('nothingPending')}</p>;
  }
  if (pending.isError)
    return <ErrorMessage message={errorMessage(pending.error)} onRetry={canRetry(pending.error) ? () => pending.refetch() : undefined} />;
  if (!order) return null;

  const done = markDone.isSuccess && markDone.variables.id === order.id;
  const next = () => meta?.next && onPage(meta.next);
  const previous = () => meta?.prev && onPage(meta.prev);
  const moment = (iso: string) => formatMoment(new Date(iso), SHOP_TIMEZONE, currentLocale(), t);
  const address = deliveryAddressOf(order);

  return (
    <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
      <section
        aria-labelledby="pending-order-title"
        className="min-w-0 touch-pan-y space-y-4 rounded-3xl bg-white p-6 shadow-sm"
        onPointerDown={(event) => {
          swipeStart.current = event.pointerType === 'touch' ? event.clientX : null;
        }}
        onPointerUp={(event) => {
          // 'Slide to see upcoming orders' (docs/decisions/spec-fidelity.md#kept-word-for-word): a swipe left shows the next order, right
          // the previous.
          if (swipeStart.current === null) return;
          const distance = event.clientX - swipeStart.current;
          if (distance < -SWIPE_PX) next();
          if (distance > SWIPE_PX) previous();
        }}
      >
        <p className="text-sm font-semibold tracking-wide text-caramel-dark uppercase">{cardTitle}</p>
        <h2 id="pending-order-title" className="text-2xl font-bold">
          {t('admin.manage.title', {
            delivery: nameOf(t, DELIVERY_TITLE_KEYS, order.delivery_id, order.delivery_name),
            name: order.customer.display_name,
          })}
        </h2>
        <p className="text-sm text-roast">
          {t('admin.manage.orderNumber', { number: order.number })} · {moment(order.created_at)}
          {order.table && <> · {order.table.name}</>}
          {order.scheduled_for && <> · {t('admin.manage.time', { time: moment(order.scheduled_for) })}</>}
          {address && <> · {t('admin.manage.address', { address })}</>}
        </p>
        <StoredOrderSummary order={order} />
      </section>

      <section aria-label={t('admin.manage.actions')} className="min-w-0 space-y-5 rounded-3xl bg-white p-6 shadow-sm">
        <fieldset disabled>
          <legend className="mb-2 font-bold">{t('admin.manage.paymentMethod')}</legend>
          {PAYMENT_OPTIONS.map((option) => (
            <label key={option.id} className="flex items-center gap-3 py-1.5">
              <input
                type="radio"
                name={`payment-${order.id}`}
                checked={option.id === order.payment_id}
                readOnly
                className="accent-caramel"
              />
              {nameOf(t, PAYMENT_KEYS, option.id, option.label)}
            </label>
          ))}
        </fieldset>
        {/* Paid online already, or to be collected at the counter (docs/shop-rules.md#payments). A pending
            order is never refunded: the order page's payment notes are not needed here, nor loaded with the cart. */}
        {order.payment.status === 'paid' ? (
          <p className="rounded-xl bg-leaf/10 p-3 text-sm font-semibold text-leaf">{t('admin.manage.paidOnline')}</p>
        ) : (
          order.payment.status === 'none' && (
            <p className="rounded-xl bg-honey/25 p-3 text-sm font-semibold text-espresso">{t('admin.manage.collectPayment')}</p>
          )
        )}
        <Button
          className="w-full"
          busy={markDone.isPending}
          disabled={done}
          onClick={() => markDone.mutate({ id: order.id, statusId: STATUS.done })}
        >
          {t('admin.manage.markDone')}
        </Button>
        {done && (
          <p role="status" className="text-center text-sm text-roast">
            {t('admin.manage.loadingNext')}
          </p>
        )}
        <div className="grid gap-3">
          <Button variant="ghost" disabled={!meta?.next} onClick={next}>
            {t('slideHint')} →
          </Button>
          <Button variant="ghost" disabled={!meta?.prev} onClick={previous}>
            {t('admin.manage.previous')}
          </Button>
        </div>
        {meta && <p className="text-center text-sm text-roast">{t('admin.manage.position', { page: meta.page, total: meta.totalData })}</p>}
      </section>
    </div>
  );
}
