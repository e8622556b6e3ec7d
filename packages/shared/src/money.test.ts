import { describe, expect, it } from 'vitest';
import { formatIDR, formatThousands } from './money.ts';

describe('formatIDR (DESIGN §1: thousands separated by ".", no decimals)', () => {
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
