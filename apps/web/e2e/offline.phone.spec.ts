import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BASE, STATUS } from '@kopi/shared';
import { startOwnShop } from './own-shop';
import { type APIRequestContext, type BrowserContext, expect, type Locator, type Page, test } from './playwright';
import { ADMIN, type ApiSession, apiLogin, newCustomer, placeByApi, registerCustomer, signedInPage, toast } from './support';

// The shop on a phone that lost its network (docs/decisions/offline-and-caching.md): installable,
// the menu and what was seen open from the service worker's caches, an order confirmed offline is
// kept and sent once when the network is back, and a logout takes the account's stored answers along.

test.use({ viewport: { width: 375, height: 812 } });

const SHOTS = '/tmp/pwa-shots';
const DIST = join(dirname(fileURLToPath(import.meta.url)), '../dist');
const OFFLINE_ORDER = 'You are offline. Your order is saved and will be sent when you are back online.';

/** The service worker controls the page (installed, activated, claimed). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 20_000 });
}

async function cacheNames(page: Page): Promise<string[]> {
  return page.evaluate(() => caches.keys());
}

async function cachedCount(page: Page, name: string): Promise<number> {
  return page.evaluate(
    async (cacheName) => ((await caches.has(cacheName)) ? (await (await caches.open(cacheName)).keys()).length : 0),
    name,
  );
}

/** The customer's orders as the server has them. */
async function ordersOf(request: APIRequestContext, session: ApiSession): Promise<{ id: number; number: number; status_id: number }[]> {
  const history = await request.get(`${API_BASE}/transactions/history`, { headers: { 'access-token': session.token } });
  expect(history.status()).toBe(200);
  return ((await history.json()) as { data: { id: number; number: number; status_id: number }[] }).data;
}

/** One Kopi Susu Gula Aren in the cart, the checkout open and ready, the worker in control. */
async function toCheckout(page: Page): Promise<void> {
  await page.goto('/product?search=Kopi%20Susu%20Gula%20Aren&sort=popular&page=1');
  await controlled(page);
  await page.getByTestId('product-card').first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kopi Susu Gula Aren');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.goto('/payment');
  await expect(page.getByRole('button', { name: 'Confirm and Pay' })).toBeEnabled();
}

/** Confirm and Pay with the network cut: the order is said to be saved within a second. Answers that notice. */
async function confirmOffline(page: Page, context: BrowserContext): Promise<Locator> {
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Confirm and Pay' }).click();
  const notice = page.getByTestId('saved-offline');
  await expect(notice).toHaveText(OFFLINE_ORDER, { timeout: 1_000 });
  return notice;
}

/**
 * Fires the outbox's Background Sync in the shop's service worker, as Chromium does on its own once it
 * sees the network again (a test's offline is only emulated, so Chromium never sees it go). Through
 * DevTools, from a blank page: no page of the shop is open. Answers that page.
 */
async function fireOutboxSync(context: BrowserContext, origin: string): Promise<Page> {
  const devtools = await context.newPage();
  const cdp = await context.newCDPSession(devtools);
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const shop = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (shop) resolve(shop.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId: await registration, tag: 'kopi-outbox', lastChance: false });
  return devtools;
}

/**
 * The shop's page closed, the network back and the sync fired: the worker sends the saved order and
 * keeps the shop's answer (read from a page of the origin that is not the app's), then History opens,
 * where the page reads that answer. Answers the History page.
 */
async function answeredByTheWorker(page: Page, context: BrowserContext, baseURL: string): Promise<Page> {
  // The page tells the customer at once and hands the order to the worker after (outbox.ts): closed
  // before that, it leaves the order to its own sender on the next visit, which is not this test's.
  await expect.poll(() => cachedCount(page, 'kopi-private-outbox-sends')).toBe(1);
  await page.close();
  await context.setOffline(false);
  const opened = await fireOutboxSync(context, new URL(baseURL).origin);
  await opened.goto('/health');
  await expect.poll(() => cachedCount(opened, 'kopi-private-outbox-answers'), { timeout: 15_000 }).toBe(1);
  await opened.goto('/history');
  return opened;
}

