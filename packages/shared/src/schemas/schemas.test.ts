import { describe, expect, it } from 'vitest';
import { shownText } from '../i18n/test-translator.ts';
import { MSG } from '../messages.ts';
import { isRealDate } from './fields.ts';
import { ProductFieldsSchema, ProductQuerySchema } from './product.ts';
import { PromoFieldsSchema } from './promo.ts';
import { CreateOrderSchema } from './transaction.ts';

// A schema's own message is a catalogue key: the test reads it as a person does, in English.
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => {
  const issue = result.error?.issues[0];
  return issue && shownText(issue);
};

describe('ProductFieldsSchema (docs/decisions/spec-fidelity.md#forms)', () => {
  it('reads a form of strings into numbers', () => {
    expect(ProductFieldsSchema.parse({ product_name: ' Latte ', price: '30000', category_id: '2', description: 'Milk' })).toEqual({
      product_name: 'Latte',
      price: 30000,
      category_id: 2,
      description: 'Milk',
    });
  });

  it.each([
    ['product_name', MSG.productNameRequired],
    ['price', MSG.productPriceRequired],
    ['category_id', MSG.productCategoryRequired],
    ['description', MSG.productDescriptionRequired],
  ])('a blank %s says the spec message', (field, message) => {
    const form = { product_name: 'Latte', price: '30000', category_id: '2', description: 'Milk', [field]: '  ' };
    expect(firstMessage(ProductFieldsSchema.safeParse(form))).toBe(message);
  });
});

describe('PromoFieldsSchema (docs/decisions/spec-fidelity.md#forms)', () => {
  it('upper-cases the code and needs every field', () => {
    const promo = { promo_name: 'Pagi', code: 'pagi10', description: 'x', discount: '10', duration: '2030-01-31', min_price: '0' };
    expect(PromoFieldsSchema.parse(promo).code).toBe('PAGI10');
    expect(firstMessage(PromoFieldsSchema.safeParse({ ...promo, discount: '' }))).toBe(MSG.allInputRequired);
  });
});

describe('ProductQuerySchema', () => {
  it('defaults to popular, page 1, 12 per page, and reads a category by name', () => {
    expect(ProductQuerySchema.parse({ categories: 'non coffee' })).toEqual({ categories: 3, sort: 'popular', page: 1, limit: 12 });
  });
});

describe('CreateOrderSchema', () => {
  it("turns the spec's single-product payload into one line and drops client prices", () => {
    const order = CreateOrderSchema.parse({ product_id: 3, qty: 2, size_id: 2, delivery_id: 3, payment_id: 1, subtotal: 1, user_id: 9 });
    expect(order).toEqual({ items: [{ product_id: 3, qty: 2, size_id: 2 }], delivery_id: 3, payment_id: 1 });
  });

  it('refuses quantity 0 (docs/decisions/spec-fidelity.md#fixed)', () => {
    expect(CreateOrderSchema.safeParse({ product_id: 3, qty: 0, size_id: 1, delivery_id: 1, payment_id: 1 }).success).toBe(false);
  });

  it('takes scheduled_for as an instant with its offset, and nothing else', () => {
    const order = { product_id: 3, qty: 1, size_id: 1, delivery_id: 1, payment_id: 1 };
    expect(CreateOrderSchema.parse({ ...order, scheduled_for: '2026-11-23T13:15:00+07:00' }).scheduled_for).toBe(
      '2026-11-23T06:15:00.000Z',
    );
    expect(CreateOrderSchema.parse({ ...order, scheduled_for: null }).scheduled_for).toBeUndefined();
    expect(CreateOrderSchema.parse({ ...order, scheduled_for: ' ' }).scheduled_for).toBeUndefined();
    for (const bad of ['14:30', 'tomorrow', '2026-11-23T13:15:00', '2026-02-30T13:00:00+07:00', 1795400000000, true]) {
      const result = CreateOrderSchema.safeParse({ ...order, scheduled_for: bad });
      expect(result.success).toBe(false);
      expect(firstMessage(result)).toMatch(/^scheduled_for must be a time written ISO 8601 with its offset/);
    }
  });
});

describe('isRealDate', () => {
  it.each([
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-11-22', true],
  ])('%s → %s', (text, ok) => {
    expect(isRealDate(text)).toBe(ok);
  });
});
