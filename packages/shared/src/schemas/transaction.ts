import { z } from 'zod';
import {
  ADDON_KINDS_MAX,
  ADDON_QTY_MAX,
  DELIVERY_METHODS,
  DINE_IN_ID,
  DOOR_DELIVERY_ID,
  GUEST_NAME_MAX,
  PAYMENT,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  QTY_MAX,
  QTY_MIN,
  SIZES,
  STATIONS,
  TABLE_NAME_MAX,
  VA_BANKS,
} from '../constants.ts';
import { hasUnshowable } from '../names.ts';
import { REASON_MAX, STATUS, STATUS_IDS } from '../statuses.ts';
import { ApprovalSchema } from './approval.ts';
import { fixedId, wholeNumber } from './fields.ts';

const productId = () =>
  wholeNumber({
    required: 'productIdRequired',
    min: 1,
    max: 2_147_483_647,
    range: 'productIdInvalid',
  });

/** An add-on in a drink: a product of the Add Ons category, 1 to 3 of it per drink (docs/shop-rules.md#prices-and-sizes). */
const AddonInputSchema = z.object({
  product_id: productId(),
  qty: wholeNumber({
    required: 'addonQtyRequired',
    min: 1,
    max: ADDON_QTY_MAX,
    range: 'addonQtyRange',
  }),
});

const LineSchema = z.object({
  product_id: productId(),
  qty: wholeNumber({ required: 'qtyRequired', min: QTY_MIN, max: QTY_MAX, range: 'qtyRange' }),
  size_id: fixedId(
    SIZES.map((s) => s.id),
    'sizeIdInvalid',
  ),
  addons: z
    .array(AddonInputSchema, { error: 'addonsInvalid' })
    .max(ADDON_KINDS_MAX, 'addonsTooMany')
    .refine((addons) => new Set(addons.map((a) => a.product_id)).size === addons.length, 'addonsRepeated')
    .optional()
    .meta({ description: 'Add-ons in this drink, each per drink: at most 3 kinds, qty 1–3' }),
});

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z.string().trim().max(max, 'atMostCharacters').optional(),
  );

const SCHEDULED_FOR_FORMAT = 'scheduledForInvalid';

/**
 * When the customer wants the order: an instant with its offset, answered back in UTC. Missing, null
 * or empty means "as soon as possible". Whether the shop takes it then is the server's to say.
 */
const scheduledFor = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
  z
    .string({ error: SCHEDULED_FOR_FORMAT })
    .trim()
    .pipe(z.iso.datetime({ offset: true, error: SCHEDULED_FOR_FORMAT }))
    .transform((text) => new Date(text).toISOString())
    .optional(),
);

/** Where an order comes from, when it says: a sale at the till (the others are told apart by session and table). */
export const ORDER_SOURCES = ['counter'] as const;

const OrderCommonSchema = z.object({
  delivery_id: fixedId(
    DELIVERY_METHODS.map((d) => d.id),
    'deliveryIdInvalid',
  ),
  payment_id: fixedId(
    PAYMENT_METHODS.map((p) => p.id),
    'paymentIdInvalid',
  ),
  bank: z
    .preprocess((v) => (v === null || v === '' ? undefined : v), z.enum(VA_BANKS, { error: 'bankInvalid' }).optional())
    .meta({ description: 'With payment_id 2 (a bank transfer): the bank of the virtual account' }),
  promo_id: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    wholeNumber({ required: 'promoIdInvalid', min: 1, max: 2_147_483_647, range: 'promoIdInvalid' }).optional(),
  ),
  address: optionalText(300),
  scheduled_for: scheduledFor,
  table_token: optionalText(200).meta({
    description: "The table's token from its QR code (<PUBLIC_URL>/t/<token>): a Dine In order at that table",
  }),
  source: z
    .enum(ORDER_SOURCES, { error: 'sourceInvalid' })
    .optional()
    .meta({ description: 'counter: a sale at the till, by a Cashier or Admin signed in on it (docs: the till and shifts)' }),
  cash_tendered: z
    .preprocess(
      (v) => (v === null || v === '' ? undefined : v),
      wholeNumber({ required: 'cashTenderedRange', min: 0, max: 100_000_000, range: 'cashTenderedRange' }).optional(),
    )
    .meta({
      description: 'A cash sale at the till: what the customer handed over (at least the amount asked); the answer says the change',
    }),
  card_reference: optionalText(40).meta({ description: "A card sale at the till: the EDC terminal's reference, if the cashier notes it" }),
  guest_name: optionalText(GUEST_NAME_MAX)
    .refine((name) => name === undefined || !hasUnshowable(name), 'nameUnshowable')
    .meta({
      description: `With table_token and no session: a guest's order, by this name (1–${GUEST_NAME_MAX} characters), paid in cash at the counter`,
    }),
});

