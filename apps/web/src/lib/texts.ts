// Texts the spec does not spell out (DESIGN §2.2). Everything the spec spells comes from MSG.

export const TEXT = {
  networkError: 'The shop cannot be reached. Check your connection and try again.',
  serverError: 'Something went wrong on our side',
  loading: 'Loading…',
  addedToCart: 'Added to your cart',
  emptyCart: 'Your cart is empty.',
  addressNeeded: 'Door Delivery needs an address',
  zeroQuantity: 'An item with quantity 0 cannot be ordered: add one or remove it.',
  emptyCatalogue: 'No product matches your search.',
  emptyHistory: 'You have not ordered anything yet.',
  orderHidden: 'The order is hidden from your history.',
  logoutFailed: 'You are logged out on this device, but the shop could not end your session',
  couponApplied: 'Coupon applied: it will be used at checkout.',
  forgotNoLink: "If you don't receive a link within 2 minutes, press Resend Link.",
  dashboardPlaceholder: 'Sample figures: the dashboard is not connected to your orders yet.',
  notFound: 'This page does not exist.',
  passwordChangeSoon: 'Changing the password is not available yet.',
  googleUnavailable: 'Signing in with Google is not available on this shop yet. Please use your email.',
  askStaff: 'Ask our baristas at the counter about ingredients, allergens or sweetness — they are happy to help.',
} as const;
