import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { openingHoursList, parseOpeningHours } from '@kopi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestShop, signUpAs, type TestShop } from './helpers.ts';

let shop: TestShop;
let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'kopi-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'assets', 'app-1234.js'), 'console.log("kopi");'.repeat(100));
  await writeFile(path.join(webDist, 'assets', 'app-1234.js.br'), brotliCompressSync('console.log("kopi");'.repeat(100)));
  await writeFile(
    path.join(webDist, 'index.html'),
    '<html><head><meta name="shop-name" content="Kopi Senja"><meta name="shop-timezone" content="Asia/Jakarta">' +
      '<meta name="shop-hours" content="Monday to Friday, 1 - 7 pm"><meta name="shop-hours-id" content="Senin sampai Jumat, 13.00–19.00">' +
      '<title>Kopi Senja</title></head><body>app</body></html>',
  );
  shop = await createTestShop({
    webDist,
    shopName: 'Kopi <Sore>',
    shopTimezone: 'Asia/Makassar',
    openingHours: parseOpeningHours('mon-sat 07:00-21:00'),
  });
});
afterAll(async () => {
  await shop.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('the server', () => {
  it('answers /health and /ready', async () => {
    expect((await shop.app.inject('/health')).json()).toEqual({ status: 'ok' });
    expect((await shop.app.inject('/ready')).json()).toMatchObject({ status: 'ready' });
  });

  it('answers /ready with 503 when the database does not answer', async () => {
    const broken = await createTestShop();
    // The database is stood in for by one that refuses the readiness probe.
    const original = broken.database.db.execute.bind(broken.database.db);
    broken.database.db.execute = (async (query: Parameters<typeof original>[0]) => {
      if (JSON.stringify(query).includes('select 1')) throw new Error('connection refused');
      return original(query);
    }) as typeof original;
    try {
      const res = await broken.app.inject('/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', request_id: res.headers['x-request-id'] });
    } finally {
      broken.database.db.execute = original;
      await broken.close();
    }
  });

  it("serves the SPA for page routes, with the shop's name (written in safely), time zone and hours", async () => {
    for (const url of ['/', '/product', '/detail/3', '/manageorder?x=1']) {
      const res = await shop.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('content="Kopi &lt;Sore&gt;"');
      expect(res.body).toContain('<meta name="shop-timezone" content="Asia/Makassar">');
      expect(res.body).toContain('<meta name="shop-hours" content="Monday to Saturday, 7 am - 9 pm">');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.body).toContain('<html lang="en">');
    }
  });

  it('states the name and hours the owner saved on /settings, from the next page on, without a restart', async () => {
    const owner = await signUpAs(shop, 'Admin');
    const change = (body: object) => api(shop, 'PATCH', '/shop/settings', { token: owner.token, body });
    expect((await change({ name: 'Kopi Pagi', opening_hours: [{ day: 'sat', opens: '08:00', closes: '12:00' }] })).statusCode).toBe(200);
    try {
      const page = (await shop.app.inject('/product')).body;
      expect(page).toContain('<title>Kopi Pagi</title>');
      expect(page).toContain('<meta name="shop-name" content="Kopi Pagi">');
      expect(page).toContain('<meta name="shop-hours" content="Saturday, 8 am - 12 pm">');
      expect(page).toContain('<meta name="shop-hours-id" content="Sabtu, 08.00–12.00">');
    } finally {
      await change({ name: 'Kopi <Sore>', opening_hours: openingHoursList(parseOpeningHours('mon-sat 07:00-21:00')) });
    }
    expect((await shop.app.inject('/')).body).toContain('<meta name="shop-hours" content="Monday to Saturday, 7 am - 9 pm">');
  });

  it("announces the page in the visitor's language: the device's choice, else Accept-Language", async () => {
    const indonesian = await shop.app.inject({ url: '/menu', headers: { 'accept-language': 'id-ID,id;q=0.9' } });
    expect(indonesian.body).toContain('<html lang="id">');
    expect(indonesian.headers['content-language']).toBe('id');
    expect(String(indonesian.headers.vary)).toMatch(/accept-language/i);
    const chosen = await shop.app.inject({ url: '/menu', headers: { 'accept-language': 'id', cookie: 'kopi_locale=en' } });
    expect(chosen.body).toContain('<html lang="en">');
    expect((await shop.app.inject({ url: '/menu', headers: { 'accept-language': 'fr' } })).body).toContain('<html lang="en">');
  });

  it('sends the security headers on every answer', async () => {
    for (const url of ['/', '/api/coffee-project/categories', '/api/coffee-project/nothing', '/images/abc.webp']) {
      const res = await shop.app.inject(url);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['strict-transport-security']).toBeDefined();
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  // docs/decisions/json-security-headers.md: what guards a document has nothing to guard in JSON.
  it('sends JSON answers only the headers that protect JSON, pages the whole set', async () => {
    const page = await shop.app.inject('/');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    for (const name of ['referrer-policy', 'x-frame-options', 'cross-origin-opener-policy', 'origin-agent-cluster']) {
      expect(page.headers[name], name).toBeDefined();
    }
    for (const url of ['/api/coffee-project/categories', '/api/coffee-project/products/get', '/api/coffee-project/nothing']) {
      const res = await shop.app.inject(url);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      // No script, style or frame may come with JSON even if a browser showed it as a document.
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      for (const name of [
        'referrer-policy',
        'x-frame-options',
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
      ]) {
        expect(res.headers[name], `${url} ${name}`).toBeUndefined();
      }
    }
  });

  it('serves built assets pre-compressed and cached for a year', async () => {
    const res = await shop.app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await shop.app.inject('/assets/app-1234.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log("kopi")');
  });

  it('answers unknown API calls and missing images with a JSON 404', async () => {
    for (const url of ['/api/coffee-project/nothing', '/images/abc.webp', `/images/${'a'.repeat(64)}.webp`]) {
      const res = await shop.app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'data_not_found' });
    }
  });

  it('publishes the OpenAPI document of every call', async () => {
    const res = await shop.app.inject('/api/coffee-project/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/coffee-project/auth',
      '/api/coffee-project/products/get',
      '/api/coffee-project/transactions',
      '/api/coffee-project/promos/{id}',
      '/api/coffee-project/shop',
      '/api/coffee-project/shop/slots',
      '/api/coffee-project/shop/week',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
