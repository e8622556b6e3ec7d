import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { applyOrder, type LiveOrder, ORDERS_KEY } from '../../../lib/live-orders/order-cache';
import type { MutationReactions } from '../../../lib/mutation-reactions';

// A customer's own orders: hiding one from History, cancelling one while it is Pending.

export function useHideOrder({ onSuccess, ...reactions }: MutationReactions<void, number> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: async (id: number) => {
      await apiRequest<unknown>(`/transactions/history/${id}`, { method: 'DELETE' });
    },
    onSuccess: async (...args) => {
      await onSuccess?.(...args);
      await queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
  });
}

export interface OrderCancel {
  id: number;
  reason?: string;
}

/** A customer cancels their own order while it is Pending. */
export function useCancelOwnOrder({ onSuccess, ...reactions }: MutationReactions<LiveOrder, OrderCancel> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    networkMode: 'always',
    mutationFn: async ({ id, reason }: OrderCancel) =>
      (await apiRequest<LiveOrder>(`/transactions/${id}/cancel`, { method: 'POST', body: reason ? { reason } : {} })).data,
    onSuccess: async (...args) => {
      applyOrder(queryClient, args[0]);
      await onSuccess?.(...args);
    },
    onError: async (error, ...rest) => {
      // Already being prepared (400): show the order as it is now.
      if (error instanceof ApiError && error.status === 400) await queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      await reactions.onError?.(error, ...rest);
    },
  });
}
