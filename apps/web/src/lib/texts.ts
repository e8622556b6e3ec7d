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
  asSoonAsPossible: 'As soon as possible',
  closedNow: 'We are closed now.',
  chooseTime: 'choose a time for your order.',
  slotFull: 'full',
  slotUnavailable: 'no longer available',
  slotGone: 'this time is no longer available, please choose another.',
  timesFailed: 'The times could not be loaded',
  passwordsDiffer: 'The two passwords are not the same',
  resetNoToken: 'This page opens from the link in the password reset e-mail. Ask for a new link if you need one.',
  askNewLink: 'Ask for a new link',
  resendWait: 'You can ask for the link again when the timer reaches 00:00.',
  googleSignedIn: 'Signed in with Google. Taking you to the menu…',
  googleFailedTitle: 'Google sign-in did not finish',
  askStaff: 'Ask our baristas at the counter about ingredients, allergens or sweetness — they are happy to help.',
} as const;

/** Why a Google sign-in ended without a session (the server's reasons, google.service.ts). */
export const GOOGLE_FAILURES: Record<string, string> = {
  cancelled: 'You cancelled the sign-in at Google.',
  expired: 'The sign-in took too long or was started in another window. Please try again.',
  unverified:
    "Your Google account's e-mail address is not verified, so it cannot sign in here. Verify it with Google, or sign up with your e-mail.",
  unavailable: 'Google sign-in cannot be reached right now. Please try again later, or use your e-mail.',
  failed: 'Google sign-in did not work. Please try again.',
};
