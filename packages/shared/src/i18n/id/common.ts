import type { Translation } from '../catalogue.ts';
import type { common as english } from '../en/common.ts';

// Texts both the server and the screens show: the specification's messages and the shared schemas'
// validation messages.
export const common = {
  // the specification's guard messages (docs/decisions/spec-fidelity.md#routes-and-the-session)
  guardNoToken: 'Silahkan Login Terlebih Dahulu',
  guardWrongRole: 'Forbidden, Not Your Role',
  // the specification's toasts and inline messages
  loginFailed: 'Password or Email Wrong !',
  loginSuccess: 'Login Success !',
  signUpSuccess: 'Sign Up Success !',
  promoSaveFailed: '*** sistem error, try again later ***',
  promoLoadFailed: '*** under developement ***',
  promoEditSuccess: 'Edit Product Success !',
  addPromoFailed: 'Something Wrong, Try Again !',
  addPromoSuccess: 'New Promo Added !',
  profileSuccess: 'Change Success !',
  transactionSuccess: 'Transaction Created !',
  nothingPending: 'Nothing Transaction Pending Here',
  transactionUpdateSuccess: 'Transaction Update Success !',
  addProductSuccess: 'Add Product Success !',
  editProductSuccess: 'Edit Product Success !',
  addProductFailed: 'Add Product Failed !',
  editProductFailed: 'Edit Product Failed !',
  // the specification's validation messages
  productNameRequired: '*** Product name is required! ***',
  productPriceRequired: '*** Product price is required! ***',
  productDescriptionRequired: '*** Product description is required! ***',
  productPictureRequired: '*** Product picture is required! ***',
  productCategoryRequired: '*** Product Category is required! ***',
  allInputRequired: 'All input must be fulfilled !',
  fileTypeWrong: 'Extension file wrong! Only .jpeg, .jpg, .png are allowed.',
  fileTooBig: 'File too big, try at least 2mb !',
  // the specification's dialogs and headings
  logoutConfirm: 'Are you sure to logout?',
  searchPlaceholder: 'let search something',
  setTimePlaceholder: 'Enter the time reservation',
  checkoutUserHeading: 'Checkout your item now!',
  checkoutAdminHeading: 'Finish your customer order now.',
  orderSummary: 'Order Summary',
  deliveryOrder: 'Delivery Order',
  historyHeading: "Let's see what you have bought!",
  historyHint: 'Long press to delete item',
  slideHint: 'Slide to see upcoming orders',
  // docs/decisions/spec-fidelity.md#fixed: the failures the spec left silent now say so
  orderFailed: 'Your order could not be placed. Your cart is kept, please try again.',
  profileFailed: 'Your profile could not be saved, please try again.',
  signUpFailed: 'Password or Email Wrong !',
  // Accounts that recover (docs/shop-rules.md#accounts-and-roles): texts the spec never had, shared by the server and the screens
  forgotSent: 'If an account uses this email, a link to reset its password is on its way. It works for 30 minutes.',
  resetLinkInvalid: 'This reset link is used, expired or unknown. Please ask for a new link.',
  resetSuccess: 'Your password is changed. Please log in with it.',
  passwordChanged: 'Your password is changed. You are signed out on your other devices.',
  currentPasswordWrong: 'The current password is not right',
  noPasswordYet: 'This account signs in with Google and has no password yet: use Forgot Password? on the login page to set one.',
  samePassword: 'The new password must differ from the current one',
} as const satisfies Translation<typeof english>;
