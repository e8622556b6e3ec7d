import {
  ChangePasswordSchema,
  ForgotPasswordSchema,
  type LoginInput,
  LoginSchema,
  type RegisterInput,
  RegisterSchema,
  ResetPasswordSchema,
} from '@kopi/shared';
import { z } from 'zod';
import type { MessageKey } from '../../../lib/i18n';
import { schemaResolver } from '../../../lib/schema-resolver';

// Loaded on the first submit (lib/lazy-resolver.ts): the same schemas the server validates with.
export const loginResolver = schemaResolver<LoginInput, LoginInput>(LoginSchema);
export const signUpResolver = schemaResolver<RegisterInput, RegisterInput>(RegisterSchema);
export const forgotResolver = schemaResolver<ForgotFormValues, ForgotFormValues>(ForgotPasswordSchema);

/** A catalogue key: the resolver says it in the page's language. */
const PASSWORDS_DIFFER: MessageKey = 'form.passwordsDiffer';

/** The new password twice: the second must repeat the first (the server checks the first). */
const ResetFormSchema = z
  .object({ password: ResetPasswordSchema.shape.password, confirm: z.string() })
  .refine((form) => form.password === form.confirm, { path: ['confirm'], message: PASSWORDS_DIFFER });
export type ResetFormValues = z.infer<typeof ResetFormSchema>;
export const resetResolver = schemaResolver<ResetFormValues, ResetFormValues>(ResetFormSchema);

const ChangePasswordFormSchema = ChangePasswordSchema.extend({ confirm_password: z.string() }).refine(
  (form) => form.new_password === form.confirm_password,
  { path: ['confirm_password'], message: PASSWORDS_DIFFER },
);
export type ChangePasswordFormValues = z.infer<typeof ChangePasswordFormSchema>;
export const changePasswordResolver = schemaResolver<ChangePasswordFormValues, ChangePasswordFormValues>(ChangePasswordFormSchema);

export interface ForgotFormValues {
  email: string;
}
