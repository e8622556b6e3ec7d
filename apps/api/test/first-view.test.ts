import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_BASE, addDays, DAY_KEYS, weekdayOf } from '@kopi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, addPromo, api, createTestShop, multipart, signUpAs, type TestShop } from './helpers.ts';

// The HTML of the pages a customer lands on (apps/api/src/plugins/first-view): a build's index.html
// and manifest, and a stand-in for the web's server entry that renders what it is given, so that
// what the server adds around it is checked here; the real pages are rendered in
// apps/web/e2e/first-view.spec.ts.

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta name="shop-name" content="Kopi Senja" />
    <meta name="locale" content="" />
    <meta name="description" content="Order coffee from your neighbourhood coffee shop." />
    <title>Kopi Senja</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  'virtual:catalogue/en': { file: 'assets/web-en.js', isDynamicEntry: true },
  'virtual:catalogue/id': { file: 'assets/web-id.js', isDynamicEntry: true, imports: ['_react-1.js'] },
  'virtual:catalogue/en/pages': { file: 'assets/pages-en.js', isDynamicEntry: true },
  'virtual:catalogue/id/pages': { file: 'assets/pages-id.js', isDynamicEntry: true },
  'src/app/routes/product-detail.tsx': {
    file: 'assets/product-detail-1.js',
    isDynamicEntry: true,
    imports: ['_react-1.js', '_picker-1.js'],
  },
  '_picker-1.js': { file: 'assets/picker-1.js' },
};

// A boot script as the build has it (apps/web/public/first-view-boot.js): its whole-line comments
// are left out of the page, and a "$&" in it is written as it is.
const BOOT = `// starts the app
(() => { const boot = document.currentScript; boot.dataset.started = '$&'; })();
`;
const BOOT_IN_PAGE = `(() => { const boot = document.currentScript; boot.dataset.started = '$&'; })();\n`;

// Renders the product's name or the menu's names, as the web's entry-server.tsx would render its pages.
const ENTRY = `
export const FIRST_VIEW_SOURCES = { home: 'src/app/routes/home.tsx', catalogue: 'src/app/routes/catalogue.tsx', detail: 'src/app/routes/product-detail.tsx' };
export function firstViewOf(url) {
  const { pathname, searchParams } = new URL(url, 'http://x');
  if (pathname === '/') return { page: 'home' };
  if (pathname === '/product') {
    const categories = searchParams.get('categories') ? Number(searchParams.get('categories')) : undefined;
    return { page: 'catalogue', query: { search: searchParams.get('search') ?? undefined, categories, sort: 'popular', page: 1 } };
  }
  const id = /^\\/detail\\/(\\d+)$/.exec(pathname);
  return id ? { page: 'detail', id: Number(id[1]) } : undefined;
}
export async function renderFirstView(url, need, locale, data) {
  if (url.includes('explode')) throw new Error('a page that cannot render');
  if (url.includes('suspend')) return { html: '<!--$!--><template data-msg="it suspended"></template><!--/$-->', queries: {} };
  const names = need.page === 'detail' ? [data.product.product_name] : (data.list?.data ?? []).map((p) => p.product_name);
  return { html: '<main lang="' + locale + '">' + names.map((n) => '<h1>' + n.replace(/</g, '&lt;') + '</h1>').join('') + '</main>', queries: data };
}
export function lcpImageOf(need, data) {
  return need.page === 'detail' ? { src: '/' + data.product.image + '?w=640', srcSet: '/' + data.product.image + '?w=640 1x, /' + data.product.image + ' 2x' } : undefined;
}
export const firstViewRenderer = { FIRST_VIEW_SOURCES, firstViewOf, renderFirstView, lcpImageOf };
`;

