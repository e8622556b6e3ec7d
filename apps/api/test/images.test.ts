import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pictureWork } from '../src/modules/images/images.service.ts';
import { api, createTestShop, multipart, pngFile, productFields, signUpAs, type TestShop } from './helpers.ts';
import { query } from './matrix-helpers.ts';

let shop: TestShop;
let image: string;
beforeAll(async () => {
  shop = await createTestShop();
  const admin = await signUpAs(shop, 'Admin');
  const bytes = await sharp({ create: { width: 1000, height: 800, channels: 3, background: '#8b5a2b' } })
    .png()
    .toBuffer();
  const res = await api(shop, 'POST', '/products', {
    token: admin.token,
    form: await multipart(productFields(), { name: 'big.png', type: 'image/png', bytes }),
  });
  image = res.json().data.image;
});
afterAll(() => shop.close());

const widthOf = async (body: Buffer) => (await sharp(body).metadata()).width;

describe('GET /images/<sha256>.webp', () => {
  it('serves the stored picture, re-encoded and at most 1200 px wide', async () => {
    const res = await api(shop, 'GET', `/${image}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(await widthOf(res.rawPayload)).toBe(1000);
  });

  it('serves smaller copies for lists and thumbnails, made once and kept', async () => {
    const first = await api(shop, 'GET', `/${image}?w=320`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await widthOf(first.rawPayload)).toBe(320);
    expect(first.rawPayload.length).toBeLessThan((await api(shop, 'GET', `/${image}`)).rawPayload.length);

    const again = await api(shop, 'GET', `/${image}?w=320`);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const [kept] = await query<{ n: number }>(shop, sql`select count(*)::int as n from image_variants where width = 320`);
    expect(kept!.n).toBe(1);
  });

  it('while the picture queue is full, a smaller copy is stood in for by the original, which no cache keeps', async () => {
    // Fill the queue (its workers and its whole line) with jobs that wait for the test.
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held: Promise<unknown>[] = [];
    for (;;) {
      const job = pictureWork.run(() => gate);
      const refused = await Promise.race([
        job.then(
          () => false,
          () => true,
        ),
        new Promise((r) => setTimeout(() => r(false), 5)),
      ]);
      if (refused) break;
      held.push(job);
      expect(held.length).toBeLessThan(100);
    }
    try {
      const busy = await api(shop, 'GET', `/${image}?w=640`);
      expect(busy.statusCode).toBe(200);
      expect(busy.headers['cache-control']).toBe('no-store');
      expect(busy.headers.etag).toBeUndefined();
      expect(await widthOf(busy.rawPayload)).toBe(1000);
    } finally {
      release();
      await Promise.all(held);
    }
    const made = await api(shop, 'GET', `/${image}?w=640`);
    expect(made.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await widthOf(made.rawPayload)).toBe(640);
  });

  it('never enlarges a small picture', async () => {
    const admin = await signUpAs(shop, 'Admin');
    const small = await api(shop, 'POST', '/products', { token: admin.token, form: await multipart(productFields(), await pngFile()) });
    const res = await api(shop, 'GET', `/${small.json().data.image}?w=640`);
    expect(res.statusCode).toBe(200);
    expect(await widthOf(res.rawPayload)).toBe(64);
  });

  it.each(['?w=500', '?w=0', '?w=abc', '?w=99999'])('refuses other widths (%s) with 400', async (suffix) => {
    const res = await api(shop, 'GET', `/${image}${suffix}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });

  it('answers 404 for an unknown picture at any width', async () => {
    expect((await api(shop, 'GET', `/images/${'b'.repeat(64)}.webp?w=160`)).statusCode).toBe(404);
  });
});
