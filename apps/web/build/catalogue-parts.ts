// Which part of the screens' catalogue each text is in (packages/shared/src/i18n/<language>/web.ts).
// Each part is a module of its own (compiled-catalogues.ts), and a page loads only the parts it
// shows (apps/web/src/app/router.tsx), so that a phone's first load carries no other screen's words:
// - `screens`: what every page shows and the landing page: the top bar, the footer, the error and
//   offline notices, the live orders' toasts. Loaded before the app draws anything.
// - `pages`: every other screen's texts for a customer (the menu, the cart, the orders). Loaded with
//   any page but the landing page and the not-found page.
// - `forms`: the forms' messages, the shared catalogue's texts (keys without a dot, common.ts) that a
//   field's rule or a save's answer shows. Loaded with every page but those that only read (the menu,
//   a product, the history, the owner's figures: app/page-texts.ts).
// - `account`: the account pages' (sign-in, sign-up, password, profile), loaded with those pages.
// - `staff`: the staff's screens (the admin part), loaded for a staff member's session; `till` and
//   `settings`, the till's and the settings' own, loaded with those pages.
// apps/web/src/app/catalogue-parts.test.ts reads every page's code and checks that the texts it
// names are in the parts it loads.

export type Part = 'screens' | 'pages' | 'forms' | 'staff' | 'account' | 'till' | 'settings';
export const PARTS: readonly Part[] = ['screens', 'pages', 'forms', 'staff', 'account', 'till', 'settings'];

/** The texts of every page and of the landing page, by their keys' first word, and by whole key. */
const SCREENS_PREFIXES = ['category', 'error', 'footer', 'home', 'live', 'logout', 'meta', 'nav', 'notFound', 'offline', 'search'];
const SCREENS_KEYS = ['guardNoToken', 'guardWrongRole', 'history.orderN', 'loading', 'logoutConfirm', 'searchPlaceholder'];

/** The shared catalogue's texts that the customer's pages show outside a form (the rest are in `forms`). */
const PAGES_KEYS = [
  'checkoutAdminHeading',
  'checkoutUserHeading',
  'deliveryOrder',
  'historyHeading',
  'historyHint',
  'nothingPending',
  'orderFailed',
  'orderSummary',
  'promoLoadFailed',
  'setTimePlaceholder',
  'slideHint',
  'soldOut',
  'soldOutNote',
  'transactionSuccess',
  'transactionUpdateSuccess',
];

/** The account pages' keys, by their first word. */
const ACCOUNT_PREFIXES = ['auth', 'forgot', 'reset', 'google', 'profile', 'member', 'form'];

/** The staff pages with texts of their own, by their keys' prefix; their links in the top bar stay in the staff part. */
const PAGE_PARTS = { till: 'admin.till.', settings: 'admin.settings.' } as const;
const KEPT_IN_STAFF = ['admin.till.nav', 'admin.settings.nav'];

const firstWord = (key: string) => key.split('.')[0] ?? '';

/** The part a key of the screens' catalogue is in; `staffKeys` are the staff's catalogue's (admin.ts). */
export function partOf(key: string, staffKeys: Readonly<Record<string, unknown>>): Part {
  if (Object.hasOwn(staffKeys, key)) {
    if (KEPT_IN_STAFF.includes(key)) return 'staff';
    return (Object.keys(PAGE_PARTS) as (keyof typeof PAGE_PARTS)[]).find((page) => key.startsWith(PAGE_PARTS[page])) ?? 'staff';
  }
  if (ACCOUNT_PREFIXES.includes(firstWord(key))) return 'account';
  if (SCREENS_PREFIXES.includes(firstWord(key)) || SCREENS_KEYS.includes(key)) return 'screens';
  if (!key.includes('.') && !PAGES_KEYS.includes(key)) return 'forms';
  return 'pages';
}

/** A part's texts out of the screens' catalogue. */
export function textsOf<T>(
  part: Part,
  messages: Readonly<Record<string, T>>,
  staffKeys: Readonly<Record<string, unknown>>,
): Record<string, T> {
  return Object.fromEntries(Object.entries(messages).filter(([key]) => partOf(key, staffKeys) === part));
}
