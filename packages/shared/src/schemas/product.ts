import { z } from 'zod';
import { CATEGORIES, PRICE_MAX, PRODUCT_SORTS } from '../constants.ts';
import { MSG } from '../messages.ts';
import { fixedId, requiredText, wholeNumber } from './fields.ts';

const CATEGORY_IDS = CATEGORIES.map((c) => c.id);

/** spec §5: the Add product rules and their messages (the picture is checked with the upload). */
export const ProductFieldsSchema = z.object({
  product_name: requiredText(MSG.productNameRequired, 100),
  price: wholeNumber({ required: MSG.productPriceRequired, min: 1, max: PRICE_MAX, range: `Price must be between 1 and ${PRICE_MAX}` }),
  category_id: fixedId(CATEGORY_IDS, MSG.productCategoryRequired),
  description: requiredText(MSG.productDescriptionRequired, 1000),
});
export type ProductFields = z.infer<typeof ProductFieldsSchema>;

/** spec §5 Edit product: every field optional, only changed ones sent. */
export const ProductPatchSchema = ProductFieldsSchema.partial();
export type ProductPatch = z.infer<typeof ProductPatchSchema>;

/** `categories` is an id (1–4) or a category name, in any letter case. */
const CategoryFilterSchema = z
  .string()
  .trim()
  .transform((text, ctx) => {
    const byId = CATEGORIES.find((c) => String(c.id) === text);
    const byName = CATEGORIES.find((c) => c.name.toLowerCase() === text.toLowerCase());
    const found = byId ?? byName;
    if (!found) {
      ctx.addIssue({ code: 'custom', message: 'categories must be 1-4 or a category name' });
      return z.NEVER;
    }
    return found.id;
  });

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const ProductQuerySchema = z.object({
  search: z.preprocess(blankToUndefined, z.string().trim().max(100, 'search is at most 100 characters').optional()),
  categories: z.preprocess(blankToUndefined, CategoryFilterSchema.optional()),
  sort: z.preprocess(
    blankToUndefined,
    z.enum(PRODUCT_SORTS, { error: `sort must be one of ${PRODUCT_SORTS.join(', ')}` }).default('popular'),
  ),
  page: z.preprocess(
    blankToUndefined,
    wholeNumber({ required: 'page', min: 1, max: 1_000_000, range: 'page must be a whole number from 1' }).default(1),
  ),
  limit: z.preprocess(
    blankToUndefined,
    wholeNumber({ required: 'limit', min: 1, max: 50, range: 'limit must be a whole number from 1 to 50' }).default(12),
  ),
});
export type ProductQuery = z.infer<typeof ProductQuerySchema>;

export const ProductSchema = z.object({
  id: z.number(),
  product_name: z.string(),
  price: z.number(),
  image: z.string(),
  description: z.string(),
  category_id: z.number(),
  category_name: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

export const CategorySchema = z.object({ id: z.number(), name: z.string() });
