import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/lib/clock.ts';
import {
  addProduct,
  addPromo,
  api,
  countRows,
  createTestShop,
  multipart,
  pngFile,
  promoFields,
  signUpAs,
  type TestShop,
} from './helpers.ts';

// A menu priced like a coffee shop's (docs/shop-rules.md#prices-and-sizes), coupons that explain
// themselves (docs/shop-rules.md#coupons) and the member card (docs/shop-rules.md#the-member-card).

let shop: TestShop;
let admin: { token: string };
let customer: { id: number; token: string };
let latte: { id: number };
let croissant: { id: number };
let oatMilk: { id: number };
let shot: { id: number };
let caramel: { id: number };
let cream: { id: number };

beforeAll(async () => {
  shop = await createTestShop();
  admin = await signUpAs(shop, 'Admin');
  customer = await signUpAs(shop);
  latte = await addProduct(shop, admin.token, { product_name: 'Caffe Latte', price: 30000, category_id: 2 });
  croissant = await addProduct(shop, admin.token, { product_name: 'Croissant', price: 22000, category_id: 1 });
  oatMilk = await addProduct(shop, admin.token, { product_name: 'Oat Milk', price: 7000, category_id: 4 });
  shot = await addProduct(shop, admin.token, { product_name: 'Extra Shot', price: 8000, category_id: 4 });
  caramel = await addProduct(shop, admin.token, { product_name: 'Caramel Syrup', price: 6000, category_id: 4 });
  cream = await addProduct(shop, admin.token, { product_name: 'Whipped Cream', price: 5000, category_id: 4 });
});
afterAll(() => shop.close());

type Line = { product_id: number; qty: number; size_id: number; addons?: { product_id: number; qty: number }[] };
const cart = (items: Line[], extra: Record<string, unknown> = {}) => ({ items, delivery_id: 1, payment_id: 1, ...extra });
const order = (token: string, body: object) => api(shop, 'POST', '/transactions', { token, body });
const quote = (token: string, body: object) => api(shop, 'POST', '/transactions/quote', { token, body });
const product = async (id: number) => (await api(shop, 'GET', `/products/${id}`)).json().data;
const patchProduct = async (id: number, fields: Record<string, string | number>) =>
  api(shop, 'PATCH', `/products/${id}`, { token: admin.token, form: await multipart(fields) });
const sizes = (r: number, l?: number, xl?: number) => [
  { size_id: 1, size_name: 'Reguler', price: r },
  ...(l === undefined ? [] : [{ size_id: 2, size_name: 'Large', price: l }]),
  ...(xl === undefined ? [] : [{ size_id: 3, size_name: 'Extra Large', price: xl }]),
];

/** A refused request must leave the orders as they were. */
async function expectNothingStored(call: () => Promise<{ statusCode: number }>, status: number) {
  const before = [await countRows(shop, 'transactions'), await countRows(shop, 'transaction_items')];
  const res = await call();
  expect(res.statusCode).toBe(status);
  expect([await countRows(shop, 'transactions'), await countRows(shop, 'transaction_items')]).toEqual(before);
  return res as Awaited<ReturnType<typeof api>>;
}

