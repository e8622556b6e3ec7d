import { DOOR_DELIVERY_ID, GUEST_NAME_MAX } from '@kopi/shared';
import { ApiError, errorMessage } from '../../lib/api-client';
import { type MessageKey, type MessageValues, t as translate } from '../../lib/i18n';
import { isKeyUsedForAnotherOrder, isOrderInProgress, isPaymentUnavailable, isTableFull } from './api/place-order';

// The checkout form's own checks, apart from React: the ones the order's contract (the shared
// CreateOrderSchema, which the server applies) makes too, checked here as the customer types so that
// Confirm is not sent to be refused, and what a failed Confirm tells the customer.

/**
 * What is wrong with a guest's name (docs/shop-rules.md#orders-from-the-table): it is needed, and at
 * most GUEST_NAME_MAX characters once trimmed, as the contract's `guest_name` takes it.
 */
export function guestNameProblem(name: string): [MessageKey, MessageValues?] | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return ['cart.guestNameRequired'];
  if (trimmed.length > GUEST_NAME_MAX) return ['cart.guestNameTooLong', { max: GUEST_NAME_MAX }];
  return undefined;
}

/** Door Delivery needs an address (docs/shop-rules.md#ordering), as the contract's `address` rule has it. */
export function needsAddress(deliveryId: number, address: string): boolean {
  return deliveryId === DOOR_DELIVERY_ID && address.trim() === '';
}

/**
 * No answer came although the device is online (the connection dropped on the way): the order may exist,
 * and a second Confirm finds it rather than making another. Offline, the order never left.
 */
function answerLost(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0 && navigator.onLine;
}

/**
 * What a failed Confirm and Pay tells the customer (toast, or the line under the form): whether an order
 * may exist (a lost answer, one still being placed, one an earlier attempt placed), and what to do next.
 */
export function orderFailure(error: unknown, where: 'toast' | 'form'): string {
  if (answerLost(error)) return translate('checkout.answerLost');
  if (isOrderInProgress(error)) return translate('checkout.stillPlacing');
  if (isKeyUsedForAnotherOrder(error)) return translate('checkout.placedEarlier');
  // The table takes no more orders now: the server's message asks to see the staff.
  if (isTableFull(error)) return errorMessage(error);
  // The gateway could not start the payment: the server says so, and what to do (the cart is kept).
  if (isPaymentUnavailable(error)) return errorMessage(error);
  // A session that ended meanwhile: its toast and this one would be two at once, and a toast replaces
  // the one shown (lib/toast.ts): this one says both.
  if (where === 'toast' && error instanceof ApiError && error.status === 401) return `${errorMessage(error)}. ${translate('orderFailed')}`;
  return where === 'toast' ? translate('orderFailed') : `${translate('orderFailed')} ${errorMessage(error)}`;
}
