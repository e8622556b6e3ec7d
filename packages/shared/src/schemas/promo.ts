import { z } from 'zod';
import { DELIVERY_METHODS } from '../constants.ts';
import { fixedId, formBoolean, isoDate, optionalText, requiredText, wholeNumber } from './fields.ts';
import { MenuTextsSchema } from './product.ts';

const required = 'allInputRequired';

const DELIVERY_IDS_MESSAGE = 'deliveryIdsInvalid';

/** A form's "1,3" (ids separated by commas; blank is every method) as a sorted list without repeats. */
const deliveryIds = z
  .preprocess(
    (value) => (typeof value === 'string' ? (value.trim() === '' ? [] : value.split(',')) : value),
    z
      .array(
        fixedId(
          DELIVERY_METHODS.map((d) => d.id),
          DELIVERY_IDS_MESSAGE,
        ),
        { error: DELIVERY_IDS_MESSAGE },
      )
      .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
  )
  .meta({ description: 'The delivery methods it is valid for, ids separated by commas (e.g. "1" Dine In only); blank: all' });

/** Add promo (docs/decisions/spec-fidelity.md#forms): every field required with one message; discount is a percentage. */
export const PromoFieldsSchema = z.object({
  promo_name: requiredText(required, 100),
  code: requiredText(required, 20)
    .regex(/^[A-Za-z0-9_-]+$/, 'couponCodeInvalid')
    .transform((code) => code.toUpperCase()),
  description: requiredText(required, 1000),
  // In Bahasa Indonesia (docs/shop-rules.md#the-menu-in-two-languages): blank shows the English.
  indonesian_name: optionalText(100).optional().meta({ description: 'The name on Indonesian pages; blank or absent: promo_name' }),
  indonesian_description: optionalText(1000)
    .optional()
    .meta({ description: 'The description on Indonesian pages; blank or absent: description' }),
  discount: wholeNumber({ required, min: 1, max: 100, range: 'discountRange' }),
  // docs/decisions/spec-fidelity.md#fixed: the expiry is a real date so that it can be enforced.
  duration: isoDate(required),
  min_price: wholeNumber({ required, min: 0, max: 100_000_000, range: 'minPriceRange' }),
  // The rules beside the minimum (docs/shop-rules.md#coupons); a new promo without them is for everyone.
  delivery_ids: deliveryIds.optional(),
  new_customers_only: formBoolean('newCustomersOnlyInvalid')
    .optional()
    .meta({ description: "true: valid for a customer's first order only" }),
  members_only: formBoolean('membersOnlyInvalid').optional().meta({ description: 'true: valid for member card holders only' }),
});
export type PromoFields = z.infer<typeof PromoFieldsSchema>;

export const PromoPatchSchema = PromoFieldsSchema.partial();
export type PromoPatch = z.infer<typeof PromoPatchSchema>;

export const PromoSchema = z.object({
  id: z.number(),
  promo_name: z.string(),
  code: z.string(),
  description: z.string(),
  discount: z.number(),
  duration: z.string(),
  min_price: z.number(),
  delivery_ids: z.array(z.number()).meta({ description: 'The delivery methods it is valid for; empty: all' }),
  new_customers_only: z.boolean(),
  members_only: z.boolean(),
  image: z.string(),
  active: z.boolean(),
  texts: MenuTextsSchema.meta({ description: 'Its name and description as typed, in both languages (for the edit form)' }),
});
export type Promo = z.infer<typeof PromoSchema>;
