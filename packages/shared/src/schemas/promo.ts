import { z } from 'zod';
import { MSG } from '../messages.ts';
import { isoDate, requiredText, wholeNumber } from './fields.ts';

const required = MSG.allInputRequired;

/** spec §5 Add promo: every field required with one message; discount is a percentage. */
export const PromoFieldsSchema = z.object({
  promo_name: requiredText(required, 100),
  code: requiredText(required, 20)
    .regex(/^[A-Za-z0-9_-]+$/, 'Code may hold letters, digits, - and _ only')
    .transform((code) => code.toUpperCase()),
  description: requiredText(required, 1000),
  discount: wholeNumber({ required, min: 1, max: 100, range: 'Discount must be between 1 and 100 percent' }),
  // DESIGN §2.3: the expiry is a real date so that it can be enforced.
  duration: isoDate(required),
  min_price: wholeNumber({ required, min: 0, max: 100_000_000, range: 'Minimum price must be 0 or more' }),
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
  image: z.string(),
  active: z.boolean(),
});
export type Promo = z.infer<typeof PromoSchema>;