const MultiLineOrderSchema = OrderCommonSchema.extend({
  items: z.array(LineSchema, { error: 'itemsInvalid' }).min(1, 'itemsEmpty').max(20, 'itemsTooMany'),
});

/**
 * The specification's single-product payload (docs/architecture.md#the-api-contract) becomes a one-line order; a body with `items` is
 * taken as it is.
 */
function asLines(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || 'items' in body) return body;
  const { product_id, qty, size_id, addons, ...rest } = body as Record<string, unknown>;
  return { ...rest, items: [{ product_id, qty, size_id, addons }] };
}

/**
 * An order as the server takes it (docs/architecture.md#the-api-contract: orders are multi-line). Client-sent subtotal,
 * user_id, status_id and tax are dropped: the server prices the order.
 */
export const CreateOrderSchema = z
  .preprocess(asLines, MultiLineOrderSchema)
  .refine((order) => order.delivery_id !== DOOR_DELIVERY_ID || !!order.address, {
    message: 'addressNeeded',
    path: ['address'],
  })
  .refine((order) => !order.table_token || order.delivery_id === DINE_IN_ID, {
    message: 'tableOrderDineIn',
    path: ['delivery_id'],
  })
  .refine((order) => !order.table_token || !order.scheduled_for, {
    message: 'tableOrderForNow',
    path: ['scheduled_for'],
  })
  .refine((order) => !order.guest_name || !!order.table_token || order.source === 'counter', {
    message: 'guestNameWithTable',
    path: ['guest_name'],
  })
  .refine((order) => order.cash_tendered === undefined || (order.source === 'counter' && order.payment_id === PAYMENT.cash), {
    message: 'cashTenderedCounterOnly',
    path: ['cash_tendered'],
  })
  .meta({
    description:
      'Either {product_id, qty, size_id, addons?, delivery_id, payment_id, promo_id?, address?, scheduled_for?} or ' +
      '{items: [{product_id, qty, size_id, addons?}], delivery_id, payment_id, promo_id?, address?, scheduled_for?}; ' +
      'addons: [{product_id, qty}] of the Add Ons category, in drinks only',
  });
export type CreateOrderInput = z.infer<typeof CreateOrderSchema>;
/** An order as a client sends it: the multi-line form, before the server's defaults. */
export type NewOrderRequest = z.input<typeof MultiLineOrderSchema>;

/** A reason for a move: trimmed, at most REASON_MAX characters; blank is none. */
const reason = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
  z.string({ error: 'reasonText' }).trim().max(REASON_MAX, 'reasonTooLong').optional(),
);

const statusId = (invalid: 'statusIdInvalid' | 'statusInvalid') =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z.number({ error: invalid }).refine((id) => (STATUS_IDS as readonly number[]).includes(id), invalid),
  );

/**
 * An admin's move of an order (docs/shop-rules.md#statuses-and-moves). Which moves are allowed from
 * the order's current status is the server's to say; a cancellation needs its reason here.
 */
export const UpdateOrderStatusSchema = z
  .object({
    status_id: statusId('statusIdInvalid'),
    reason,
    approval: ApprovalSchema.optional().meta({
      description: "A Cashier cancelling a paid order (a refund, a void): an Admin's id and PIN, typed at that moment",
    }),
  })
  .refine((body) => body.status_id !== STATUS.cancelled || !!body.reason, {
    message: 'cancelReasonNeeded',
    path: ['reason'],
  });
