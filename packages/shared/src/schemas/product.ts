import { z } from 'zod';
import { CATEGORIES, PRICE_MAX, PRODUCT_SORTS, STATIONS } from '../constants.ts';
import type { CommonKey } from '../i18n/issues.ts';
import { fixedId, formBoolean, optionalText, requiredText, wholeNumber } from './fields.ts';

const CATEGORY_IDS = CATEGORIES.map((c) => c.id);

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const sizePrice = (required: CommonKey, range: CommonKey) => wholeNumber({ required, min: 1, max: PRICE_MAX, range });

/**
 * docs/decisions/spec-fidelity.md#forms: the Add product rules and their messages (the picture is checked with the upload).
 * `price` is the Reguler price; a drink's Large and Extra Large prices default to it plus the shop's
 * steps (docs/shop-rules.md#prices-and-sizes), and the server checks them against the category.
 */
export const ProductFieldsSchema = z.object({
  product_name: requiredText('productNameRequired', 100),
  price: wholeNumber({ required: 'productPriceRequired', min: 1, max: PRICE_MAX, range: 'priceRange' }),
  category_id: fixedId(CATEGORY_IDS, 'productCategoryRequired'),
  description: requiredText('productDescriptionRequired', 1000),
  // The menu in Bahasa Indonesia (docs/shop-rules.md#the-menu-in-two-languages): blank shows the English.
  indonesian_name: optionalText(100).optional().meta({ description: 'The name on Indonesian pages; blank or absent: product_name' }),
  indonesian_description: optionalText(1000)
    .optional()
    .meta({ description: 'The description on Indonesian pages; blank or absent: description' }),
  price_l: sizePrice('largePriceRequired', 'largePriceRange')
    .optional()
    .meta({ description: 'Large price (drinks only); default: price + 5000' }),
  price_xl: sizePrice('extraLargePriceRequired', 'extraLargePriceRange')
    .optional()
    .meta({ description: 'Extra Large price (drinks only); default: price + 8000' }),
  sold_out: formBoolean('soldOutInvalid')
    .optional()
    .meta({ description: 'true: shown as "Sold out" and refused in orders; default false' }),
  station: z
    .preprocess(blankToUndefined, z.enum(STATIONS, { error: 'stationInvalid' }).optional())
    .meta({ description: 'Where it is made: bar or kitchen; default: kitchen for Foods, bar for the rest' }),
});
export type ProductFields = z.infer<typeof ProductFieldsSchema>;

/** Edit product (docs/decisions/spec-fidelity.md#forms): every field optional, only changed ones sent. */
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
      ctx.addIssue({ code: 'custom', message: 'categoriesInvalid' });
      return z.NEVER;
    }
    return found.id;
  });

export const ProductQuerySchema = z.object({
  search: z.preprocess(blankToUndefined, z.string().trim().max(100, 'searchTooLong').optional()),
  categories: z.preprocess(blankToUndefined, CategoryFilterSchema.optional()),
  sort: z.preprocess(blankToUndefined, z.enum(PRODUCT_SORTS, { error: 'sortInvalid' }).default('popular')),
  page: z.preprocess(blankToUndefined, wholeNumber({ required: 'pageInvalid', min: 1, max: 1_000_000, range: 'pageInvalid' }).default(1)),
  limit: z.preprocess(blankToUndefined, wholeNumber({ required: 'limitInvalid', min: 1, max: 50, range: 'limitInvalid' }).default(12)),
});
export type ProductQuery = z.infer<typeof ProductQuerySchema>;

export const ProductSizeSchema = z.object({ size_id: z.number(), size_name: z.string(), price: z.number() });
export type ProductSize = z.infer<typeof ProductSizeSchema>;

/** A product's texts as the admin typed them, in both languages ('' where no Indonesian was given). */
export const MenuTextsSchema = z.object({
  en: z.object({ name: z.string(), description: z.string() }),
  id: z.object({ name: z.string(), description: z.string() }),
});
export type MenuTexts = z.infer<typeof MenuTextsSchema>;

export const ProductSchema = z.object({
  id: z.number(),
  /** In the request's language (the Indonesian when it has one and the request speaks Indonesian). */
  product_name: z.string(),
  /** The Reguler price (the spec's field); `sizes` has every size's. */
  price: z.number(),
  image: z.string(),
  description: z.string(),
  category_id: z.number(),
  category_name: z.string(),
  sizes: z.array(ProductSizeSchema).meta({ description: 'The sizes it is sold in, Reguler first, each with its price' }),
  sold_out: z.boolean(),
  station: z.enum(STATIONS).meta({ description: 'Where it is made: the board of that station shows its lines' }),
  texts: MenuTextsSchema.optional().meta({
    description: 'One product (GET /products/:id, and the answers of its writes): its name and description as typed, in both languages',
  }),
});
export type Product = z.infer<typeof ProductSchema>;

export const CategorySchema = z.object({ id: z.number(), name: z.string() });
