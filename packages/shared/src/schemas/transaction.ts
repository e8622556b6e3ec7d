import { z } from 'zod';
import {
  ADDON_KINDS_MAX,
  ADDON_QTY_MAX,
  DELIVERY_METHODS,
  DOOR_DELIVERY_ID,
  PAYMENT_METHODS,
  QTY_MAX,
  QTY_MIN,
  SIZES,
} from '../constants.ts';
import { REASON_MAX, STATUS, STATUS_IDS, STATUSES } from '../statuses.ts';
import { fixedId, wholeNumber } from './fields.ts';

const productId = () =>
  wholeNumber({
    required: 'product_id is required',
    min: 1,
    max: 2_147_483_647,
    range: 'product_id must be a positive whole number',
  });

/** An add-on in a drink: a product of the Add Ons category, 1 to 3 of it per drink (docs/shop-rules.md#prices-and-sizes). */
const AddonInputSchema = z.object({
  product_id: productId(),
  qty: wholeNumber({
    required: 'qty of an add-on is required',
    min: 1,
    max: ADDON_QTY_MAX,
    range: `An add-on's qty must be between 1 and ${ADDON_QTY_MAX}`,
  }),
});

const LineSchema = z.object({
  product_id: productId(),
  qty: wholeNumber({ required: 'qty is required', min: QTY_MIN, max: QTY_MAX, range: `qty must be between ${QTY_MIN} and ${QTY_MAX}` }),
  size_id: fixedId(
    SIZES.map((s) => s.id),
    'size_id must be 1 (R), 2 (L) or 3 (XL)',
  ),
  addons: z
    .array(AddonInputSchema, { error: 'addons must be a list of {product_id, qty}' })
    .max(ADDON_KINDS_MAX, `At most ${ADDON_KINDS_MAX} kinds of add-ons in one drink`)
    .refine((addons) => new Set(addons.map((a) => a.product_id)).size === addons.length, 'List each add-on once, with its qty')
    .optional()
    .meta({ description: 'Add-ons in this drink, each per drink: at most 3 kinds, qty 1–3' }),
});

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z.string().trim().max(max, `At most ${max} characters`).optional(),
  );

const SCHEDULED_FOR_FORMAT = 'scheduled_for must be a time written ISO 8601 with its offset, e.g. 2026-11-23T13:00:00+07:00';

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

const OrderCommonSchema = z.object({
  delivery_id: fixedId(
    DELIVERY_METHODS.map((d) => d.id),
    'delivery_id must be 1 (Dine In), 2 (Door Delivery) or 3 (Pick Up)',
  ),
  payment_id: fixedId(
    PAYMENT_METHODS.map((p) => p.id),
    'payment_id must be 1 (Card), 2 (Bank Account) or 3 (Cash On Delivery)',
  ),
  promo_id: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    wholeNumber({ required: 'promo_id', min: 1, max: 2_147_483_647, range: 'promo_id must be a positive whole number' }).optional(),
  ),
  address: optionalText(300),
  scheduled_for: scheduledFor,
});

const MultiLineOrderSchema = OrderCommonSchema.extend({
  items: z
    .array(LineSchema, { error: 'items must be a list of order lines' })
    .min(1, 'items needs at least one line')
    .max(20, 'At most 20 lines per order'),
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
    message: 'Door Delivery needs an address',
    path: ['address'],
  })
  .meta({
    description:
      'Either {product_id, qty, size_id, addons?, delivery_id, payment_id, promo_id?, address?, scheduled_for?} or ' +
      '{items: [{product_id, qty, size_id, addons?}], delivery_id, payment_id, promo_id?, address?, scheduled_for?}; ' +
      'addons: [{product_id, qty}] of the Add Ons category, in drinks only',
  });
export type CreateOrderInput = z.infer<typeof CreateOrderSchema>;

/** "1 (Pending), 4 (Preparing), …": the ids a status field takes, from the one table of statuses. */
const STATUS_CHOICES = STATUSES.map((s) => `${s.id} (${s.name})`).join(', ');

/** A reason for a move: trimmed, at most REASON_MAX characters; blank is none. */
const reason = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
  z.string({ error: 'reason must be text' }).trim().max(REASON_MAX, `reason is at most ${REASON_MAX} characters`).optional(),
);

const statusId = (field: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z
      .number({ error: `${field} must be one of ${STATUS_CHOICES}` })
      .refine((id) => (STATUS_IDS as readonly number[]).includes(id), `${field} must be one of ${STATUS_CHOICES}`),
  );