export type UpdateOrderStatusInput = z.infer<typeof UpdateOrderStatusSchema>;

/** A customer's cancellation of their own pending order; the reason is optional, the body too. */
export const CancelOrderSchema = z.preprocess((v) => v ?? {}, z.object({ reason }));
export type CancelOrderInput = z.infer<typeof CancelOrderSchema>;

export const OrderListQuerySchema = z.object({
  status: z.preprocess((v) => (v === '' ? undefined : v), statusId('statusInvalid').optional()),
  page: z.preprocess(
    (v) => (v === '' ? undefined : v),
    wholeNumber({ required: 'page', min: 1, max: 1_000_000, range: 'page must be a whole number from 1' }).default(1),
  ),
  limit: z.preprocess(
    (v) => (v === '' ? undefined : v),
    wholeNumber({ required: 'limit', min: 1, max: 50, range: 'limit must be a whole number from 1 to 50' }).default(10),
  ),
});

/** A line's product name on Indonesian pages; optional: an answer stored before it was added (a retried order's) stays valid. */
const IndonesianNameSchema = z.string().optional().meta({
  description: "Its product's name on Indonesian pages: the product_name where it has none (docs/shop-rules.md#the-menu-in-two-languages)",
});

export const OrderAddonSchema = z.object({
  product_id: z.number(),
  product_name: z.string(),
  indonesian_name: IndonesianNameSchema,
  qty: z.number().meta({ description: 'Per drink' }),
  unit_price: z.number(),
});

