import type { PrepTimes } from '@kopi/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { applyOrder, type LiveOrder, ORDERS_KEY, orderKeys } from '../../../lib/live-orders/order-cache';
import type { MutationReactions } from '../../../lib/mutation-reactions';

// The kitchen display's own calls (docs/shop-rules.md#the-counter), apart from lib/live-orders/order-queries.ts so that they
// load with the board's page only.

export const boardQueries = {
  /** Average Pending → Ready, today and in the last hour; read again every minute and when an order becomes Ready. */
  prepTimes: () =>
    queryOptions({
      queryKey: [...ORDERS_KEY, 'prep-times'],
      queryFn: async ({ signal }) => (await apiRequest<PrepTimes>('/transactions/prep-times', { signal })).data,
      refetchInterval: 60_000,
    }),
};

// The server's clock as the board knows it: a fresh event's `at` was the server's "now" when it was
// sent, so the smallest (arrival − at) seen is the clock difference plus the shortest delivery.
let clockAhead: number | null = null;

/** Learns the server's clock from an event that just happened. */
export function sawFreshEvent(at: string): void {
  const ahead = Date.now() - Date.parse(at);
  if (Number.isFinite(ahead) && (clockAhead === null || ahead < clockAhead)) clockAhead = ahead;
}

/** The server's time now, as well as the board can tell. */
export function serverNow(now = Date.now()): number {
  return now - (clockAhead ?? 0);
}

export interface LineTick {
  order: LiveOrder;
  itemId: number;
  done: boolean;
}

function withLine(order: LiveOrder, itemId: number, done: boolean): LiveOrder {
  return {
    ...order,
    items: order.items.map((line) => (line.id === itemId ? { ...line, done_at: done ? new Date().toISOString() : null } : line)),
  };
}

/** Ticks a line done or unticks it: shown at once, taken back if the server refuses. */
export function useTickLine(reactions: MutationReactions<LiveOrder, LineTick> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    networkMode: 'always',
    mutationFn: async ({ order, itemId, done }: LineTick) =>
      (await apiRequest<LiveOrder>(`/transactions/${order.id}/items/${itemId}`, { method: 'PATCH', body: { done } })).data,
    onMutate: async ({ order, itemId, done }) => {
      await queryClient.cancelQueries({ queryKey: orderKeys.board });
      const before = queryClient.getQueryData<LiveOrder[]>(orderKeys.board);
      queryClient.setQueryData<LiveOrder[]>(orderKeys.board, (list) =>
        list?.map((o) => (o.id === order.id ? withLine(o, itemId, done) : o)),
      );
      return { before };
    },
    onSuccess: async (...args) => {
      applyOrder(queryClient, args[0]);
      await reactions.onSuccess?.(...args);
    },
    onError: async (error, tick, context, ...rest) => {
      const before = (context as { before?: LiveOrder[] } | undefined)?.before;
      if (before) queryClient.setQueryData(orderKeys.board, before);
      void queryClient.invalidateQueries({ queryKey: orderKeys.board });
      await reactions.onError?.(error, tick, context, ...rest);
    },
  });
}

/** Takes back an order's last move (less than 60 s old); the server's 409 says why it cannot. */
export function useUndoMove(reactions: MutationReactions<LiveOrder, number> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    networkMode: 'always',
    mutationFn: async (id: number) => (await apiRequest<LiveOrder>(`/transactions/${id}/undo`, { method: 'POST' })).data,
    onSuccess: async (...args) => {
      applyOrder(queryClient, args[0]);
      await reactions.onSuccess?.(...args);
    },
  });
}
