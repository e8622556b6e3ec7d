// Fixed ids shared by the server, the database seed and the browser (docs/architecture.md#the-api-contract).

export const API_BASE = '/api/coffee-project';
/** docs/architecture.md#the-api-contract: the session token travels in this request header, raw (no "Bearer"). */
export const TOKEN_HEADER = 'access-token';

/**
 * Who an account is (docs/shop-rules.md#staff-and-roles): a customer (User), the owner (Admin, who
 * may do everything), and the staff who each do their own job: a Cashier (the till, shifts, the
 * kitchen display, the pick-up screen, tables, collecting payment) and a Barista (the kitchen
 * display: lines, moves and undo, nothing that touches money).
 */
export const ROLES = { user: 'User', admin: 'Admin', cashier: 'Cashier', barista: 'Barista' } as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];
export const ALL_ROLES: readonly Role[] = Object.values(ROLES);
/** The staff: every role but the customer's. */
export const STAFF_ROLES: readonly Role[] = [ROLES.admin, ROLES.cashier, ROLES.barista];
export type StaffRole = Exclude<Role, 'User'>;

/**
 * What each role may do, one table for the server's guards and the screens' (docs/shop-rules.md#staff-and-roles):
 * `kitchen` the kitchen display (the queue, lines, moves but cancelling, undo), `counter` the till,
 * shifts, collecting and cancelling orders, tables, `manage` the dashboard, menu, promos, staff and settings.
 */
export const CAN = {
  kitchen: [ROLES.admin, ROLES.cashier, ROLES.barista],
  counter: [ROLES.admin, ROLES.cashier],
  manage: [ROLES.admin],
} as const satisfies Record<string, readonly Role[]>;
export type Capability = keyof typeof CAN;
export const can = (role: string | undefined, capability: Capability): boolean =>
  (CAN[capability] as readonly string[]).includes(role ?? '');

/** The menu's categories; `key` names each in the shop's catalogue, so every page and answer says it in its language. */
export const CATEGORIES = [
  { id: 1, name: 'Foods', key: 'category.foods' },
  { id: 2, name: 'Coffee', key: 'category.coffee' },
  { id: 3, name: 'Non Coffee', key: 'category.nonCoffee' },
  { id: 4, name: 'Add Ons', key: 'category.addOns' },
] as const;

/** Drinks come in every size and take add-ons; Foods and Add Ons are sold in one size (docs/shop-rules.md#prices-and-sizes). */
export const DRINK_CATEGORY_IDS: readonly number[] = [2, 3];
export const ADDONS_CATEGORY_ID = 4;
export const isDrink = (categoryId: number) => DRINK_CATEGORY_IDS.includes(categoryId);

/**
 * Where a product is made (docs/shop-rules.md#the-counter): the bar makes drinks and add-ons, the
 * kitchen food. A product's station is its category's unless an admin sets another.
 */
export const STATIONS = ['bar', 'kitchen'] as const;
export type Station = (typeof STATIONS)[number];
export const stationOfCategory = (categoryId: number): Station => (categoryId === 1 ? 'kitchen' : 'bar');

/** The names of dine-in tables and of a guest at one (docs/shop-rules.md#orders-from-the-table). */
export const TABLE_NAME_MAX = 30;
export const GUEST_NAME_MAX = 40;
/** The header a guest's page sends to follow its order without an account. */
export const ORDER_TOKEN_HEADER = 'order-token';

export const SIZES = [
  { id: 1, name: 'Reguler', short: 'R' },
  { id: 2, name: 'Large', short: 'L' },
  { id: 3, name: 'Extra Large', short: 'XL' },
] as const;
export const SIZE = { regular: 1, large: 2, extraLarge: 3 } as const;
/** What a drink's Large and Extra Large cost above its Reguler unless an admin sets their prices. */
export const SIZE_STEP = { large: 5000, extraLarge: 8000 } as const;

/** At most this many kinds of add-ons in one drink, each at most this many times. */
export const ADDON_KINDS_MAX = 3;
export const ADDON_QTY_MAX = 3;

/** The member card: a customer whose Done orders total this much (the spec's IDR 200.000). */
export const MEMBER_CARD_GOAL = 200_000;

export const DELIVERY_METHODS = [
  { id: 1, name: 'Dine In', label: 'Dine in' },
  { id: 2, name: 'Door Delivery', label: 'Door Delivery' },
  { id: 3, name: 'Pick Up', label: 'Pick up' },
] as const;
export const DOOR_DELIVERY_ID = 2;
export const DINE_IN_ID = 1;

export const PAYMENT_METHODS = [
  { id: 1, name: 'Card' },
  { id: 2, name: 'Bank Account' },
  { id: 3, name: 'Cash On Delivery' },
  { id: 4, name: 'QRIS' },
] as const;
/** Paid online through the payment gateway when it is configured (docs/shop-rules.md#payments). */
export const PAYMENT = { card: 1, bankTransfer: 2, cash: 3, qris: 4 } as const;
export const ONLINE_PAYMENT_IDS: readonly number[] = [PAYMENT.bankTransfer, PAYMENT.qris];
/** The banks whose virtual accounts a bank transfer may go to. */
export const VA_BANKS = ['bca', 'bni', 'bri', 'permata'] as const;
export type VaBank = (typeof VA_BANKS)[number];
export const VA_BANK_NAMES: Record<VaBank, string> = { bca: 'BCA', bni: 'BNI', bri: 'BRI', permata: 'Permata' };
/** Where an order's payment stands: `none` for one paid at the counter or on delivery. */
export const PAYMENT_STATUSES = ['none', 'awaiting', 'paid', 'expired', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PRODUCT_SORTS = ['popular', 'cheapest', 'priciest', 'newest'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** docs/shop-rules.md#pictures: uploads are at most 2 MB and JPEG or PNG. */
export const IMAGE_MAX_BYTES = 2_097_152;
export const IMAGE_ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png';

export const QTY_MIN = 1;
export const QTY_MAX = 99;
/** Prices are whole rupiah; one hundred million is far above any cup or meal. */
export const PRICE_MAX = 100_000_000;

/** docs/decisions/spec-fidelity.md#delays: redirect delays in milliseconds. */
export const DELAY = {
  afterLogin: 3000,
  afterSignUp: 3000,
  afterPromoSave: 2000,
  afterPay: 2000,
  afterProductEdit: 2000,
  afterMarkDone: 3000,
} as const;

/** docs/decisions/spec-fidelity.md#routes-and-the-session: browser storage keys. */
export const STORAGE = {
  token: 'token',
  role: 'role',
  id: 'id',
  cart: ['qty', 'productName', 'size', 'deliveryMethod', 'productId', 'price', 'image'],
} as const;

export function nameOf<T extends { id: number; name: string }>(list: readonly T[], id: number): string | undefined {
  return list.find((item) => item.id === id)?.name;
}
