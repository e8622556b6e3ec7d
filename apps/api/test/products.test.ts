import { ADDONS_CATEGORY_ID, MSG } from '@kopi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  api,
  countRows,
  createTestShop,
  jpegFile,
  multipart,
  pngFile,
  productFields,
  signUpAs,
  type TestShop,
} from './helpers.ts';

let shop: TestShop;
let admin: { token: string };
const ids: Record<string, number> = {};

beforeAll(async () => {
  shop = await createTestShop();
  admin = await signUpAs(shop, 'Admin');
  const menu: [string, number, number][] = [
    ['Kopi Susu', 25000, 2],
    ['Caffe Latte', 30000, 2],
    ['Matcha Latte', 32000, 3],
    ['Nasi Goreng', 40000, 1],
    ['Croissant', 22000, 1],
    ['Oat Milk', 7000, 4],
    ['Es Kopi Hitam', 20000, 2],
  ];
  for (const [product_name, price, category_id] of menu) {
    ids[product_name] = (await addProduct(shop, admin.token, { product_name, price, category_id })).id;
  }
});
afterAll(() => shop.close());

const list = async (query: string) => {
  const res = await api(shop, 'GET', `/products/get${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    data: { id: number; product_name: string; price: number; category_id: number }[];
    meta: Record<string, number | null>;
  };
};

describe('GET /products/get', () => {
  it('pages the menu with meta {page, limit, totalData, totalPage, next, prev}', async () => {
    const first = await list('?limit=3');
    expect(first.data).toHaveLength(3);
    expect(first.meta).toEqual({ page: 1, limit: 3, totalData: 7, totalPage: 3, next: 2, prev: null });
    const last = await list('?limit=3&page=3');
    expect(last.data).toHaveLength(1);
    expect(last.meta).toMatchObject({ page: 3, next: null, prev: 2 });
    const beyond = await list('?limit=3&page=9');
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.totalPage).toBe(3);
  });

  it('defaults to 12 per page, page 1', async () => {
    const all = await list('');
    expect(all.meta).toMatchObject({ page: 1, limit: 12, totalData: 7 });
    expect(all.data[0]).toEqual({
      id: expect.any(Number),
      product_name: expect.any(String),
      price: expect.any(Number),
      image: expect.stringMatching(/^images\/[a-f0-9]{64}\.webp$/),
      description: expect.any(String),
      category_id: expect.any(Number),
      category_name: expect.any(String),
      sizes: expect.arrayContaining([{ size_id: 1, size_name: 'Reguler', price: expect.any(Number) }]),
      sold_out: false,
      station: expect.stringMatching(/^(bar|kitchen)$/),
    });
  });

  it('searches any part of the name, in any letter case', async () => {
    const found = await list('?search=LATTE');
    expect(found.data.map((p) => p.product_name).sort()).toEqual(['Caffe Latte', 'Matcha Latte']);
    expect((await list('?search=kopi')).meta.totalData).toBe(2);
    expect((await list('?search=zzz')).data).toEqual([]);
  });

  it('filters by category id or name', async () => {
    const coffee = await list('?categories=2');
    expect(coffee.data.map((p) => p.product_name).sort()).toEqual(['Caffe Latte', 'Es Kopi Hitam', 'Kopi Susu']);
    expect((await list('?categories=Foods')).meta.totalData).toBe(2);
    expect((await list('?categories=non%20coffee')).meta.totalData).toBe(1);
    expect((await list('?categories=4&search=oat')).data.map((p) => p.product_name)).toEqual(['Oat Milk']);
  });

  it('sorts cheapest, priciest and newest; over every category the add-ons come after the rest by price', async () => {
    const byPrice = async (query: string) => {
      const found = (await list(query)).data;
      return {
        menu: found.filter((p) => p.category_id !== ADDONS_CATEGORY_ID),
        addons: found.filter((p) => p.category_id === ADDONS_CATEGORY_ID),
        found,
      };
    };
    const cheapest = await byPrice('?sort=cheapest');
    expect(cheapest.found.map((p) => p.id)).toEqual([...cheapest.menu, ...cheapest.addons].map((p) => p.id));
    expect(cheapest.menu.map((p) => p.price)).toEqual(cheapest.menu.map((p) => p.price).sort((a, b) => a - b));
    const addons = (await list(`?sort=cheapest&categories=${ADDONS_CATEGORY_ID}`)).data.map((p) => p.price);
    expect(addons.length).toBeGreaterThan(0);
    expect(addons).toEqual([...addons].sort((a, b) => a - b));
    const priciest = await byPrice('?sort=priciest');
    expect(priciest.found.map((p) => p.id)).toEqual([...priciest.menu, ...priciest.addons].map((p) => p.id));
    expect(priciest.menu.map((p) => p.price)).toEqual(priciest.menu.map((p) => p.price).sort((a, b) => b - a));
    expect((await list('?sort=newest')).data[0]!.product_name).toBe('Es Kopi Hitam');
  });

  it('sorts popular by units sold', async () => {
    const customer = await signUpAs(shop);
    const order = await api(shop, 'POST', '/transactions', {
      token: customer.token,
      body: {
        items: [
          { product_id: ids['Oat Milk'], qty: 5, size_id: 1 },
          { product_id: ids.Croissant, qty: 2, size_id: 1 },
        ],
        delivery_id: 1,
        payment_id: 1,
      },
    });
    expect(order.statusCode).toBe(201);
    const popular = (await list('?sort=popular')).data.map((p) => p.product_name);
    expect(popular.slice(0, 2)).toEqual(['Oat Milk', 'Croissant']);
  });

  it.each([
    '?sort=random',
    '?page=0',
    '?page=-1',
    '?page=1.5',
    '?limit=51',
    '?limit=0',
    '?categories=9',
    '?categories=tea',
    `?search=${'x'.repeat(101)}`,
  ])('answers 400 for %s', async (query) => {
    const res = await api(shop, 'GET', `/products/get${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });
});

