import { STATUS } from '@kopi/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { t } from '../lib/i18n';
import { onOrderEvent, startLiveOrders } from '../lib/live-orders/live-orders';
import { useLocation, useNavigate } from '../lib/router';
import { toast } from '../lib/toast';

/**
 * Runs this tab's one live stream while `accountId` is signed in, and tells the customer, on any
 * page, when one of their orders becomes Ready.
 */
export function LiveOrders({ accountId, token }: { accountId: number; token: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Read when an event comes, without starting the listener again at every navigation.
  const { pathname } = useLocation();
  const here = useRef(pathname);
  here.current = pathname;

  // A new token (another sign-in) opens a new stream: the old one saw the previous account's orders.
  // biome-ignore lint/correctness/useExhaustiveDependencies: token is the reason to start again
  useEffect(() => startLiveOrders({ queryClient, accountId }), [queryClient, accountId, token]);

  useEffect(
    () =>
      onOrderEvent(({ type, order }) => {
        if (type !== 'status' || order.status_id !== STATUS.ready || order.customer.id !== accountId) return;
        toast.success(
          <span>
            {`${t('history.orderN', { number: order.number })} ${t('live.isReady')}. `}
            {/* A button, not a Link: the toasts are drawn outside the router (app/provider.tsx). */}
            {here.current !== `/history/${order.id}` && (
              <button type="button" onClick={() => void navigate(`/history/${order.id}`)} className="font-semibold underline">
                {t('live.viewOrder')}
              </button>
            )}
          </span>,
          // One toast per order, however often the event arrives (a replay after a reconnect).
          { toastId: `order-ready-${order.id}` },
        );
      }),
    [accountId, navigate],
  );

  return null;
}
