import { ProfilePatchSchema } from '@kopi/shared';
import { z } from 'zod';
import { dropBlankFields } from '../../../lib/form-data';
import { OptionalImageSchema } from '../../../lib/image-schemas';
import { schemaResolver } from '../../../lib/schema-resolver';

export interface ProfileFormValues {
  display_name: string;
  first_name: string;
  last_name: string;
  address: string;
  phone: string;
  birthday: string;
  gender: string;
  images: File | undefined;
}

// Blank inputs mean "unchanged": a profile without a phone yet must still save its other fields.
const ProfileFormSchema = z.preprocess(dropBlankFields, ProfilePatchSchema.extend({ images: OptionalImageSchema }));

export type ProfileFormOutput = z.output<typeof ProfileFormSchema>;

export const profileResolver = schemaResolver<ProfileFormValues, ProfileFormOutput>(ProfileFormSchema);
