import { MSG, PromoFieldsSchema, PromoPatchSchema } from '@kopi/shared';
import type { z } from 'zod';
import { OptionalImageSchema, requiredImage } from '../../../lib/image-schemas';
import { schemaResolver } from '../../../lib/schema-resolver';

export interface PromoFormValues {
  promo_name: string;
  code: string;
  description: string;
  /** For Indonesian pages; blank: the English (docs/shop-rules.md#the-menu-in-two-languages). */
  indonesian_name: string;
  indonesian_description: string;
  discount: string;
  duration: string;
  min_price: string;
  /** The delivery methods it is valid for, as the checkboxes hold them; none is every method. */
  delivery_ids: string[];
  new_customers_only: boolean;
  members_only: boolean;
  images: File | undefined;
}

// Add promo (docs/decisions/spec-fidelity.md#forms): every field required, all with 'All input must be fulfilled !'.
const CreateSchema = PromoFieldsSchema.extend({ images: requiredImage(MSG.allInputRequired) });
const EditSchema = PromoPatchSchema.extend({ images: OptionalImageSchema });

export type PromoFormOutput = z.output<typeof CreateSchema> | z.output<typeof EditSchema>;

export const promoCreateResolver = schemaResolver<PromoFormValues, PromoFormOutput>(CreateSchema);
export const promoEditResolver = schemaResolver<PromoFormValues, PromoFormOutput>(EditSchema);
