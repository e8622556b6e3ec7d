import { ORDER_TOKEN_HEADER, STATUS } from '@kopi/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Button, ButtonLink } from '../../components/ui/button';
import { ErrorMessage } from '../../components/ui/error-message';
import { PageSpinner } from '../../components/ui/spinner';
import { guestOrderQueries, useFollowGuestOrder } from '../../features/orders/api/guest-order';
import { GuestOrderView } from '../../features/orders/components/guest-order-view';
import { canRetry, errorMessage } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { orderTokenOf } from '../../lib/order-token';
import { openReceipt } from '../../lib/receipt';
import { useParams } from '../../lib/router';
import { toast } from '../../lib/toast';

/** /t/:token/order/:id: a guest's order, read and followed live with the order token kept on this device. */
export function GuestOrderPage() {
  const params = useParams();
  const id = Number(params.id);
  const orderToken = orderTokenOf(id);
  const order = useQuery(guestOrderQueries.detail(id, orderToken));
  const phase = useFollowGuestOrder(id, orderToken, order.data);
  const queryClient = useQueryClient();
  const t = useT();
  // Whenever the stream (re)opens, read the order once more: what changed while it was down shows.
  useEffect(() => {
    if (phase === 'live') void queryClient.invalidateQueries({ queryKey: guestOrderQueries.detail(id, orderToken).queryKey });
  }, [phase, id, orderToken, queryClient]);

  const menu = (
    <ButtonLink to={`/t/${params.token ?? ''}`} variant="ghost" className="w-full">
      {t('tableFlow.orderElse')}
    </ButtonLink>
  );
  if (!orderToken) {
    return (
      <section className="mx-auto max-w-md space-y-4 text-center">
        <h1 className="text-2xl font-bold">{t('tableFlow.otherDevice')}</h1>
        <p className="text-roast">{t('tableFlow.otherDeviceHint')}</p>
        {menu}
      </section>
    );
  }
  if (order.isPending) return <PageSpinner />;
  if (order.isError) {
    return (
      <section className="mx-auto max-w-md space-y-4">
        <ErrorMessage message={errorMessage(order.error)} onRetry={canRetry(order.error) ? () => order.refetch() : undefined} />
        {menu}
      </section>
    );
  }
  const final = order.data.status_id === STATUS.done || order.data.status_id === STATUS.cancelled;
  return (
    <section className="mx-auto max-w-xl space-y-6">
      <GuestOrderView order={order.data} phase={final ? 'ended' : phase} />
      <Button
        variant="ghost"
        className="w-full"
        onClick={() =>
          openReceipt(id, { [ORDER_TOKEN_HEADER]: orderToken }).catch((error) =>
            toast.error(t('order.receiptFailed', { reason: errorMessage(error) })),
          )
        }
      >
        {t('order.print')}
      </Button>
      {menu}
    </section>
  );
}