/**
 * The Idempotency-Keys of the orders sent to the shop from now on, by the pages or the service worker
 * (a send tried offline fails, and is not one).
 */
function postsReachingTheShop(context: BrowserContext): string[] {
  const posts: string[] = [];
  context.on('requestfinished', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === `${API_BASE}/transactions`) posts.push(r.headers()['idempotency-key'] ?? '');
  });
  return posts;
}

/** The shop's clock now and a minute ago, as the banner writes it. */
function shopTimesNow(): string[] {
  const format = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Jakarta', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return [format.format(new Date()), format.format(new Date(Date.now() - 60_000))];
}

test('installable: the manifest with its icons, and a service worker that controls the page', async ({ page, request }) => {
  await page.goto('/product');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const answer = await request.get(href!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await answer.json()) as Record<string, unknown> & { icons: { src: string; sizes: string; purpose: string }[] };
  expect(manifest).toMatchObject({
    name: 'Kopi Senja',
    short_name: 'Kopi Senja',
    start_url: '/product',
    display: 'standalone',
    theme_color: '#2f1b12',
    background_color: '#fbf6ef',
  });
  for (const [sizes, purpose] of [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ]) {
    const icon = manifest.icons.find((i) => i.sizes === sizes && i.purpose === purpose);
    expect(icon, `${sizes} ${purpose}`).toBeDefined();
    const png = await request.get(icon!.src);
    expect(png.headers()['content-type']).toBe('image/png');
    const body = await png.body();
    // The PNG's own width and height (IHDR) are the size the manifest states.
    expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`).toBe(sizes);
  }

  await controlled(page);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
  const worker = await request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(worker.headers()['content-type']).toContain('javascript');
  // The page's security headers stay.
  expect((await request.get('/product')).headers()['content-security-policy']).toContain("default-src 'self'");
});

test('after one online visit, the menu with its pictures and a product seen open offline, with the banner', async ({ page, context }) => {
  await page.goto('/product');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await controlled(page);
  const card = page.getByTestId('product-card').first();
  const name = (await card.getByRole('heading').textContent())?.trim() ?? '';
  await card.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  const detail = new URL(page.url()).pathname;
  // The first page loaded before the worker took over: it keeps those answers and pictures too.
  await expect.poll(() => cachedCount(page, 'kopi-menu')).toBeGreaterThanOrEqual(2);
  await expect.poll(() => cachedCount(page, 'kopi-pictures')).toBeGreaterThanOrEqual(1);

  await context.setOffline(true);
  await page.goto('/product');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toHaveText(/^You are offline — showing the menu as of \d\d:\d\d$/);
  expect(shopTimesNow()).toContain((await banner.textContent())?.slice(-5));
  const picture = page.getByTestId('product-card').first().locator('img').first();
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/offline-menu-banner.png` });

  await page.goto(detail);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(banner).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/offline-product.png` });

  await context.setOffline(false);
  await expect(banner).toBeHidden();
});

test('a product opened on a first visit that loaded many pictures before the worker took over still opens offline', async ({
  page,
  context,
}) => {
  // The worker's script waits until the visit has loaded 120 pictures and opened a product: what the
  // page hands the worker then is long, and the product's answer comes last (it used to be cut off).
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/sw.js', async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto('/product');
  const card = page.getByTestId('product-card').first();
  const picture = (await card.locator('img').first().getAttribute('src')) ?? '';
  expect(picture).toMatch(/^\/images\//);
  await page.evaluate(async (src) => {
    await Promise.all(Array.from({ length: 120 }, (_, i) => fetch(`${src}${src.includes('?') ? '&' : '?'}n=${i}`)));
  }, picture);
  const name = (await card.getByRole('heading').textContent())?.trim() ?? '';
  await card.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  const detail = new URL(page.url()).pathname;
  release();
  await controlled(page);
  const id = detail.split('/').pop();
  // Kept in the page's language, as the page asks for it: the menu's answers vary on it.
  const keptInEnglish = (path: string) =>
    page.evaluate(
      async (url) => !!(await caches.match(new Request(url, { headers: { 'accept-language': 'en' } }), { cacheName: 'kopi-menu' })),
      path,
    );
  await expect.poll(() => keptInEnglish(`${API_BASE}/products/${id}`), { timeout: 15_000 }).toBe(true);

  await context.setOffline(true);
  await page.goto(detail);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByText(/^IDR /).first()).toBeVisible();
  await context.setOffline(false);
});

test('an order confirmed offline: said at once, waits in History, and is placed once when the network is back', async ({
  page,
  context,
  request,
}) => {
  const session = await newCustomer(page, request, 'offline');
  await toCheckout(page);

  await confirmOffline(page, context);
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  await page.screenshot({ path: `${SHOTS}/offline-checkout-message.png` });

  await page.getByRole('link', { name: 'See it in History' }).click();
  const saved = page.getByTestId('saved-order');
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText('Waiting for network');
  await expect(saved.getByRole('button', { name: /^Cancel the saved order of/ })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/history-waiting-order.png` });
  expect(await ordersOf(request, session)).toHaveLength(0);

  // The sends that reach the server, from this page or from the service worker (Background Sync may
  // fire as the network comes back): whichever sends, it is sent once.
  const posts = postsReachingTheShop(context);
  await context.setOffline(false);
  const placed = toast(page, /^Your saved order was placed: order #\d+\.$/);
  await expect(placed).toBeVisible();
  const number = Number((await placed.textContent())?.match(/#(\d+)/)?.[1]);
  await expect(saved).toHaveCount(0);
  await expect(page.getByTestId('history-card')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/history-saved-order-placed.png` });

  const orders = await ordersOf(request, session);
  expect(orders.map((o) => o.number)).toEqual([number]);
  // Sent once, with the key of the checkout; nothing is left to send, and a reload sends nothing more.
  expect(posts).toHaveLength(1);
  expect(posts[0]).toMatch(/^[0-9a-f-]{32,36}$/);
  expect(await page.evaluate(() => localStorage.getItem('kopi:outbox'))).toBe('[]');
  await page.reload();
  await expect(page.getByTestId('history-card')).toHaveCount(1);
  expect(posts).toHaveLength(1);
  expect(await ordersOf(request, session)).toHaveLength(1);
});

test('an order confirmed offline is sent by the service worker when the network is back, with the shop closed on the phone', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin;
  const session = await newCustomer(page, request, 'offline');
  await toCheckout(page);
  const posts = postsReachingTheShop(context);

  await confirmOffline(page, context);
  // Handed to the worker: its send waits in the outbox's cache, with the checkout's key.
  const key = await page.evaluate(() => (JSON.parse(localStorage.getItem('kopi:outbox') ?? '[]') as { key: string }[])[0]?.key);
  expect(key).toMatch(/^[0-9a-f-]{32,36}$/);
  await expect.poll(() => cachedCount(page, 'kopi-private-outbox-sends')).toBe(1);

  // The customer closes the shop; the network comes back; the browser fires the sync.
  await page.close();
  await context.setOffline(false);
  const devtools = await fireOutboxSync(context, origin);
  await expect.poll(async () => (await ordersOf(request, session)).length, { timeout: 15_000 }).toBe(1);
  // The order is stored before its answer has reached the worker: the request is counted once finished.
  await expect.poll(() => posts).toEqual([key]);

  // The next time the customer opens the shop, the page reads the worker's answer: the order's
  // number, History without the waiting card, and no second send.
  await devtools.goto('/history');
  const placed = toast(devtools, /^Your saved order was placed: order #\d+\.$/);
  await expect(placed).toBeVisible();
  const number = Number((await placed.textContent())?.match(/#(\d+)/)?.[1]);
  expect((await ordersOf(request, session)).map((o) => o.number)).toEqual([number]);
  await expect(devtools.getByTestId('saved-order')).toHaveCount(0);
  await expect(devtools.getByTestId('history-card')).toHaveCount(1);
  await expect(placed).toBeInViewport();
  await devtools.screenshot({ path: `${SHOTS}/history-placed-by-worker.png` });
  expect(await devtools.evaluate(() => localStorage.getItem('kopi:outbox'))).toBe('[]');
  await expect.poll(() => cachedCount(devtools, 'kopi-private-outbox-answers')).toBe(0);
  expect(await cachedCount(devtools, 'kopi-private-outbox-sends')).toBe(0);
  expect(posts).toEqual([key]);

  // A shared phone: after logout, Cache Storage keeps nobody's order (the worker's answers included).
  await devtools.goto('/profile');
  await devtools.getByRole('button', { name: 'Log out' }).click();
  await devtools.getByRole('button', { name: 'Yes' }).click();
  await expect(devtools).toHaveURL(/\/login$/);
  await expect
    .poll(async () => (await cacheNames(devtools)).filter((name) => !/^kopi-(shell-.+|menu|pictures|pages)$/.test(name)))
    .toEqual([]);
});

test('the checkout left open while offline follows its saved order: placed when the network is back, with its number and a link to it', async ({
  page,
  context,
  request,
}) => {
  const session = await newCustomer(page, request, 'offline');
  await toCheckout(page);
  const notice = await confirmOffline(page, context);

  // The customer waits on the checkout; the network comes back.
  await context.setOffline(false);
  await expect(notice).toHaveText(/^Your saved order was placed: order #\d+\.$/, { timeout: 20_000 });
  const number = Number((await notice.textContent())?.match(/#(\d+)/)?.[1]);
  const [order] = await ordersOf(request, session);
  expect(order?.number).toBe(number);
  await page.screenshot({ path: `${SHOTS}/checkout-saved-order-placed.png` });
  await page.getByRole('link', { name: 'View order' }).click();
  await expect(page).toHaveURL(`/history/${order?.id}`);
  expect(await ordersOf(request, session)).toHaveLength(1);
});

test('a saved order cancelled before the network is back: the cart returns and no order is made', async ({ page, context, request }) => {
  const session = await newCustomer(page, request, 'offline');
  await toCheckout(page);
  await confirmOffline(page, context);
  await page.getByRole('link', { name: 'See it in History' }).click();
  await page
    .getByTestId('saved-order')
    .getByRole('button', { name: /^Cancel the saved order of/ })
    .click();
  await expect(page.getByTestId('saved-order')).toHaveCount(0);
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await context.setOffline(false);
  await page.goto('/history');
  await expect(page.getByTestId('live-status')).toHaveText('Live');
  expect(await ordersOf(request, session)).toHaveLength(0);
});

test("logout removes the account's stored answers from the phone", async ({ page, request }) => {
  const session = await newCustomer(page, request, 'offline');
  await placeByApi(request, session);
  await page.goto('/history');
  await controlled(page);
  await page.reload();
  await expect(page.getByTestId('history-card')).toHaveCount(1);
  await expect.poll(async () => (await cacheNames(page)).filter((name) => name.startsWith('kopi-private-'))).toHaveLength(1);

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(async () => (await cacheNames(page)).filter((name) => name.startsWith('kopi-private-'))).toEqual([]);
  // The app itself, nobody's data, stays.
  expect((await cacheNames(page)).filter((name) => name.startsWith('kopi-shell-'))).toHaveLength(1);
});

test('the staff board offline says so, and catches up with the orders placed meanwhile', async ({ browser, request }) => {
  const admin = await signedInPage(browser, await apiLogin(request, ADMIN), { width: 375, height: 812 });
  await admin.goto('/manageorder/board');
  await expect(admin.getByTestId('live-status')).toHaveText('Live');

  await admin.context().setOffline(true);
  await expect(admin.getByTestId('live-status')).toContainText('Offline — reconnecting');
  await admin.screenshot({ path: `${SHOTS}/board-offline.png` });
  const customer = await registerCustomer(request, 'offline');
  const id = await placeByApi(request, customer);

  await admin.context().setOffline(false);
  await expect(admin.getByTestId('live-status')).toHaveText('Live', { timeout: 15_000 });
  await admin.getByRole('tab', { name: /^Pending \d+$/ }).click();
  await expect(admin.getByTestId(`board-column-${STATUS.pending}`).locator(`[data-order-id="${id}"]`)).toBeVisible();
  await admin.context().close();
});

test('a new version waits for the person: "A new version is ready — Reload"', async ({ page }) => {
  await page.goto('/product');
  await controlled(page);
  await page.evaluate(() => {
    (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
  });

  // A deploy: the worker's script changes (one more line); its compressed copies are put aside so the new one is served.
  const worker = join(DIST, 'sw.js');
  const original = readFileSync(worker);
  for (const copy of ['sw.js.br', 'sw.js.gz']) renameSync(join(DIST, copy), join(DIST, `${copy}.kept`));
  try {
    writeFileSync(worker, Buffer.concat([original, Buffer.from('\n// the next version\n')]));
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const prompt = page.getByTestId('update-prompt');
    await expect(prompt).toContainText('A new version is ready');
    // Nothing changes until the person agrees: the page runs on, on the version it started with.
    expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/update-prompt.png` });

    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate ?? false)).toBe(false);
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await expect(page.getByTestId('update-prompt')).toBeHidden();
    await controlled(page);
  } finally {
    writeFileSync(worker, original);
    for (const copy of ['sw.js.br', 'sw.js.gz']) renameSync(join(DIST, `${copy}.kept`), join(DIST, copy));
  }
});

