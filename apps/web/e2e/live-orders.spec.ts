import { API_BASE, formatIDR, MSG, STATUS } from '@kopi/shared';
import { type APIRequestContext, expect, type Page, test } from './playwright';
import {
  ADMIN,
  type ApiSession,
  apiLogin,
  choose,
  placeByApi,
  registerCustomer,
  screenshot,
  signedInPage,
  startSignedIn,
  toast,
} from './support';

// The live order loop in the browser (docs/shop-rules.md#statuses-and-moves): the staff board and the
// customer's order page follow the shop through the one live stream of each tab, without a reload.

const PRODUCT = 'Kopi Susu Gula Aren';
/** Two Large of product 1, picked up. */
const TWO_LARGE = { items: [{ product_id: 1, qty: 2, size_id: 2 }], delivery_id: 3, payment_id: 1 };

async function ordersOf(
  request: APIRequestContext,
  session: ApiSession,
): Promise<{ id: number; number: number; status_name: string; total: number }[]> {
  const answer = await request.get(`${API_BASE}/transactions/history?limit=50`, { headers: { 'access-token': session.token } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { id: number; number: number; status_name: string; total: number }[] }).data;
}

/** The customer puts two of the product in the cart (size L, Pick up) and opens the cart. */
async function fillCart(page: Page) {
  await page.goto(`/product?search=${encodeURIComponent(PRODUCT)}&sort=popular&page=1`);
  await page.getByTestId('product-card').first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PRODUCT);
  await choose(page.getByRole('radio', { name: 'L', exact: true }));
  await choose(page.getByRole('radio', { name: 'Pick up' }));
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'CHECKOUT' }).click();
  await expect(page).toHaveURL(/\/payment$/);
}

/** The order's card in a column: found by its id, since a card is headed by the order's number of the day. */
function boardCard(page: Page, status: number, id: number) {
  return page.getByTestId(`board-column-${status}`).locator(`[data-order-id="${id}"]`);
}

/** The number of the day the board, the toasts and the dialogs name an order by. */
async function numberOf(request: APIRequestContext, session: ApiSession, id: number): Promise<number> {
  const order = (await ordersOf(request, session)).find((o) => o.id === id);
  expect(order).toBeDefined();
  return order!.number;
}

/** The one-at-a-time Manage order page, live, counts an order placed meanwhile without a reload. */
async function expectNewOrderCounted(page: Page, request: APIRequestContext, customer: ApiSession) {
  await page.goto('/manageorder');
  await expect(page.getByTestId('live-status')).toHaveText('Live');
  const position = page.getByText(/^Pending order \d+ of \d+$/);
  const before = Number((await position.textContent())?.match(/of (\d+)$/)?.[1]);
  await markDocument(page);
  await placeByApi(request, customer, TWO_LARGE);
  await expect(position).toHaveText(new RegExp(`of ${before + 1}$`));
  await expectSameDocument(page);
}