describe('sizes with their own prices', () => {
  it('a drink is sold in R, L and XL (L = R + 5.000, XL = R + 8.000 by default); a food and an add-on in R only', async () => {
    expect(await product(latte.id)).toMatchObject({ price: 30000, sizes: sizes(30000, 35000, 38000), sold_out: false });
    expect((await product(croissant.id)).sizes).toEqual(sizes(22000));
    expect((await product(oatMilk.id)).sizes).toEqual(sizes(7000));
    const list = (await api(shop, 'GET', '/products/get?search=caffe')).json().data;
    expect(list[0]).toMatchObject({ id: latte.id, price: 30000, sizes: sizes(30000, 35000, 38000) });
  });

  it("takes each size's price from the add and edit forms", async () => {
    const affogato = await addProduct(shop, admin.token, {
      product_name: 'Affogato',
      price: 36000,
      category_id: 2,
      price_l: 44000,
      price_xl: 50000,
    });
    expect((await product(affogato.id)).sizes).toEqual(sizes(36000, 44000, 50000));
    // Only XL changes; the others stay.
    expect((await patchProduct(affogato.id, { price_xl: 52000 })).json().data.sizes).toEqual(sizes(36000, 44000, 52000));
    // A new Reguler price moves L and XL by as much, unless they are given too.
    expect((await patchProduct(affogato.id, { price: 38000 })).json().data.sizes).toEqual(sizes(38000, 46000, 54000));
    expect((await patchProduct(affogato.id, { price: 40000, price_l: 45000 })).json().data.sizes).toEqual(sizes(40000, 45000, 56000));
    // A drink that becomes a food is sold in one size; back to a drink, the usual steps.
    expect((await patchProduct(affogato.id, { category_id: 1 })).json().data.sizes).toEqual(sizes(40000));
    expect((await patchProduct(affogato.id, { category_id: 3 })).json().data.sizes).toEqual(sizes(40000, 45000, 48000));
  });

  it.each([
    [{ category_id: 1, price_l: 27000 }, 'price_l', 'Only drinks (Coffee, Non Coffee) come in Large and Extra Large'],
    [{ category_id: 4, price_xl: 9000 }, 'price_xl', 'Only drinks (Coffee, Non Coffee) come in Large and Extra Large'],
    [{ price: 30000, price_l: 29000 }, 'price_l', 'A Large cannot cost less than a Reguler'],
    [{ price: 30000, price_l: 36000, price_xl: 35000 }, 'price_xl', 'An Extra Large cannot cost less than a Large'],
    [{ price_l: 0 }, 'price_l', 'Large price must be between 1 and 100000000'],
    [{ price_xl: 'big' }, 'price_xl', 'Must be a whole number'],
    [{ sold_out: 'maybe' }, 'sold_out', 'sold_out must be true or false'],
  ])('refuses %j with 400 and stores nothing', async (change, field, message) => {
    const before = await countRows(shop, 'products');
    const fields = { product_name: 'Bad Brew', price: 27000, category_id: 2, description: 'A test', ...change };
    const res = await api(shop, 'POST', '/products', { token: admin.token, form: await multipart(fields, await pngFile()) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
    expect(await countRows(shop, 'products')).toBe(before);
  });

  it('an edit that would make a Large cheaper than the Reguler is refused and changes nothing', async () => {
    const mocha = await addProduct(shop, admin.token, { product_name: 'Mocha', price: 34000, category_id: 2 });
    const res = await patchProduct(mocha.id, { price: 34000, price_l: 30000 });
    expect(res.statusCode).toBe(400);
    expect((await product(mocha.id)).sizes).toEqual(sizes(34000, 39000, 42000));
    expect((await patchProduct(croissant.id, { price_l: 25000 })).statusCode).toBe(400);
  });

  it('prices an order line by its size; a size the product is not sold in is a 400', async () => {
    const res = await order(
      customer.token,
      cart([
        { product_id: latte.id, qty: 1, size_id: 1 },
        { product_id: latte.id, qty: 2, size_id: 2 },
        { product_id: latte.id, qty: 1, size_id: 3 },
        { product_id: croissant.id, qty: 1, size_id: 1 },
      ]),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.items.map((l: { unit_price: number; line_total: number }) => [l.unit_price, l.line_total])).toEqual([
      [30000, 30000],
      [35000, 70000],
      [38000, 38000],
      [22000, 22000],
    ]);
    expect(res.json().data).toMatchObject({ subtotal: 160000, total: 160000 });

    const refused = await expectNothingStored(() => order(customer.token, cart([{ product_id: croissant.id, qty: 1, size_id: 2 }])), 400);
    expect(refused.json()).toMatchObject({
      msg: 'Croissant is not sold in Large',
      errors: [{ field: 'items.0.size_id', message: 'Croissant is not sold in Large' }],
    });
  });
});

describe('sold out', () => {
  it('an admin marks a product sold out: the menu says so at once, and ordering it is a 409 naming it', async () => {
    const tea = await addProduct(shop, admin.token, { product_name: 'Teh Tarik', price: 20000, category_id: 3 });
    const marked = await patchProduct(tea.id, { sold_out: 'true' });
    expect(marked.json().data).toMatchObject({ id: tea.id, sold_out: true });
    expect((await product(tea.id)).sold_out).toBe(true);
    expect((await api(shop, 'GET', '/products/get?search=tarik')).json().data[0].sold_out).toBe(true);

    const body = cart([
      { product_id: latte.id, qty: 1, size_id: 1 },
      { product_id: tea.id, qty: 1, size_id: 2 },
    ]);
    const refused = await expectNothingStored(() => order(customer.token, body), 409);
    expect(refused.json()).toMatchObject({ code: 'conflict', msg: 'Teh Tarik is sold out: take it out of your order' });
    expect((await quote(customer.token, body)).statusCode).toBe(409);

    await patchProduct(tea.id, { sold_out: 'false' });
    expect((await order(customer.token, body)).statusCode).toBe(201);
  });

  it('a product can be added sold out', async () => {
    const smoothie = await addProduct(shop, admin.token, {
      product_name: 'Strawberry Smoothie',
      price: 35000,
      category_id: 3,
      sold_out: 'true',
    });
    expect((await product(smoothie.id)).sold_out).toBe(true);
  });
});

describe('add-ons in the drink', () => {
  it('line total = (size price + Σ add-on price × qty) × line qty, and every answer of the order shows the add-ons', async () => {
    const buyer = await signUpAs(shop);
    const res = await order(
      buyer.token,
      cart([
        {
          product_id: latte.id,
          qty: 2,
          size_id: 2,
          addons: [
            { product_id: shot.id, qty: 2 },
            { product_id: oatMilk.id, qty: 1 },
          ],
        },
        { product_id: croissant.id, qty: 1, size_id: 1 },
      ]),
    );
    expect(res.statusCode).toBe(201);
    const lines = res.json().data.items;
    expect(lines[0]).toMatchObject({
      product_id: latte.id,
      size_name: 'Large',
      qty: 2,
      unit_price: 35000,
      addons: [
        { product_id: shot.id, product_name: 'Extra Shot', qty: 2, unit_price: 8000 },
        { product_id: oatMilk.id, product_name: 'Oat Milk', qty: 1, unit_price: 7000 },
      ],
      line_total: (35000 + 2 * 8000 + 7000) * 2,
    });
    expect(lines[1]).toMatchObject({ product_id: croissant.id, addons: [], line_total: 22000 });
    expect(res.json().data).toMatchObject({ subtotal: 116000 + 22000, total: 138000 });

    const id = res.json().data.id;
    // The add-on's price is kept as it was when ordered.
    await patchProduct(shot.id, { price: 9000 });
    const detail = (await api(shop, 'GET', `/transactions/${id}`, { token: buyer.token })).json().data;
    const history = (await api(shop, 'GET', '/transactions/history', { token: buyer.token })).json().data[0];
    const queue = (await api(shop, 'GET', '/transactions?status=1&limit=50', { token: admin.token }))
      .json()
      .data.find((o: { id: number }) => o.id === id);
    for (const answer of [detail, history, queue]) expect(answer.items).toEqual(lines);
    await patchProduct(shot.id, { price: 8000 });
  });

  it("takes add-ons in the spec's single-product payload too", async () => {
    const res = await order(customer.token, {
      product_id: latte.id,
      qty: 1,
      size_id: 1,
      addons: [{ product_id: caramel.id, qty: 3 }],
      delivery_id: 3,
      payment_id: 1,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.items[0]).toMatchObject({ addons: [{ product_id: caramel.id, qty: 3, unit_price: 6000 }], line_total: 48000 });
  });

  it.each([
    [
      'add-ons in a food',
      () => [{ product_id: croissant.id, qty: 1, size_id: 1, addons: [{ product_id: oatMilk.id, qty: 1 }] }],
      'items.0.addons',
      'Add-ons go in drinks only, not in Croissant',
    ],
    [
      'a product that is not an add-on',
      () => [{ product_id: latte.id, qty: 1, size_id: 1, addons: [{ product_id: croissant.id, qty: 1 }] }],
      'items.0.addons.0.product_id',
      'Croissant is not an add-on',
    ],
    [
      '4 kinds of add-ons',
      () => [
        {
          product_id: latte.id,
          qty: 1,
          size_id: 1,
          addons: [oatMilk, shot, caramel, cream].map((a) => ({ product_id: a.id, qty: 1 })),
        },
      ],
      'items.0.addons',
      'At most 3 kinds of add-ons in one drink',
    ],
    [
      'an add-on 4 times',
      () => [{ product_id: latte.id, qty: 1, size_id: 1, addons: [{ product_id: shot.id, qty: 4 }] }],
      'items.0.addons.0.qty',
      "An add-on's qty must be between 1 and 3",
    ],
    [
      'an add-on 0 times',
      () => [{ product_id: latte.id, qty: 1, size_id: 1, addons: [{ product_id: shot.id, qty: 0 }] }],
      'items.0.addons.0.qty',
      "An add-on's qty must be between 1 and 3",
    ],
    [
      'one add-on listed twice',
      () => [
        {
          product_id: latte.id,
          qty: 1,
          size_id: 1,
          addons: [
            { product_id: shot.id, qty: 1 },
            { product_id: shot.id, qty: 1 },
          ],
        },
      ],
      'items.0.addons',
      'List each add-on once, with its qty',
    ],
  ] as const)('refuses %s with 400 and stores nothing', async (_name, items, field, message) => {
    const res = await expectNothingStored(() => order(customer.token, cart(items() as unknown as Line[])), 400);
    expect(res.json().errors).toContainEqual({ field, message });
    expect((await quote(customer.token, cart(items() as unknown as Line[]))).statusCode).toBe(400);
  });

  it('an add-on not on the menu is a 404; a sold-out add-on is a 409 naming it', async () => {
    await expectNothingStored(
      () => order(customer.token, cart([{ product_id: latte.id, qty: 1, size_id: 1, addons: [{ product_id: 987654, qty: 1 }] }])),
      404,
    );
    await patchProduct(cream.id, { sold_out: 1 });
    const res = await expectNothingStored(
      () => order(customer.token, cart([{ product_id: latte.id, qty: 1, size_id: 1, addons: [{ product_id: cream.id, qty: 1 }] }])),
      409,
    );
    expect(res.json().msg).toBe('Whipped Cream is sold out: take it out of your order');
    await patchProduct(cream.id, { sold_out: 0 });
  });
});

describe('POST /transactions/quote', () => {
  it('prices the cart exactly as the stored order, and stores nothing', async () => {
    const buyer = await signUpAs(shop);
    const promo = await addPromo(shop, admin.token, { discount: 15, min_price: 50000 });
    const body = cart(
      [
        {
          product_id: latte.id,
          qty: 3,
          size_id: 3,
          addons: [
            { product_id: oatMilk.id, qty: 1 },
            { product_id: caramel.id, qty: 2 },
          ],
        },
        { product_id: croissant.id, qty: 1, size_id: 1 },
      ],
      { promo_id: promo.id, delivery_id: 2, address: 'Jl. Braga 12' },
    );
    const priced = await expectNothingStored(() => quote(buyer.token, body), 200);
    const q = priced.json().data;
    expect(q.promo).toEqual({ id: promo.id, applies: true, reason: null });
    expect(q).toMatchObject({ subtotal: (38000 + 7000 + 12000) * 3 + 22000, tax: 0, shipping: 0 });
    expect(q.discount).toBe(Math.floor((q.subtotal * 15) / 100));

    const placed = (await order(buyer.token, body)).json().data;
    // A stored line also has its id, its station and when it was ticked done.
    expect(placed.items.map(({ id: _, station: __, done_at: ___, ...line }: Record<string, unknown>) => line)).toEqual(q.lines);
    for (const key of ['subtotal', 'discount', 'tax', 'shipping', 'total'] as const) expect(placed[key]).toBe(q[key]);
  });

  it('answers promo null without a coupon, and the reason when the coupon does not apply; placing it is the same 400', async () => {
    const plain = (await quote(customer.token, cart([{ product_id: croissant.id, qty: 1, size_id: 1 }]))).json().data;
    expect(plain).toMatchObject({ subtotal: 22000, discount: 0, total: 22000, promo: null });

    const promo = await addPromo(shop, admin.token, { promo_name: 'Big Spender', discount: 20, min_price: 100000 });
    const body = cart([{ product_id: croissant.id, qty: 1, size_id: 1 }], { promo_id: promo.id });
    const q = (await quote(customer.token, body)).json().data;
    const reason = 'Promo Big Spender needs a subtotal of at least IDR 100.000';
    expect(q).toMatchObject({ subtotal: 22000, discount: 0, total: 22000, promo: { id: promo.id, applies: false, reason } });
    const refused = await expectNothingStored(() => order(customer.token, body), 400);
    expect(refused.json()).toMatchObject({ msg: reason, errors: [{ field: 'promo_id', message: reason }] });
  });

  it('needs a signed-in customer and the same body as an order', async () => {
    expect((await quote('', cart([{ product_id: latte.id, qty: 1, size_id: 1 }]))).statusCode).toBe(401);
    expect((await quote(customer.token, cart([{ product_id: latte.id, qty: 0, size_id: 1 }]))).statusCode).toBe(400);
    expect((await quote(customer.token, { items: [] })).statusCode).toBe(400);
  });
});

describe('coupons that explain themselves', () => {
  const reasonOf = async (token: string, promoId: number, extra: Record<string, unknown> = {}, items?: Line[]) => {
    const res = await quote(token, cart(items ?? [{ product_id: latte.id, qty: 2, size_id: 1 }], { promo_id: promoId, ...extra }));
    expect(res.statusCode).toBe(200);
    return res.json().data.promo.reason as string | null;
  };

  it('keeps and answers the rules: delivery methods (ids separated by commas), first order, members', async () => {
    const res = await api(shop, 'POST', '/promos', {
      token: admin.token,
      form: await multipart(promoFields({ delivery_ids: '3, 1,3', new_customers_only: 'true', members_only: 'false' }), await pngFile()),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ delivery_ids: [1, 3], new_customers_only: true, members_only: false });
    const id = res.json().data.id;
    const edited = await api(shop, 'PATCH', `/promos/${id}`, {
      token: admin.token,
      form: await multipart({ delivery_ids: '', members_only: 'on' }),
    });
    expect(edited.json().data).toMatchObject({ delivery_ids: [], new_customers_only: true, members_only: true });
    const plain = await addPromo(shop, admin.token);
    expect((await api(shop, 'GET', `/promos/${plain.id}`)).json().data).toMatchObject({
      delivery_ids: [],
      new_customers_only: false,
      members_only: false,
    });
    expect((await api(shop, 'GET', '/promos/get')).json().data.find((p: { id: number }) => p.id === id)).toMatchObject({
      members_only: true,
    });
  });

  it.each([[{ delivery_ids: '1,7' }], [{ delivery_ids: 'dine in' }], [{ new_customers_only: 'perhaps' }], [{ members_only: '2' }]])(
    'refuses %j with 400 and stores nothing',
    async (change) => {
      const before = await countRows(shop, 'promos');
      const res = await api(shop, 'POST', '/promos', { token: admin.token, form: await multipart(promoFields(change), await pngFile()) });
      expect(res.statusCode).toBe(400);
      expect(await countRows(shop, 'promos')).toBe(before);
    },
  );

  it('a promo for some delivery methods says which', async () => {
    const dineIn = await addPromo(shop, admin.token, { promo_name: 'Dine In Deal', delivery_ids: '1' });
    expect(await reasonOf(customer.token, dineIn.id, { delivery_id: 3 })).toBe('Promo Dine In Deal is only for Dine In');
    expect(await reasonOf(customer.token, dineIn.id, { delivery_id: 1 })).toBeNull();
    const two = await addPromo(shop, admin.token, { promo_name: 'Sit Or Go', delivery_ids: '1,3' });
    expect(await reasonOf(customer.token, two.id, { delivery_id: 2, address: 'Jl. Dago 1' })).toBe(
      'Promo Sit Or Go is only for Dine In or Pick Up',
    );
  });

  it('a promo for new customers applies to a first order only (a cancelled order does not count)', async () => {
    const first = await addPromo(shop, admin.token, { promo_name: 'First Cup', new_customers_only: 'true', discount: 50 });
    const newcomer = await signUpAs(shop);
    const cancelled = (await order(newcomer.token, cart([{ product_id: croissant.id, qty: 1, size_id: 1 }]))).json().data.id;
    const cancel = await api(shop, 'PATCH', `/transactions/${cancelled}`, {
      token: admin.token,
      body: { status_id: 3, reason: 'Out of croissants' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await reasonOf(newcomer.token, first.id)).toBeNull();
    const placed = await order(newcomer.token, cart([{ product_id: latte.id, qty: 2, size_id: 1 }], { promo_id: first.id }));
    expect(placed.json().data).toMatchObject({ subtotal: 60000, discount: 30000, total: 30000 });
    expect(await reasonOf(newcomer.token, first.id)).toBe('Promo First Cup is only for your first order');
  });

  it('a promo for members says how much is left to spend, and applies once Done orders reach IDR 200.000', async () => {
    const members = await addPromo(shop, admin.token, { promo_name: 'Member Card', members_only: 'true' });
    const regular = await signUpAs(shop);
    const big = await addProduct(shop, admin.token, { product_name: 'Party Platter', price: 150000, category_id: 1 });
    const done = async (items: Line[]) => {
      const id = (await order(regular.token, cart(items))).json().data.id;
      expect((await api(shop, 'PATCH', `/transactions/${id}`, { token: admin.token, body: { status_id: 2 } })).statusCode).toBe(200);
    };
    expect(await reasonOf(regular.token, members.id)).toBe(
      'Promo Member Card is only for member card holders: spend IDR 200.000 more to get your card',
    );
    await done([{ product_id: big.id, qty: 1, size_id: 1 }]);
    // A pending order is not spent yet.
    await order(regular.token, cart([{ product_id: big.id, qty: 1, size_id: 1 }]));
    expect(await reasonOf(regular.token, members.id)).toBe(
      'Promo Member Card is only for member card holders: spend IDR 50.000 more to get your card',
    );
    await done([{ product_id: latte.id, qty: 2, size_id: 1 }]);
    expect(await reasonOf(regular.token, members.id)).toBeNull();
  });

  it('an ended or removed promo is "not valid", without its name', async () => {
    const ended = await addPromo(shop, admin.token, { promo_name: 'Secret Old Deal' });
    await shop.database.db.execute(sql`update promos set duration = '2020-01-01' where id = ${ended.id}`);
    const removed = await addPromo(shop, admin.token, { promo_name: 'Secret Gone Deal' });
    await api(shop, 'DELETE', `/promos/${removed.id}`, { token: admin.token });
    for (const id of [ended.id, removed.id, 424242]) {
      expect(await reasonOf(customer.token, id)).toBe('This coupon is not valid');
      const res = await order(customer.token, cart([{ product_id: latte.id, qty: 1, size_id: 1 }], { promo_id: id }));
      expect(res.json()).toMatchObject({ msg: 'This coupon is not valid' });
      expect(res.body).not.toContain('Secret');
    }
  });

  it('one coupon per day, said the same way by the quote and the order', async () => {
    const buyer = await signUpAs(shop);
    const promo = await addPromo(shop, admin.token);
    expect((await order(buyer.token, cart([{ product_id: latte.id, qty: 1, size_id: 1 }], { promo_id: promo.id }))).statusCode).toBe(201);
    const again = cart([{ product_id: latte.id, qty: 1, size_id: 1 }], { promo_id: promo.id });
    expect(await reasonOf(buyer.token, promo.id)).toBe('Only 1 coupon per day: you have used one today');
    expect((await order(buyer.token, again)).json().msg).toBe('Only 1 coupon per day: you have used one today');
  });
});

describe("a promo ends with the shop's day", () => {
  it("is over once the shop's date has passed its last day, whatever the server's date", async () => {
    // 18:30 UTC on 23 November is already 24 November in Jakarta.
    const late = await createTestShop({ clock: fixedClock('2026-11-23T18:30:00Z') });
    try {
      const boss = await signUpAs(late, 'Admin');
      const res = await api(late, 'POST', '/promos', {
        token: boss.token,
        form: await multipart(promoFields({ duration: '2026-11-23' }), await pngFile()),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('Expire date must be today or later');
      const promo = await addPromo(late, boss.token, { duration: '2026-11-24' });
      await late.database.db.execute(sql`update promos set duration = '2026-11-23' where id = ${promo.id}`);
      // Ended: an admin still reads it (to extend it), a visitor finds nothing (docs/shop-rules.md#coupons).
      expect((await api(late, 'GET', `/promos/${promo.id}`, { token: boss.token })).json().data.active).toBe(false);
      expect((await api(late, 'GET', `/promos/${promo.id}`)).statusCode).toBe(404);
      expect((await api(late, 'GET', '/promos/get')).json().data).toEqual([]);
    } finally {
      await late.close();
    }
  });
});

describe('the member card', () => {
  it('comes once Done orders total IDR 200.000, dated the shop day the total crossed it, with a stable number', async () => {
    const fan = await signUpAs(shop);
    const platter = await addProduct(shop, admin.token, { product_name: 'Big Platter', price: 150000, category_id: 1 });
    const profile = async () => (await api(shop, 'GET', '/users/profile', { token: fan.token })).json().data;
    expect(await profile()).toMatchObject({ member: null, member_progress: { spent: 0, goal: 200000 } });

    const doneAt = async (items: Line[], at: string) => {
      const id = (await order(fan.token, cart(items))).json().data.id;
      await api(shop, 'PATCH', `/transactions/${id}`, { token: admin.token, body: { status_id: 2 } });
      // When it was done: the Done event's time (and the last update, for orders done before events).
      await shop.database.db.execute(sql`update transactions set updated_at = ${at}::timestamptz where id = ${id}`);
      await shop.database.db.execute(sql`update order_events set at = ${at}::timestamptz where transaction_id = ${id} and status_id = 2`);
    };
    await doneAt([{ product_id: platter.id, qty: 1, size_id: 1 }], '2026-01-10T05:00:00Z');
    // Cancelled and pending orders do not count.
    const cancelled = (await order(fan.token, cart([{ product_id: platter.id, qty: 1, size_id: 1 }]))).json().data.id;
    await api(shop, 'PATCH', `/transactions/${cancelled}`, { token: admin.token, body: { status_id: 3 } });
    await order(fan.token, cart([{ product_id: platter.id, qty: 1, size_id: 1 }]));
    expect(await profile()).toMatchObject({ member: null, member_progress: { spent: 150000, goal: 200000 } });

    // 20:00 UTC on 3 February is 4 February in the shop's zone (Asia/Jakarta).
    await doneAt([{ product_id: latte.id, qty: 2, size_id: 1 }], '2026-02-03T20:00:00Z');
    const card = await profile();
    expect(card.member).toEqual({ number: `KS-${String(fan.id).padStart(6, '0')}`, since: '2026-02-04' });
    expect(card.member_progress).toEqual({ spent: 210000, goal: 200000 });

    await doneAt([{ product_id: platter.id, qty: 1, size_id: 1 }], '2026-03-01T05:00:00Z');
    expect((await profile()).member).toEqual(card.member);
  });
});