let shop: TestShop;
let root: string;
let admin: { token: string };
let latte: { id: number };

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'kopi-first-view-'));
  const dist = path.join(root, 'dist');
  await mkdir(path.join(dist, '.vite'), { recursive: true });
  await mkdir(path.join(root, 'dist-ssr'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'first-view-boot.js'), BOOT);
  await writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  await writeFile(path.join(root, 'dist-ssr', 'entry-server.js'), ENTRY);
  shop = await createTestShop({ webDist: dist, publicUrl: 'https://kopi.example' });
  admin = await signUpAs(shop, 'Admin');
  latte = await addProduct(shop, admin.token, { product_name: 'Caffe Latte', price: 30000, category_id: 2 });
  await addProduct(shop, admin.token, { product_name: 'Nasi Goreng', price: 40000, category_id: 1 });
});
afterAll(async () => {
  await shop.close();
  await rm(root, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) => shop.app.inject({ url, headers });
const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';

describe('the first view of a product', () => {
  it("is in the HTML with the product's title, description, price, picture and structured data", async () => {
    const res = await page(`/detail/${latte.id}`);
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toContain('<h1>Caffe Latte</h1>');
    expect(res.body).toContain('<title>Caffe Latte · Kopi Senja</title>');
    expect(res.body).toMatch(/<meta name="description" content="IDR 30\.000 · [^"]*" \/>/);
    expect(res.body).toContain('<meta property="og:title" content="Caffe Latte · Kopi Senja" />');
    expect(res.body).toMatch(/<meta property="og:image" content="https:\/\/kopi\.example\/images\/[0-9a-f]{64}\.webp" \/>/);
    expect(res.body).toContain(`<meta property="og:url" content="https://kopi.example/detail/${latte.id}" />`);
    const structured = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(res.body)![1]!);
    expect(structured).toMatchObject({ '@type': 'Product', name: 'Caffe Latte', offers: { price: 30000, priceCurrency: 'IDR' } });
    // One title and one description: the template's are replaced, not repeated.
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it('preloads its picture with the sources its <img> asks for', async () => {
    const res = await page(`/detail/${latte.id}`);
    expect(res.body).toMatch(
      /<link rel="preload" as="image" href="\/images\/[0-9a-f]{64}\.webp\?w=640" imagesrcset="\/images\/[0-9a-f]{64}\.webp\?w=640 1x, \/images\/[0-9a-f]{64}\.webp 2x" fetchpriority="high" \/>/,
    );
  });

  it('carries the data it was rendered from in a JSON script no text can break out of', async () => {
    const sly = await addProduct(shop, admin.token, {
      product_name: 'Kopi </script><script>alert(1)</script>',
      price: 20000,
      category_id: 2,
    });
    const res = await page(`/detail/${sly.id}`);
    const data = /<script type="application\/json" id="first-view-queries" data-url="[^"]*">([^<]*)<\/script>/.exec(res.body);
    expect(data).not.toBeNull();
    expect(JSON.parse(data![1]!).product.product_name).toBe('Kopi </script><script>alert(1)</script>');
    expect(res.body).not.toContain('<script>alert(1)');
  });

  it("carries a drink's add-ons (not a food's), so that they are drawn with the page", async () => {
    await addProduct(shop, admin.token, { product_name: 'Oat Milk', price: 7000, category_id: 4 });
    const dataOf = async (url: string) =>
      JSON.parse(
        /<script type="application\/json" id="first-view-queries" data-url="[^"]*">([^<]*)<\/script>/.exec((await page(url)).body)![1]!,
      );
    const drink = await dataOf(`/detail/${latte.id}`);
    expect(drink.addons.map((addon: { product_name: string }) => addon.product_name)).toEqual(['Oat Milk']);
    const food = await addProduct(shop, admin.token, { product_name: 'Roti Bakar', price: 15000, category_id: 1 });
    expect((await dataOf(`/detail/${food.id}`)).addons).toBeUndefined();
  });

  it('carries the shop\'s hours as GET /shop answers them now, so that "Set time" is drawn with the page', async () => {
    const res = await page(`/detail/${latte.id}`);
    const data = JSON.parse(
      /<script type="application\/json" id="first-view-queries" data-url="[^"]*">([^<]*)<\/script>/.exec(res.body)![1]!,
    );
    const now = await shop.app.inject({ url: `${API_BASE}/shop` });
    expect(data.shop).toEqual(now.json().data);
    // Set time reads an open shop's days and times without a date formatter: the scripts ready no
    // calendar (nor does the menu, which writes no time).
    expect(res.body).toMatch(/<script data-entry="[^"]*" data-preload="[^"]*">/);
    expect(res.body).not.toContain('data-formats-times');
    const menu = await page('/product');
    expect(menu.body).toMatch(/<script data-entry="[^"]*" data-preload="[^"]*">/);
    expect(menu.body).not.toContain('data-formats-times');
  });

  it("readies the browser's calendar while the scripts download where Set time writes a closed shop's next opening", async () => {
    const { today } = (await shop.app.inject({ url: `${API_BASE}/shop` })).json().data as { today: string };
    const tomorrow = DAY_KEYS[weekdayOf(addDays(today, 1))];
    const settings = (opening_hours: { day: string; opens: string; closes: string }[]) =>
      api(shop, 'PATCH', '/shop/settings', { token: admin.token, body: { opening_hours } });
    expect((await settings([{ day: tomorrow as string, opens: '00:00', closes: '24:00' }])).statusCode).toBe(200);
    try {
      const res = await page(`/detail/${latte.id}`);
      const data = JSON.parse(/id="first-view-queries" data-url="[^"]*">([^<]*)<\/script>/.exec(res.body)![1]!);
      expect(data.shop).toMatchObject({ open_now: false, next_opening: `${addDays(today, 1)}T00:00:00+07:00` });
      expect(res.body).toMatch(/<script data-entry="[^"]*" data-preload="[^"]*" data-formats-times>/);
    } finally {
      expect((await settings(DAY_KEYS.map((day) => ({ day, opens: '00:00', closes: '24:00' })))).statusCode).toBe(200);
    }
  });

  it('shows the product as edited at the next request: nothing is cached, no ETag to revalidate', async () => {
    const before = await page(`/detail/${latte.id}`);
    expect(before.headers['cache-control']).toBe('no-cache');
    expect(before.headers.etag).toBeUndefined();
    const edited = await api(shop, 'PATCH', `/products/${latte.id}`, {
      token: admin.token,
      form: await multipart({ product_name: 'Caffe Latte Panas', price: 31000 }),
    });
    expect(edited.statusCode).toBe(200);
    const after = await page(`/detail/${latte.id}`);
    expect(rootOf(after.body)).toContain('<h1>Caffe Latte Panas</h1>');
    expect(after.body).toContain('IDR 31.000');
  });

  it('answers 404 (with the app, which says so) for a product not on the menu, and for a deleted one', async () => {
    const gone = await addProduct(shop, admin.token, { product_name: 'Es Teh', price: 8000, category_id: 3 });
    expect((await api(shop, 'DELETE', `/products/${gone.id}`, { token: admin.token })).statusCode).toBe(200);
    for (const url of [`/detail/${gone.id}`, '/detail/999999']) {
      const res = await page(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(rootOf(res.body)).toBe('');
      expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-1.js">');
    }
  });
});

describe('the first view of the menu', () => {
  it("lists the menu's products, and describes the menu with their names and prices", async () => {
    const res = await page('/product');
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toContain('<h1>Nasi Goreng</h1>');
    expect(res.body).toContain('<title>Menu · Kopi Senja</title>');
    expect(res.body).toMatch(/<meta name="description" content="Order from Kopi Senja: [^"]*Nasi Goreng IDR 40\.000/);
  });

  it('carries the coupons a visitor sees, as GET /promos/get answers a visitor, and none on a product page', async () => {
    await addPromo(shop, admin.token, { promo_name: 'Senja Hour' });
    const dataOf = async (url: string) =>
      JSON.parse(
        /<script type="application\/json" id="first-view-queries" data-url="[^"]*">([^<]*)<\/script>/.exec((await page(url)).body)![1]!,
      );
    const visitor = await shop.app.inject({ url: `${API_BASE}/promos/get` });
    const menu = await dataOf('/product');
    expect(menu.promos.map((promo: { promo_name: string }) => promo.promo_name)).toContain('Senja Hour');
    expect(menu.promos).toEqual(visitor.json().data);
    expect((await dataOf(`/detail/${latte.id}`)).promos).toBeUndefined();
  });

  it("renders a category's page with that category's products only", async () => {
    const res = await page('/product?categories=1');
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toContain('<h1>Nasi Goreng</h1>');
    expect(rootOf(res.body)).not.toContain('Caffe Latte');
  });

  it('leaves a query the API would refuse to the app: 200 and the plain shell, never a 500', async () => {
    const res = await page(`/product?search=${'a'.repeat(101)}`);
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toBe('');
  });
});

