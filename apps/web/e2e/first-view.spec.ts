import { API_BASE, formatIDR, type Product } from '@kopi/shared';
import { type APIRequestContext, expect, type Page, test } from './playwright';
import { ADMIN, apiLogin, newCustomer, startSignedIn, untilHydrated } from './support';

// The first visit of the pages a customer lands on (docs/decisions/first-view.md), held by what does
// not swing with the machine's load: what the server's HTML carries, what the browser must fetch
// before it paints, and what it paints without any script. Lighthouse's timings are held in
// lighthouse.spec.ts.

/** The compressed HTML of a first view stays small: it is all a slow network must bring before the stylesheet. */
const HTML_BUDGET_BYTES = 12 * 1024;

async function product(request: APIRequestContext, id: number): Promise<Product> {
  return ((await (await request.get(`${API_BASE}/products/${id}`)).json()) as { data: Product }).data;
}

async function firstMenuProduct(request: APIRequestContext): Promise<Product> {
  const res = await request.get(`${API_BASE}/products/get?sort=popular&page=1`);
  return ((await res.json()) as { data: Product[] }).data[0]!;
}

/** What the page's largest paint shows, and must be in the server's HTML. */
async function lcpTextOf(request: APIRequestContext, path: string): Promise<string> {
  if (path === '/') return 'Start your day with coffee and good meals';
  if (path === '/product') return (await firstMenuProduct(request)).product_name;
  return (await product(request, 1)).product_name;
}

const PAGES = ['/', '/product', '/detail/1'];

for (const path of PAGES) {
  test(`${path}: the server's HTML has the page's text, small, with nothing but the stylesheet before the first paint`, async ({
    request,
    baseURL,
  }) => {
    const res = await request.get(path, { headers: { 'accept-encoding': 'br' } });
    expect(res.status()).toBe(200);
    const html = await res.text();
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="first-view-queries"'));
    expect(root).toContain(await lcpTextOf(request, path));

    // Render-blocking: one stylesheet; the only script is the boot, written into the page (it asks for
    // the app's scripts after the first paint), the others are data.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.match(/<link rel="stylesheet"/g)).toHaveLength(1);
    expect(head.match(/<script(?![^>]*(data-entry|type="application\/(ld\+)?json"))[^>]*>/g)).toBeNull();
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toMatch(/<script data-entry="\/assets\/index-[\w-]+\.js" data-preload="[^"]+"[^>]*>[\s\S]+?<\/script>/);

    // Its compressed size, as the browser receives it (Brotli).
    const wire = await fetch(new URL(path, baseURL), { headers: { 'accept-encoding': 'br' } });
    const compressed = Number(wire.headers.get('content-length')) || (await wire.arrayBuffer()).byteLength;
    test.info().annotations.push({ type: 'html-br', description: `${path}: ${compressed} B` });
    expect(compressed).toBeLessThanOrEqual(HTML_BUDGET_BYTES);
  });
}

test("/detail/1: the product's picture is in the HTML and preloaded with its sources; the title and Open Graph tags name it", async ({
  request,
}) => {
  const kopi = await product(request, 1);
  const html = await (await request.get('/detail/1')).text();
  const img = /<img src="(\/images\/[^"]+\?w=640)" srcset="([^"]+)"/i.exec(html);
  expect(img, 'the picture is rendered by the server').not.toBeNull();
  expect(html).toContain(`<link rel="preload" as="image" href="${img![1]}" imagesrcset="${img![2]}" fetchpriority="high" />`);
  expect(html).toContain(`<title>${kopi.product_name} · Kopi Senja</title>`);
  expect(html).toContain(`<meta property="og:title" content="${kopi.product_name} · Kopi Senja" />`);
  expect(html).toContain(formatIDR(kopi.price));
  expect(html).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/images\/[0-9a-f]{64}\.webp" \/>/);
});

/** The resources the browser asked for before its first paint, from the page's own timeline. */
async function fetchedBeforeFirstPaint(page: Page): Promise<string[]> {
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
  return page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]!.startTime;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime < paint)
      .map((entry) => new URL(entry.name).pathname);
  });
}

