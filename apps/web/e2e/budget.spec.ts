import { gzipSync } from 'node:zlib';
import { API_BASE } from '@kopi/shared';
import { expect, type Page, type Request, type Response, test } from './playwright';
import { ADMIN, apiLogin, CUSTOMER, startSignedIn } from './support';

// docs/architecture.md#tests-and-targets: a first load of any page stays within the goal, 100 KB of
// JavaScript, gzipped (docs/benchmarks.md#first-load-javascript). Pages were allowed 120 KB, and the
// ones a customer opens first 100 KB, until Preact replaced React DOM (docs/decisions/preact-runtime.md)
// and zod came only with what checks a form or a live event; 200 and 150 KB before the app's own router
// (docs/decisions/own-router.md). None of it delays a first paint (first-view.spec.ts holds that).
const BUDGET_BYTES = 100 * 1024;
/**
 * A string of zod's own code (its base type's name). zod and the schemas are most of what a page
 * could carry beyond the goal (25.7 KB): they come with a form's first check or the live stream's
 * first order event, and no page's first load brings them.
 */
const ZOD_MARKER = '$ZodType';
/** Scripts are done loading when none was asked for or finished for this long. */
const QUIET_MS = 1_000;

/**
 * Waits until no script has been asked for or been loading for a while. Not 'networkidle': a signed-in
 * page keeps its live order stream open, so the network is never idle.
 */
async function scriptsSettled(page: Page, pending: Set<unknown>, lastActivity: () => number): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (pending.size > 0 || Date.now() - lastActivity() < QUIET_MS) {
    if (Date.now() > deadline) throw new Error(`scripts still loading after 20 s (${pending.size} pending)`);
    await page.waitForTimeout(100);
  }
}

async function javascriptLoadedBy(page: Page, path: string, ready: () => Promise<void>): Promise<number> {
  // Leave the page measured before, whose scripts (one a live order event fetches) are not this one's.
  await page.goto('about:blank');
  const scripts = new Map<string, Promise<{ bytes: number; zod: boolean }>>();
  const pending = new Set<unknown>();
  let lastActivity = Date.now();
  const settle = (request: { resourceType: () => string }) => {
    if (request.resourceType() !== 'script') return;
    pending.delete(request);
    lastActivity = Date.now();
  };
  const asked = (request: Request) => {
    if (request.resourceType() !== 'script') return;
    pending.add(request);
    lastActivity = Date.now();
  };
  const answered = (response: Response) => {
    if (response.request().resourceType() === 'script') {
      scripts.set(
        response.url(),
        response.body().then((body) => ({ bytes: gzipSync(body).length, zod: body.includes(ZOD_MARKER) })),
      );
    }
  };
  page.on('request', asked);
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  page.on('response', answered);
  await page.goto(path);
  await ready();
  // A page the server rendered shows its text before it asks for a script (its boot script, in the
  // page, asks once it has painted): the page's own scripts are all asked for once the app runs it.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await scriptsSettled(page, pending, () => lastActivity);
  page.off('request', asked).off('requestfinished', settle).off('requestfailed', settle).off('response', answered);
  const loaded = await Promise.all([...scripts].map(async ([url, script]) => ({ url, ...(await script) })));
  const total = loaded.reduce((sum, script) => sum + script.bytes, 0);
  test.info().annotations.push({ type: 'js-gzip', description: `${path}: ${(total / 1024).toFixed(1)} KB in ${loaded.length} files` });
  console.log(`first load of ${path}: ${(total / 1024).toFixed(1)} KB gzipped JS in ${loaded.length} files`);
  expect(
    loaded.filter((script) => script.zod).map((script) => script.url),
    `the first load of ${path} carries no zod`,
  ).toEqual([]);
  return total;
}

test('the landing page loads at most 100 KB of gzipped JavaScript', async ({ page }) => {
  expect(await javascriptLoadedBy(page, '/', () => expect(page.getByText('90+')).toBeVisible())).toBeLessThanOrEqual(BUDGET_BYTES);
});

test('the catalogue loads at most 100 KB of gzipped JavaScript', async ({ page }) => {
  const ready = () => expect(page.getByTestId('product-card').first()).toBeVisible();
  expect(await javascriptLoadedBy(page, '/product', ready)).toBeLessThanOrEqual(BUDGET_BYTES);
});

test('the heaviest page, a form, loads at most 100 KB of gzipped JavaScript', async ({ page, request }) => {
  await startSignedIn(page, await apiLogin(request, ADMIN));
  const ready = () => expect(page.getByRole('button', { name: 'Save Product' })).toBeVisible();
  expect(await javascriptLoadedBy(page, '/product/new', ready)).toBeLessThanOrEqual(BUDGET_BYTES);
});

test('the reset page and the profile (with Edit Password) load at most 100 KB of gzipped JavaScript', async ({ page, request }) => {
  const reset = () => expect(page.getByRole('button', { name: 'Set new password' })).toBeVisible();
  expect(await javascriptLoadedBy(page, '/reset?token=budget', reset)).toBeLessThanOrEqual(BUDGET_BYTES);
  await startSignedIn(page, await apiLogin(request, CUSTOMER));
  const profile = () => expect(page.getByRole('button', { name: 'Edit Password' })).toBeVisible();
  expect(await javascriptLoadedBy(page, '/profile', profile)).toBeLessThanOrEqual(BUDGET_BYTES);
});

test('the staff board and an order page (lazy routes, live stream open) load at most 100 KB of gzipped JavaScript', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN);
  await startSignedIn(page, admin);
  const board = () => expect(page.getByRole('heading', { name: 'Order board' })).toBeVisible();
  expect(await javascriptLoadedBy(page, '/manageorder/board', board)).toBeLessThanOrEqual(BUDGET_BYTES);

  const placed = await request.post(`${API_BASE}/transactions`, {
    headers: { 'access-token': admin.token },
    data: { product_id: 1, qty: 1, size_id: 1, delivery_id: 1, payment_id: 1 },
  });
  expect(placed.status()).toBe(201);
  const { id, number } = ((await placed.json()) as { data: { id: number; number: number } }).data;
  const order = () => expect(page.getByRole('heading', { name: `Order #${number}` })).toBeVisible();
  expect(await javascriptLoadedBy(page, `/history/${id}`, order)).toBeLessThanOrEqual(BUDGET_BYTES);
});

test("the owner's dashboard (its chart drawn without a library) loads at most 100 KB of gzipped JavaScript", async ({ page, request }) => {
  await startSignedIn(page, await apiLogin(request, ADMIN));
  const ready = () => expect(page.getByTestId('revenue-chart')).toBeVisible();
  expect(await javascriptLoadedBy(page, '/dashboard', ready)).toBeLessThanOrEqual(BUDGET_BYTES);
});

test('the product detail (with Make it yours) and the cart load at most 100 KB of gzipped JavaScript', async ({ page, request }) => {
  await startSignedIn(page, await apiLogin(request, CUSTOMER));
  const detail = () => expect(page.getByRole('group', { name: 'Make it yours' })).toBeVisible();
  expect(await javascriptLoadedBy(page, '/detail/1', detail)).toBeLessThanOrEqual(BUDGET_BYTES);
  const cart = () => expect(page.getByRole('heading', { name: 'Checkout your item now!' })).toBeVisible();
  expect(await javascriptLoadedBy(page, '/payment', cart)).toBeLessThanOrEqual(BUDGET_BYTES);
});