/** Marks the document, so that a later check proves no reload happened in between. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
}
async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
}

test('an order placed by a customer appears on the board without reload; the admin moves it on and the customer sees Ready live', async ({
  browser,
  request,
}) => {
  const admin = await signedInPage(browser, await apiLogin(request, ADMIN));
  const customerSession = await registerCustomer(request, 'live');
  const customer = await signedInPage(browser, customerSession);

  await admin.goto('/manageorder');
  await admin.getByRole('link', { name: 'Open the order board' }).click();
  await expect(admin).toHaveURL(/\/manageorder\/board$/);
  await expect(admin.getByRole('heading', { name: 'Order board' })).toBeVisible();
  for (const name of ['Pending', 'Preparing', 'Ready'])
    await expect(admin.getByRole('heading', { name: new RegExp(`^${name}`) })).toBeVisible();
  await expect(admin.getByTestId('live-status')).toHaveText('Live');
  await markDocument(admin);

  // The customer checks out in their own browser.
  await fillCart(customer);
  await customer.getByRole('button', { name: 'Confirm and Pay' }).click();
  await expect(toast(customer, MSG.transactionSuccess)).toBeVisible();
  await expect(customer).toHaveURL(/\/history$/, { timeout: 8_000 });
  const [placed] = await ordersOf(request, customerSession);
  expect(placed).toBeDefined();
  const id = placed!.id;

  // On the board, without a reload: the card, the announcement and the count in the tab's title.
  const pendingCard = boardCard(admin, STATUS.pending, id);
  await expect(pendingCard).toBeVisible({ timeout: 5_000 });
  await expect(pendingCard).toContainText('2 × Kopi Susu Gula Aren (Large)');
  await expect(pendingCard).toContainText('Pick Up');
  await expect(pendingCard).toContainText('As soon as possible');
  await expect(pendingCard).toContainText(/\d+ (s|min) in Pending/);
  await expect(pendingCard.getByRole('heading')).toContainText(`#${placed!.number}`);
  await expect(admin.getByTestId('board-announcement')).toContainText(`New order #${placed!.number}`);
  await expect(admin).toHaveTitle(/^\(\d+\) Order board/);
  await expectSameDocument(admin);
  await screenshot(admin, 'board-desktop');

  // The customer opens the order from History: it is Ordered (Pending).
  const card = customer.getByTestId('history-card').filter({ hasText: PRODUCT });
  await expect(card.getByTestId('status-badge')).toHaveText('Pending');
  await card.getByRole('link').click();
  await expect(customer).toHaveURL(new RegExp(`/history/${id}$`));
  await expect(customer.getByRole('heading', { name: `Order #${placed!.number}` })).toBeVisible();
  await expect(customer.getByTestId('tracker-current')).toHaveText('Current step: Ordered');
  await expect(customer.getByTestId('live-status')).toHaveText('Live');
  await markDocument(customer);
  // The same customer has the menu open in another tab: the "ready" toast shows on any page.
  const elsewhere = await customer.context().newPage();
  // The menu is painted from the server's HTML before the tab's scripts run and open its own stream.
  const streaming = elsewhere.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/transactions/events'));
  await elsewhere.goto('/product');
  await expect(elsewhere.getByTestId('product-card').first()).toBeVisible();
  await streaming;

  // One click moves it on; the customer's page follows.
  await pendingCard.getByRole('button', { name: /^Start preparing/ }).click();
  const preparingCard = boardCard(admin, STATUS.preparing, id);
  await expect(preparingCard).toBeVisible();
  await expect(pendingCard).toHaveCount(0);
  await expect(customer.getByTestId('tracker-current')).toHaveText('Current step: Preparing');
  await expect(customer.getByRole('button', { name: 'Cancel my order' })).toHaveCount(0);

  await preparingCard.getByRole('button', { name: /^Mark ready/ }).click();
  await expect(boardCard(admin, STATUS.ready, id)).toBeVisible();
  await expect(customer.getByText('Your order is ready')).toBeVisible();
  await expect(customer.getByTestId('tracker-current')).toHaveText('Current step: Ready');
  await expect(toast(customer, `Order #${placed!.number} is ready`)).toBeVisible();
  await expect(toast(elsewhere, `Order #${placed!.number} is ready`)).toBeVisible();
  await elsewhere.locator('.Toastify').getByRole('button', { name: 'View order' }).click();
  await expect(elsewhere).toHaveURL(new RegExp(`/history/${id}$`));
  await expect(elsewhere.getByText('Your order is ready')).toBeVisible();
  await elsewhere.close();
  await expectSameDocument(customer);
  await expectSameDocument(admin);
  await screenshot(customer, 'order-ready-desktop');

  // Printed, the page is a receipt: the order without the bar, the footer, the tracker or the buttons.
  await customer.emulateMedia({ media: 'print' });
  await expect(customer.getByRole('banner')).toBeHidden();
  await expect(customer.getByRole('button', { name: 'Print receipt' })).toBeHidden();
  await expect(customer.getByTestId('receipt-header')).toHaveText('Kopi Senja');
  await expect(customer.getByTestId('receipt-header')).toBeVisible();
  // The total the shop stored (two Large cups, priced by their size).
  await expect(customer.getByTestId('summary-total')).toHaveText(formatIDR(placed!.total));
  await screenshot(customer, 'order-receipt-print');
  await customer.emulateMedia({ media: 'screen' });

  // The same page on a phone.
  await customer.setViewportSize({ width: 375, height: 812 });
  await screenshot(customer, 'order-ready-phone');

  // Ready → Done: it leaves the board, and History shows it Done without a reload.
  await boardCard(admin, STATUS.ready, id)
    .getByRole('button', { name: /^Mark as done/ })
    .click();
  await expect(boardCard(admin, STATUS.ready, id)).toHaveCount(0);
  await expect(customer.getByTestId('tracker-current')).toHaveText('Current step: Done');
  await customer.getByRole('link', { name: /Back to History/ }).click();
  await expect(customer.getByTestId('history-card').filter({ hasText: PRODUCT }).getByTestId('status-badge')).toHaveText('Done');
  await admin.context().close();
  await customer.context().close();
});

test('the admin cancels with a reason, which the customer reads on the order page', async ({ browser, request }) => {
  const customerSession = await registerCustomer(request, 'live');
  const id = await placeByApi(request, customerSession, TWO_LARGE);
  const admin = await signedInPage(browser, await apiLogin(request, ADMIN));
  const customer = await signedInPage(browser, customerSession);
  await admin.goto('/manageorder/board');
  await customer.goto(`/history/${id}`);
  await expect(customer.getByTestId('live-status')).toHaveText('Live');

  const card = boardCard(admin, STATUS.pending, id);
  await card.getByRole('button', { name: /^Cancel order/ }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog).toContainText(`Cancel order #${await numberOf(request, customerSession, id)}`);
  // The reason is required (1–200 characters).
  await dialog.getByRole('button', { name: 'Cancel the order' }).click();
  await expect(dialog.getByLabel('Reason for the customer')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Reason for the customer')).toHaveAttribute('maxlength', '200');
  await dialog.getByLabel('Reason for the customer').fill('We ran out of palm sugar');
  await screenshot(admin, 'board-cancel-dialog');
  await dialog.getByRole('button', { name: 'Cancel the order' }).click();
  await expect(card).toHaveCount(0);

  await expect(customer.getByText('The shop cancelled this order')).toBeVisible();
  await expect(customer.getByText('We ran out of palm sugar')).toBeVisible();
  await expect(customer.getByTestId('tracker-current')).toHaveText('Current step: Cancelled');
  await admin.context().close();
  await customer.context().close();
});

test('a customer cancels a pending order, then orders the same again', async ({ browser, request }) => {
  const customerSession = await registerCustomer(request, 'live');
  const id = await placeByApi(request, customerSession, TWO_LARGE);
  const customer = await signedInPage(browser, customerSession);
  await customer.goto(`/history/${id}`);
  await expect(customer.getByTestId('tracker-current')).toHaveText('Current step: Ordered');

  await customer.getByRole('button', { name: 'Cancel my order' }).click();
  const dialog = customer.getByRole('dialog');
  await expect(dialog).toContainText('Cancel this order?');
  await dialog.getByLabel('Reason (optional)').fill('Ordered by mistake');
  await dialog.getByRole('button', { name: 'Cancel the order' }).click();
  await expect(toast(customer, 'The order is cancelled.')).toBeVisible();
  await expect(customer.getByText('You cancelled this order')).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Cancel my order' })).toHaveCount(0);
  expect((await ordersOf(request, customerSession)).find((o) => o.id === id)?.status_name).toBe('Cancelled');

  await customer.getByRole('button', { name: 'Order again' }).click();
  await expect(customer).toHaveURL(/\/payment$/);
  await expect(customer.getByTestId('summary-line')).toContainText('x 2 · Large');
  await expect(customer.getByRole('radio', { name: 'Pick up' })).toBeChecked();
  await customer.context().close();
});

test.describe('with requests intercepted by the test', () => {
  // Playwright does not promise to route the requests of a page a service worker controls; the
  // worker leaves POSTs to the network anyway (apps/web/sw/service-worker.js), so nothing is lost.
  test.use({ serviceWorkers: 'block' });

  test('Confirm clicked again after a lost answer (and a reload) makes exactly one order', async ({ page, request }) => {
    const customerSession = await registerCustomer(request, 'live');
    await startSignedIn(page, customerSession);
    await fillCart(page);

    // The first order reaches the server, but its answer never comes back. The connection is dropped
    // whatever the server said (an assertion thrown in here would leave the request hanging instead);
    // what it said is checked below.
    const dropped: number[] = [];
    await page.route(`**${API_BASE}/transactions`, async (route) => {
      if (route.request().method() !== 'POST' || dropped.length > 0) return route.fallback();
      try {
        dropped.push((await route.fetch()).status());
      } finally {
        await route.abort('connectionreset');
      }
    });
    await page.getByRole('button', { name: 'Confirm and Pay' }).click();
    await expect.poll(() => dropped, { message: 'the order reached the server, and its answer was dropped' }).toEqual([201]);
    // The customer is told what may have happened, and that a second Confirm is safe.
    await expect(page.getByRole('main').getByRole('alert')).toContainText('your order may have gone through');
    await expect(page.getByTestId('cart-count')).toHaveText('2');
    expect(await ordersOf(request, customerSession)).toHaveLength(1);
    await screenshot(page, 'checkout-answer-lost');

    // The customer reloads, then confirms again: the same checkout, the same order.
    await page.reload();
    await page.getByRole('button', { name: 'Confirm and Pay' }).click();
    await expect(toast(page, MSG.transactionSuccess)).toBeVisible();
    await expect(page).toHaveURL(/\/history$/, { timeout: 8_000 });
    expect(await ordersOf(request, customerSession)).toHaveLength(1);

    // The next checkout is a new attempt with a key of its own: a second order.
    await fillCart(page);
    await page.getByRole('button', { name: 'Confirm and Pay' }).click();
    await expect(toast(page, MSG.transactionSuccess)).toBeVisible();
    expect(await ordersOf(request, customerSession)).toHaveLength(2);
  });

  test('an order event whose checker cannot be fetched (no page loads it before) arrives once the stream connects again', async ({
    page,
    request,
  }) => {
    const customerSession = await registerCustomer(request, 'live');
    await placeByApi(request, customerSession, TWO_LARGE); // at least one pending order, so that the page shows the queue
    await startSignedIn(page, await apiLogin(request, ADMIN));
    const refused: string[] = [];
    await page.route('**/assets/stream-event-*.js', (route) => {
      if (refused.length > 0) return route.fallback();
      refused.push(route.request().url());
      return route.abort('internetdisconnected');
    });
    await expectNewOrderCounted(page, request, customerSession);
    expect(refused).toHaveLength(1);
  });
});

