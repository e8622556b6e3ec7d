import { MSG } from '@kopi/shared';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  addPromo,
  api,
  countRows,
  createTestShop,
  multipart,
  pngFile,
  productFields,
  promoFields,
  signUpAs,
  type TestShop,
  type UploadFile,
} from './helpers.ts';
import { expectClientError, orderBody, query } from './matrix-helpers.ts';

// docs/architecture.md#tests-and-targets: bad input never causes a 500, gets a 4xx with a clear
// message ({msg, code}), and nothing is stored.

type Account = Awaited<ReturnType<typeof signUpAs>>;
let shop: TestShop;
let admin: Account;
let user: Account;
let other: Account;
let latte: { id: number; price: number };
const names = ['Kopi 100% Arabica', 'Es_Teh Manis', 'Back\\slash Brew', "O'Brien Cold Brew", 'Kopi Susu Gula Aren', 'Matcha Latte'];
const ids: Record<string, number> = {};

beforeAll(async () => {
  shop = await createTestShop({ authRateLimit: { perIp: 100_000, perEmail: 1000, perAccount: 100_000, windowSeconds: 900 } });
  admin = await signUpAs(shop, 'Admin');
  user = await signUpAs(shop, 'User');
  other = await signUpAs(shop, 'User');
  for (const name of names) ids[name] = (await addProduct(shop, admin.token, { product_name: name, price: 20000 })).id;
  latte = await addProduct(shop, admin.token, { product_name: 'Priced Latte', price: 31000 });
});
afterAll(() => shop?.close());

const counts = (...tables: Parameters<typeof countRows>[1][]) => Promise.all(tables.map((t) => countRows(shop, t)));
const namesOf = (body: { data: { product_name: string }[] }) => body.data.map((p) => p.product_name).sort();

describe('SQL metacharacters in the menu query', () => {
  it.each([
    ["' OR 1=1 --", []],
    ["'", ["O'Brien Cold Brew"]],
    ['%', ['Kopi 100% Arabica']],
    ['_', ['Es_Teh Manis']],
    ['\\', ['Back\\slash Brew']],
    ['; drop table products;', []],
    ['"; select * from users; --', []],
    ['%kopi%', []],
    ['k_pi', []],
    ['KOPI', ['Kopi 100% Arabica', 'Kopi Susu Gula Aren']],
  ])('search=%j → 200 with only the real matches %j', async (search, expected) => {
    const before = await countRows(shop, 'products');
    const res = await api(shop, 'GET', `/products/get?search=${encodeURIComponent(search)}&limit=50`);
    expect(res.statusCode, res.body).toBe(200);
    expect(namesOf(res.json())).toEqual([...expected].sort());
    expect(res.json().meta.totalData).toBe(expected.length);
    expect(await countRows(shop, 'products')).toBe(before);
  });

  it.each([
    ['sort', 'price; drop table products'],
    ['sort', "popular'--"],
    ['sort', 'price desc'],
    ['sort', 'p.id'],
    ['categories', '1 OR 1=1'],
    ['categories', "1'; drop table products; --"],
    ['categories', '5'],
    ['categories', '0'],
    ['page', '1;drop'],
    ['page', "1' or '1'='1"],
    ['page', '0'],
    ['page', '-1'],
    ['page', '1.5'],
    ['page', '1e20'],
    ['limit', '1 union select * from users'],
    ['limit', '0'],
    ['limit', '51'],
    ['limit', '1e3'],
    ['limit', '-5'],
    ['limit', '1e20'],
  ])('%s=%j → 400', async (param, value) => {
    const res = await api(shop, 'GET', `/products/get?${param}=${encodeURIComponent(value)}`);
    expectClientError(res, 400, 'validation_failed');
  });

  it('the menu is still whole after all of it', async () => {
    const res = await api(shop, 'GET', '/products/get?limit=50');
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.totalData).toBe(names.length + 1);
  });
});

