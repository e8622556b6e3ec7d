import { STATIONS, STATUS_IDS } from '@kopi/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// Column names are snake_case in the database and in the API alike, so rows map 1:1 to answers.
// Money is an integer number of rupiah (docs/decisions/integer-rupiah.md).

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    /** null for an account made by Google sign-in until it sets a password through a reset link. */
    password_hash: text(),
    role: text().notNull().default('User'),
    phone: text(),
    display_name: text(),
    first_name: text(),
    last_name: text(),
    address: text(),
    birthday: date({ mode: 'string' }),
    gender: text(),
    image: text(),
    /** Raised to end every session of the account at once (docs/decisions/session-epoch.md). */
    session_epoch: integer().notNull().default(0),
    /** The language the account chose ('en' or 'id'); null until it chooses (docs/decisions/i18n-lingui.md). */
    locale: text(),
    /** A member of staff deactivated by the owner: no sign-in, no till (docs/shop-rules.md#staff-and-roles). */
    active: boolean().notNull().default(true),
    /** A member's PIN for shared counter devices (4–6 digits), hashed as passwords are; null: none yet. */
    pin_hash: text(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_locale_check', sql`${t.locale} in ('en', 'id')`),
    check('users_role_check', sql`${t.role} in ('User', 'Admin', 'Cashier', 'Barista')`),
    check('users_gender_check', sql`${t.gender} in ('male', 'female')`),
  ],
);

export const categories = pgTable('categories', {
  id: smallint().primaryKey(),
  name: text().notNull(),
});

export const products = pgTable(
  'products',
  {
    id: serial().primaryKey(),
    product_name: text().notNull(),
    price: integer().notNull(),
    category_id: smallint()
      .notNull()
      .references(() => categories.id),
    description: text().notNull(),
    /** The name and description on Indonesian pages; '' shows the English (docs/shop-rules.md#the-menu-in-two-languages). */
    indonesian_name: text().notNull().default(''),
    indonesian_description: text().notNull().default(''),
    image: text().notNull(),
    /** The name in lower case, kept by PostgreSQL, for a trigram-indexed search by any part of it. */
    search_name: text().generatedAlwaysAs(sql`lower(product_name)`),
    // Units sold, so "popular" needs no scan of the orders: the sales rolled up from product_sales
    // (below); the product_units_sold view adds those not rolled up yet. Not indexed: the menu
    // index in memory sorts by it.
    units_sold: integer().notNull().default(0),
    /** Off for now (an admin's switch): shown on the menu, refused in an order (docs/shop-rules.md#the-menu). */
    sold_out: boolean().notNull().default(false),
    /** Where it is made: the board of that station shows its lines (docs/shop-rules.md#the-counter). */
    station: text().notNull().default('bar'),
    created_at: createdAt(),
    deleted_at: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('products_price_check', sql`${t.price} > 0`),
    check('products_station_check', sql.raw(`station in (${STATIONS.map((s) => `'${s}'`).join(', ')})`)),
    index('products_price_idx').on(t.price, t.id).where(sql`${t.deleted_at} is null`),
    index('products_newest_idx').on(t.created_at.desc().nullsFirst(), t.id).where(sql`${t.deleted_at} is null`),
    index('products_category_idx').on(t.category_id).where(sql`${t.deleted_at} is null`),
    index('products_search_idx').using('gin', sql`${t.search_name} gin_trgm_ops`),
  ],
);

/**
 * The sizes a product is sold in, each with its own price (docs/shop-rules.md#prices-and-sizes).
 * Reguler is always there and equals products.price; drinks also have Large and Extra Large.
 */
export const productSizes = pgTable(
  'product_sizes',
  {
    product_id: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size_id: smallint().notNull(),
    price: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.product_id, t.size_id] }),
    check('product_sizes_size_check', sql`${t.size_id} in (1, 2, 3)`),
    check('product_sizes_price_check', sql`${t.price} > 0`),
  ],
);