test('the board on a 768 px tablet, and what it says when the network drops mid-move', async ({ browser, request }) => {
  const customerSession = await registerCustomer(request, 'live');
  const id = await placeByApi(request, customerSession, TWO_LARGE);
  const admin = await signedInPage(browser, await apiLogin(request, ADMIN), { width: 768, height: 1024 });
  await admin.goto('/manageorder/board');
  await expect(admin.getByTestId('live-status')).toHaveText('Live');

  // Three columns side by side.
  const boxes = await Promise.all(
    [STATUS.pending, STATUS.preparing, STATUS.ready].map((s) => admin.getByTestId(`board-column-${s}`).boundingBox()),
  );
  expect(boxes[0]!.y).toBe(boxes[1]!.y);
  expect(boxes[1]!.x).toBeGreaterThan(boxes[0]!.x + boxes[0]!.width - 1);
  expect(boxes[2]!.x + boxes[2]!.width).toBeLessThanOrEqual(768);
  const card = boardCard(admin, STATUS.pending, id);
  await expect(card).toBeVisible();
  // The board and the admin's top bar fit the tablet's width (nothing to scroll sideways).
  expect(await admin.evaluate(() => document.querySelector('main')?.scrollWidth)).toBeLessThanOrEqual(768);
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  await screenshot(admin, 'board-tablet');

  // The network drops: the board says it is offline and reconnecting, and a move says it did not reach the shop.
  await admin.context().setOffline(true);
  await expect(admin.getByTestId('live-status')).toContainText('Offline — reconnecting', { timeout: 15_000 });
  await card.getByRole('button', { name: /^Start preparing/ }).click();
  await expect(
    toast(admin, `#${await numberOf(request, customerSession, id)}: The shop cannot be reached. Check your connection and try again.`),
  ).toBeVisible();
  await expect(card).toBeVisible();
  await screenshot(admin, 'board-offline');

  // Back online: live again, and the move goes through.
  await admin.context().setOffline(false);
  await expect(admin.getByTestId('live-status')).toHaveText('Live', { timeout: 15_000 });
  await card.getByRole('button', { name: /^Start preparing/ }).click();
  await expect(boardCard(admin, STATUS.preparing, id)).toBeVisible();

  // On a phone one column at a time, behind tabs (counter.phone.spec.ts follows them): the column of the
  // card last worked on (selected by the tap that moved it on).
  await admin.setViewportSize({ width: 375, height: 812 });
  await expect(admin.getByRole('tab', { name: /^Preparing \d+$/ })).toHaveAttribute('aria-selected', 'true');
  await expect(boardCard(admin, STATUS.preparing, id)).toBeVisible();
  await expect(admin.getByTestId(`board-column-${STATUS.pending}`)).toBeHidden();
  expect(await admin.evaluate(() => document.querySelector('main')?.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshot(admin, 'board-phone');
  await admin.context().close();
});

test('the one-at-a-time Manage order page counts a new order without reload', async ({ browser, request }) => {
  const customerSession = await registerCustomer(request, 'live');
  await placeByApi(request, customerSession, TWO_LARGE); // at least one pending order, so that the page shows the queue
  const admin = await signedInPage(browser, await apiLogin(request, ADMIN));
  await expectNewOrderCounted(admin, request, customerSession);
  await admin.context().close();
});
