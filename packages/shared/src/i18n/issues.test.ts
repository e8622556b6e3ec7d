import { describe, expect, it } from 'vitest';
import { ChangePasswordSchema, RegisterSchema, ResetPasswordSchema } from '../schemas/auth.ts';
import { ProductFieldsSchema } from '../schemas/product.ts';
import { PromoFieldsSchema } from '../schemas/promo.ts';
import { CreateOrderSchema, UpdateOrderStatusSchema } from '../schemas/transaction.ts';
import { ProfilePatchSchema } from '../schemas/user.ts';
import { isMessageKey, issueMessage, zodLocale } from './issues.ts';
import { shownText } from './test-translator.ts';

describe('a schema issue as a catalogue key', () => {
  it('knows the keys of the common catalogue, and nothing else', () => {
    expect(isMessageKey('passwordTooShort')).toBe(true);
    expect(isMessageKey('Password must be at least 8 characters')).toBe(false);
    expect(isMessageKey('server.notFound')).toBe(false);
    expect(isMessageKey('toString')).toBe(false);
    expect(isMessageKey(undefined)).toBe(false);
  });

  it('gives the key with the bounds the issue carries', () => {
    const issue = RegisterSchema.safeParse({ email: 'a@b.co', password: 'short', phone_number: '08123456789' }).error!.issues[0]!;
    expect(issueMessage(issue)).toEqual({ key: 'passwordTooShort', values: { minimum: 8 } });
    expect(shownText(issue, 'en')).toBe('Password must be at least 8 characters');
    expect(shownText(issue, 'id')).toBe('Kata sandi minimal 8 karakter');
  });

  it("leaves zod's own text as it is (null), in the language of the parse", () => {
    expect(issueMessage({ message: 'Invalid input: expected string, received number' })).toBeNull();
    const indonesian = ProfilePatchSchema.safeParse({ display_name: 5 }, { error: zodLocale('id') }).error!.issues[0]!;
    expect(indonesian.message).toMatch(/^Input tidak valid/);
  });

  // Every refusal a person can meet in a form speaks through a key (the screens translate it).
  it.each([
    ['sign-up', RegisterSchema, { email: 'no', password: '', phone_number: 'call me' }],
    ['reset', ResetPasswordSchema, { token: '', password: 'short' }],
    ['change password', ChangePasswordSchema, { current_password: '', new_password: 'x'.repeat(201) }],
    ['profile', ProfilePatchSchema, { display_name: 'x'.repeat(51), birthday: '2999-01-01', gender: 'other', locale: 'fr', phone: 'x' }],
    ['product', ProductFieldsSchema, { product_name: ' ', price: '-1', category_id: '9', description: '', sold_out: 'maybe' }],
    [
      'promo',
      PromoFieldsSchema,
      { promo_name: '', code: 'a b', description: '', discount: '101', duration: '2026-02-31', min_price: '-1' },
    ],
    ['order', CreateOrderSchema, { items: [], delivery_id: 2, payment_id: 9, scheduled_for: 'tomorrow' }],
    ['status move', UpdateOrderStatusSchema, { status_id: 3 }],
  ] as const)('%s: each issue is a key, in both languages', (_, schema, input) => {
    const issues = (schema as { safeParse(v: unknown): { error?: { issues: { message: string }[] } } }).safeParse(input).error!.issues;
    expect(issues.length).toBeGreaterThan(0);
    for (const issue of issues) {
      expect(isMessageKey(issue.message), issue.message).toBe(true);
      expect(shownText(issue, 'id')).not.toBe(shownText(issue, 'en'));
    }
  });
});