export const promos = pgTable(
  'promos',
  {
    id: serial().primaryKey(),
    promo_name: text().notNull(),
    code: text().notNull(),
    description: text().notNull(),
    /** The name and description on Indonesian pages; '' shows the English (docs/shop-rules.md#the-menu-in-two-languages). */
    indonesian_name: text().notNull().default(''),
    indonesian_description: text().notNull().default(''),
    discount: smallint().notNull(),
    /** The last day the promo can be used. */
    duration: date({ mode: 'string' }).notNull(),
    min_price: integer().notNull().default(0),
    /** The delivery methods the promo is valid for; empty is all of them (docs/shop-rules.md#coupons). */
    delivery_ids: smallint().array().notNull().default(sql`'{}'`),
    /** Valid for a customer's first order only. */
    new_customers_only: boolean().notNull().default(false),
    /** Valid for member card holders only (docs/shop-rules.md#the-member-card). */
    members_only: boolean().notNull().default(false),
    image: text().notNull(),
    created_at: createdAt(),
    deleted_at: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('promos_code_key').on(t.code).where(sql`${t.deleted_at} is null`),
    check('promos_discount_check', sql`${t.discount} between 1 and 100`),
    check('promos_min_price_check', sql`${t.min_price} >= 0`),
  ],
);

/** Dine-in tables, each with the token its QR code carries (docs/shop-rules.md#orders-from-the-table). */
export const diningTables = pgTable(
  'dining_tables',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    /** Random, at least 128 bits, base64url: whoever holds it can order at the table. */
    token: text().notNull(),
    created_at: createdAt(),
    /** A deleted table's QR code no longer works; its orders keep its name. */
    deleted_at: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('dining_tables_token').on(t.token),
    uniqueIndex('dining_tables_name').on(sql`lower(${t.name})`).where(sql`${t.deleted_at} is null`),
  ],
);

/**
 * Order numbers (docs/shop-rules.md#the-counter): an order's number is its draw from this sequence
 * minus its shop day's base, the sequence's value when the day's first order came. A sequence hands
 * out values without locks, so no order waits for another's commit to get its number.
 */
export const orderNumberSeq = pgSequence('order_number_seq');

export const orderNumbers = pgTable('order_numbers', {
  shop_day: date().primaryKey(),
  base: bigint({ mode: 'number' }).notNull(),
});

/** A shared counter device (docs/shop-rules.md#staff-and-roles): its key is shown once, kept hashed. */
export const tills = pgTable(
  'tills',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    /** sha256 of the device's key (256 random bits): the key alone is a password, never stored. */
    key_hash: text().notNull(),
    created_at: createdAt(),
    /** Taken out of use: its key stops working at once. */
    deleted_at: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('tills_key_hash').on(t.key_hash),
    uniqueIndex('tills_name').on(sql`lower(${t.name})`).where(sql`${t.deleted_at} is null`),
  ],
);

/** The Z reports' numbers: one sequence for the shop, so that two tills closing at once never share one. */
export const shiftNumberSeq = pgSequence('shift_number_seq');

/** A till's shift: its drawer from a float to a count (docs/shop-rules.md#the-till-and-shifts). Never changed once closed. */
export const shifts = pgTable(
  'shifts',
  {
    id: serial().primaryKey(),
    /** The Z report's number: the shop's 1, 2, 3 …, from its own sequence. */
    number: integer().notNull(),
    till_id: integer()
      .notNull()
      .references(() => tills.id),
    opened_by: integer()
      .notNull()
      .references(() => users.id),
    opened_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    opening_cash: bigint({ mode: 'number' }).notNull(),
    closed_by: integer().references(() => users.id),
    closed_at: timestamp({ withTimezone: true }),
    counted_cash: bigint({ mode: 'number' }),
    /** The count by note and coin, as the cashier's screen added it up. */
    count: jsonb(),
    expected_cash: bigint({ mode: 'number' }),
  },
  (t) => [
    uniqueIndex('shifts_number').on(t.number),
    // One open shift per till.
    uniqueIndex('shifts_open_per_till').on(t.till_id).where(sql`${t.closed_at} is null`),
    index('shifts_opened_idx').on(t.opened_at),
  ],
);

/** Cash put into or taken out of a shift's drawer by hand, with its reason. */
export const shiftCash = pgTable(
  'shift_cash',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    shift_id: integer()
      .notNull()
      .references(() => shifts.id),
    /** > 0 put in, < 0 taken out. */
    amount: bigint({ mode: 'number' }).notNull(),
    reason: text(),
    by_user_id: integer()
      .notNull()
      .references(() => users.id),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shift_cash_shift_idx').on(t.shift_id), check('shift_cash_amount_check', sql`${t.amount} <> 0`)],
);

