import { z } from 'zod';
import { MSG } from '../messages.ts';
import { EmailSchema, PhoneSchema } from './fields.ts';

export const LoginSchema = z.object({
  email: EmailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type LoginInput = z.infer<typeof LoginSchema>;

/** The rules of a new password, the same at sign-up, reset and change. */
export const NewPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password must be at most 200 characters');

export const RegisterSchema = z.object({
  email: EmailSchema,
  password: NewPasswordSchema,
  phone_number: PhoneSchema,
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

export const LoginResultSchema = z.object({
  token: z.string(),
  payload: z.object({ id: z.number(), role: z.enum(['User', 'Admin']) }),
});
export type LoginResult = z.infer<typeof LoginResultSchema>;

/** POST /auth/forgot: the same answer whether or not the account exists. */
export const ForgotPasswordSchema = z.object({ email: EmailSchema });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordSchema>;

/** POST /auth/reset: the token from the e-mailed link and the new password. */
export const ResetPasswordSchema = z.object({
  token: z.string({ error: MSG.resetLinkInvalid }).trim().min(1, MSG.resetLinkInvalid).max(200, MSG.resetLinkInvalid),
  password: NewPasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;

/** PATCH /users/password, signed in. */
export const ChangePasswordSchema = z.object({
  current_password: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(200),
  new_password: NewPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

/** The answer of a change of password: this device's new session token (the others have ended). */
export const ChangePasswordResultSchema = z.object({ token: z.string() });
export type ChangePasswordResult = z.infer<typeof ChangePasswordResultSchema>;
