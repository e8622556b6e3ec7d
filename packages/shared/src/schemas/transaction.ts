import { z } from 'zod';
import { DELIVERY_METHODS, DOOR_DELIVERY_ID, PAYMENT_METHODS, QTY_MAX, QTY_MIN, SIZES, STATUS } from '../constants.ts';
import { fixedId, wholeNumber } from './fields.ts';

const LineSchema = z.object({
  product_id: wholeNumber({
    required: 'product_id is required',
    min: 1,
    max: 2_147_483_647,
    range: 'product_id must be a positive whole number',
  }),
  qty: wholeNumber({ required: 'qty is required', min: QTY_MIN, max: QTY_MAX, range: `qty must be between ${QTY_MIN} and ${QTY_MAX}` }),
  size_id: fixedId(
    SIZES.map((s) => s.id),
    'size_id must be 1 (R), 2 (L) or 3 (XL)',
  ),
});
export type OrderLineInput = z.infer<typeof LineSchema>;

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

/** spec §3's single-product payload becomes a one-line order; a body with `items` is taken as it is. */
function asLines(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || 'items' in body) return body;
  const { product_id, qty, size_id, ...rest } = body as Record<string, unknown>;
  return { ...rest, items: [{ product_id, qty, size_id }] };
}

/**
 * An order as the server takes it (DESIGN §3: orders are multi-line). Client-sent subtotal,
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
      'Either {product_id, qty, size_id, delivery_id, payment_id, promo_id?, address?, scheduled_for?} or ' +
      '{items: [{product_id, qty, size_id}], delivery_id, payment_id, promo_id?, address?, scheduled_for?}',
  });
export type CreateOrderInput = z.infer<typeof CreateOrderSchema>;

export const UpdateOrderStatusSchema = z.object({
  status_id: z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z.union([z.literal(STATUS.done), z.literal(STATUS.cancelled)], {
      error: 'status_id must be 2 (Done) or 3 (Cancelled)',
    }),
  ),
});

export const OrderListQuerySchema = z.object({
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    fixedId([STATUS.pending, STATUS.done, STATUS.cancelled], 'status must be 1, 2 or 3').optional(),
  ),
  page: z.preprocess(
    (v) => (v === '' ? undefined : v),
    wholeNumber({ required: 'page', min: 1, max: 1_000_000, range: 'page must be a whole number from 1' }).default(1),
  ),
  limit: z.preprocess(
    (v) => (v === '' ? undefined : v),
    wholeNumber({ required: 'limit', min: 1, max: 50, range: 'limit must be a whole number from 1 to 50' }).default(10),
  ),
});

export const OrderLineSchema = z.object({
  product_id: z.number(),
  product_name: z.string(),
  image: z.string(),
  size_id: z.number(),
  size_name: z.string(),
  qty: z.number(),
  unit_price: z.number(),
  line_total: z.number(),
});

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
});
export type Order = z.infer<typeof OrderSchema>;