export const transactions = pgTable(
  'transactions',
  {
    id: serial().primaryKey(),
    /** The customer; null for a guest's order at a table (guest_name and table_id say who). */
    user_id: integer().references(() => users.id),
    /** Its number within its shop day, and that day (in SHOP_TIMEZONE). */
    number: integer().notNull(),
    shop_day: date().notNull(),
    table_id: integer().references(() => diningTables.id),
    guest_name: text(),
    /** A guest's order only: random, at least 128 bits; its holder may follow the order. */
    order_token: text(),
    /**
     * Whether the dashboard counts it as an order: not while it awaits its payment, nor once it was
     * cancelled before it was paid (docs/shop-rules.md#payments).
     */
    counted: boolean().notNull().default(true),
    status_id: smallint().notNull().default(1),
    delivery_id: smallint().notNull(),
    payment_id: smallint().notNull(),
    promo_id: integer().references(() => promos.id),
    address: text(),
    /** When the customer wants the order; null is as soon as possible. */
    scheduled_for: timestamp({ withTimezone: true }),
    subtotal: bigint({ mode: 'number' }).notNull(),
    discount: bigint({ mode: 'number' }).notNull().default(0),
    /** The service charge (docs/shop-rules.md#tax-service-and-the-bill). */
    service: bigint({ mode: 'number' }).notNull().default(0),
    tax: bigint({ mode: 'number' }).notNull().default(0),
    shipping: bigint({ mode: 'number' }).notNull().default(0),
    total: bigint({ mode: 'number' }).notNull(),
    /** The rates it was priced with, kept whatever the settings say later: the tax's name, and both rates in hundredths of a percent. */
    tax_name: text().notNull().default('PBJT'),
    tax_rate_bp: integer().notNull().default(0),
    service_rate_bp: integer().notNull().default(0),
    /** Whether its prices included the tax (extracted) or the tax was added. */
    prices_include_tax: boolean().notNull().default(false),
    idempotency_key: text(),
    /** A hash of the order's request, to tell a retry from another order sent with the same key (migration 0017). */
    idempotency_fingerprint: text(),
    /** Set when the customer removes the order from their history; the shop keeps it. */
    hidden_at: timestamp({ withTimezone: true }),
    /** online (a customer's), table (a table's QR code) or counter (a sale at the till). */
    source: text().notNull().default('online'),
    /**
     * A payment taken at the counter (docs/shop-rules.md#the-till-and-shifts): when, by whom, in which
     * shift's drawer, the cash handed over and the change, the rounding line, a card's reference;
     * and its refund. An order paid online keeps its payment in `payments`.
     */
    paid_at: timestamp({ withTimezone: true }),
    cashier_id: integer().references(() => users.id),
    shift_id: integer().references(() => shifts.id),
    /** The till a sale was rung up on: its Idempotency-Key is that device's (an offline sale sent late by another cashier is still one sale). */
    till_id: integer().references(() => tills.id),
    cash_tendered: bigint({ mode: 'number' }),
    cash_change: bigint({ mode: 'number' }),
    cash_rounding: bigint({ mode: 'number' }).notNull().default(0),
    card_reference: text(),
    refunded_at: timestamp({ withTimezone: true }),
    refunded_by: integer().references(() => users.id),
    refund_shift_id: integer().references(() => shifts.id),
    created_at: createdAt(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('transactions_status_check', sql.raw(`status_id in (${STATUS_IDS.join(', ')})`)),
    check('transactions_delivery_check', sql`${t.delivery_id} in (1, 2, 3)`),
    check('transactions_payment_check', sql`${t.payment_id} in (1, 2, 3, 4)`),
    check(
      'transactions_guest_check',
      sql`${t.user_id} is not null or (${t.guest_name} is not null and ${t.table_id} is not null) or ${t.source} = 'counter'`,
    ),
    check('transactions_source_check', sql`${t.source} in ('online', 'table', 'counter')`),
    index('transactions_shift_idx').on(t.shift_id).where(sql`${t.shift_id} is not null`),
    index('transactions_refund_shift_idx').on(t.refund_shift_id).where(sql`${t.refund_shift_id} is not null`),
    uniqueIndex('transactions_idempotency_key').on(t.user_id, t.idempotency_key),
    // A guest's key is theirs at their table.
    uniqueIndex('transactions_guest_idempotency_key').on(t.table_id, t.idempotency_key).where(sql`${t.user_id} is null`),
    // A sale's key is its till's.
    uniqueIndex('transactions_till_idempotency_key').on(t.till_id, t.idempotency_key).where(sql`${t.till_id} is not null`),
    uniqueIndex('transactions_number').on(t.shop_day, t.number),
    uniqueIndex('transactions_order_token').on(t.order_token).where(sql`${t.order_token} is not null`),
    index('transactions_table_idx').on(t.table_id, t.status_id).where(sql`${t.table_id} is not null`),
    index('transactions_awaiting_idx').on(t.created_at).where(sql`${t.status_id} = 6`),
    index('transactions_user_idx').on(t.user_id, t.created_at.desc().nullsFirst()),
    index('transactions_status_idx').on(t.status_id, t.created_at, t.id),
    index('transactions_scheduled_idx').on(t.scheduled_for).where(sql`${t.scheduled_for} is not null`),
    // The dashboard reads a period's orders from this index alone: migration 0019 adds INCLUDE
    // (status_id, total, counted), which drizzle's builder cannot write (docs/shop-rules.md#the-owners-dashboard).
    index('transactions_created_idx').on(t.created_at),
  ],
);

export const transactionItems = pgTable(
  'transaction_items',
  {
    id: serial().primaryKey(),
    transaction_id: integer()
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    product_id: integer()
      .notNull()
      .references(() => products.id),
    size_id: smallint().notNull(),
    qty: smallint().notNull(),
    unit_price: integer().notNull(),
    line_total: bigint({ mode: 'number' }).notNull(),
    /** Its product's station when ordered: the board of that station makes it. */
    station: text().notNull().default('bar'),
    /** When a barista ticked it done; null while still to make. */
    done_at: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('transaction_items_size_check', sql`${t.size_id} in (1, 2, 3)`),
    check('transaction_items_qty_check', sql`${t.qty} between 1 and 99`),
    index('transaction_items_transaction_idx').on(t.transaction_id),
  ],
);

/** The add-ons in an order line's drink, each priced at the time of the order (docs/shop-rules.md#prices-and-sizes). */
export const transactionItemAddons = pgTable(
  'transaction_item_addons',
  {
    id: serial().primaryKey(),
    transaction_item_id: integer()
      .notNull()
      .references(() => transactionItems.id, { onDelete: 'cascade' }),
    product_id: integer()
      .notNull()
      .references(() => products.id),
    qty: smallint().notNull(),
    unit_price: integer().notNull(),
  },
  (t) => [
    check('transaction_item_addons_qty_check', sql`${t.qty} between 1 and 3`),
    index('transaction_item_addons_item_idx').on(t.transaction_item_id),
  ],
);

/**
 * An order's payment through the gateway (docs/shop-rules.md#payments): one per order paid by QRIS
 * or bank transfer, made when its charge answered. Orders paid at the counter have none.
 */
export const payments = pgTable(
  'payments',
  {
    transaction_id: integer()
      .primaryKey()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    /** The order's id at the gateway: unique there for ever, so not the bare order id. */
    gateway_order_id: text().notNull(),
    /** PAYMENT_STATUSES but `none`. */
    status: text().notNull().default('awaiting'),
    bank: text(),
    qr_string: text(),
    va_number: text(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    gateway_transaction_id: text(),
    paid_at: timestamp({ withTimezone: true }),
    refunded_at: timestamp({ withTimezone: true }),
    /** Why the gateway did not give a paid order's money back: the shop refunds it by hand. */
    refund_failed: text(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_gateway_order_id').on(t.gateway_order_id),
    check('payments_status_check', sql`${t.status} in ('awaiting', 'paid', 'expired', 'failed', 'refunded')`),
  ],
);

/** Uploaded and seeded pictures, content-addressed, so every instance serves every image. */
export const images = pgTable('images', {
  sha256: text().primaryKey(),
  content_type: text().notNull(),
  data: bytea().notNull(),
  created_at: createdAt(),
});

/**
 * Every status an order has been in, oldest first: Pending at creation, then each move (by whom and
 * why). The live stream's event ids are these ids; see docs/shop-rules.md#statuses-and-moves.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    transaction_id: integer()
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    status_id: smallint().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The admin or customer who moved it; null for a guest's order's creation. */
    by_user_id: integer().references(() => users.id),
    reason: text(),
    /** EVENT_KIND: a move, a line ticked (status_id: the order's, unchanged), an undo, a move undone. */
    kind: smallint().notNull().default(0),
    /** A line event's line. */
    item_id: integer().references(() => transactionItems.id, { onDelete: 'cascade' }),
  },
  (t) => [
    check('order_events_status_check', sql.raw(`status_id in (${STATUS_IDS.join(', ')})`)),
    index('order_events_transaction_idx').on(t.transaction_id, t.id),
    // Migration 0018 adds INCLUDE (transaction_id, by_user_id) for the dashboard, which drizzle's builder cannot write;
    // the dashboard reads moves only (kind 0: no line ticks, undos or moves undone).
    index('order_events_status_at_cover_idx').on(t.status_id, t.at).where(sql`${t.kind} = 0`),
  ],
);

/** Smaller copies of a picture for lists and thumbnails, made on first request (see images.service). */
export const imageVariants = pgTable(
  'image_variants',
  {
    sha256: text()
      .notNull()
      .references(() => images.sha256),
    width: smallint().notNull(),
    data: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.sha256, t.width] })],
);

