import { describe, expect, it } from 'vitest';
import { formatIDR, formatThousands, lineTotal, priceOrder } from './money.ts';

describe('formatIDR (docs/decisions/integer-rupiah.md: thousands separated by ".", no decimals)', () => {
  it.each([
    [0, 'IDR 0'],
    [500, 'IDR 500'],
    [25000, 'IDR 25.000'],
    [200000, 'IDR 200.000'],
    [1234567, 'IDR 1.234.567'],
    [9_900_000_000, 'IDR 9.900.000.000'],
    [-12000, 'IDR -12.000'],
    [24999.6, 'IDR 25.000'],
  ])('%d → %s', (amount, text) => {
    expect(formatIDR(amount)).toBe(text);
  });

  it('formats bare thousands for the landing page figures', () => {
    expect(formatThousands(40000)).toBe('40.000');
  });
});

describe('priceOrder (docs/shop-rules.md#prices-and-sizes)', () => {
  it('prices a line by its size and its add-ons, times its quantity', () => {
    // A Large latte (35.000) with 2 extra shots (8.000) and an oat milk (7.000), twice.
    expect(
      lineTotal({
        unit_price: 35000,
        qty: 2,
        addons: [
          { unit_price: 8000, qty: 2 },
          { unit_price: 7000, qty: 1 },
        ],
      }),
    ).toBe((35000 + 16000 + 7000) * 2);
    expect(lineTotal({ unit_price: 22000, qty: 3 })).toBe(66000);
  });

  it('adds the lines, takes the discount rounded down, and adds tax and shipping', () => {
    const price = priceOrder(
      [
        { unit_price: 30000, qty: 1, addons: [{ unit_price: 5000, qty: 1 }] },
        { unit_price: 22333, qty: 1 },
      ],
      15,
    );
    expect(price).toEqual({
      line_totals: [35000, 22333],
      subtotal: 57333,
      discount: 8599, // 8599.95 rounded down
      tax: 0,
      shipping: 0,
      total: 48734,
    });
    expect(priceOrder([{ unit_price: 18000, qty: 2 }])).toMatchObject({ subtotal: 36000, discount: 0, total: 36000 });
    expect(priceOrder([])).toMatchObject({ line_totals: [], subtotal: 0, total: 0 });
  });
});
