import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { STATUS, type Order } from '@kopi/shared';
import { apiRequest } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';

export interface NewOrder {
  items: { product_id: number; qty: number; size_id: number }[];
  delivery_id: number;
  payment_id: number;
  promo_id?: number;
  address?: string;
  scheduled_for?: string;
}

export const orderKeys = {
  all: ['orders'] as const,
  history: (page: number) => ['orders', 'history', page] as const,
  pending: (page: number) => ['orders', 'pending', page] as const,
};

const HISTORY_PAGE_SIZE = 8;

export async function createOrder(order: NewOrder): Promise<Order> {
  const { data } = await apiRequest<Order>('/transactions', {
    method: 'POST',
    body: order,
    headers: { 'Idempotency-Key': newIdempotencyKey() },
  });
  return data;
}

export function useOrderHistory(page: number) {
  return useQuery({
    queryKey: orderKeys.history(page),
    queryFn: ({ signal }) =>
      apiRequest<Order[]>('/transactions/history', { query: { page, limit: HISTORY_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export async function hideOrderFromHistory(id: number): Promise<void> {
  await apiRequest<unknown>(`/transactions/history/${id}`, { method: 'DELETE' });
}

/** spec §2 Manage order: one pending order per page, oldest first (DESIGN §2.3: every customer's). */
export function usePendingOrder(page: number) {
  return useQuery({
    queryKey: orderKeys.pending(page),
    queryFn: ({ signal }) =>
      apiRequest<Order[]>('/transactions', { query: { status: STATUS.pending, limit: 1, page }, signal }),
  });
}

export async function setOrderStatus(id: number, statusId: number): Promise<Order> {
  return (await apiRequest<Order>(`/transactions/${id}`, { method: 'PATCH', body: { status_id: statusId } })).data;
}