test('a saved order paid by QRIS whose payment cannot be started when the network is back, sent by the service worker: the same refusal as the page shows, and the cart back', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // Payments on, and a gateway that does not answer: every online payment is refused with a 502
  // whose order the shop cancelled. The worker keeps that answer, as the page treats it, rather than
  // sending the order again and again.
  const shop = await startOwnShop({
    SEED_DEMO: 'true',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    OPENING_HOURS: 'mon-sun 00:00-24:00',
    MIDTRANS_SERVER_KEY: 'SB-Mid-server-offline-spec',
    MIDTRANS_API_URL: `http://127.0.0.1:${await freePort()}`,
  });
  try {
    const context = await browser.newContext({ baseURL: shop.baseURL, viewport: { width: 375, height: 812 } });
    let page = await context.newPage();
    const session = await newCustomer(page, context.request, 'gateway');
    await toCheckout(page);
    await page.getByRole('radio', { name: 'QRIS' }).check();

    await confirmOffline(page, context);
    page = await answeredByTheWorker(page, context, shop.baseURL);
    const refused = toast(page, /^Your saved order was not placed: The payment could not be started, .+ Your cart is back to edit\.$/);
    await expect(refused).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('saved-order')).toHaveCount(0);
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    // The one order the shop stored for it was cancelled with its payment; nothing else was placed.
    const orders = await ordersOf(context.request, session);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.status_id).toBe(STATUS.cancelled);
    await expect.poll(() => cachedCount(page, 'kopi-private-outbox-answers')).toBe(0);
    await context.close();
  } finally {
    await shop.stop();
  }
});