describe('bad ids in the path', () => {
  const BAD_IDS = ['1;drop', 'abc', '-1', '0', '1.5', '1e3', '1e20', '2147483648', "1'%20or%20'1'='1", '1%20OR%201=1'];
  it.each(BAD_IDS)('GET /products/%s → 400, not 500', async (id) => {
    expectClientError(await api(shop, 'GET', `/products/${id}`), 400, 'validation_failed');
  });

  it.each([
    ['GET', '/promos/:id', 'none'],
    ['PATCH', '/products/:id', 'admin'],
    ['DELETE', '/products/:id', 'admin'],
    ['PATCH', '/promos/:id', 'admin'],
    ['DELETE', '/promos/:id', 'admin'],
    ['GET', '/transactions/:id', 'admin'],
    ['PATCH', '/transactions/:id', 'admin'],
    ['DELETE', '/transactions/history/:id', 'user'],
  ] as const)('%s %s with a bad id → 400', async (method, path, who) => {
    const token = who === 'admin' ? admin.token : who === 'user' ? user.token : undefined;
    const before = await counts('products', 'promos', 'transactions');
    for (const id of ['1;drop', 'abc', '-1', '0', '1e20']) {
      const res = await api(shop, method, path.replace(':id', id), {
        token,
        body: method === 'PATCH' ? { product_name: 'x', promo_name: 'x', status_id: 2 } : undefined,
      });
      expectClientError(res, 400, 'validation_failed');
    }
    expect(await counts('products', 'promos', 'transactions')).toEqual(before);
  });

  it('an unknown but well-formed id is a 404', async () => {
    expectClientError(await api(shop, 'GET', '/products/2147483647'), 404, 'data_not_found');
  });
});

