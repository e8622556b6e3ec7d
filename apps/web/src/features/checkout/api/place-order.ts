import type { PlacedOrder } from '@kopi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, apiRequest, isApiError } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { ORDERS_KEY } from '../../../lib/live-orders/order-cache';
import type { NewOrder } from '../../../lib/live-orders/order-queries';
import type { MutationReactions } from '../../../lib/mutation-reactions';
import { isFinalOrderAnswer } from '../../../lib/order-answer';

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
