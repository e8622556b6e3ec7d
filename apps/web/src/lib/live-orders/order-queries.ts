import { DELAY, type NewOrderRequest, OPEN_STATUSES, type Quote, STATUS } from '@kopi/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError, apiRequest, canRetry } from '../api-client';
import type { MutationReactions } from '../mutation-reactions';
import { applyOrder, boardFrom, freshest, type LiveOrder, ORDERS_KEY, orderKeys } from './order-cache';

// The orders as every screen reads them (History, an order's page, the kitchen display, the checkout's
// quote) and the staff's moves, which write the live cache (order-cache.ts) that those screens share.

/** An order as the checkout sends it: the contract's own type (packages/shared). */
export type NewOrder = NewOrderRequest;

const HISTORY_PAGE_SIZE = 8;
/** The board reads each open status in pages of 50, up to this many pages (500 orders a column). */
const BOARD_PAGE_SIZE = 50;
const BOARD_MAX_PAGES = 10;

async function openOrdersOf(status: number, signal: AbortSignal): Promise<LiveOrder[]> {
  const orders: LiveOrder[] = [];
  for (let page: number | null = 1, read = 0; page !== null && read < BOARD_MAX_PAGES; read += 1) {
    const answer: { data: LiveOrder[]; meta?: { next: number | null } } = await apiRequest<LiveOrder[]>('/transactions', {
      query: { status, limit: BOARD_PAGE_SIZE, page },
      signal,
    });
    orders.push(...answer.data);
    page = answer.meta?.next ?? null;
  }
  return orders;
}

export const orderQueries = {
  history: (page: number) =>
    queryOptions({
      queryKey: [...orderKeys.history, page],
      queryFn: async ({ signal }) => {
        const answer = await apiRequest<LiveOrder[]>('/transactions/history', { query: { page, limit: HISTORY_PAGE_SIZE }, signal });
        return { ...answer, data: answer.data.map(freshest) };
      },
      placeholderData: keepPreviousData,
    }),
  /** Manage order: one pending order per page, oldest first, every customer's (docs/decisions/spec-fidelity.md#fixed). */
  pending: (page: number) =>
    queryOptions({
      queryKey: [...orderKeys.pending, page],
      queryFn: ({ signal }) => apiRequest<LiveOrder[]>('/transactions', { query: { status: STATUS.pending, limit: 1, page }, signal }),
    }),
  /** One order with its events (its customer or an admin); the live stream keeps it current. */
  detail: (id: number) =>
    queryOptions({
      queryKey: orderKeys.detail(id),
      queryFn: async ({ signal }) => freshest((await apiRequest<LiveOrder>(`/transactions/${id}`, { signal })).data),
      enabled: Number.isInteger(id) && id > 0,
    }),
  /** The staff board: every open order, due first; the live stream keeps it current. */
  board: () =>
    queryOptions({
      queryKey: orderKeys.board,
      queryFn: async ({ signal }) => boardFrom((await Promise.all(OPEN_STATUSES.map((status) => openOrdersOf(status, signal)))).flat()),
    }),
  /**
   * The cart priced by the server exactly as the order would be, nothing stored: its total, and why a
   * coupon does not apply (docs/shop-rules.md#coupons). A refused cart is an answer, not worth a retry.
   */
  quote: (order: NewOrder) =>
    queryOptions({
      queryKey: [...ORDERS_KEY, 'quote', order],
      queryFn: async ({ signal }) => (await apiRequest<Quote>('/transactions/quote', { method: 'POST', body: order, signal })).data,
      placeholderData: keepPreviousData,
      retry: (count, error) => canRetry(error) && count < 2,
      staleTime: 10_000,
    }),
};

export interface OrderStatusChange {
  id: number;
  statusId: number;
}

export function useSetOrderStatus({ onSuccess, ...reactions }: MutationReactions<LiveOrder, OrderStatusChange> = {}) {
  const queryClient = useQueryClient();
  const reloadTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(reloadTimer.current), []);

  const mutation = useMutation({
    ...reactions,
    mutationFn: async ({ id, statusId }: OrderStatusChange) =>
      (await apiRequest<LiveOrder>(`/transactions/${id}`, { method: 'PATCH', body: { status_id: statusId } })).data,
    onSuccess: async (...args) => {
      applyOrder(queryClient, args[0]);
      await onSuccess?.(...args);
      // docs/decisions/spec-fidelity.md#delays: the queue reloads 3 s after Mark as done; the next order then takes this place.
      reloadTimer.current = window.setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: ORDERS_KEY }).then(() => mutation.reset());
      }, DELAY.afterMarkDone);
    },
  });
  return mutation;
}

export interface OrderMove {
  id: number;
  statusId: number;
  /** Required to cancel (1–200 characters), see docs/shop-rules.md#statuses-and-moves. */
  reason?: string;
}

/** The staff board's move of an order to its next status (or Cancelled with a reason). */
export function useMoveOrder({ onSuccess, ...reactions }: MutationReactions<LiveOrder, OrderMove> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    // Offline, the barista is told at once instead of the move leaving later, unnoticed.
    networkMode: 'always',
    mutationFn: async ({ id, statusId, reason }: OrderMove) =>
      (await apiRequest<LiveOrder>(`/transactions/${id}`, { method: 'PATCH', body: { status_id: statusId, reason } })).data,
    onSuccess: async (...args) => {
      applyOrder(queryClient, args[0]);
      await onSuccess?.(...args);
    },
    onError: async (error, ...rest) => {
      // Someone else moved it meanwhile: show the board as it is now.
      if (error instanceof ApiError && error.status === 400) await queryClient.invalidateQueries({ queryKey: orderKeys.board });
      await reactions.onError?.(error, ...rest);
    },
  });
}
