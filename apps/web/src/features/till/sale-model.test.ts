import type { Product } from '@kopi/shared';
import { describe, expect, it } from 'vitest';
import { addLine, cashSuggestions, saleBody } from './sale-model';

const product = (id: number, category_id = 2) =>
  ({ id, product_name: `P${id}`, price: 25_000, category_id, sizes: [{ size_id: 1, size_name: 'Reguler', price: 25_000 }] }) as Product;

describe('cashSuggestions', () => {
  it('offers the next round notes above the amount, at most three', () => {
    expect(cashSuggestions(53_000)).toEqual([60_000, 100_000]);
    expect(cashSuggestions(18_000)).toEqual([20_000, 50_000, 100_000]);
    expect(cashSuggestions(129_000)).toEqual([130_000, 140_000, 150_000]);
  });

  it('never offers the amount itself (that is "Exact")', () => {
    expect(cashSuggestions(50_000)).toEqual([60_000, 100_000]);
    expect(cashSuggestions(100_000)).toEqual([110_000, 120_000, 150_000]);
  });
});

describe('addLine', () => {
  it('adds a second tap of the same product, size and add-ons to its line', () => {
    const latte = product(1);
    let lines = addLine([], { product: latte, sizeId: 1, addons: [] });
    lines = addLine(lines, { product: latte, sizeId: 1, addons: [] });
    lines = addLine(lines, { product: latte, sizeId: 2, addons: [] });
    lines = addLine(lines, { product: latte, sizeId: 1, addons: [{ product: product(9, 4), qty: 1 }] });
    expect(lines.map((line) => [line.sizeId, line.addons.length, line.qty])).toEqual([
      [1, 0, 2],
      [2, 0, 1],
      [1, 1, 1],
    ]);
  });
});

describe('saleBody', () => {
  it('is a sale at the counter: no price, a name only when given', () => {
    const lines = addLine([], { product: product(1), sizeId: 1, addons: [{ product: product(9, 4), qty: 2 }] });
    expect(saleBody(lines, 3, '  ', { payment_id: 3, cash_tendered: 50_000 })).toEqual({
      items: [{ product_id: 1, qty: 1, size_id: 1, addons: [{ product_id: 9, qty: 2 }] }],
      delivery_id: 3,
      source: 'counter',
      guest_name: undefined,
      payment_id: 3,
      cash_tendered: 50_000,
    });
    expect(saleBody(lines, 1, 'Rina', { payment_id: 1 }).guest_name).toBe('Rina');
  });
});
