import { MSG, ProductFieldsSchema, ProductPatchSchema } from '@kopi/shared';
import { z } from 'zod';
import { dropBlankFields } from '../../../lib/form-data';
import { OptionalImageSchema, requiredImage } from '../../../lib/image-schemas';
import { schemaResolver } from '../../../lib/schema-resolver';

export interface ProductFormValues {
  product_name: string;
  price: string;
  category_id: string;
  description: string;
  images: File | undefined;
}

// spec §5 Add product: every field required with its own message; the picture is checked here too.
const CreateSchema = ProductFieldsSchema.extend({ images: requiredImage(MSG.productPictureRequired) });
// spec §5 Edit product: every field optional; blank inputs mean "unchanged".
const EditSchema = z.preprocess(dropBlankFields, ProductPatchSchema.extend({ images: OptionalImageSchema }));

export type ProductFormOutput = z.output<typeof CreateSchema> | z.output<typeof EditSchema>;

export const productCreateResolver = schemaResolver<ProductFormValues, ProductFormOutput>(CreateSchema);
export const productEditResolver = schemaResolver<ProductFormValues, ProductFormOutput>(EditSchema);
