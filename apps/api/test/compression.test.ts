import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, createAnswerCache } from '../src/lib/compression.ts';
import { addProduct, api, createTestShop, multipart, signUpAs, type TestShop } from './helpers.ts';

// docs/architecture.md#the-path-of-a-request: answers of 1 KB or more are compressed as the client accepts (Brotli, else gzip).

describe('choosing the encoding from Accept-Encoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0.5, gzip;q=0.5', 'br'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', undefined],
    ['deflate', undefined],
    ['gzip;q=0', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%s → %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('the cache of compressed answers', () => {
  const big = (key: string) => `${key}:${'x'.repeat(2000)}`;

  it('makes an answer once, keeps two generations, and keeps what is still asked for', () => {
    const cache = createAnswerCache(2);
    let made = 0;
    const get = (key: string) =>
      cache.get(key, 'gzip', () => {
        made += 1;
        return big(key);
      });
    const first = get('a');
    expect(zlib.gunzipSync(first.body as Buffer).toString()).toBe(big('a'));
    expect(get('a')).toBe(first);
    expect(made).toBe(1);
    // Two generations of two: "a" is asked for again while others come, so it stays.
    for (const key of ['b', 'c', 'a', 'd', 'e', 'a', 'f', 'g', 'a']) get(key);
    const madeBefore = made;
    get('a');
    expect(made).toBe(madeBefore);
    // "b" and "c" were not asked for again: they have left, and are made anew.
    get('b');
    expect(made).toBe(madeBefore + 1);
    cache.clear();
    get('a');
    expect(made).toBe(madeBefore + 2);
  });

  it('keeps an answer per encoding, and nothing without one', () => {
    const cache = createAnswerCache(10);
    expect(cache.get('k', 'br', () => big('k')).encoding).toBe('br');
    expect(cache.get('k', 'gzip', () => big('k')).encoding).toBe('gzip');
    let made = 0;
    cache.get('k', undefined, () => {
      made += 1;
      return big('k');
    });
    cache.get('k', undefined, () => {
      made += 1;
      return big('k');
    });
    expect(made).toBe(2);
  });

  it('keeps each compressed answer in memory of its own size, in either encoding', () => {
    const cache = createAnswerCache(10);
    for (const encoding of ['br', 'gzip'] as const) {
      const { body } = cache.get('k', encoding, () => big('k'));
      // zlib's own result is a view into its 16 KB output chunk: kept, it would hold all of it.
      expect(Buffer.isBuffer(body) && body.buffer.byteLength).toBe(body.length);
      const decoded = encoding === 'br' ? zlib.brotliDecompressSync(body) : zlib.gunzipSync(body);
      expect(decoded.toString()).toBe(big('k'));
    }
  });

  it('without keepPlain, keeps only the answers it compressed', () => {
    const cache = createAnswerCache(10, { keepPlain: false });
    let made = 0;
    const get = (body: string) =>
      cache.get(body.slice(0, 5), 'br', () => {
        made += 1;
        return body;
      });
    get('small answer');
    get('small answer');
    expect(made).toBe(2);
    get(big('large'));
    get(big('large'));
    expect(made).toBe(3);
  });
});

describe('compressed answers', () => {
  let shop: TestShop;
  let productId: number;
  let admin: { token: string };
  beforeAll(async () => {
    shop = await createTestShop();
    admin = await signUpAs(shop, 'Admin');
    for (let i = 1; i <= 8; i++) productId = (await addProduct(shop, admin.token, { product_name: `Kopi Compress ${i}` })).id;
  });
  afterAll(() => shop.close());

  const get = (path: string, acceptEncoding?: string) =>
    api(shop, 'GET', path, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends a catalogue page in Brotli to a browser, the same JSON a client without compression gets', async () => {
    const plain = await get('/products/get');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('/products/get', 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const gzip = await get('/products/get', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString()).meta.totalData).toBe(8);
  });

  it('leaves answers under 1 KB as they are', async () => {
    const detail = await get(`/products/${productId}`, 'br, gzip');
    expect(detail.rawPayload.length).toBeLessThan(1024);
    expect(detail.headers['content-encoding']).toBeUndefined();
    expect(detail.json().data.id).toBe(productId);
  });

  it('keeps a compressed product answer only until the menu changes', async () => {
    const long = await addProduct(shop, admin.token, { product_name: 'Kopi Long Story', description: 'Dark, slow and sweet. '.repeat(40) });
    const priceOf = async () => {
      const res = await get(`/products/${long.id}`, 'gzip, deflate, br, zstd');
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toContain('accept-encoding');
      return JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString()).data.price;
    };
    expect(await priceOf()).toBe(long.price);
    expect(await priceOf()).toBe(long.price);
    const edit = await api(shop, 'PATCH', `/products/${long.id}`, { token: admin.token, form: await multipart({ price: 31000 }) });
    expect(edit.statusCode).toBe(200);
    expect(await priceOf()).toBe(31000);
    expect((await get(`/products/${long.id}`)).json().data.price).toBe(31000);
    expect((await get('/products/999999', 'br')).statusCode).toBe(404);
  });

  it('keeps compressed pages only until the menu changes, "popular" ones until the next order', async () => {
    const names = async (query: string) => {
      const res = await get(`/products/get${query}`, 'br');
      expect(res.headers['content-encoding']).toBe('br');
      return JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString()).data.map((p: { product_name: string }) => p.product_name);
    };
    expect(await names('?sort=newest')).toContain('Kopi Compress 8');
    const edit = await api(shop, 'PATCH', `/products/${productId}`, {
      token: admin.token,
      form: await multipart({ product_name: 'Kopi Renamed' }),
    });
    expect(edit.statusCode).toBe(200);
    expect(await names('?sort=newest')).toContain('Kopi Renamed');
    expect(await names('?sort=newest')).not.toContain('Kopi Compress 8');

    const before = await names('?sort=popular');
    const customer = await signUpAs(shop);
    const order = await api(shop, 'POST', '/transactions', {
      token: customer.token,
      body: { product_id: productId, qty: 3, size_id: 1, delivery_id: 1, payment_id: 1 },
    });
    expect(order.statusCode).toBe(201);
    const after = await names('?sort=popular');
    expect(after[0]).toBe('Kopi Renamed');
    expect(after).not.toEqual(before);
  });
});