describe("a page's scripts", () => {
  it('are asked for after the first paint on a rendered page, with the page chunk and the language preloaded', async () => {
    const res = await page(`/detail/${latte.id}`, { 'accept-language': 'id' });
    expect(res.body).not.toContain('<script type="module"');
    expect(res.body).not.toContain('rel="modulepreload"');
    const boot = /<script data-entry="([^"]+)" data-preload="([^"]+)">([\s\S]*?)<\/script>/.exec(res.body);
    expect(boot?.[1]).toBe('/assets/index-1.js');
    expect(boot?.[2]?.split(' ')).toEqual([
      '/assets/react-1.js',
      '/assets/web-id.js',
      '/assets/pages-id.js',
      '/assets/product-detail-1.js',
      '/assets/picker-1.js',
    ]);
    // The boot script is written into the page, not asked for: no request before the page can start.
    expect(boot?.[3]).toBe(BOOT_IN_PAGE);
    expect(res.body).not.toContain('first-view-boot.js');
    // Nothing but the stylesheet blocks the first paint: the only script in the <head> is the boot, and it runs at once.
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head.match(/<script(?![^>]*(data-entry|type="application\/(ld\+)?json"))[^>]*>/g)).toBeNull();
    expect(head.match(/<link rel="stylesheet"/g)).toHaveLength(1);
  });

  it("runs the boot script under the page's Content-Security-Policy: its hash, and no 'unsafe-inline'", async () => {
    const res = await page('/product');
    const script = /<script data-entry="[^"]*" data-preload="[^"]*">([\s\S]*?)<\/script>/.exec(res.body)![1]!;
    const hash = createHash('sha256').update(script, 'utf8').digest('base64');
    const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
  });

  it("are the template's on a page left to the browser, with the language's texts preloaded", async () => {
    const res = await page('/login', { 'accept-language': 'id-ID,id;q=0.9' });
    expect(rootOf(res.body)).toBe('');
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-1.js">');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/web-id.js" />');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/pages-id.js" />');
    expect(res.body).not.toContain('web-en.js');
  });

  it("leave the other pages' texts off the landing page, which shows none of them", async () => {
    const res = await page('/', { 'accept-language': 'id' });
    const boot = /<script data-entry="[^"]+" data-preload="([^"]+)"/.exec(res.body);
    expect(boot?.[1]?.split(' ')).toContain('/assets/web-id.js');
    expect(res.body).not.toContain('pages-id.js');
  });
});