/** Logged-out tokens by jti, until they would have expired anyway. */
export const revokedTokens = pgTable('revoked_tokens', {
  jti: text().primaryKey(),
  expires_at: timestamp({ withTimezone: true }).notNull(),
});

/** The one live password-reset link of an account, by the sha256 of its token (never the token). */
export const passwordResets = pgTable('password_resets', {
  user_id: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token_hash: text().notNull().unique('password_resets_token_hash_key'),
  expires_at: timestamp({ withTimezone: true }).notNull(),
  created_at: timestamp({ withTimezone: true }).notNull(),
});

/** An account as an outside identity provider (Google) knows it: its issuer and subject. */
export const userIdentities = pgTable(
  'user_identities',
  {
    issuer: text().notNull(),
    subject: text().notNull(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('user_identities_user_idx').on(t.user_id)],
);

/**
 * Units sold (or, negative, given back by a cancellation) not yet added to products.units_sold
 * (docs/decisions/order-database-work.md): an order inserts its products' rows here instead of
 * updating its products, so that orders of the same product never wait for each other, and the
 * instance that took them rolls them up within a second (roll_up_product_sales, in
 * apps/api/sql/product_units_sold.sql). No key and no index: an insert is as cheap as it gets, and
 * the table holds about a second of sales.
 */
export const productSales = pgTable('product_sales', {
  product_id: integer().notNull(),
  qty: integer().notNull(),
});

/** Fixed-window counters for the sign-in rate limit, shared by every instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  window_start: timestamp({ withTimezone: true }).notNull(),
  hits: integer().notNull(),
});

export const settings = pgTable('settings', {
  key: text().primaryKey(),
  value: text().notNull(),
});

/** The shop's settings: at most one row (id 1), written when an admin first sets them. See docs/shop-rules.md#the-owners-dashboard. */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: smallint().primaryKey().default(1),
    /** Integer rupiah; the dashboard's goal ring measures this month's revenue against it. */
    monthly_revenue_goal: bigint({ mode: 'number' }).notNull().default(30_000_000),
    /**
     * What the owner sets on /settings (the shop's name, hours, tax and service, receipts…), as JSON
     * checked by ShopSettingsSchema on every read; null until a first start wrote the environment's.
     */
    settings: jsonb(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    check('shop_settings_one_row', sql`id = 1`),
    check('shop_settings_goal_check', sql`monthly_revenue_goal between 1 and 1000000000000`),
  ],
);

/**
 * The print queue (docs/shop-rules.md#receipts-and-printers): what is to go to a receipt or
 * station printer, already encoded as ESC/POS bytes. A sale inserts its jobs and goes on; the
 * printing worker sends them (FOR UPDATE SKIP LOCKED: two instances never print one twice) and
 * retries one that failed later, with a growing wait, so a printer that is off never holds a sale.
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** The printer's name in the settings (`printers[].name`), looked up when it is sent. */
    printer: text().notNull(),
    /** receipt | ticket */
    kind: text().notNull(),
    transaction_id: integer().references(() => transactions.id, { onDelete: 'cascade' }),
    bytes: bytea().notNull(),
    /** queued | printed | failed */
    status: text().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    next_attempt_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    last_error: text(),
    created_at: createdAt(),
    printed_at: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('print_jobs_kind_check', sql`${t.kind} in ('receipt', 'ticket')`),
    check('print_jobs_status_check', sql`${t.status} in ('queued', 'printed', 'failed')`),
    // The worker's question: the jobs due now, oldest first.
    index('print_jobs_due_idx').on(t.next_attempt_at).where(sql`${t.status} = 'queued'`),
    index('print_jobs_transaction_idx').on(t.transaction_id),
  ],
);
