import { API_BASE, addDays, formatIDR, STATUS } from '@kopi/shared';
import { type APIRequestContext, expect, type Page, test } from './playwright';
import { ADMIN, type ApiSession, apiLogin, E2E_PASSWORD, registerCustomer, signedInPage, toast } from './support';

// The kitchen display on a tablet (docs/shop-rules.md#the-counter): lines ticked off, the order moving
// to Ready by itself on every open board, undo within 60 s, the bump bar's keys and the stations.

const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 375, height: 740 };
const SHOTS = '/tmp/shots-board';

interface Placed {
  id: number;
  number: number;
}

async function place(
  request: APIRequestContext,
  session: ApiSession,
  items: { product_id: number; qty: number; size_id: number }[],
): Promise<Placed> {
  const answer = await request.post(`${API_BASE}/transactions`, {
    headers: { 'access-token': session.token },
    data: { items, delivery_id: 3, payment_id: 1 },
  });
  expect(answer.status()).toBe(201);
  const { data } = (await answer.json()) as { data: Placed };
  return { id: data.id, number: data.number };
}

/** A product of the kitchen (Foods, whose station is the kitchen by default), from the menu. */
async function kitchenProduct(request: APIRequestContext): Promise<number> {
  const answer = await request.get(`${API_BASE}/products/get?categories=1&limit=50`);
  expect(answer.status()).toBe(200);
  const { data } = (await answer.json()) as { data: { id: number; category_id: number; sold_out: boolean }[] };
  return data.find((p) => p.category_id === 1 && !p.sold_out)!.id;
}

function card(page: Page, id: number) {
  return page.locator(`[data-testid="board-card"][data-order-id="${id}"]`);
}

async function openBoard(page: Page, query = '') {
  await page.goto(`/manageorder/board${query}`);
  await expect(page.getByRole('heading', { name: 'Order board' })).toBeVisible();
  await expect(page.getByTestId('live-status')).toHaveText(/live/i);
}

test('a barista ticks the lines of an order: it moves to Ready by itself, on a second board too; undo brings it back', async ({
  browser,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN);
  const customer = await registerCustomer(request, 'kds');
  const barista = await signedInPage(browser, admin, TABLET);
  const other = await signedInPage(browser, admin, TABLET);
  await openBoard(barista);
  await openBoard(other);

  const order = await place(request, customer, [
    { product_id: 1, qty: 2, size_id: 2 },
    { product_id: 2, qty: 1, size_id: 1 },
  ]);
  const mine = card(barista, order.id);
  await expect(mine).toBeVisible();
  await expect(mine.getByRole('heading')).toContainText(`#${order.number}`);
  await expect(barista.getByTestId('all-day')).toContainText(/\d+ × Kopi Susu Gula Aren L/);
  await barista.screenshot({ path: `${SHOTS}/board-tablet.png`, fullPage: true });

  const lines = mine.getByTestId('board-line');
  await expect(lines).toHaveCount(2);
  await lines.nth(0).click();
  await expect(lines.nth(0)).toHaveAttribute('aria-pressed', 'true');
  // The first tick starts it: Preparing, here and on the other board within a second.
  await expect(barista.getByTestId(`board-column-${STATUS.preparing}`).locator(`[data-order-id="${order.id}"]`)).toBeVisible();
  await expect(card(other, order.id).getByTestId('board-line').nth(0)).toHaveAttribute('aria-pressed', 'true', { timeout: 1_500 });

  await card(barista, order.id).getByTestId('board-line').nth(1).click();
  await expect(barista.getByTestId(`board-column-${STATUS.ready}`).locator(`[data-order-id="${order.id}"]`)).toBeVisible();
  await expect(other.getByTestId(`board-column-${STATUS.ready}`).locator(`[data-order-id="${order.id}"]`)).toBeVisible({ timeout: 1_500 });
  await expect(barista.getByTestId('board-announcement')).toHaveText(`#${order.number} moved to Ready`);
  await barista.screenshot({ path: `${SHOTS}/board-tablet-ready.png`, fullPage: true });

  // Undo within 60 s: back to Preparing on both boards.
  await card(barista, order.id)
    .getByRole('button', { name: `Undo #${order.number}` })
    .click();
  await expect(barista.getByTestId(`board-column-${STATUS.preparing}`).locator(`[data-order-id="${order.id}"]`)).toBeVisible();
  await expect(other.getByTestId(`board-column-${STATUS.preparing}`).locator(`[data-order-id="${order.id}"]`)).toBeVisible();
  // Nothing left to undo: the server says why.
  await expect(card(barista, order.id).getByRole('button', { name: `Undo #${order.number}` })).toHaveCount(0);

  // Mark as done: the Recently done strip offers Undo, which brings it back to Ready.
  await card(barista, order.id)
    .getByRole('button', { name: `Mark ready #${order.number}` })
    .click();
  await card(barista, order.id)
    .getByRole('button', { name: `Mark as done #${order.number}` })
    .click();
  const recent = barista.getByTestId('recently-done');
  await expect(recent).toContainText(`#${order.number}`);
  await barista.screenshot({ path: `${SHOTS}/board-tablet-recently-done.png`, fullPage: true });
  await recent.getByRole('button', { name: `Undo #${order.number}` }).click();
  await expect(barista.getByTestId(`board-column-${STATUS.ready}`).locator(`[data-order-id="${order.id}"]`)).toBeVisible();
  await barista.context().close();
  await other.context().close();
});