describe('GET /products/:id', () => {
  it('answers the product with its category name', async () => {
    const res = await api(shop, 'GET', `/products/${ids['Matcha Latte']}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: ids['Matcha Latte'],
      product_name: 'Matcha Latte',
      price: 32000,
      category_id: 3,
      category_name: 'Non Coffee',
    });
  });

  it('answers 404 for an unknown id and 400 for a non-numeric one', async () => {
    expect((await api(shop, 'GET', '/products/999999')).statusCode).toBe(404);
    expect((await api(shop, 'GET', '/products/999999')).json().code).toBe('data_not_found');
    expect((await api(shop, 'GET', '/products/latte')).statusCode).toBe(400);
  });
});

describe('POST /products', () => {
  it('adds a product with its picture re-encoded to WebP', async () => {
    const res = await api(shop, 'POST', '/products', {
      token: admin.token,
      form: await multipart(productFields({ product_name: 'Teh Tarik' }), await jpegFile()),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().msg).toBe(MSG.addProductSuccess);
    const product = res.json().data;
    expect(product).toMatchObject({ product_name: 'Teh Tarik', price: 27000, category_id: 2, category_name: 'Coffee' });
    const picture = await api(shop, 'GET', `/${product.image}`);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Re-encoding dropped the camera's metadata.
    expect(picture.rawPayload.includes(Buffer.from('secret-camera-owner'))).toBe(false);
  });

  it.each([
    ['product_name', MSG.productNameRequired],
    ['price', MSG.productPriceRequired],
    ['description', MSG.productDescriptionRequired],
    ['category_id', MSG.productCategoryRequired],
  ])('without %s answers 400 with the spec message', async (missing, message) => {
    const before = await countRows(shop, 'products');
    const fields: Record<string, string | number> = productFields();
    delete fields[missing];
    const res = await api(shop, 'POST', '/products', { token: admin.token, form: await multipart(fields, await pngFile()) });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(message);
    expect(await countRows(shop, 'products')).toBe(before);
  });

  it('without a picture answers 400 with the spec message and stores nothing', async () => {
    const before = await countRows(shop, 'products');
    const res = await api(shop, 'POST', '/products', { token: admin.token, form: await multipart(productFields()) });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(MSG.productPictureRequired);
    expect(await countRows(shop, 'products')).toBe(before);
  });

  it.each([['0'], ['-5'], ['12.5'], ['abc'], ['100000001']])('rejects the price %s', async (price) => {
    const res = await api(shop, 'POST', '/products', {
      token: admin.token,
      form: await multipart(productFields({ price }), await pngFile()),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('PATCH /products/:id', () => {
  it('changes only the fields sent', async () => {
    const product = await addProduct(shop, admin.token, { product_name: 'Americano', price: 22000 });
    const res = await api(shop, 'PATCH', `/products/${product.id}`, { token: admin.token, form: await multipart({ price: 23000 }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe(MSG.editProductSuccess);
    expect(res.json().data).toMatchObject({ product_name: 'Americano', price: 23000, image: product.image });

    const picture = await api(shop, 'PATCH', `/products/${product.id}`, {
      token: admin.token,
      form: await multipart({}, await pngFile('new.png', '#123456')),
    });
    expect(picture.statusCode).toBe(200);
    expect(picture.json().data.image).not.toBe(product.image);
    expect(picture.json().data.price).toBe(23000);
  });

  it('answers 404 for an unknown product and 400 for nothing to change', async () => {
    expect((await api(shop, 'PATCH', '/products/999999', { token: admin.token, form: await multipart({ price: 1000 }) })).statusCode).toBe(
      404,
    );
    expect((await api(shop, 'PATCH', `/products/${ids['Kopi Susu']}`, { token: admin.token, form: await multipart({}) })).statusCode).toBe(
      400,
    );
  });
});

describe('DELETE /products/:id', () => {
  it('takes the product off the menu but keeps it in past orders', async () => {
    const product = await addProduct(shop, admin.token, { product_name: 'Seasonal Pumpkin Latte', price: 38000 });
    const customer = await signUpAs(shop);
    const order = await api(shop, 'POST', '/transactions', {
      token: customer.token,
      body: { product_id: product.id, qty: 1, size_id: 1, delivery_id: 1, payment_id: 1 },
    });
    expect(order.statusCode).toBe(201);

    const removed = await api(shop, 'DELETE', `/products/${product.id}`, { token: admin.token });
    expect(removed.statusCode).toBe(200);
    expect((await api(shop, 'GET', `/products/${product.id}`)).statusCode).toBe(404);
    expect((await list('?search=pumpkin')).data).toEqual([]);
    expect((await api(shop, 'DELETE', `/products/${product.id}`, { token: admin.token })).statusCode).toBe(404);

    const history = await api(shop, 'GET', '/transactions/history', { token: customer.token });
    expect(history.json().data[0].items[0]).toMatchObject({ product_name: 'Seasonal Pumpkin Latte', unit_price: 38000 });
    const again = await api(shop, 'POST', '/transactions', {
      token: customer.token,
      body: { product_id: product.id, qty: 1, size_id: 1, delivery_id: 1, payment_id: 1 },
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('GET /categories', () => {
  it('answers the four fixed categories', async () => {
    const res = await api(shop, 'GET', '/categories');
    expect(res.json().data).toEqual([
      { id: 1, name: 'Foods' },
      { id: 2, name: 'Coffee' },
      { id: 3, name: 'Non Coffee' },
      { id: 4, name: 'Add Ons' },
    ]);
  });
});

describe('the menu in two languages', () => {
  const indonesian = { 'accept-language': 'id-ID,id;q=0.9' };

  it("answers in the request's language, each text falling back to the English where no Indonesian was written", async () => {
    const { id } = await addProduct(shop, admin.token, {
      product_name: 'Iced Milk Coffee',
      description: 'Espresso over cold milk.',
      indonesian_name: 'Es Kopi Susu',
      category_id: 2,
    });
    const inIndonesian = await api(shop, 'GET', `/products/${id}`, { headers: indonesian });
    expect(inIndonesian.headers['content-language']).toBe('id');
    expect(inIndonesian.headers.vary).toMatch(/Accept-Language/);
    expect(inIndonesian.json().data).toMatchObject({
      product_name: 'Es Kopi Susu',
      description: 'Espresso over cold milk.',
      category_name: 'Kopi',
      texts: { en: { name: 'Iced Milk Coffee', description: 'Espresso over cold milk.' }, id: { name: 'Es Kopi Susu', description: '' } },
    });
    const inEnglish = await api(shop, 'GET', `/products/${id}`);
    expect(inEnglish.headers['content-language']).toBe('en');
    expect(inEnglish.json().data).toMatchObject({ product_name: 'Iced Milk Coffee', category_name: 'Coffee' });

    // The list and its search: either language's name finds it, whatever the page's language.
    for (const term of ['susu', 'MILK']) {
      const page = await api(shop, 'GET', `/products/get?search=${term}&limit=50`, { headers: indonesian });
      expect(page.json().data.map((p: { product_name: string }) => p.product_name)).toContain('Es Kopi Susu');
      const english = await api(shop, 'GET', `/products/get?search=${term}&limit=50`);
      expect(english.json().data.map((p: { product_name: string }) => p.product_name)).toContain('Iced Milk Coffee');
    }
    // A product with no Indonesian keeps its English name on Indonesian pages; its list answer carries no texts.
    const latte = await api(shop, 'GET', '/products/get?search=caffe', { headers: indonesian });
    expect(latte.json().data[0]).toMatchObject({ product_name: 'Caffe Latte' });
    expect(latte.json().data[0].texts).toBeUndefined();

    // An edit of the Indonesian description alone; an API client may clear a translation with ''.
    const edit = await api(shop, 'PATCH', `/products/${id}`, {
      token: admin.token,
      headers: indonesian,
      form: await multipart({ indonesian_description: 'Espresso di atas susu dingin.' }),
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({ product_name: 'Es Kopi Susu', description: 'Espresso di atas susu dingin.' });
    const cleared = await api(shop, 'PATCH', `/products/${id}`, { token: admin.token, form: await multipart({ indonesian_name: ' ' }) });
    expect(cleared.json().data.texts.id).toEqual({ name: '', description: 'Espresso di atas susu dingin.' });
    expect((await api(shop, 'GET', `/products/${id}`, { headers: indonesian })).json().data.product_name).toBe('Iced Milk Coffee');
    const search = await api(shop, 'GET', '/products/get?search=es kopi susu', { headers: indonesian });
    expect(search.json().data.map((p: { id: number }) => p.id)).not.toContain(id);
  });

  it('refuses an Indonesian text too long with a 400 and stores nothing', async () => {
    const before = await countRows(shop, 'products');
    const res = await api(shop, 'POST', '/products', {
      token: admin.token,
      form: await multipart(productFields({ indonesian_name: 'x'.repeat(101) }), await pngFile()),
    });
    expect(res.statusCode).toBe(400);
    expect(await countRows(shop, 'products')).toBe(before);
  });

  it("names the categories in the request's language", async () => {
    const res = await api(shop, 'GET', '/categories', { headers: indonesian });
    expect(res.json().data.map((c: { name: string }) => c.name)).toEqual(['Makanan', 'Kopi', 'Non Kopi', 'Tambahan']);
  });
});

describe('the menu index', () => {
  it('answers every write made through this instance in its next read', async () => {
    const read = async (query: string) => (await list(query)).data.map((p) => p.product_name);
    const product = await addProduct(shop, admin.token, { product_name: 'Kopi Tubruk', price: 16000, category_id: 2 });
    // Added: on top of "newest", found by search, in its category, and by id.
    expect((await read('?sort=newest&limit=1'))[0]).toBe('Kopi Tubruk');
    expect(await read('?search=tubruk')).toEqual(['Kopi Tubruk']);
    expect(await read('?categories=2&search=TUBRUK')).toEqual(['Kopi Tubruk']);
    expect((await api(shop, 'GET', `/products/${product.id}`)).json().data).toMatchObject({ product_name: 'Kopi Tubruk', price: 16000 });

    // Edited: new name and price everywhere, the old name no longer found, the cheapest order follows the price.
    const edit = await api(shop, 'PATCH', `/products/${product.id}`, {
      token: admin.token,
      form: await multipart({ product_name: 'Kopi Tubruk Gula Aren', price: 1000, category_id: 3 }),
    });
    expect(edit.statusCode).toBe(200);
    expect(await read('?search=gula aren')).toEqual(['Kopi Tubruk Gula Aren']);
    expect((await list('?search=tubruk')).meta.totalData).toBe(1);
    expect(await read('?categories=2&search=tubruk')).toEqual([]);
    expect(await read('?categories=3&search=tubruk')).toEqual(['Kopi Tubruk Gula Aren']);
    expect((await read('?sort=cheapest&limit=1'))[0]).toBe('Kopi Tubruk Gula Aren');
    expect((await api(shop, 'GET', `/products/${product.id}`)).json().data).toMatchObject({ price: 1000, category_name: 'Non Coffee' });

    // Deleted: gone from every list and from its detail.
    expect((await api(shop, 'DELETE', `/products/${product.id}`, { token: admin.token })).statusCode).toBe(200);
    expect(await read('?search=tubruk')).toEqual([]);
    expect(await read('?sort=cheapest&limit=1')).not.toContain('Kopi Tubruk Gula Aren');
    expect((await api(shop, 'GET', `/products/${product.id}`)).statusCode).toBe(404);
  });

  it('takes a cancelled order back out of "popular"', async () => {
    const customer = await signUpAs(shop);
    const boss = admin;
    const favourite = await addProduct(shop, boss.token, { product_name: 'Es Teh Manis', price: 8000, category_id: 3 });
    const order = await api(shop, 'POST', '/transactions', {
      token: customer.token,
      body: { items: [{ product_id: favourite.id, qty: 50, size_id: 1 }], delivery_id: 1, payment_id: 1 },
    });
    expect(order.statusCode).toBe(201);
    expect((await list('?sort=popular&limit=1')).data[0]!.product_name).toBe('Es Teh Manis');
    const cancel = await api(shop, 'PATCH', `/transactions/${order.json().data.id}`, {
      token: boss.token,
      body: { status_id: 3, reason: 'Out of milk' },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await list('?sort=popular&limit=1')).data[0]!.product_name).not.toBe('Es Teh Manis');
  });
});