export const OrderLineSchema = z.object({
  product_id: z.number(),
  product_name: z.string(),
  indonesian_name: IndonesianNameSchema,
  image: z.string(),
  size_id: z.number(),
  size_name: z.string(),
  qty: z.number(),
  unit_price: z.number().meta({ description: "The size's price at the time of the order" }),
  addons: z.array(OrderAddonSchema),
  line_total: z.number().meta({ description: '(unit_price + Σ add-on unit_price × qty) × qty' }),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

/** A stored order's line: its id (to tick it done), where it is made and when it was ticked done. */
export const OrderItemSchema = OrderLineSchema.extend({
  id: z.number(),
  station: z.enum(STATIONS).meta({ description: "Where its product is made (the product's station when ordered)" }),
  done_at: z.string().nullable().meta({ description: 'When a barista ticked it done, ISO 8601 in UTC; null: still to make' }),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

/** How an order is paid, and where its payment stands (docs/shop-rules.md#payments). */
export const OrderPaymentSchema = z.object({
  method_id: z.number(),
  status: z.enum(PAYMENT_STATUSES).meta({
    description:
      'none: to be paid at the counter or on delivery (not taken yet); awaiting, expired, failed: paid online; paid: taken (online, ' +
      'or at the counter); refunded: given back',
  }),
  cash_tendered: z.number().nullable().meta({ description: 'Cash taken at the counter: what the customer handed over' }),
  change: z.number().nullable().meta({ description: 'Cash taken at the counter: the change given back' }),
  rounding: z.number().meta({ description: 'Cash rounded to Rp 100 at the till: the rounding line (to pay = total + rounding)' }),
  reference: z.string().nullable().meta({ description: "A card at the counter: the EDC terminal's reference" }),
  taken_by: z
    .object({ id: z.number(), display_name: z.string() })
    .nullable()
    .meta({ description: 'Who took the payment at the counter (or refunded it)' }),
  bank: z.enum(VA_BANKS).nullable().meta({ description: 'A bank transfer: the bank of its virtual account' }),
  qr_string: z.string().nullable().meta({ description: 'QRIS: the QR code to draw, while awaiting payment' }),
  va_number: z.string().nullable().meta({ description: 'A bank transfer: the virtual account number to pay to' }),
  expires_at: z.string().nullable().meta({ description: 'When an unpaid order is cancelled, ISO 8601 in UTC' }),
  paid_at: z.string().nullable(),
  refund_failed: z
    .string()
    .nullable()
    .meta({ description: "Why the gateway did not give a cancelled order's payment back: refund it by hand" }),
});
export type OrderPayment = z.infer<typeof OrderPaymentSchema>;

/** The tax and service an order was priced with (docs/shop-rules.md#tax-service-and-the-bill), kept whatever the settings say later. */
export const OrderRatesSchema = z
  .object({
    tax_name: z.string().meta({ description: 'The tax\'s name on the bill, e.g. "PBJT"' }),
    tax_rate: z.number().meta({ description: 'Percent, up to two decimals; 0: no tax' }),
    service_rate: z.number().meta({ description: 'Percent of the service charge, on the order types that pay it' }),
    prices_include_tax: z.boolean().meta({ description: 'The prices included the tax (extracted from them) rather than adding it' }),
  })
  .meta({ description: 'The rates the order was priced with' });
export type OrderRates = z.infer<typeof OrderRatesSchema>;

export const OrderSchema = z.object({
  id: z.number(),
  source: z.enum(['online', 'table', 'counter']).meta({
    description: "online: placed by a customer; table: from a table's QR code; counter: a sale at the till",
  }),
  number: z.number().meta({ description: "The order's number within its shop day (1, 2, 3 … from each day's first order)" }),
  customer: z
    .object({ id: z.number().nullable(), display_name: z.string() })
    .meta({ description: 'The customer; a guest at a table has id null and the name they gave' }),
  table: z
    .object({ id: z.number(), name: z.string() })
    .nullable()
    .meta({ description: 'The table a Dine In order was placed from (its QR code); null otherwise' }),
  status_id: z.number(),
  status_name: z.string(),
  delivery_id: z.number(),
  delivery_name: z.string(),
  payment_id: z.number(),
  payment_method: z.string(),
  payment: OrderPaymentSchema,
  promo_id: z.number().nullable(),
  address: z.string().nullable(),
  scheduled_for: z.string().nullable().meta({ description: 'ISO 8601 in UTC; null means as soon as possible' }),
  items: z.array(OrderItemSchema),
  subtotal: z.number(),
  discount: z.number(),
  service: z.number().meta({ description: 'The service charge (0 for an order type that does not pay it)' }),
  tax: z.number().meta({ description: 'The tax: added to the total, or the part of it that is tax when rates.prices_include_tax' }),
  shipping: z.number(),
  total: z.number(),
  rates: OrderRatesSchema,
  created_at: z.string(),
  updated_at: z.string().meta({ description: 'When the order last changed (its status), ISO 8601 in UTC' }),
});
export type Order = z.infer<typeof OrderSchema>;

/** POST /transactions' answer: a guest's order carries the token with which its page follows it. */
export const PlacedOrderSchema = OrderSchema.extend({
  order_token: z
    .string()
    .optional()
    .meta({ description: "A guest's order only: send it as the Order-Token header to read and follow this order" }),
});
export type PlacedOrder = z.infer<typeof PlacedOrderSchema>;

/** One entry of an order's history: a status it entered, when, by whom (null: not known) and why. */
export const OrderEventSchema = z.object({
  id: z.number().meta({ description: "Increasing event id (the stream's `id:`)" }),
  status_id: z.number(),
  status_name: z.string(),
  at: z.string().meta({ description: 'ISO 8601 in UTC' }),
  by: z.object({ id: z.number(), display_name: z.string() }).nullable(),
  reason: z.string().nullable(),
  kind: z.enum(['move', 'undo', 'undone']).meta({
    description: 'move: a status move; undo: took back the move before it (the order returned to status_id); undone: a move taken back',
  }),
});
export type OrderEvent = z.infer<typeof OrderEventSchema>;

/** An order with its history, oldest event first (GET /transactions/:id and the live stream). */
export const OrderDetailSchema = OrderSchema.extend({ events: z.array(OrderEventSchema) });

/** GET /transactions/to-collect: an order whose cash the counter is to take, and how much. */
export const OrderToCollectSchema = OrderSchema.extend({
  cash_to_pay: z.number().meta({ description: "Its total rounded as the till rounds cash (the shop's cash_rounding): what to ask for" }),
});
export type OrderToCollect = z.infer<typeof OrderToCollectSchema>;
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

/** The `data:` of one event of GET /transactions/events: the order as it is once the event happened. */
export const OrderStreamEventSchema = z.object({
  type: z.enum(['created', 'status', 'line']).meta({
    description: 'created: a new order; status: a move or an undo; line: a line ticked done or unticked',
  }),
  event_id: z.number().meta({ description: "The order event's id (order_events): each comes once per stream" }),
  order: OrderDetailSchema,
});
export type OrderStreamEvent = z.infer<typeof OrderStreamEventSchema>;
/** POST /transactions/quote: the cart priced as its order would be, and whether its coupon applies. */
export const QuoteSchema = z.object({
  lines: z.array(OrderLineSchema),
  subtotal: z.number(),
  discount: z.number(),
  service: z.number(),
  tax: z.number(),
  shipping: z.number(),
  total: z.number(),
  cash_to_pay: z.number().meta({
    description: "Cash at the till: the total rounded to the shop's cash step (cash_rounding), what an exact payment hands over",
  }),
  rates: OrderRatesSchema,
  promo: z
    .object({
      id: z.number(),
      applies: z.boolean(),
      reason: z.string().nullable().meta({ description: 'Why the coupon does not apply, in one sentence; null when it applies' }),
    })
    .nullable()
    .meta({ description: 'null when the cart has no promo_id' }),
});
export type Quote = z.infer<typeof QuoteSchema>;

/** PATCH /transactions/:id/items/:itemId: a line ticked done, or unticked. */
export const LineDoneSchema = z.object({ done: z.boolean({ error: 'doneInvalid' }) });
export type LineDoneInput = z.infer<typeof LineDoneSchema>;

export const LineParamsSchema = z.object({
  id: wholeNumber({ required: 'idInvalid', min: 1, max: 2_147_483_647, range: 'idInvalid' }),
  itemId: wholeNumber({ required: 'itemIdInvalid', min: 1, max: 2_147_483_647, range: 'itemIdInvalid' }),
});

/** GET /transactions/prep-times: how long orders took from Pending to Ready, today and in the last hour. */
const PrepFigureSchema = z.object({
  orders: z.number().meta({ description: 'Orders that became Ready in the period' }),
  average_seconds: z.number().nullable().meta({ description: 'Their average Pending → Ready time; null without any' }),
});
export const PrepTimesSchema = z.object({ today: PrepFigureSchema, last_hour: PrepFigureSchema });
export type PrepTimes = z.infer<typeof PrepTimesSchema>;

/** One order on the pick-up screen: its number of the day and a first name, nothing else. */
export const PickupEntrySchema = z.object({ number: z.number(), name: z.string() });
/** GET /status: the pick-up screen's two columns, oldest first. */
export const PickupBoardSchema = z.object({ preparing: z.array(PickupEntrySchema), ready: z.array(PickupEntrySchema) });
export type PickupBoard = z.infer<typeof PickupBoardSchema>;

/** A dine-in table with its QR code's token. */
export const TableSchema = z.object({
  id: z.number(),
  name: z.string(),
  token: z.string().meta({ description: 'Random, unguessable; the QR code encodes <PUBLIC_URL>/t/<token>' }),
  url: z.string().meta({ description: 'What its QR code encodes' }),
  created_at: z.string(),
});
export type DiningTable = z.infer<typeof TableSchema>;

export const CreateTableSchema = z.object({
  name: z
    .string({ error: 'tableNameRequired' })
    .trim()
    .min(1, 'tableNameRequired')
    .max(TABLE_NAME_MAX, 'tableNameTooLong')
    .refine((name) => !hasUnshowable(name), 'nameUnshowable'),
});
export type CreateTableInput = z.infer<typeof CreateTableSchema>;

/** A table as its QR code's page sees it: only its name. */
export const TableByTokenSchema = z.object({ id: z.number(), name: z.string() });