/** A port nobody listens on now, for a shop that has to come back on the same address. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The owner closes the shop for now on /settings (the hours live in the database, so a restart with
 * other OPENING_HOURS would not): open only tomorrow, on the shop's clock.
 */
async function closeTheShopNow(baseURL: string): Promise<void> {
  const days = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
  const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Jakarta', weekday: 'short' }).format(new Date()).toLowerCase();
  const tomorrow = days[(days.indexOf(today) + 1) % 7];
  const json = { 'content-type': 'application/json' };
  const login = await fetch(`${baseURL}${API_BASE}/auth`, { method: 'POST', headers: json, body: JSON.stringify(ADMIN) });
  expect(login.status).toBe(200);
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const changed = await fetch(`${baseURL}${API_BASE}/shop/settings`, {
    method: 'PATCH',
    headers: { ...json, 'access-token': token },
    body: JSON.stringify({ opening_hours: [{ day: tomorrow, opens: '13:00', closes: '19:00' }] }),
  });
  expect(changed.status).toBe(200);
}

for (const sender of ['the page', 'the page, its checkout left open', 'the service worker, the shop closed on the phone'] as const) {
  test(`a saved order refused when the network is back (the shop closed meanwhile), sent by ${sender}: the reason, and the cart back`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const dataDir = mkdtempSync(join(tmpdir(), 'kopi-e2e-closed-'));
    const place = { dataDir, port: await freePort() };
    const env = { SEED_DEMO: 'true', JWT_SECRET: 'offline-spec-secret-at-least-32-characters', AUTH_RATE_LIMIT_PER_IP: '100000' };
    let shop = await startOwnShop({ ...env, OPENING_HOURS: 'mon-sun 00:00-24:00' }, place);
    try {
      const context = await browser.newContext({ baseURL: shop.baseURL, viewport: { width: 375, height: 812 } });
      let page = await context.newPage();
      const session = await newCustomer(page, context.request, 'closed');
      await toCheckout(page);

      await confirmOffline(page, context);
      const checkoutOpen = sender === 'the page, its checkout left open';
      if (!checkoutOpen) {
        await page.getByRole('link', { name: 'See it in History' }).click();
        await expect(page.getByTestId('saved-order')).toHaveCount(1);
      }

      // The checkout's price quotes from now on that the shop refused (a cart it could not price).
      const quotesRefused: number[] = [];
      page.on('response', (response) => {
        if (response.url().endsWith('/transactions/quote') && response.status() >= 400) quotesRefused.push(response.status());
      });

      // Meanwhile the shop starts again, and the owner changes the hours: closed now.
      await shop.stop();
      shop = await startOwnShop(env, place);
      await closeTheShopNow(shop.baseURL);

      if (sender.startsWith('the page')) {
        await context.setOffline(false);
      } else {
        page = await answeredByTheWorker(page, context, shop.baseURL);
      }
      const refused = toast(page, /^Your saved order was not placed: We are closed now and open on .+\. Your cart is back to edit\.$/);
      await expect(refused).toBeVisible({ timeout: 20_000 });
      if (checkoutOpen) {
        // The checkout comes back with the cart, the shop's hours as they are now, and no error of
        // the offline attempt.
        await expect(page.getByRole('button', { name: 'Confirm and Pay' })).toBeVisible();
        await expect(page.getByText(/^We are closed now\. We open on .+: choose a time for your order\./)).toBeVisible();
        await expect(page.getByTestId('saved-offline')).toHaveCount(0);
        await expect(page.getByText(/could not be placed/)).toHaveCount(0);
        // Priced again by the shop, never asked about the empty cart it was a moment before.
        await expect(page.getByText('IDR 25.000').first()).toBeVisible();
        expect(quotesRefused).toEqual([]);
      } else {
        await expect(page.getByTestId('saved-order')).toHaveCount(0);
      }
      await expect(page.getByTestId('cart-count')).toHaveText('1');
      await expect(refused).toBeInViewport(); // its entrance over (a screenshot during it shows no toast)
      const shot = {
        'the page': '',
        'the page, its checkout left open': '-checkout',
        'the service worker, the shop closed on the phone': '-by-worker',
      };
      await page.screenshot({ path: `${SHOTS}/saved-order-refused${shot[sender]}.png` });
      await expect(refused).toBeVisible();
      expect(await ordersOf(context.request, session)).toHaveLength(0);
      await expect.poll(() => cachedCount(page, 'kopi-private-outbox-answers')).toBe(0);
      // The cart is back to edit: a time can be chosen now that the shop is closed.
      await page.goto('/payment');
      await expect(page.getByText('Kopi Susu Gula Aren').first()).toBeVisible();
      await context.close();
    } finally {
      await shop.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

test.describe('on a first visit, before the service worker keeps the page’s parts', () => {
  // Nothing kept yet: the sender of saved orders, a part fetched when an order is first saved, cannot
  // be fetched while offline (components/lazy-when.tsx). It must be fetched when the network is back.
  test.use({ serviceWorkers: 'block' });

  test('an order confirmed offline is placed once the network is back', async ({ page, context, request }) => {
    const session = await newCustomer(page, request, 'firstvisit');
    await page.goto('/product?search=Kopi%20Susu%20Gula%20Aren&sort=popular&page=1');
    await page.getByTestId('product-card').first().getByRole('link').click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await page.goto('/payment');
    await expect(page.getByRole('button', { name: 'Confirm and Pay' })).toBeEnabled();

    await confirmOffline(page, context);
    await context.setOffline(false);
    await expect(toast(page, /^Your saved order was placed: order #\d+\.$/)).toBeVisible();
    expect(await ordersOf(request, session)).toHaveLength(1);
  });
});
