import { isFinalStatus, type StatusId } from '@kopi/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LiveStatus } from '../../components/live-status';
import { ButtonLink } from '../../components/ui/button';
import { ErrorMessage } from '../../components/ui/error-message';
import { Pager } from '../../components/ui/pager';
import { PageSpinner } from '../../components/ui/spinner';
import { restoreCart } from '../../features/checkout/cart-store';
import { SavedOrders } from '../../features/checkout/components/saved-orders';
import { useCancelOwnOrder, useHideOrder } from '../../features/orders/api/own-orders';
import { HideOrderDialog } from '../../features/orders/components/hide-order-dialog';
import { HistoryCard } from '../../features/orders/components/history-card';
import { canRetry, errorMessage } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { orderQueries } from '../../lib/live-orders/order-queries';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';

export function HistoryPage() {
  const [page, setPage] = useState(1);
  const t = useT();
  const [deleting, setDeleting] = useState(false);
  // The open order whose × asks first (hiding an order the shop still makes is not cancelling it).
  const [askingId, setAskingId] = useState<number | null>(null);
  const history = useQuery(orderQueries.history(page));
  const session = useSession();
  const hide = useHideOrder({
    onSuccess: () => {
      setAskingId(null);
      toast.success(t('history.hidden'));
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const cancel = useCancelOwnOrder({
    onSuccess: () => {
      setAskingId(null);
      toast.success(t('order.cancelled'));
    },
  });

  const orders = history.data?.data;
  // Read from the list, so that the question follows the order's status live (Pending → Preparing).
  // An order that became final meanwhile needs no question: the dialog closes.
  const asked = orders?.find((order) => order.id === askingId && !isFinalStatus(order.status_id as StatusId)) ?? null;
  const closeQuestion = () => {
    setAskingId(null);
    cancel.reset();
  };
  const totalPage = history.data?.meta?.totalPage ?? 1;

  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{t('historyHeading')}</h1>
          <p className="mt-1 text-roast">{t('historyHint')}</p>
          <LiveStatus className="mt-2" />
        </div>
        {/* History: the delete tab reveals an x on each card (docs/decisions/spec-fidelity.md#kept-word-for-word). */}
        <button
          type="button"
          aria-pressed={deleting}
          onClick={() => setDeleting((on) => !on)}
          className={`rounded-full px-5 py-2 font-semibold ${deleting ? 'bg-berry text-white' : 'bg-white text-roast ring-1 ring-roast/20 hover:bg-crema'}`}
        >
          {deleting ? t('history.done') : t('history.delete')}
        </button>
      </div>

      {/* Orders confirmed offline, not sent yet: first, as the newest. */}
      <SavedOrders accountId={session?.id} onCancelled={(saved) => restoreCart(saved.cart)} />
      {history.isPending && <PageSpinner />}
      {history.isError && (
        <ErrorMessage message={errorMessage(history.error)} onRetry={canRetry(history.error) ? () => history.refetch() : undefined} />
      )}
      {orders?.length === 0 && (
        <div className="rounded-3xl bg-white p-10 text-center shadow-sm">
          <p className="text-roast">{t('history.empty')}</p>
          <ButtonLink to="/product" className="mt-6">
            {t('history.seeMenu')}
          </ButtonLink>
        </div>
      )}
      {orders && orders.length > 0 && (
        <>
          <ul aria-busy={history.isPlaceholderData || hide.isPending} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {orders.map((order) => (
              <HistoryCard
                key={order.id}
                order={order}
                deleting={deleting}
                busy={hide.isPending}
                onLongPress={() => setDeleting(true)}
                onHide={() => (isFinalStatus(order.status_id as StatusId) ? hide.mutate(order.id) : setAskingId(order.id))}
              />
            ))}
          </ul>
          {totalPage > 1 && <Pager page={page} totalPage={totalPage} busy={history.isPlaceholderData} onPage={setPage} />}
        </>
      )}
      <HideOrderDialog
        order={asked}
        hiding={hide.isPending}
        cancelling={cancel.isPending}
        error={cancel.isError ? errorMessage(cancel.error) : undefined}
        onHide={() => asked && hide.mutate(asked.id)}
        onCancelOrder={() => asked && cancel.mutate({ id: asked.id })}
        onClose={closeQuestion}
      />
    </section>
  );
}
