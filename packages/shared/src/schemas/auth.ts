import { z } from 'zod';
import { EmailSchema, PhoneSchema } from './fields.ts';

export const LoginSchema = z.object({
  email: EmailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const RegisterSchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(8, 'Password must be at least 8 characters')
    .max(200, 'Password must be at most 200 characters'),
  phone_number: PhoneSchema,
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

export const LoginResultSchema = z.object({
  token: z.string(),
  payload: z.object({ id: z.number(), role: z.enum(['User', 'Admin']) }),
});
export type LoginResult = z.infer<typeof LoginResultSchema>;
