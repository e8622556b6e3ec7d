import { DELAY, type NewOrderRequest, OPEN_STATUSES, type PlacedOrder, type Quote, STATUS } from '@kopi/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError, apiRequest, canRetry, isApiError } from '../api-client';
import { newIdempotencyKey } from '../idempotency-key';
import type { MutationReactions } from '../mutation-reactions';
import { isFinalOrderAnswer } from '../order-answer';
import { applyOrder, boardFrom, freshest, type LiveOrder, ORDERS_KEY, orderKeys } from './order-cache';

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

// One checkout attempt keeps one Idempotency-Key, in this tab's sessionStorage so that a reload keeps
// it too, until the order is answered: a second click after a lost answer then finds the order the
// first click made instead of making another (docs/shop-rules.md#ordering).
const CHECKOUT_KEY = 'kopi:checkout-idempotency-key';

function checkoutAttemptKey(): string {
  const kept = sessionStorage.getItem(CHECKOUT_KEY);
  if (kept) return kept;
  const key = newIdempotencyKey();
  sessionStorage.setItem(CHECKOUT_KEY, key);
  return key;
}

/**
 * Hands this checkout attempt's key over to the order kept to send later (api/outbox.ts): that order
 * keeps it for every send, and the next checkout starts with a key of its own.
 */
export function handOverCheckoutKey(): string {
  const key = checkoutAttemptKey();
  sessionStorage.removeItem(CHECKOUT_KEY);
  return key;
}

/**
 * The first request with this checkout's key is still being placed (a 409 with Retry-After): the key
 * is kept, and asking again later answers that order.
 */
export function isOrderInProgress(error: unknown): error is ApiError {
  return isApiError(error, 'order_in_progress');
}

/**
 * The key already placed an order with another cart (a 422): an earlier attempt's answer was lost and
 * the cart changed since. That order exists; this cart was not ordered.
 */
export function isKeyUsedForAnotherOrder(error: unknown): error is ApiError {
  return isApiError(error, 'idempotency_key_reused');
}

/** The table already has as many open orders as it may take (a 429 whose message asks to see the staff). */
export function isTableFull(error: unknown): error is ApiError {
  return isApiError(error, 'table_full');
}

/**
 * The gateway refused to start the online payment, or did not answer (a 502): the server cancelled
 * the order it had stored and says what to do (the same to a retry with the key); this cart was not ordered
 * (docs/shop-rules.md#payments).
 */
export function isPaymentUnavailable(error: unknown): boolean {
  return isApiError(error, 'payment_unavailable');
}

/** A refusal the shop decided on, nothing placed (which answers are final: lib/order-answer.ts). */
export function isDefiniteRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && isFinalOrderAnswer(error.status, error.code);
}

/** How many times the checkout asks again, by itself, while its order is still being placed; then the customer is asked to. */
const IN_PROGRESS_RETRIES = 5;
/** Bounds of the wait between those tries, whatever Retry-After says (1 s when it says nothing). */
const IN_PROGRESS_WAIT_MS = { min: 500, default: 1_000, max: 5_000 };

function waitBeforeAskingAgain(error: ApiError): Promise<void> {
  const asked = error.retryAfter === undefined ? IN_PROGRESS_WAIT_MS.default : error.retryAfter * 1_000;
  const ms = Math.min(IN_PROGRESS_WAIT_MS.max, Math.max(IN_PROGRESS_WAIT_MS.min, asked));
  return new Promise((resolve) => window.setTimeout(resolve, ms));
}

/**
 * Places the cart's order with the checkout attempt's Idempotency-Key. A 201 (placed now) and a 200
 * (`Idempotent-Replayed`: the key's order, placed by an earlier attempt whose answer was lost) are the
 * same success. `stillPlacing` is true while the checkout waits for an order the server is still placing.
 */
export function useCreateOrder({ onSuccess, onError, ...reactions }: MutationReactions<PlacedOrder, NewOrder> = {}) {
  const queryClient = useQueryClient();
  const [stillPlacing, setStillPlacing] = useState(false);
  const mutation = useMutation({
    ...reactions,
    // Offline, a payment is not left waiting for the connection: the customer is told at once and
    // keeps the cart (docs/decisions/spec-fidelity.md#fixed), instead of an order leaving later, unnoticed.
    networkMode: 'always',
    mutationFn: async (order: NewOrder) => {
      const key = checkoutAttemptKey();
      try {
        for (let retry = 0; ; retry += 1) {
          try {
            const { data } = await apiRequest<PlacedOrder>('/transactions', {
              method: 'POST',
              body: order,
              headers: { 'Idempotency-Key': key },
            });
            sessionStorage.removeItem(CHECKOUT_KEY);
            return data;
          } catch (error) {
            // Still being placed: the same key, asked again after Retry-After, answers that order.
            if (isOrderInProgress(error) && retry < IN_PROGRESS_RETRIES) {
              setStillPlacing(true);
              await waitBeforeAskingAgain(error);
              continue;
            }
            if (isDefiniteRefusal(error)) sessionStorage.removeItem(CHECKOUT_KEY);
            throw error;
          }
        }
      } finally {
        setStillPlacing(false);
      }
    },
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      return onSuccess?.(...args);
    },
    onError: (...args) => {
      // An earlier attempt placed an order: History shows it.
      if (isKeyUsedForAnotherOrder(args[0])) void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      return onError?.(...args);
    },
  });
  return { ...mutation, stillPlacing };
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