for (const path of PAGES) {
  test(`${path}: before the first paint the browser fetches only the stylesheet and pictures, all named by the HTML`, async ({ page }) => {
    await page.goto(path);
    const before = await fetchedBeforeFirstPaint(page);
    // One round trip after the HTML's: each of these is named by the HTML itself, none by another file.
    for (const url of before)
      expect(url, `${path} fetched ${url} before painting`).toMatch(/^\/(assets\/[\w-]+\.css|images\/.*|favicon\.svg)$/);
    expect(before.filter((url) => url.endsWith('.css'))).toHaveLength(1);
  });
}

for (const path of PAGES) {
  test(`${path}: without JavaScript the page shows its text and pictures as the app would`, async ({ browser, request }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByText(await lcpTextOf(request, path)).first()).toBeVisible();
    if (path === '/product') expect(await page.getByTestId('product-card').count()).toBeGreaterThan(0);
    if (path === '/detail/1') await expect(page.getByRole('img', { name: (await product(request, 1)).product_name })).toBeVisible();
    await context.close();
  });
}

test('the app takes over the rendered page without errors, without fetching the menu again, and answers clicks', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(error.message));
  const menuRequests: string[] = [];
  page.on('request', (request) => request.url().includes(`${API_BASE}/products`) && menuRequests.push(request.url()));
  // The shop's hours and a visitor's coupons come with the pages that show them.
  const withThePage = [`${API_BASE}/shop`, `${API_BASE}/promos/get`];
  const askedAgain: string[] = [];
  page.on('request', (request) => withThePage.includes(new URL(request.url()).pathname) && askedAgain.push(request.url()));

  await page.goto('/product');
  await untilHydrated(page);
  await expect(page.getByRole('heading', { name: 'Promo for you' })).toBeVisible();
  await expect(page.getByText('Loading coupons…')).toHaveCount(0);
  // Hydrated: the sort select drives the address.
  await page.getByLabel('Sort by').selectOption('cheapest');
  await expect(page).toHaveURL(/sort=cheapest/);
  expect(menuRequests.filter((url) => url.includes('sort=popular'))).toEqual([]);

  await page.goto('/detail/1');
  await untilHydrated(page);
  await page.getByRole('button', { name: 'Ask to Staff' }).click();
  await expect(page.getByRole('button', { name: 'Ask to Staff' })).toHaveAttribute('aria-expanded', 'true');
  expect(menuRequests.filter((url) => /\/products\/1$/.test(url))).toEqual([]);
  // "Set time" was drawn from the shop's hours that came with the page, the coupons with the menu's.
  expect(askedAgain).toEqual([]);
  expect(problems).toEqual([]);
});

test("the customer's pages start without a date or number formatter, and Set time lists a day's times without one", async ({ page }) => {
  // A browser's first formatter loads its locale's data, calendars and time zones: a long task on a
  // phone (docs/decisions/phone-start-without-formatters.md). The shop here is open at any hour.
  await page.addInitScript(() => {
    const made: string[] = [];
    Object.assign(window, { formattersMade: made });
    for (const name of ['DateTimeFormat', 'NumberFormat'] as const) {
      const original = Intl[name];
      const count = (args: unknown[]) => made.push(`${location.pathname}: Intl.${name}(${JSON.stringify(args)})`);
      Object.assign(Intl, {
        [name]: new Proxy(original, {
          construct: (target, args) => {
            count(args);
            return Reflect.construct(target, args);
          },
          apply: (target, self, args) => {
            count(args);
            return Reflect.apply(target, self, args);
          },
        }),
      });
    }
  });
  const made = () => page.evaluate(() => (window as unknown as { formattersMade: string[] }).formattersMade);
  for (const path of PAGES) {
    await page.goto(path);
    await untilHydrated(page);
    expect(await made()).toEqual([]);
  }
  // The week's slots come once the page is idle; a day chosen lists its times.
  const day = page.getByRole('combobox', { name: 'Day', exact: true });
  await expect(day.getByRole('option', { name: /^Tomorrow, \w{3} \d{1,2} \w{3,4}$/ })).toHaveCount(1);
  await day.selectOption({ index: 2 });
  await expect(page.getByRole('combobox', { name: 'Time' }).getByRole('option').first()).toHaveText(/^\d\d:\d\d/);
  expect(await made()).toEqual([]);
});

