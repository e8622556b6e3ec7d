import { MSG, ProductFieldsSchema, ProductPatchSchema } from '@kopi/shared';
import { z } from 'zod';
import { dropBlankFields } from '../../../lib/form-data';
import { OptionalImageSchema, requiredImage } from '../../../lib/image-schemas';
import { schemaResolver } from '../../../lib/schema-resolver';

export interface ProductFormValues {
  product_name: string;
  price: string;
  /** A drink's Large and Extra Large prices; blank takes the shop's default (docs/shop-rules.md#prices-and-sizes). */
  price_l: string;
  price_xl: string;
  category_id: string;
  description: string;
  /** For Indonesian pages; blank: the English (docs/shop-rules.md#the-menu-in-two-languages). */
  indonesian_name: string;
  indonesian_description: string;
  sold_out: boolean;
  /** Bar or kitchen; blank: the category's (docs/shop-rules.md#the-counter). */
  station: string;
  images: File | undefined;
}

// Add product (docs/decisions/spec-fidelity.md#forms): every field required with its own message; the picture is checked here too.
// Blank inputs are missing: a drink's blank Large and Extra Large take the shop's default prices.
const CreateSchema = z.preprocess(dropBlankFields, ProductFieldsSchema.extend({ images: requiredImage(MSG.productPictureRequired) }));
// Edit product (docs/decisions/spec-fidelity.md#forms): every field optional; blank inputs mean "unchanged".
const EditSchema = z.preprocess(dropBlankFields, ProductPatchSchema.extend({ images: OptionalImageSchema }));

export type ProductFormOutput = z.output<typeof CreateSchema> | z.output<typeof EditSchema>;

export const productCreateResolver = schemaResolver<ProductFormValues, ProductFormOutput>(CreateSchema);
export const productEditResolver = schemaResolver<ProductFormValues, ProductFormOutput>(EditSchema);
