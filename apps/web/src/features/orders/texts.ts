import { STATUS } from '@kopi/shared';

// The texts of the staff board and the customer's order page. They live beside them, not in
// lib/texts.ts, so that they come with those (lazily loaded) pages and not with every page's first
// load (docs/architecture.md#tests-and-targets: 150 KB of gzipped JavaScript).
export const ORDER_TEXT = {
  boardHeading: 'Order board',
  boardLink: 'Open the order board',
  manageOrderLink: 'One order at a time',
  boardEmptyColumn: 'Nothing here',
  boardColumns: 'Board columns',
  placedAgo: 'placed',
  justNow: 'just now',
  scheduledFor: 'For',
  cancelOrder: 'Cancel order',
  cancelReasonLabel: 'Reason for the customer',
  cancelReasonHint: 'Required, at most 200 characters. The customer sees it.',
  cancelReasonOptional: 'Reason (optional)',
  keepOrder: 'Keep the order',
  confirmCancel: 'Cancel the order',
  orderCancelled: 'The order is cancelled.',
  moreMoves: 'Other moves',
  soundOn: 'Sound on',
  soundOff: 'Sound off',
  soundWaiting: 'Sound on (starts with your next tap)',
  notifyOn: 'Notifications on',
  notifyOff: 'Notify me',
  notifyDenied: 'Notifications are blocked for this site in the browser settings.',
  notifyUnsupported: 'This browser shows notifications only from an installed app; the chime and the tab title still tell you.',
  newOrder: 'New order',
  orderReadyHeading: 'Your order is ready',
  printReceipt: 'Print receipt',
  orderAgain: 'Order again',
  orderAgainDone: 'The same items are in your cart.',
  orderAgainMissing: 'no longer on the menu',
  cancelMyOrder: 'Cancel my order',
  cancelMyOrderConfirm: 'Cancel this order? The shop has not started on it yet.',
  cancelledByYou: 'You cancelled this order',
  // History's × on an order the shop is still making: hiding is not cancelling.
  hideQuestion: (number: number, status: string) => `Order #${number} is ${status}. Hide it from your history?`,
  hidePending: 'Hiding does not cancel it: the shop will still make it. To stop the order, cancel it — the shop has not started on it yet.',
  hidePreparing: 'Hiding does not cancel it: the shop is already making it, and it can no longer be cancelled.',
  hideReady: 'Hiding does not cancel it: it is ready for you, and it can no longer be cancelled.',
  hideAnyway: 'Hide anyway',
  keepInHistory: 'Keep it',
  cancelledByShop: 'The shop cancelled this order',
  orderProgress: 'Order progress',
  orderStatus: 'Where your order is',
  currentStep: 'Current step',
  orderNotFound: 'This order does not exist, or it is not yours.',
  backToHistory: 'Back to History',
  deliveryLabel: 'Delivery',
  paymentLabel: 'Payment',
  timeLabel: 'Time',
  addressLabel: 'Address',
  placedOn: 'Placed',
  tableLabel: 'Table',
  // The checkout's answers about its order promise (docs/shop-rules.md#ordering): one order per attempt.
  orderBeingPlaced: 'Your order is being placed…',
  orderBeingPlacedHint: 'Please keep this page open: it will not be ordered twice.',
  orderStillPlacing: 'Your order is still being placed. Press Confirm and Pay again in a moment: it will not be ordered twice.',
  orderPlacedEarlier:
    'An earlier attempt already placed your order, with your cart as it was then: see it in History. This cart was not ordered; press Confirm and Pay only if you want a second order.',
  seeOrderInHistory: 'See it in History',
} as const;

/** The customer's names of the steps an order goes through (the rest are the statuses' own names). */
export const CUSTOMER_STEP_NAMES: Record<number, string> = { [STATUS.pending]: 'Ordered' };

/** The board's one-click move to each status (the moves themselves come from STATUSES). */
export const MOVE_LABELS: Record<number, string> = {
  [STATUS.preparing]: 'Start preparing',
  [STATUS.ready]: 'Mark ready',
  [STATUS.done]: 'Mark as done',
};
