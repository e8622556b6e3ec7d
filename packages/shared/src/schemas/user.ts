import { z } from 'zod';
import type { CommonKey } from '../i18n/issues.ts';
import { LOCALES } from '../i18n/locale.ts';
import { hasUnshowable } from '../names.ts';
import { isoDate, PhoneSchema, today } from './fields.ts';

const optionalName = (tooLong: CommonKey) =>
  z
    .string()
    .trim()
    .max(50, tooLong)
    .refine((name) => !hasUnshowable(name), 'nameUnshowable');

/** PATCH /users/profile: any subset of the profile's text fields (the photo travels as `images`). */
export const ProfilePatchSchema = z.object({
  display_name: optionalName('displayNameTooLong').optional(),
  first_name: optionalName('firstNameTooLong').optional(),
  last_name: optionalName('lastNameTooLong').optional(),
  address: z.string().trim().max(300, 'addressTooLong').optional(),
  phone: PhoneSchema.optional(),
  birthday: isoDate('birthdayRequired')
    .refine((d) => d <= today(), 'birthdayInFuture')
    .refine((d) => d >= '1900-01-01', 'birthdayTooEarly')
    .optional(),
  gender: z.enum(['male', 'female'], { error: 'genderInvalid' }).optional(),
  /** The account's language (docs/decisions/i18n-lingui.md#the-requests-language): the answers and e-mails speak it. */
  locale: z.enum(LOCALES, { error: 'localeInvalid' }).optional().meta({ description: 'The language the account reads: "en" or "id"' }),
});
export type ProfilePatch = z.infer<typeof ProfilePatchSchema>;

export const ProfileSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.string(),
  display_name: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  birthday: z.string().nullable(),
  gender: z.string().nullable(),
  image: z.string().nullable(),
  locale: z
    .enum(LOCALES)
    .nullable()
    .meta({ description: 'The language the account chose ("en" or "id"); null until it chooses (Accept-Language decides meanwhile)' }),
  orders_count: z.number(),
  member: z
    .object({
      number: z.string().meta({ description: 'The card number, the same for as long as the account lives' }),
      since: z.string().meta({ description: "The shop's day (YYYY-MM-DD) the customer's Done orders reached the goal" }),
    })
    .nullable()
    .meta({ description: 'The member card; null until Done orders total IDR 200.000' }),
  member_progress: z
    .object({ spent: z.number(), goal: z.number() })
    .meta({ description: 'Done orders so far (spent) and what earns the card (goal): goal - spent is left to spend' }),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const UserListItemSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.string(),
  display_name: z.string().nullable(),
  phone: z.string().nullable(),
  created_at: z.string(),
});
