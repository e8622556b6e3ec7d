import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BASE, MSG } from '@kopi/shared';
import { type APIRequestContext, expect, type Page, type Request, test } from './playwright';
import { type ApiSession, choose, newCustomer, screenshot, toast } from './support';

// The checkout keeps its order promise (docs/shop-rules.md#ordering, docs/decisions/order-promise.md#idempotency): one checkout attempt,
// one Idempotency-Key, one order, whatever happens to the answers on the way. The server's side is
// tested in apps/api; here the browser meets an order still being placed (409 + Retry-After), a lost
// answer (the replay, 200 Idempotent-Replayed) and a key that already placed another cart (422).

const ORDERS = `**${API_BASE}/transactions`;
const BEING_PLACED = 'Your order is being placed…';
const STILL_PLACING = /Your order is still being placed\. Press Confirm and Pay again/;
const ANSWER_LOST = /The shop did not answer in time, so your order may have gone through/;
const PLACED_EARLIER = /An earlier attempt already placed your order/;
const CHECKOUT_KEY = 'kopi:checkout-idempotency-key';
/** support.ts's folder, for a picture of the viewport only (screenshot() takes the full page). */
const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '../../../test-output/screenshots');
/** One Kopi Susu Gula Aren to dine in, in the cart, on the checkout page. */
async function toCheckout(page: Page) {
  await page.goto('/product?search=Kopi%20Susu%20Gula%20Aren&sort=popular&page=1');
  await page.getByTestId('product-card').first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kopi Susu Gula Aren');
  await choose(page.getByRole('radio', { name: 'Dine in' }));
  await page.getByRole('button', { name: 'CHECKOUT' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
}

/** The customer's orders as the server has them (History, newest first). */
async function ordersOf(request: APIRequestContext, session: ApiSession): Promise<{ id: number }[]> {
  const history = await request.get(`${API_BASE}/transactions/history`, { headers: { 'access-token': session.token } });
  expect(history.status()).toBe(200);
  return ((await history.json()) as { data: { id: number }[] }).data;
}

const isOrderPost = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === `${API_BASE}/transactions`;

// Each test here answers the order's request itself (page.route), which Playwright does not promise
// for a page a service worker controls: CI once saw the order go past the route to the shop. Our
// worker never touches a POST, and orders sent by it are tested in offline.phone.spec.ts.
test.use({ serviceWorkers: 'block' });

/** The answer of a placed order: the page's success, as after any 201. */
async function expectPlacedAndShown(page: Page) {
  await expect(toast(page, MSG.transactionSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/history$/, { timeout: 8_000 });
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  await expect(page.getByTestId('history-card')).toHaveCount(1);
  expect(await page.evaluate((key) => sessionStorage.getItem(key), CHECKOUT_KEY)).toBeNull();
}

test('an order still being placed: the checkout waits, asks again with the same key and shows the one order', async ({ page, request }) => {
  const session = await newCustomer(page, request, 'retry');
  await toCheckout(page);

  // The server says "still being placed" until the screenshots are taken, then lets the retry through.
  const keys: string[] = [];
  let holding = true;
  let reachedServer = 0;
  await page.route(ORDERS, async (route) => {
    if (!isOrderPost(route.request())) return route.fallback();
    keys.push((await route.request().headerValue('idempotency-key')) ?? '');
    if (holding) {
      return route.fulfill({
        status: 409,
        headers: { 'retry-after': '1' },
        json: { msg: 'This order is still being placed, try again', code: 'order_in_progress' },
      });
    }
    reachedServer += 1;
    return route.continue();
  });

  const placed = page.waitForResponse((r) => isOrderPost(r.request()) && r.status() < 300);
  await page.getByRole('button', { name: 'Confirm and Pay' }).click();
  const status = page.getByRole('status').filter({ hasText: BEING_PLACED });
  await expect(status).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm and Pay' })).toBeDisabled();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  const toTop = () => page.evaluate(() => window.scrollTo(0, 0)); // a full-page picture of a scrolled page repeats the sticky bar
  await toTop();
  await screenshot(page, 'checkout-being-placed');
  await page.setViewportSize({ width: 375, height: 800 });
  await toTop();
  await screenshot(page, 'checkout-being-placed-phone');
  // What the customer sees where they pressed the button.
  await status.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SCREENSHOTS, 'checkout-being-placed-phone-view.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  holding = false;

  const answer = await placed;
  expect(answer.status()).toBe(201);
  await expectPlacedAndShown(page);
  expect(keys.length).toBeGreaterThanOrEqual(2);
  expect(keys.length).toBeLessThanOrEqual(6); // the first try and at most 5 more
  expect(new Set(keys).size).toBe(1);
  expect(keys[0]).not.toBe('');
  expect(reachedServer).toBe(1);
  const orders = await ordersOf(request, session);
  expect(orders.map((o) => o.id)).toEqual([((await answer.json()) as { data: { id: number } }).data.id]);
});

test('an order still being placed after every retry: the customer is asked to press Confirm and Pay again, the key kept', async ({
  page,
  request,
}) => {
  const session = await newCustomer(page, request, 'retry');
  await toCheckout(page);

  const keys: string[] = [];
  await page.route(ORDERS, async (route) => {
    if (!isOrderPost(route.request())) return route.fallback();
    keys.push((await route.request().headerValue('idempotency-key')) ?? '');
    return route.fulfill({
      status: 409,
      headers: { 'retry-after': '1' },
      json: { msg: 'This order is still being placed, try again', code: 'order_in_progress' },
    });
  });
  await page.getByRole('button', { name: 'Confirm and Pay' }).click();
  await expect(page.getByRole('main').getByRole('alert').filter({ hasText: STILL_PLACING })).toBeVisible({ timeout: 15_000 });
  expect(keys).toHaveLength(6); // the first try and 5 more, a second apart
  expect(new Set(keys).size).toBe(1);
  await expect(page.getByRole('status').filter({ hasText: BEING_PLACED })).toHaveCount(0);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  expect(await page.evaluate((key) => sessionStorage.getItem(key), CHECKOUT_KEY)).toBe(keys[0]);
  await screenshot(page, 'checkout-still-placing');

  // The customer presses again: the same key, and this time the server answers.
  await page.unroute(ORDERS);
  const placed = page.waitForRequest(isOrderPost);
  await page.getByRole('button', { name: 'Confirm and Pay' }).click();
  expect(await (await placed).headerValue('idempotency-key')).toBe(keys[0]);
  await expectPlacedAndShown(page);
  expect(await ordersOf(request, session)).toHaveLength(1);
});

test('a lost answer: Confirm and Pay again replays the stored order (200, Idempotent-Replayed), one order exists', async ({
  page,
  request,
}) => {
  const session = await newCustomer(page, request, 'retry');
  await toCheckout(page);

  // The first order reaches the server and is placed; its answer never reaches the browser.
  let firstAnswer: { status: number; id: number } | undefined;
  await page.route(
    ORDERS,
    async (route) => {
      if (!isOrderPost(route.request())) return route.fallback();
      const response = await route.fetch();
      firstAnswer = { status: response.status(), id: ((await response.json()) as { data: { id: number } }).data.id };
      await route.abort('connectionreset');
    },
    { times: 1 },
  );
  await page.getByRole('button', { name: 'Confirm and Pay' }).click();
  await expect(page.getByRole('main').getByRole('alert').filter({ hasText: ANSWER_LOST })).toBeVisible();
  expect(firstAnswer?.status).toBe(201);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  const key = await page.evaluate((k) => sessionStorage.getItem(k), CHECKOUT_KEY);
  expect(key).toBeTruthy();

  const replay = page.waitForResponse((r) => isOrderPost(r.request()));
  await page.getByRole('button', { name: 'Confirm and Pay' }).click();
  const answer = await replay;
  expect(await answer.request().headerValue('idempotency-key')).toBe(key);
  expect(answer.status()).toBe(200);
  expect(await answer.headerValue('idempotent-replayed')).toBe('true');
  expect(((await answer.json()) as { data: { id: number } }).data.id).toBe(firstAnswer?.id);

  await expectPlacedAndShown(page);
  expect((await ordersOf(request, session)).map((o) => o.id)).toEqual([firstAnswer?.id]);
});

test('a lost answer, then another cart: the customer is told an order was already placed, the cart kept, no second order', async ({
  page,
  request,
}) => {
  const session = await newCustomer(page, request, 'retry');
  await toCheckout(page);

  await page.route(
    ORDERS,
    async (route) => {
      if (!isOrderPost(route.request())) return route.fallback();
      await route.fetch();
      await route.abort('connectionreset');
    },
    { times: 1 },
  );
  await page.getByRole('button', { name: 'Confirm and Pay' }).click();
  await expect(page.getByRole('main').getByRole('alert').filter({ hasText: ANSWER_LOST })).toBeVisible();

  // The customer adds a second cup, then pays again: the key already placed the one-cup order.
  await page.getByRole('button', { name: 'Increase quantity' }).first().click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  const refused = page.waitForResponse((r) => isOrderPost(r.request()));
  await page.getByRole('button', { name: 'Confirm and Pay' }).click();
  const answer = await refused;
  expect(answer.status()).toBe(422);
  expect(((await answer.json()) as { code: string }).code).toBe('idempotency_key_reused');

  await expect(page.getByRole('main').getByRole('alert').filter({ hasText: PLACED_EARLIER })).toBeVisible();
  await expect(toast(page, PLACED_EARLIER)).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  expect(await page.evaluate((k) => sessionStorage.getItem(k), CHECKOUT_KEY)).toBeNull();
  expect(await ordersOf(request, session)).toHaveLength(1);
  await page.evaluate(() => window.scrollTo(0, 0)); // a full-page picture of a scrolled page repeats the sticky bar
  await screenshot(page, 'checkout-placed-earlier');

  await page.getByRole('link', { name: 'See it in History' }).click();
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByTestId('history-card')).toHaveCount(1);
});