describe('POST /transactions with bad quantities and ids', () => {
  it.each([
    ['qty 0', { qty: 0 }],
    ['qty -1', { qty: -1 }],
    ['qty 100', { qty: 100 }],
    ['qty 1.5', { qty: 1.5 }],
    ['qty "1.5"', { qty: '1.5' }],
    ['qty huge', { qty: 1e20 }],
    ['qty 1e308', { qty: 1e308 }],
    ['qty "abc"', { qty: 'abc' }],
    ['qty "1; drop table transactions"', { qty: '1; drop table transactions' }],
    ['qty missing', { qty: undefined }],
    ['qty null', { qty: null }],
    ['qty true', { qty: true }],
    ['qty []', { qty: [] }],
    ['product_id huge', { product_id: 1e20 }],
    ['product_id 2^31', { product_id: 2147483648 }],
    ['product_id 0', { product_id: 0 }],
    ['product_id -1', { product_id: -1 }],
    ['size_id 4', { size_id: 4 }],
    ['delivery_id 0', { delivery_id: 0 }],
    ['payment_id 99', { payment_id: 99 }],
    ['promo_id huge', { promo_id: 1e20 }],
    ['Door Delivery without address', { delivery_id: 2 }],
    ['address of 10,000 characters', { address: 'x'.repeat(10_000) }],
  ])('%s → 400, nothing stored', async (_name, overrides) => {
    const before = await counts('transactions', 'transaction_items');
    const res = await api(shop, 'POST', '/transactions', { token: user.token, body: orderBody(latte.id, overrides) });
    expectClientError(res, 400, 'validation_failed');
    expect(await counts('transactions', 'transaction_items')).toEqual(before);
  });

  it.each([
    ['no line', { items: [] }],
    ['a line with qty 0', { items: [{ product_id: 1, qty: 0, size_id: 1 }] }],
    ['a line with qty 100', { items: [{ product_id: 1, qty: 100, size_id: 1 }] }],
    ['21 lines', { items: Array.from({ length: 21 }, () => ({ product_id: 1, qty: 1, size_id: 1 })) }],
    ['items that is not a list', { items: 'all of them' }],
  ])('items with %s → 400, nothing stored', async (_name, body) => {
    const before = await counts('transactions', 'transaction_items');
    const res = await api(shop, 'POST', '/transactions', { token: user.token, body: { delivery_id: 1, payment_id: 1, ...body } });
    expectClientError(res, 400, 'validation_failed');
    expect(await counts('transactions', 'transaction_items')).toEqual(before);
  });

  it('an unknown product → 404, nothing stored', async () => {
    const before = await counts('transactions', 'transaction_items');
    expectClientError(await api(shop, 'POST', '/transactions', { token: user.token, body: orderBody(2147483647) }), 404, 'data_not_found');
    expect(await counts('transactions', 'transaction_items')).toEqual(before);
  });

  it('qty 99 (the maximum) is accepted and priced by the menu', async () => {
    const res = await api(shop, 'POST', '/transactions', { token: user.token, body: orderBody(latte.id, { qty: 99 }) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.subtotal).toBe(99 * latte.price);
  });
});

describe('huge, negative and odd numbers in forms', () => {
  it.each([
    ['POST /products', 'price', '1e20'],
    ['POST /products', 'price', '100000001'],
    ['POST /products', 'price', '0'],
    ['POST /products', 'price', '-27000'],
    ['POST /products', 'price', '27000.5'],
    ['POST /products', 'price', '1e5'],
    ['POST /products', 'price', 'Infinity'],
    ['POST /products', 'category_id', '1e20'],
    ['POST /products', 'category_id', '1 OR 1=1'],
    ['POST /promos', 'discount', '101'],
    ['POST /promos', 'discount', '0'],
    ['POST /promos', 'discount', '-10'],
    ['POST /promos', 'min_price', '1e20'],
    ['POST /promos', 'min_price', '-1'],
    ['POST /promos', 'duration', '99999-12-31'],
    ['POST /promos', 'duration', '2030-02-31'],
  ])('%s with %s=%s → 400, nothing stored', async (endpoint, field, value) => {
    const before = await counts('products', 'promos', 'images');
    const fields = endpoint === 'POST /products' ? productFields({ [field]: value }) : promoFields({ [field]: value });
    const res = await api(shop, 'POST', endpoint.slice(5), {
      token: admin.token,
      form: await multipart(fields, await pngFile('n.png', '#0d0d0d')),
    });
    const body = expectClientError(res, 400, 'validation_failed') as { errors?: { field: string }[] };
    expect(body.errors?.map((e) => e.field)).toContain(field);
    expect(await counts('products', 'promos', 'images')).toEqual(before);
  });

  it.each([['1e20'], ['-1'], ['0']])('PATCH /products/:id with price=%s → 400, the price is kept', async (price) => {
    const res = await api(shop, 'PATCH', `/products/${latte.id}`, { token: admin.token, form: await multipart({ price }) });
    expectClientError(res, 400, 'validation_failed');
    expect((await api(shop, 'GET', `/products/${latte.id}`)).json().data.price).toBe(latte.price);
  });
});

describe('tampered prices', () => {
  const tampering = {
    subtotal: 1,
    price: 1,
    total: 1,
    unit_price: 1,
    line_total: 1,
    discount: 999_999,
    tax: 999,
    shipping: -5,
    user_id: 0,
    status_id: 2,
    id: 1,
  };

  it.each([
    ['the single-product payload', () => orderBody(latte.id, { qty: 2, ...tampering, user_id: other.id })],
    [
      'the items payload',
      () => ({
        delivery_id: 1,
        payment_id: 1,
        ...tampering,
        user_id: other.id,
        items: [{ product_id: latte.id, qty: 2, size_id: 1, price: 1, unit_price: 1, line_total: 1 }],
      }),
    ],
  ])("%s: priced from the menu, the caller's, Pending", async (_name, body) => {
    const res = await api(shop, 'POST', '/transactions', { token: user.token, body: body() });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data;
    expect(order).toMatchObject({
      customer: { id: user.id },
      status_id: 1,
      subtotal: 2 * latte.price,
      discount: 0,
      tax: 0,
      shipping: 0,
      total: 2 * latte.price,
      items: [{ product_id: latte.id, qty: 2, unit_price: latte.price, line_total: 2 * latte.price }],
    });
    // Read back from the database: what is stored is what the server priced.
    const [row] = await query<{ user_id: number; status_id: number; subtotal: number; tax: number; total: number }>(
      shop,
      sql`select user_id, status_id, subtotal::float8 as subtotal, tax::float8 as tax, total::float8 as total from transactions where id = ${order.id}`,
    );
    expect(row).toEqual({ user_id: user.id, status_id: 1, subtotal: 2 * latte.price, tax: 0, total: 2 * latte.price });
    const items = await query<{ unit_price: number }>(
      shop,
      sql`select unit_price::float8 as unit_price from transaction_items where transaction_id = ${order.id}`,
    );
    expect(items).toEqual([{ unit_price: latte.price }]);
    // Not in the other user's history, in the caller's.
    const otherHistory = (await api(shop, 'GET', '/transactions/history?limit=50', { token: other.token })).json().data;
    expect(otherHistory.map((o: { id: number }) => o.id)).not.toContain(order.id);
  });
});

describe('uploads', () => {
  let gif: UploadFile;
  let webp: UploadFile;
  let tiff: UploadFile;
  const html: UploadFile = { name: 'x.png', type: 'image/png', bytes: Buffer.from('<html><script>alert(1)</script></html>') };
  const svg: UploadFile = {
    name: 'x.png',
    type: 'image/png',
    bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  };
  const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const pngGarbage: UploadFile = { name: 'x.png', type: 'image/png', bytes: Buffer.concat([PNG_MAGIC, Buffer.alloc(4000, 0x5a)]) };
  const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
  const jpegGarbage: UploadFile = { name: 'x.jpg', type: 'image/jpeg', bytes: Buffer.concat([JPEG_MAGIC, Buffer.alloc(4000, 0x11)]) };
  // 3 MB that starts like a PNG: the size is refused before the content is looked at.
  const huge: UploadFile = { name: 'big.png', type: 'image/png', bytes: Buffer.concat([PNG_MAGIC, Buffer.alloc(3 * 1024 * 1024, 0x42)]) };

  beforeAll(async () => {
    const canvas = () => sharp({ create: { width: 16, height: 16, channels: 3, background: '#aa3300' } });
    gif = { name: 'x.png', type: 'image/png', bytes: await canvas().gif().toBuffer() };
    webp = { name: 'x.png', type: 'image/png', bytes: await canvas().webp().toBuffer() };
    tiff = { name: 'x.jpg', type: 'image/jpeg', bytes: await canvas().tiff().toBuffer() };
  });

  const FILES = {
    'a PNG-named HTML file': () => [html, 415],
    'a PNG-named SVG with a script': () => [svg, 415],
    'a GIF named .png': () => [gif, 415],
    'a WebP named .png': () => [webp, 415],
    'a TIFF named .jpg': () => [tiff, 415],
    'a PNG header followed by garbage': () => [pngGarbage, 415],
    'a JPEG header followed by garbage': () => [jpegGarbage, 415],
    'a 3 MB file': () => [huge, 413],
  } satisfies Record<string, () => [UploadFile, 413 | 415]>;

  // Each upload endpoint with otherwise valid fields, so only the picture is wrong.
  const ENDPOINTS = {
    'POST /products': async (file: UploadFile) => ({
      method: 'POST' as const,
      path: '/products',
      form: await multipart(productFields({ product_name: 'Upload Probe' }), file),
    }),
    'PATCH /products/:id': async (file: UploadFile) => ({
      method: 'PATCH' as const,
      path: `/products/${latte.id}`,
      form: await multipart({ product_name: 'Upload Probe' }, file),
    }),
    'POST /promos': async (file: UploadFile) => ({
      method: 'POST' as const,
      path: '/promos',
      form: await multipart(promoFields({ promo_name: 'Upload Probe' }), file),
    }),
    'PATCH /users/profile': async (file: UploadFile) => ({
      method: 'PATCH' as const,
      path: '/users/profile',
      form: await multipart({ display_name: 'Upload Probe' }, file),
    }),
  };

  const CASES = (Object.keys(ENDPOINTS) as (keyof typeof ENDPOINTS)[]).flatMap((endpoint) =>
    (Object.keys(FILES) as (keyof typeof FILES)[]).map((file) => [endpoint, file] as const),
  );

  it.each(CASES)('%s with %s → 4xx with the spec message, nothing stored', async (endpoint, label) => {
    const [file, status] = FILES[label]();
    const before = await counts('products', 'promos', 'images');
    const beforeLatte = (await api(shop, 'GET', `/products/${latte.id}`)).json().data;
    const call = await ENDPOINTS[endpoint](file);
    const res = await api(shop, call.method, call.path, { token: admin.token, form: call.form });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toEqual(
      status === 415 ? { msg: MSG.fileTypeWrong, code: 'file_type_not_allowed' } : { msg: MSG.fileTooBig, code: 'file_too_large' },
    );
    expect(await counts('products', 'promos', 'images')).toEqual(before);
    // Nothing else of the form was written either.
    expect((await api(shop, 'GET', `/products/${latte.id}`)).json().data).toEqual(beforeLatte);
    expect(await query(shop, sql`select id from users where display_name = 'Upload Probe'`)).toEqual([]);
    expect(await query(shop, sql`select id from products where product_name = 'Upload Probe'`)).toEqual([]);
    expect(await query(shop, sql`select id from promos where promo_name = 'Upload Probe'`)).toEqual([]);
  });

  it('a real PNG named photo.gif with type image/gif is judged by its bytes and accepted', async () => {
    const png = await pngFile('photo.gif', '#0f0f0f');
    const res = await api(shop, 'POST', '/products', {
      token: admin.token,
      form: await multipart(productFields(), { ...png, type: 'image/gif' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.image).toMatch(/^images\/[a-f0-9]{64}\.webp$/);
  });

  it('a file in another field than "images" → 400, nothing stored', async () => {
    const before = await counts('products', 'images');
    const data = new FormData();
    for (const [k, v] of Object.entries(productFields())) data.append(k, String(v));
    const png = await pngFile('x.png', '#1a2b3c');
    data.append('avatar', new Blob([png.bytes], { type: 'image/png' }), 'x.png');
    const encoded = new Response(data);
    const form = { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } };
    expectClientError(await api(shop, 'POST', '/products', { token: admin.token, form }), 400);
    expect(await counts('products', 'images')).toEqual(before);
  });

  it('two pictures in one form → 4xx, nothing stored', async () => {
    const before = await counts('products', 'images');
    const data = new FormData();
    for (const [k, v] of Object.entries(productFields())) data.append(k, String(v));
    for (const color of ['#111111', '#222222']) {
      const png = await pngFile('x.png', color);
      data.append('images', new Blob([png.bytes], { type: 'image/png' }), 'x.png');
    }
    const encoded = new Response(data);
    const form = { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } };
    const res = await api(shop, 'POST', '/products', { token: admin.token, form });
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expectClientError(res, res.statusCode);
    expect(await counts('products', 'images')).toEqual(before);
  });
});

describe('empty, broken and odd bodies', () => {
  it.each([
    ['POST', '/products'],
    ['PATCH', '/products/:id'],
    ['POST', '/promos'],
    ['PATCH', '/promos/:id'],
    ['PATCH', '/users/profile'],
  ] as const)('an empty multipart body on %s %s → 400, nothing stored', async (method, path) => {
    const promo = await addPromo(shop, admin.token);
    const url = path.replace(':id', String(path.startsWith('/products') ? latte.id : promo.id));
    const before = await counts('products', 'promos', 'images');
    const res = await api(shop, method, url, { token: admin.token, form: await multipart({}) });
    expectClientError(res, 400, 'validation_failed');
    expect(await counts('products', 'promos', 'images')).toEqual(before);
  });

  it.each([
    ['POST', '/products'],
    ['PATCH', '/products/:id'],
    ['POST', '/promos'],
    ['PATCH', '/users/profile'],
  ] as const)('a multipart form with only blank fields on %s %s → 400', async (method, path) => {
    const before = await counts('products', 'promos', 'images');
    const fields = { product_name: '   ', promo_name: '', display_name: '' };
    const res = await api(shop, method, path.replace(':id', String(latte.id)), {
      token: admin.token,
      form: await multipart(method === 'PATCH' ? { product_name: ' ' } : fields),
    });
    expectClientError(res, 400, 'validation_failed');
    expect(await counts('products', 'promos', 'images')).toEqual(before);
  });

  const JSON_ENDPOINTS = [
    ['POST', '/auth'],
    ['POST', '/users/register'],
    ['POST', '/transactions'],
    ['PATCH', '/transactions/:id'],
    ['POST', '/products'],
    ['PATCH', '/products/:id'],
    ['POST', '/promos'],
    ['PATCH', '/users/profile'],
  ] as const;

  it.each(JSON_ENDPOINTS)('JSON that is not JSON on %s %s → 400', async (method, path) => {
    const before = await counts('products', 'promos', 'transactions', 'users');
    for (const payload of ['{not json', '{"qty": 1,}', "{'a': 1}", 'undefined', '{"a":']) {
      const res = await api(shop, method, path.replace(':id', String(latte.id)), {
        token: admin.token,
        body: payload,
        headers: { 'content-type': 'application/json' },
      });
      expectClientError(res, 400);
    }
    expect(await counts('products', 'promos', 'transactions', 'users')).toEqual(before);
  });

  it.each(JSON_ENDPOINTS)('a body that is an array on %s %s → 400', async (method, path) => {
    const before = await counts('products', 'promos', 'transactions', 'users');
    const res = await api(shop, method, path.replace(':id', String(latte.id)), {
      token: admin.token,
      body: [orderBody(latte.id), { email: 'a@b.co', password: 'kopi-senja-1', product_name: 'Array Brew', price: 1, status_id: 2 }],
    });
    expectClientError(res, 400);
    expect(await counts('products', 'promos', 'transactions', 'users')).toEqual(before);
  });

  it.each(JSON_ENDPOINTS)('a body that is a bare string on %s %s → 400', async (method, path) => {
    const res = await api(shop, method, path.replace(':id', String(latte.id)), {
      token: admin.token,
      body: '"hello"',
      headers: { 'content-type': 'application/json' },
    });
    expectClientError(res, 400);
  });

  it('an unsupported content type → 415, not 500', async () => {
    const res = await api(shop, 'POST', '/transactions', {
      token: user.token,
      body: 'qty=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectClientError(res, 415);
  });

  it('a body over the limit → 413, not 500', async () => {
    const res = await api(shop, 'POST', '/transactions', {
      token: user.token,
      body: JSON.stringify({ ...orderBody(latte.id), address: 'x'.repeat(2_000_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expectClientError(res, 413);
  });
});

describe('unknown fields are ignored and never written', () => {
  it('POST /products: id, units_sold, deleted_at, created_at are not taken', async () => {
    const form = await multipart(
      productFields({
        product_name: 'Honest Brew',
        id: 777_777,
        units_sold: 5000,
        deleted_at: '2020-01-01',
        created_at: '1999-01-01',
        category_name: 'Hacked',
      }),
      await pngFile('h.png', '#333333'),
    );
    const res = await api(shop, 'POST', '/products', { token: admin.token, form });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json().data;
    expect(id).not.toBe(777_777);
    const [row] = await query<{ id: number; units_sold: number; deleted_at: unknown; created_at: string }>(
      shop,
      sql`select id, units_sold, deleted_at, created_at::text from products where product_name = 'Honest Brew'`,
    );
    expect(row).toMatchObject({ id, units_sold: 0, deleted_at: null });
    expect(row!.created_at.startsWith('1999')).toBe(false);
    expect((await api(shop, 'GET', `/products/${id}`)).json().data.category_name).toBe('Coffee');
  });

  it('PATCH /products/:id: units_sold and deleted_at are not written; only they → 400', async () => {
    const product = await addProduct(shop, admin.token, { product_name: 'Patched Brew' });
    const only = await api(shop, 'PATCH', `/products/${product.id}`, {
      token: admin.token,
      form: await multipart({ units_sold: 999, deleted_at: '2020-01-01', id: 1 }),
    });
    expectClientError(only, 400, 'validation_failed');
    const res = await api(shop, 'PATCH', `/products/${product.id}`, {
      token: admin.token,
      form: await multipart({ price: 12000, units_sold: 999, deleted_at: '2020-01-01', id: 1 }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await query<{ id: number; price: number; units_sold: number; deleted_at: unknown }>(
      shop,
      sql`select id, price, units_sold, deleted_at from products where product_name = 'Patched Brew'`,
    );
    expect(row).toEqual({ id: product.id, price: 12000, units_sold: 0, deleted_at: null });
  });

  it('PATCH /users/profile: role, email, password_hash, id are not written', async () => {
    const res = await api(shop, 'PATCH', '/users/profile', {
      token: other.token,
      form: await multipart({
        display_name: 'Still a customer',
        role: 'Admin',
        email: 'takeover@test.local',
        password_hash: 'x',
        id: admin.id,
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await query<{ id: number; role: string; email: string; password_hash: string }>(
      shop,
      sql`select id, role, email, password_hash from users where display_name = 'Still a customer'`,
    );
    expect(row).toMatchObject({ id: other.id, role: 'User', email: other.email });
    expect(row!.password_hash).not.toBe('x');
    // The caller is still a User: admin calls answer 403; the admin's row is untouched.
    expect((await api(shop, 'GET', '/users', { token: other.token })).statusCode).toBe(403);
    const [adminRow] = await query<{ email: string }>(shop, sql`select email from users where id = ${admin.id}`);
    expect(adminRow!.email).toBe(admin.email);
    // Only unknown fields: nothing to change.
    expectClientError(
      await api(shop, 'PATCH', '/users/profile', { token: other.token, body: { role: 'Admin' } }),
      400,
      'validation_failed',
    );
  });

  it('POST /promos: id, deleted_at, active are not taken', async () => {
    const form = await multipart(
      promoFields({ promo_name: 'Honest Promo', id: 888_888, deleted_at: '2020-01-01', active: 'false' }),
      await pngFile('p.png', '#444444'),
    );
    const res = await api(shop, 'POST', '/promos', { token: admin.token, form });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.id).not.toBe(888_888);
    const [row] = await query<{ deleted_at: unknown }>(shop, sql`select deleted_at from promos where promo_name = 'Honest Promo'`);
    expect(row).toEqual({ deleted_at: null });
    expect((await api(shop, 'GET', '/promos/get')).json().data.map((p: { id: number }) => p.id)).toContain(res.json().data.id);
  });

  it('PATCH /transactions/:id: only status_id is taken (no total, no user_id)', async () => {
    const order = (await api(shop, 'POST', '/transactions', { token: user.token, body: orderBody(latte.id) })).json().data;
    const res = await api(shop, 'PATCH', `/transactions/${order.id}`, {
      token: admin.token,
      body: { status_id: 2, total: 1, user_id: other.id, subtotal: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await query<{ status_id: number; total: number; user_id: number }>(
      shop,
      sql`select status_id, total::float8 as total, user_id from transactions where id = ${order.id}`,
    );
    expect(row).toEqual({ status_id: 2, total: latte.price, user_id: user.id });
  });

  it.each([[1], [6], [0], ['2; drop table transactions'], [null], ['Done']])(
    'PATCH /transactions/:id with status_id %j → 400, the order stays Pending',
    async (status_id) => {
      const order = (await api(shop, 'POST', '/transactions', { token: user.token, body: orderBody(latte.id) })).json().data;
      expectClientError(
        await api(shop, 'PATCH', `/transactions/${order.id}`, { token: admin.token, body: { status_id } }),
        400,
        'validation_failed',
      );
      const [row] = await query<{ status_id: number }>(shop, sql`select status_id from transactions where id = ${order.id}`);
      expect(row!.status_id).toBe(1);
    },
  );
});

describe('NUL bytes, malformed forms and URLs', () => {
  it('search=a%00b (a NUL byte) → not a 500: 200 with no match, or 400', async () => {
    const res = await api(shop, 'GET', '/products/get?search=a%00b');
    expect([200, 400], `${res.statusCode} ${res.body}`).toContain(res.statusCode);
    if (res.statusCode === 200) expect(res.json().data).toEqual([]);
    else expectClientError(res, 400);
  });

  it.each([
    [
      'POST /products product_name',
      async () => ({
        method: 'POST' as const,
        path: '/products',
        form: await multipart(productFields({ product_name: 'Nul\u0000Brew' }), await pngFile('n.png', '#0a0a0a')),
      }),
    ],
    [
      'PATCH /products/:id description',
      async () => ({ method: 'PATCH' as const, path: `/products/${latte.id}`, form: await multipart({ description: 'Nul\u0000Brew' }) }),
    ],
    [
      'POST /promos promo_name',
      async () => ({
        method: 'POST' as const,
        path: '/promos',
        form: await multipart(promoFields({ promo_name: 'Nul\u0000Brew' }), await pngFile('n.png', '#0b0b0b')),
      }),
    ],
    [
      'PATCH /users/profile display_name',
      async () => ({ method: 'PATCH' as const, path: '/users/profile', body: { display_name: 'Nul\u0000Brew' } }),
    ],
    [
      'PATCH /users/profile address',
      async () => ({ method: 'PATCH' as const, path: '/users/profile', body: { address: 'Jl. Nul\u0000Brew' } }),
    ],
    [
      'POST /transactions address',
      async () => ({
        method: 'POST' as const,
        path: '/transactions',
        body: orderBody(latte.id, { delivery_id: 2, address: 'Jl. Nul\u0000Brew' }),
      }),
    ],
    [
      'POST /transactions scheduled_for',
      async () => ({ method: 'POST' as const, path: '/transactions', body: orderBody(latte.id, { scheduled_for: '10:00\u0000Brew' }) }),
    ],
  ])('a NUL byte in %s → 400, nothing stored', async (_name, make) => {
    const before = await counts('products', 'promos', 'images', 'transactions');
    const beforeLatte = (await api(shop, 'GET', `/products/${latte.id}`)).json().data;
    const call = await make();
    const res = await api(shop, call.method, call.path, {
      token: admin.token,
      body: 'body' in call ? call.body : undefined,
      form: 'form' in call ? call.form : undefined,
    });
    expectClientError(res, 400);
    expect(await counts('products', 'promos', 'images', 'transactions')).toEqual(before);
    expect((await api(shop, 'GET', `/products/${latte.id}`)).json().data).toEqual(beforeLatte);
  });

  it.each([
    [
      'a multipart body cut in half',
      async () => {
        const full = await multipart(productFields({ product_name: 'Cut Brew' }), await pngFile('c.png', '#0c0c0c'));
        return { payload: full.payload.subarray(0, Math.floor(full.payload.length / 2)), headers: full.headers };
      },
    ],
    [
      'multipart/form-data without a boundary',
      async () => ({ payload: Buffer.from('product_name=Cut Brew'), headers: { 'content-type': 'multipart/form-data' } }),
    ],
    [
      'a multipart body that is not multipart',
      async () => ({ payload: Buffer.from('hello world'), headers: { 'content-type': 'multipart/form-data; boundary=xyz' } }),
    ],
  ])('%s on POST /products → 4xx, not 500, nothing stored', async (_name, make) => {
    const before = await counts('products', 'images');
    const res = await api(shop, 'POST', '/products', { token: admin.token, form: await make() });
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
    expectClientError(res, res.statusCode);
    expect(await counts('products', 'images')).toEqual(before);
  });

  it('a malformed URL (/products/%) → 400 with the error body {msg, code}', async () => {
    expectClientError(await api(shop, 'GET', '/products/%'), 400);
  });

  it.each([
    ['PATCH /products/:id', { product_name: ['Array', 'Brew'] }, sql`select id from products where product_name like '[%'`],
    ['PATCH /products/:id', { description: { html: '<b>hi</b>' } }, sql`select id from products where description like '{%'`],
    ['PATCH /users/profile', { display_name: { a: 1 } }, sql`select id from users where display_name like '{%'`],
    ['PATCH /users/profile', { first_name: ['x'] }, sql`select id from users where first_name like '[%'`],
  ])('%s with a text field sent as a JSON array/object %j → 400, not written as JSON text', async (name, body, written) => {
    const target = await addProduct(shop, admin.token, { product_name: 'Json Target' });
    const res = await api(shop, 'PATCH', name.replace(':id', String(target.id)).replace(/^PATCH /, ''), { token: admin.token, body });
    expectClientError(res, 400, 'validation_failed');
    expect(await query(shop, written)).toEqual([]);
  });
});