test("a signed-in customer's page is taken over, not drawn again: a tap during the take-over lands", async ({ page, request }) => {
  // The server renders as for a guest; the app then shows the account. What a person taps or reads
  // on the page must stay the same elements (a page drawn again under a finger loses the tap).
  await newCustomer(page, request, 'first-view');
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { rendered: Element[] }).rendered = [...document.querySelectorAll('main :is(a, button, h1, h2, img)')];
    });
  });
  for (const path of ['/', '/product', '/detail/1']) {
    await page.goto(path);
    await untilHydrated(page);
    await expect(page.getByRole('link', { name: 'Your profile' })).toBeVisible();
    const redrawn = await page.evaluate(() =>
      (window as unknown as { rendered: Element[] }).rendered
        .filter((element) => !element.isConnected)
        .map((element) => element.outerHTML.slice(0, 80)),
    );
    expect(redrawn, path).toEqual([]);
  }
});

test("a page taken over in parts keeps the server's elements, and each part shows what changed before its turn", async ({
  browser,
  request,
}) => {
  // The bar, the footer, Set time, the coupons and the menu's cards are taken over after the rest,
  // each in a task of its own (lib/use-hydrated.tsx): a visitor's page keeps every element the server drew.
  const visitor = await browser.newPage();
  await visitor.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { rendered: Element[] }).rendered = [...document.querySelectorAll('#root *')];
    });
  });
  for (const path of PAGES) {
    await visitor.goto(path);
    await untilHydrated(visitor);
    const redrawn = await visitor.evaluate(() =>
      (window as unknown as { rendered: Element[] }).rendered
        .filter((element) => !element.isConnected)
        .map((element) => element.outerHTML.slice(0, 80)),
    );
    expect(redrawn, path).toEqual([]);
  }
  await visitor.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(visitor.getByTestId('qty-value')).toHaveText('2');
  await visitor.close();

  // The server draws every page as a visitor's; an admin's session is read as the page is taken over.
  // A part taken over later still gets the admin's view: Set time closed, an edit link on each card.
  const admin = await browser.newPage();
  await startSignedIn(admin, await apiLogin(request, ADMIN));
  await admin.goto('/detail/1');
  await untilHydrated(admin);
  await expect(admin.getByRole('link', { name: 'Edit Product' })).toBeVisible();
  await expect(admin.getByLabel('Day', { exact: true })).toBeDisabled();
  await admin.goto('/product');
  await untilHydrated(admin);
  const cards = admin.getByTestId('product-card');
  await expect(cards.first()).toBeVisible();
  await expect(cards.getByRole('link', { name: /^Edit / })).toHaveCount(await cards.count());
  await admin.close();
});

test("the server's HTML offers no control that would swallow a tap: the steps, the menu and Set time wait for the page to run", async ({
  browser,
}) => {
  // Without scripts the page stays as the server drew it: every control that needs them is disabled.
  const still = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const plain = await still.newPage();
  await plain.goto('/detail/1');
  for (const name of ['Increase quantity', 'Menu', 'Add to Cart', 'CHECKOUT']) {
    await expect(plain.getByRole('button', { name, exact: true }), name).toBeDisabled();
  }
  // The menu's coupons too: drawn with the page, chosen once it runs.
  const menu = await still.newPage();
  await menu.goto('/product');
  await expect(menu.getByTestId('promo-card').first()).toBeDisabled();
  await menu.close();
  // "Set time" is drawn with the shop's days (no "Loading" list to swap when the page runs), but closed until it runs.
  const day = plain.getByLabel('Day', { exact: true });
  await expect(day).toBeDisabled();
  expect(await day.locator('option').count()).toBeGreaterThan(1);
  await still.close();

  const running = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await running.newPage();
  await page.goto('/detail/1');
  await untilHydrated(page);
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByTestId('qty-value')).toHaveText('2');
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByLabel('Day', { exact: true })).toBeEnabled();
  await running.close();
});

test('the page is in the language of the cookie, else of Accept-Language', async ({ browser, baseURL }) => {
  const indonesian = await browser.newContext({ locale: 'id-ID' });
  const page = await indonesian.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
  await indonesian.addCookies([{ name: 'kopi_locale', value: 'en', url: baseURL! }]);
  await page.goto('/product');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await indonesian.close();
});
