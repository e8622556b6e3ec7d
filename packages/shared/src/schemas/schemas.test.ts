import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { isRealDate } from './fields.ts';
import { ProductFieldsSchema, ProductQuerySchema } from './product.ts';
import { PromoFieldsSchema } from './promo.ts';
import { CreateOrderSchema } from './transaction.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('ProductFieldsSchema (spec §5)', () => {
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

describe('PromoFieldsSchema (spec §5)', () => {
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

  it('refuses quantity 0 (DESIGN §2.3)', () => {
    expect(CreateOrderSchema.safeParse({ product_id: 3, qty: 0, size_id: 1, delivery_id: 1, payment_id: 1 }).success).toBe(false);
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
