import { API_BASE, ORDER_TOKEN_HEADER, type OrderDetail, STATUS } from '@kopi/shared';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { isNotOlder } from '../../../lib/live-orders/order-cache';
import { readEvent } from '../../../lib/live-orders/stream-event';
import { useEventSource } from '../../../lib/use-event-source';

// A guest's order at a table (docs/shop-rules.md#orders-from-the-table): read and followed with the
// order token its placing answered (lib/order-token.ts), since a guest has no session.

const guestOrderKey = (id: number) => ['guest-order', id] as const;

export const guestOrderQueries = {
  detail: (id: number, token: string | null) =>
    queryOptions({
      queryKey: guestOrderKey(id),
      queryFn: async ({ signal }) =>
        (await apiRequest<OrderDetail>(`/transactions/${id}`, { headers: { [ORDER_TOKEN_HEADER]: token ?? '' }, signal })).data,
      enabled: token !== null && Number.isInteger(id) && id > 0,
    }),
};

const FINAL: readonly number[] = [STATUS.done, STATUS.cancelled];

/**
 * Follows the guest's order live until it is Done or Cancelled: each event's order replaces the one
 * shown (an older one never does). Answers the stream's phase, to say when it is not live.
 */
export function useFollowGuestOrder(id: number, token: string | null, order: OrderDetail | undefined) {
  const queryClient = useQueryClient();
  const follows = token !== null && order !== undefined && !FINAL.includes(order.status_id);
  const url = follows ? `${API_BASE}/transactions/events?order_token=${encodeURIComponent(token)}` : null;
  return useEventSource(
    url,
    'order',
    (data, type) => {
      // The server could not replay what was missed: read the order again.
      if (type === 'reload') {
        void queryClient.invalidateQueries({ queryKey: guestOrderKey(id) });
        return;
      }
      const event = readEvent(data);
      if (event.order.id !== id) return;
      queryClient.setQueryData<OrderDetail>(guestOrderKey(id), (now) => (now && !isNotOlder(event.order, now) ? now : event.order));
    },
    ['reload'],
  );
}
