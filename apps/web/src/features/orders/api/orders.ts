import { DELAY, type Order, STATUS } from '@kopi/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import type { MutationReactions } from '../../../lib/mutation-reactions';

export interface NewOrder {
  items: { product_id: number; qty: number; size_id: number }[];
  delivery_id: number;
  payment_id: number;
  promo_id?: number;
  address?: string;
  scheduled_for?: string;
}

const ORDERS_KEY = ['orders'] as const;
const HISTORY_PAGE_SIZE = 8;

export const orderQueries = {
  history: (page: number) =>
    queryOptions({
      queryKey: [...ORDERS_KEY, 'history', page],
      queryFn: ({ signal }) => apiRequest<Order[]>('/transactions/history', { query: { page, limit: HISTORY_PAGE_SIZE }, signal }),
      placeholderData: keepPreviousData,
    }),
  /** spec §2 Manage order: one pending order per page, oldest first (DESIGN §2.3: every customer's). */
  pending: (page: number) =>
    queryOptions({
      queryKey: [...ORDERS_KEY, 'pending', page],
      queryFn: ({ signal }) => apiRequest<Order[]>('/transactions', { query: { status: STATUS.pending, limit: 1, page }, signal }),
    }),
};

export function useCreateOrder({ onSuccess, ...reactions }: MutationReactions<Order, NewOrder> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    // Offline, a payment is not left waiting for the connection: the customer is told at once and
    // keeps the cart (DESIGN §2.3), instead of an order leaving later, unnoticed.
    networkMode: 'always',
    mutationFn: async (order: NewOrder) => {
      const { data } = await apiRequest<Order>('/transactions', {
        method: 'POST',
        body: order,
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      });
      return data;
    },
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      return onSuccess?.(...args);
    },
  });
}

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

export interface OrderStatusChange {
  id: number;
  statusId: number;
}

export function useSetOrderStatus({ onSuccess, ...reactions }: MutationReactions<Order, OrderStatusChange> = {}) {
  const queryClient = useQueryClient();
  const reloadTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(reloadTimer.current), []);

  const mutation = useMutation({
    ...reactions,
    mutationFn: async ({ id, statusId }: OrderStatusChange) =>
      (await apiRequest<Order>(`/transactions/${id}`, { method: 'PATCH', body: { status_id: statusId } })).data,
    onSuccess: async (...args) => {
      await onSuccess?.(...args);
      // spec §4: the queue reloads 3 s after Mark as done; the next order then takes this place.
      reloadTimer.current = window.setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: ORDERS_KEY }).then(() => mutation.reset());
      }, DELAY.afterMarkDone);
    },
  });
  return mutation;
}
