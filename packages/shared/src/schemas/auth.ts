import { z } from 'zod';
import { EmailSchema, PhoneSchema } from './fields.ts';

export const LoginSchema = z.object({
  email: EmailSchema,
  password: z.string({ error: 'passwordRequired' }).min(1, 'passwordRequired').max(200),
});
export type LoginInput = z.infer<typeof LoginSchema>;

/** The rules of a new password, the same at sign-up, reset and change. */
export const NewPasswordSchema = z.string({ error: 'passwordRequired' }).min(8, 'passwordTooShort').max(200, 'passwordTooLong');

export const RegisterSchema = z.object({
  email: EmailSchema,
  password: NewPasswordSchema,
  phone_number: PhoneSchema,
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

export const LoginResultSchema = z.object({
  token: z.string(),
  payload: z.object({ id: z.number(), role: z.enum(['User', 'Admin', 'Cashier', 'Barista']) }),
});
export type LoginResult = z.infer<typeof LoginResultSchema>;

/** POST /auth/forgot: the same answer whether or not the account exists. */
export const ForgotPasswordSchema = z.object({ email: EmailSchema });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordSchema>;

/** POST /auth/reset: the token from the e-mailed link and the new password. */
export const ResetPasswordSchema = z.object({
  token: z.string({ error: 'resetLinkInvalid' }).trim().min(1, 'resetLinkInvalid').max(200, 'resetLinkInvalid'),
  password: NewPasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;

/** PATCH /users/password, signed in. */
export const ChangePasswordSchema = z.object({
  current_password: z.string({ error: 'currentPasswordRequired' }).min(1, 'currentPasswordRequired').max(200),
  new_password: NewPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

/** The answer of a change of password: this device's new session token (the others have ended). */
export const ChangePasswordResultSchema = z.object({ token: z.string() });
export type ChangePasswordResult = z.infer<typeof ChangePasswordResultSchema>;