test('the bump bar: 1 selects, Enter moves it on, U undoes, ? shows the keys', async ({ browser, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const customer = await registerCustomer(request, 'kds-keys');
  const page = await signedInPage(browser, admin, TABLET);
  // Everything else out of the way: this order is card 1. Until the board stays empty: a move an
  // earlier test made (its last Undo) may land after the board was first read.
  await openBoard(page);
  const cards = page.locator('[data-testid="board-card"]');
  await expect(async () => {
    for (const id of await cards.evaluateAll((shown) => shown.map((c) => Number(c.getAttribute('data-order-id'))))) {
      const done = await request.patch(`${API_BASE}/transactions/${id}`, {
        headers: { 'access-token': admin.token },
        data: { status_id: STATUS.done },
      });
      // An order that cannot be Done from where it is (awaiting its payment) is cancelled instead.
      if (!done.ok()) {
        await request.patch(`${API_BASE}/transactions/${id}`, {
          headers: { 'access-token': admin.token },
          data: { status_id: STATUS.cancelled, reason: 'Cleared for the bump bar test' },
        });
      }
    }
    await page.waitForTimeout(500);
    expect(await cards.count()).toBe(0);
  }).toPass({ timeout: 20_000 });
  const order = await place(request, customer, [{ product_id: 1, qty: 1, size_id: 1 }]);
  await expect(card(page, order.id)).toBeVisible();
  await expect(page.getByTestId('board-card')).toHaveCount(1);

  await page.keyboard.press('1');
  await expect(card(page, order.id)).toBeFocused();
  await expect(card(page, order.id)).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId(`board-column-${STATUS.preparing}`).locator(`[data-order-id="${order.id}"]`)).toBeVisible();
  await expect(card(page, order.id)).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/board-tablet-keyboard.png` });
  await page.keyboard.press('u');
  await expect(page.getByTestId(`board-column-${STATUS.pending}`).locator(`[data-order-id="${order.id}"]`)).toBeVisible();
  await expect(toast(page, `#${order.number}: Move undone → Pending`)).toBeVisible();
  // Again: nothing to undo, and the server's answer says why.
  await page.keyboard.press('u');
  await expect(
    page
      .locator('.Toastify')
      .getByText(/undo|undone|moved/i)
      .last(),
  ).toBeVisible();

  await page.keyboard.press('?');
  const keys = page.getByRole('dialog', { name: 'Keyboard' });
  await expect(keys).toBeVisible();
  await expect(keys).toContainText('Move the selected order on');
  await page.screenshot({ path: `${SHOTS}/board-tablet-keys.png` });
  await page.keyboard.press('Escape');
  await expect(keys).toBeHidden();
  await page.context().close();
});

