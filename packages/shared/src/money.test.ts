import { describe, expect, it } from 'vitest';
import { type BillRates, cashToPay, formatIDR, formatThousands, type LineToPrice, lineTotal, NO_TAX, priceOrder } from './money.ts';

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

  it('adds the lines and takes the discount rounded down; without rates, no tax or service', () => {
    const price = priceOrder(
      [
        { unit_price: 30000, qty: 1, addons: [{ unit_price: 5000, qty: 1 }] },
        { unit_price: 22333, qty: 1 },
      ],
      { discountPercent: 15 },
    );
    expect(price).toEqual({
      line_totals: [35000, 22333],
      subtotal: 57333,
      discount: 8599, // 8599.95 rounded down
      service: 0,
      tax: 0,
      tax_base: 48734,
      shipping: 0,
      total: 48734,
    });
    expect(priceOrder([{ unit_price: 18000, qty: 2 }])).toMatchObject({ subtotal: 36000, discount: 0, total: 36000 });
    expect(priceOrder([])).toMatchObject({ line_totals: [], subtotal: 0, total: 0 });
  });
});

describe('the bill (docs/shop-rules.md#tax-service-and-the-bill)', () => {
  const rates = (tax_rate: number, service_rate: number, service_on: number[], prices_include_tax: boolean): BillRates => ({
    tax_name: 'PBJT',
    tax_rate,
    service_rate,
    service_on,
    prices_include_tax,
  });
  const [DINE_IN, DELIVERY, PICK_UP] = [1, 2, 3];
  const TEN_ADDED = rates(10, 5, [DINE_IN], false);
  const TEN_INCLUDED = rates(10, 5, [DINE_IN], true);
  const ODD_ADDED = rates(7.25, 11.5, [DINE_IN], false);
  const ODD_INCLUDED = rates(7.25, 11.5, [DINE_IN, PICK_UP], true);
  const TAX_ONLY = rates(10, 0, [DINE_IN], false);
  const SMALL_TRADER = rates(5, 10, [DINE_IN, DELIVERY, PICK_UP], false);

  // Each total worked out by hand: net = subtotal − discount (rounded down); service = rate × net on
  // the order types that pay it; tax on net + service, added or extracted (× rate / (100 + rate));
  // each rounded half up once. [subtotal, discount, service, tax, tax base, total].
  it.each([
    ['one Reguler latte at the table', TEN_ADDED, [{ unit_price: 25000, qty: 1 }], 0, DINE_IN, [25000, 0, 1250, 2625, 26250, 28875]],
    ['the same taken away: no service', TEN_ADDED, [{ unit_price: 25000, qty: 1 }], 0, PICK_UP, [25000, 0, 0, 2500, 25000, 27500]],
    ['the same delivered: no service', TEN_ADDED, [{ unit_price: 25000, qty: 1 }], 0, DELIVERY, [25000, 0, 0, 2500, 25000, 27500]],
    [
      'a Large latte with two extra shots, twice',
      TEN_ADDED,
      [{ unit_price: 35000, qty: 2, addons: [{ unit_price: 8000, qty: 2 }] }],
      0,
      DINE_IN,
      [102000, 0, 5100, 10710, 107100, 117810],
    ],
    [
      'a coupon of 15% on a mixed order',
      TEN_ADDED,
      [
        { unit_price: 30000, qty: 1, addons: [{ unit_price: 5000, qty: 1 }] },
        { unit_price: 22333, qty: 1 },
      ],
      15,
      DINE_IN,
      [57333, 8599, 2437, 5117, 51171, 56288],
    ],
    [
      'quantity 99 of a 18.000 toast',
      TEN_ADDED,
      [{ unit_price: 18000, qty: 99 }],
      0,
      DINE_IN,
      [1782000, 0, 89100, 187110, 1871100, 2058210],
    ],
    ['service ending in .5 rounds up', TEN_ADDED, [{ unit_price: 18010, qty: 1 }], 0, DINE_IN, [18010, 0, 901, 1891, 18911, 20802]],
    ['tax ending in .5 rounds up', TEN_ADDED, [{ unit_price: 5, qty: 1 }], 0, PICK_UP, [5, 0, 0, 1, 5, 6]],
    ['a bill of 1 rupiah', TEN_ADDED, [{ unit_price: 1, qty: 1 }], 0, DINE_IN, [1, 0, 0, 0, 1, 1]],
    [
      'prices include the tax, at the table',
      TEN_INCLUDED,
      [{ unit_price: 25000, qty: 1 }],
      0,
      DINE_IN,
      [25000, 0, 1250, 2386, 23864, 26250],
    ],
    ['prices include the tax, taken away', TEN_INCLUDED, [{ unit_price: 22000, qty: 1 }], 0, PICK_UP, [22000, 0, 0, 2000, 20000, 22000]],
    [
      'included tax, extracted from an odd sum',
      TEN_INCLUDED,
      [{ unit_price: 33333, qty: 1 }],
      0,
      PICK_UP,
      [33333, 0, 0, 3030, 30303, 33333],
    ],
    [
      'included tax with a coupon of 20%',
      TEN_INCLUDED,
      [{ unit_price: 45000, qty: 2, addons: [{ unit_price: 7000, qty: 1 }] }],
      20,
      DINE_IN,
      [104000, 20800, 4160, 7942, 79418, 87360],
    ],
    [
      '7.25% tax and 11.5% service at the table',
      ODD_ADDED,
      [{ unit_price: 27000, qty: 3 }],
      0,
      DINE_IN,
      [81000, 0, 9315, 6548, 90315, 96863],
    ],
    ['7.25% tax taken away', ODD_ADDED, [{ unit_price: 27000, qty: 3 }], 0, PICK_UP, [81000, 0, 0, 5873, 81000, 86873]],
    [
      '7.25% and 11.5% with a coupon of 10%',
      ODD_ADDED,
      [
        { unit_price: 32000, qty: 1, addons: [{ unit_price: 5000, qty: 2 }] },
        { unit_price: 19000, qty: 2 },
      ],
      10,
      DINE_IN,
      [80000, 8000, 8280, 5820, 80280, 86100],
    ],
    [
      '7.25% and 11.5% on quantity 99',
      ODD_ADDED,
      [{ unit_price: 40000, qty: 99, addons: [{ unit_price: 8000, qty: 3 }] }],
      0,
      DINE_IN,
      [6336000, 0, 728640, 512186, 7064640, 7576826],
    ],
    ['7.25% and 11.5% on a small sum', ODD_ADDED, [{ unit_price: 1000, qty: 1 }], 0, DINE_IN, [1000, 0, 115, 81, 1115, 1196]],
    [
      '7.25% included, 11.5% service, picked up',
      ODD_INCLUDED,
      [{ unit_price: 24500, qty: 2 }],
      0,
      PICK_UP,
      [49000, 0, 5635, 3693, 50942, 54635],
    ],
    [
      '7.25% included, delivered: no service',
      ODD_INCLUDED,
      [{ unit_price: 24500, qty: 2 }],
      0,
      DELIVERY,
      [49000, 0, 0, 3312, 45688, 49000],
    ],
    [
      '7.25% included with add-ons and a coupon',
      ODD_INCLUDED,
      [
        { unit_price: 38000, qty: 1, addons: [{ unit_price: 6000, qty: 3 }] },
        { unit_price: 15000, qty: 4 },
      ],
      5,
      DINE_IN,
      [116000, 5800, 12673, 8306, 114567, 122873],
    ],
    ['no tax and no service', NO_TAX, [{ unit_price: 25000, qty: 2 }], 0, DINE_IN, [50000, 0, 0, 0, 50000, 50000]],
    ['no tax, a coupon of 50%', NO_TAX, [{ unit_price: 25001, qty: 1 }], 50, DINE_IN, [25001, 12500, 0, 0, 12501, 12501]],
    ['PBJT only, at the table', TAX_ONLY, [{ unit_price: 23000, qty: 1 }], 0, DINE_IN, [23000, 0, 0, 2300, 23000, 25300]],
    ['PBJT only, ending in .5', TAX_ONLY, [{ unit_price: 15, qty: 1 }], 0, DINE_IN, [15, 0, 0, 2, 15, 17]],
    ['a coupon of 100%', TEN_ADDED, [{ unit_price: 25000, qty: 1 }], 100, DINE_IN, [25000, 25000, 0, 0, 0, 0]],
    [
      'PB1 5% and service 10% delivered',
      SMALL_TRADER,
      [{ unit_price: 28000, qty: 2, addons: [{ unit_price: 4000, qty: 1 }] }],
      0,
      DELIVERY,
      [64000, 0, 6400, 3520, 70400, 73920],
    ],
    ['PB1 5% and service 10% picked up', SMALL_TRADER, [{ unit_price: 12345, qty: 3 }], 0, PICK_UP, [37035, 0, 3704, 2037, 40739, 42776]],
    ['PB1 5%, service 10%, sums ending in .5', SMALL_TRADER, [{ unit_price: 9, qty: 1 }], 0, DINE_IN, [9, 0, 1, 1, 10, 11]],
    [
      'twenty lines of quantity 99',
      ODD_ADDED,
      Array.from({ length: 20 }, () => ({ unit_price: 50000, qty: 99, addons: [{ unit_price: 9000, qty: 3 }] })),
      0,
      DINE_IN,
      [152460000, 0, 17532900, 12324485, 169992900, 182317385],
    ],
    ['no lines', TEN_ADDED, [], 0, DINE_IN, [0, 0, 0, 0, 0, 0]],
    [
      'included tax where the service ends in .5',
      TEN_INCLUDED,
      [{ unit_price: 18010, qty: 1 }],
      0,
      DINE_IN,
      [18010, 0, 901, 1719, 17192, 18911],
    ],
  ] as const)('%s', (_what, billRates, lines, discountPercent, deliveryId, [subtotal, discount, service, tax, tax_base, total]) => {
    expect(priceOrder(lines as LineToPrice[], { discountPercent, rates: billRates, deliveryId })).toMatchObject({
      subtotal,
      discount,
      service,
      tax,
      tax_base,
      shipping: 0,
      total,
    });
  });

  it('rounds cash at the till to Rp 100 when the shop does, as a line of its own', () => {
    expect(cashToPay(28875, 100)).toEqual({ rounding: 25, to_pay: 28900 });
    expect(cashToPay(28849, 100)).toEqual({ rounding: -49, to_pay: 28800 });
    expect(cashToPay(28850, 100)).toEqual({ rounding: 50, to_pay: 28900 });
    expect(cashToPay(28800, 100)).toEqual({ rounding: 0, to_pay: 28800 });
    expect(cashToPay(28875, 0)).toEqual({ rounding: 0, to_pay: 28875 });
  });
});