/**
 * An admin's move of an order (docs/shop-rules.md#statuses-and-moves). Which moves are allowed from
 * the order's current status is the server's to say; a cancellation needs its reason here.
 */
export const UpdateOrderStatusSchema = z
  .object({ status_id: statusId('status_id'), reason })
  .refine((body) => body.status_id !== STATUS.cancelled || !!body.reason, {
    message: `Cancelling an order needs a reason (1 to ${REASON_MAX} characters)`,
    path: ['reason'],
  });
export type UpdateOrderStatusInput = z.infer<typeof UpdateOrderStatusSchema>;

/** A customer's cancellation of their own pending order; the reason is optional, the body too. */
export const CancelOrderSchema = z.preprocess((v) => v ?? {}, z.object({ reason }));
export type CancelOrderInput = z.infer<typeof CancelOrderSchema>;

export const OrderListQuerySchema = z.object({
  status: z.preprocess((v) => (v === '' ? undefined : v), statusId('status').optional()),
  page: z.preprocess(
    (v) => (v === '' ? undefined : v),
    wholeNumber({ required: 'page', min: 1, max: 1_000_000, range: 'page must be a whole number from 1' }).default(1),
  ),
  limit: z.preprocess(
    (v) => (v === '' ? undefined : v),
    wholeNumber({ required: 'limit', min: 1, max: 50, range: 'limit must be a whole number from 1 to 50' }).default(10),
  ),
});

export const OrderAddonSchema = z.object({
  product_id: z.number(),
  product_name: z.string(),
  qty: z.number().meta({ description: 'Per drink' }),
  unit_price: z.number(),
});

export const OrderLineSchema = z.object({
  product_id: z.number(),
  product_name: z.string(),
  image: z.string(),
  size_id: z.number(),
  size_name: z.string(),
  qty: z.number(),
  unit_price: z.number().meta({ description: "The size's price at the time of the order" }),
  addons: z.array(OrderAddonSchema),
  line_total: z.number().meta({ description: '(unit_price + Σ add-on unit_price × qty) × qty' }),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

export const OrderSchema = z.object({
  id: z.number(),
  customer: z.object({ id: z.number(), display_name: z.string() }),
  status_id: z.number(),
  status_name: z.string(),
  delivery_id: z.number(),
  delivery_name: z.string(),
  payment_id: z.number(),
  payment_method: z.string(),
  promo_id: z.number().nullable(),
  address: z.string().nullable(),
  scheduled_for: z.string().nullable().meta({ description: 'ISO 8601 in UTC; null means as soon as possible' }),
  items: z.array(OrderLineSchema),
  subtotal: z.number(),
  discount: z.number(),
  tax: z.number(),
  shipping: z.number(),
  total: z.number(),
  created_at: z.string(),
  updated_at: z.string().meta({ description: 'When the order last changed (its status), ISO 8601 in UTC' }),
});
export type Order = z.infer<typeof OrderSchema>;

/** One entry of an order's history: a status it entered, when, by whom (null: not known) and why. */
export const OrderEventSchema = z.object({
  id: z.number().meta({ description: "Increasing event id (the stream's `id:`)" }),
  status_id: z.number(),
  status_name: z.string(),
  at: z.string().meta({ description: 'ISO 8601 in UTC' }),
  by: z.object({ id: z.number(), display_name: z.string() }).nullable(),
  reason: z.string().nullable(),
});
export type OrderEvent = z.infer<typeof OrderEventSchema>;

/** An order with its history, oldest event first (GET /transactions/:id and the live stream). */
export const OrderDetailSchema = OrderSchema.extend({ events: z.array(OrderEventSchema) });
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

/** The `data:` of one event of GET /transactions/events: the order as it is once the event happened. */
export const OrderStreamEventSchema = z.object({
  type: z.enum(['created', 'status']),
  event_id: z.number().meta({ description: "The order event's id (order_events): each comes once per stream" }),
  order: OrderDetailSchema,
});
export type OrderStreamEvent = z.infer<typeof OrderStreamEventSchema>;
/** POST /transactions/quote: the cart priced as its order would be, and whether its coupon applies. */
export const QuoteSchema = z.object({
  lines: z.array(OrderLineSchema),
  subtotal: z.number(),
  discount: z.number(),
  tax: z.number(),
  shipping: z.number(),
  total: z.number(),
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
