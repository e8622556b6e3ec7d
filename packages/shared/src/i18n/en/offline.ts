// Without a network: the offline banner, the order kept to send later, the new version's prompt and
// the staff board's connection (docs/decisions/offline-and-caching.md).
export const offline = {
  'offline.banner': 'You are offline — showing the menu as of {time}',
  'offline.bannerNothingSaved': 'You are offline — showing what this phone saved earlier',
  'offline.orderSaved': 'You are offline. Your order is saved and will be sent when you are back online.',
  'offline.seeSavedOrder': 'See it in History',
  'offline.savedOrderHeading': 'Saved order',
  'offline.waiting': 'Waiting for network',
  'offline.savedAt': 'Saved at {time}. It is sent once, as soon as you are back online.',
  'offline.items': '{count, plural, one {# item} other {# items}}',
  'offline.cancel': 'Cancel',
  'offline.cancelLabel': 'Cancel the saved order of {time}',
  'offline.cancelled': 'The saved order was cancelled. Its items are back in your cart.',
  'offline.alreadySent': 'The saved order was already sent: History shows it.',
  'offline.placed': 'Your saved order was placed: order #{number}.',
  'offline.placedEarlier': 'Your saved order had already been placed: History shows it.',
  'offline.refused': 'Your saved order was not placed: {reason}. Your cart is back to edit.',
  'offline.viewOrder': 'View order',
  'offline.updateReady': 'A new version is ready',
  'offline.reload': 'Reload',
  'offline.reconnecting': 'Offline — reconnecting',
} as const;