describe("a page's language", () => {
  const langOf = (html: string) => [/<html lang="([^"]*)">/.exec(html)?.[1], /<meta name="locale" content="([^"]*)"/.exec(html)?.[1]];

  it('is the language cookie first, else Accept-Language, else English; and the answer varies on both', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'en'],
      [{ 'accept-language': 'id-ID,id;q=0.9,en;q=0.8' }, 'id'],
      [{ 'accept-language': 'fr-FR, de' }, 'en'],
      [{ cookie: 'kopi_locale=en', 'accept-language': 'id' }, 'en'],
      [{ cookie: 'other=1; kopi_locale=id' }, 'id'],
      // A cookie naming a language the shop does not speak is not a choice.
      [{ cookie: 'kopi_locale=xx', 'accept-language': 'id' }, 'id'],
    ];
    for (const [headers, expected] of cases) {
      for (const url of ['/', '/product', '/login']) {
        const res = await page(url, headers);
        expect(langOf(res.body), `${url} ${JSON.stringify(headers)}`).toEqual([expected, expected]);
        expect(res.headers.vary).toMatch(/^Accept-Language, Cookie/);
      }
    }
    expect(rootOf((await page('/', { cookie: 'kopi_locale=id' })).body)).toContain('<main lang="id">');
  });
});

describe('a first view that cannot be rendered', () => {
  it('is left to the browser (200 and the plain shell), not a 500', async () => {
    for (const url of ['/product?search=explode', '/product?search=suspend']) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(rootOf(res.body)).toBe('');
      expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-1.js">');
    }
  });
});