test('the bar board hides kitchen-only orders and shows only bar lines', async ({ browser, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const customer = await registerCustomer(request, 'kds-station');
  const food = await kitchenProduct(request);
  const kitchenOnly = await place(request, customer, [{ product_id: food, qty: 1, size_id: 1 }]);
  const mixed = await place(request, customer, [
    { product_id: 1, qty: 1, size_id: 1 },
    { product_id: food, qty: 1, size_id: 1 },
  ]);
  const page = await signedInPage(browser, admin, TABLET);
  await openBoard(page, '?station=bar');
  await expect(page.getByRole('button', { name: 'Bar', pressed: true })).toBeVisible();
  await expect(card(page, mixed.id)).toBeVisible();
  await expect(card(page, mixed.id).getByTestId('board-line')).toHaveCount(1);
  await expect(card(page, kitchenOnly.id)).toHaveCount(0);

  await page.getByRole('button', { name: 'Kitchen' }).click();
  await expect(page).toHaveURL(/station=kitchen/);
  await expect(card(page, kitchenOnly.id)).toBeVisible();
  await expect(card(page, mixed.id).getByTestId('board-line')).toHaveCount(1);
  await page.getByRole('button', { name: 'All' }).click();
  await expect(page).not.toHaveURL(/station=/);
  await expect(card(page, mixed.id).getByTestId('board-line')).toHaveCount(2);

  const phone = await signedInPage(browser, admin, PHONE);
  await openBoard(phone);
  await expect(card(phone, mixed.id)).toBeVisible();
  await phone.screenshot({ path: `${SHOTS}/board-phone.png`, fullPage: true });
  await page.context().close();
  await phone.context().close();
});

test("a Barista works the kitchen display, without Cancel or the counter's pages", async ({ browser, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const hired = await registerCustomer(request, 'kds-barista');
  const made = await request.post(`${API_BASE}/staff`, {
    headers: { 'access-token': admin.token },
    data: { email: hired.email, first_name: 'Budi', role: 'Barista', pin: '1357' },
  });
  expect(made.ok()).toBe(true);
  // The role change ended their sessions: they sign in again, as a Barista.
  const barista = await apiLogin(request, { email: hired.email, password: E2E_PASSWORD });
  expect(barista.role).toBe('Barista');
  const order = await place(request, await registerCustomer(request, 'kds-barista-order'), [{ product_id: 1, qty: 1, size_id: 1 }]);

  const page = await signedInPage(browser, barista, TABLET);
  await page.goto('/');
  await page.getByRole('navigation').getByRole('link', { name: 'Order board' }).first().click();
  await expect(page.getByTestId('live-status')).toHaveText(/live/i);
  await expect(card(page, order.id)).toBeVisible();
  await expect(card(page, order.id).getByRole('button', { name: /Cancel order/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'One order at a time' })).toHaveCount(0);
  // Ticking its line is the kitchen's: it starts, then it is ready.
  await card(page, order.id).getByTestId('board-line').first().click();
  await expect(page.getByTestId(`board-column-${STATUS.ready}`).locator(`[data-order-id="${order.id}"]`)).toBeVisible();

  // The counter's pages, the till and the owner's dashboard are not theirs: told, and taken home.
  for (const path of ['/manageorder', '/till', '/dashboard']) {
    await page.goto(path);
    await expect(toast(page, 'Forbidden, Not Your Role')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  }
  await page.context().close();
});

test('an order for a later slot waits in the Later lane with its time, and starting it sooner asks first', async ({ browser, request }) => {
  // A slot at least an hour ahead, whatever the time of the run (near midnight, tomorrow's first slot is minutes away).
  const shop = ((await (await request.get(`${API_BASE}/shop`)).json()) as { data: { today: string } }).data;
  let slot: { time: string; remaining: number } | undefined;
  for (let days = 1; days <= 3 && !slot; days++) {
    const slots = (
      (await (await request.get(`${API_BASE}/shop/slots?date=${addDays(shop.today, days)}`)).json()) as {
        data: { slots: { time: string; remaining: number }[] };
      }
    ).data.slots;
    slot = slots.find((s) => s.remaining > 0 && Date.parse(s.time) > Date.now() + 60 * 60_000);
  }
  expect(slot, 'a free slot at least an hour ahead').toBeDefined();
  const customer = await registerCustomer(request, 'kds-later');
  const answer = await request.post(`${API_BASE}/transactions`, {
    headers: { 'access-token': customer.token },
    data: { items: [{ product_id: 1, qty: 1, size_id: 1 }], delivery_id: 3, payment_id: 1, scheduled_for: slot!.time },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const order = ((await answer.json()) as { data: Placed }).data;
  // And one for now, to be paid in cash at the counter: its card says how much to collect.
  const cash = await request.post(`${API_BASE}/transactions`, {
    headers: { 'access-token': customer.token },
    data: { items: [{ product_id: 1, qty: 2, size_id: 1 }], delivery_id: 3, payment_id: 3 },
  });
  const now = ((await cash.json()) as { data: Placed & { total: number } }).data;

  const page = await signedInPage(browser, await apiLogin(request, ADMIN), TABLET);
  await openBoard(page);
  await expect(card(page, now.id).getByTestId('board-collect')).toHaveText(`to collect ${formatIDR(now.total)} in cash`);
  const lane = page.getByTestId('later-lane');
  // Folded under one line, so that a day of pre-orders does not push the board down; a tap opens it.
  await expect(page.getByTestId('later-toggle')).toContainText(/orders? for later/);
  await page.getByTestId('later-toggle').click();
  const waiting = lane.locator(`[data-order-id="${order.id}"]`);
  await expect(waiting).toContainText(`#${order.number}`);
  await expect(card(page, order.id)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/later-lane.png` });

  // Starting it sooner asks first; kept for later, it stays there.
  await waiting.getByRole('button', { name: /Start now/ }).click();
  await expect(page.getByRole('dialog')).toContainText(`Order #${order.number} is for`);
  await page.getByRole('dialog').getByRole('button', { name: 'Keep for later' }).click();
  await expect(waiting).toBeVisible();
  await waiting.getByRole('button', { name: /Start now/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Start now' }).click();
  await expect(page.getByTestId(`board-column-${STATUS.preparing}`).locator(`[data-order-id="${order.id}"]`)).toBeVisible();
  await expect(waiting).toHaveCount(0);
  await page.context().close();
});
