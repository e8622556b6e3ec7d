import { API_BASE, addDays, type DaySlots, MSG, type Shop } from '@kopi/shared';
import { type APIRequestContext, expect, type Page, test } from './playwright';
import { type ApiSession, choose, newCustomer, registerCustomer, screenshot, toast, untilHydrated } from './support';

// Rough edges on the customer's path, walked on a phone (docs/decisions/spec-fidelity.md#rough-edges-the-customers-path).
// The test server is open all week, all day (playwright.config.ts): hours stated anywhere must say so.

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

const ADDRESS = 'Jl. Braga No. 12, Bandung';

async function placeOrder(request: APIRequestContext, session: ApiSession, extra: Record<string, unknown> = {}) {
  const placed = await request.post(`${API_BASE}/transactions`, {
    headers: { 'access-token': session.token },
    data: { product_id: 1, qty: 1, size_id: 1, delivery_id: 3, payment_id: 1, ...extra },
  });
  expect(placed.status()).toBe(201);
  return (await placed.json()).data as { id: number; number: number; status_id: number };
}

/** The screen at the phone's width and on a desktop (1280 px), as path-<name>-375/-1280. */
async function screens(page: Page, name: string) {
  await screenshot(page, `path-${name}-375`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, `path-${name}-1280`);
  await page.setViewportSize({ width: 375, height: 812 });
}

async function openKopiSusu(page: Page) {
  await page.goto('/product?search=Kopi%20Susu%20Gula%20Aren&sort=popular&page=1');
  await untilHydrated(page);
  await page.getByTestId('product-card').first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kopi Susu Gula Aren');
}

test("the hours the shop states are its own hours, on the home page, the footer and the product's page", async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('pick it up or have it delivered every day, all day.')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Delivery every day, all day.');
  await expect(page.getByText(/Monday to Friday/)).toHaveCount(0);
  await screens(page, 'hours-home');

  await openKopiSusu(page);
  await expect(page.getByText('Delivery every day, all day', { exact: true })).toBeVisible();
  await expect(page.getByText(/Monday to Friday/)).toHaveCount(0);
  await screens(page, 'hours-detail');
});

test('a Dine In order neither asks for nor keeps an address; Door Delivery asks for it, filled from the profile', async ({
  page,
  request,
}) => {
  const session = await newCustomer(page, request, 'path');
  const saved = await request.patch(`${API_BASE}/users/profile`, {
    headers: { 'access-token': session.token },
    multipart: { address: ADDRESS },
  });
  expect(saved.status()).toBe(200);

  await openKopiSusu(page);
  await choose(page.getByRole('radio', { name: 'Dine in' }));
  await page.getByRole('button', { name: 'CHECKOUT' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('button', { name: 'Confirm and Pay' })).toBeEnabled();
  await expect(page.getByRole('radio', { name: 'Dine in' })).toBeChecked();
  await expect(page.getByLabel('Delivery address')).toHaveCount(0);
  await screens(page, 'payment-dine-in');

  // Door Delivery asks for the address, with the profile's filled in; back to Dine In, it goes again.
  await choose(page.getByRole('radio', { name: 'Door Delivery' }));
  await expect(page.getByLabel('Delivery address')).toHaveValue(ADDRESS);
  await screens(page, 'payment-door-delivery');
  await choose(page.getByRole('radio', { name: 'Dine in' }));
  await expect(page.getByLabel('Delivery address')).toHaveCount(0);

  const placed = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/transactions'));
  await page.getByRole('button', { name: 'Confirm and Pay' }).click();
  const order = (await (await placed).json()).data as { id: number; number: number; address: string | null; delivery_id: number };
  expect(order.delivery_id).toBe(1);
  expect(order.address).toBeNull();
  await expect(toast(page, MSG.transactionSuccess)).toBeVisible();

  await page.goto(`/history/${order.id}`);
  await expect(page.getByRole('heading', { name: `Order #${order.number}` })).toBeVisible();
  await expect(page.getByText('Dine In', { exact: true })).toBeVisible();
  await expect(page.getByText(ADDRESS)).toHaveCount(0);
  await expect(page.getByText('Address', { exact: true })).toHaveCount(0);
  await screens(page, 'order-dine-in');

  // The receipt opens in a tab of its own, fetched with the session (docs/shop-rules.md#receipts).
  const opened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Print receipt' }).click();
  const receipt = await opened;
  await expect(receipt.getByRole('heading', { name: 'Kopi Senja' })).toBeVisible();
  await expect(receipt.getByText(`Order #${order.number}`)).toBeVisible();
  await expect(receipt.getByText('Dine In')).toBeVisible();
  await receipt.close();
});

test('the × on an open order asks first: Cancel order while Pending, or hide it knowing the shop still makes it', async ({
  page,
  request,
}) => {
  const session = await newCustomer(page, request, 'path');
  const first = await placeOrder(request, session);
  const second = await placeOrder(request, session);

  await page.goto('/history');
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const firstCard = page.getByTestId('history-card').filter({ has: page.getByRole('link', { name: `(order #${first.number})` }) });
  await firstCard.getByRole('button', { name: /^Delete order/ }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Hiding does not cancel it');
  await expect(firstCard).toBeVisible();
  await screens(page, 'history-ask');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(toast(page, 'The order is cancelled.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(firstCard).toContainText('Cancelled');
  const cancelled = await request.get(`${API_BASE}/transactions/${first.id}`, { headers: { 'access-token': session.token } });
  expect(((await cancelled.json()).data as { status_id: number }).status_id).toBe(3);

  // Hidden anyway: the question said so; the order stays Pending for the shop.
  const secondCard = page.getByTestId('history-card').filter({ has: page.getByRole('link', { name: `(order #${second.number})` }) });
  await secondCard.getByRole('button', { name: /^Delete order/ }).click();
  await dialog.getByRole('button', { name: 'Hide anyway' }).click();
  await expect(toast(page, 'The order is hidden from your history.')).toBeVisible();
  await expect(secondCard).toHaveCount(0);
  const stillPending = await request.get(`${API_BASE}/transactions/${second.id}`, { headers: { 'access-token': session.token } });
  expect(((await stillPending.json()).data as { status_id: number }).status_id).toBe(1);

  // A final order is hidden at once, as before.
  await firstCard.getByRole('button', { name: /^Delete order/ }).click();
  await expect(dialog).toBeHidden();
  await expect(firstCard).toHaveCount(0);
  await screens(page, 'history-after');
});

test('Set time on a phone: a day, then a time of that day, the next free one first and full ones marked', async ({ page, request }) => {
  const shop = ((await (await request.get(`${API_BASE}/shop`)).json()) as { data: Shop }).data;
  // The day after tomorrow: schedule.spec.ts fills a slot of tomorrow on the same server.
  const later = addDays(shop.today, 2);
  const full = `${later}T00:00:00+07:00`;
  const fullLater = `${later}T10:15:00+07:00`;
  // Other customers fill two slots (SLOT_CAPACITY is 10 on the test server).
  const others = await registerCustomer(request, 'path');
  for (const scheduled_for of [full, fullLater]) {
    for (let i = 0; i < 10; i += 1) await placeOrder(request, others, { scheduled_for });
  }

  await newCustomer(page, request, 'path');
  await openKopiSusu(page);
  const day = page.getByRole('combobox', { name: 'Day', exact: true });
  await expect(day).toBeVisible();
  await expect(day.locator('option:checked')).toHaveText('As soon as possible');
  // One entry for each day of the week ahead, and "As soon as possible".
  expect(await day.locator('option').count()).toBeLessThanOrEqual(8);

  await day.selectOption(later);
  const time = page.getByRole('combobox', { name: 'Time' });
  const times = time.locator('option');
  expect(await times.count()).toBeLessThanOrEqual(30);
  // The night's first slot is full: the list starts at the next free one, and it is chosen.
  await expect(times.first()).toHaveText('00:15');
  await expect(time).toHaveValue(`${later}T00:15:00+07:00`);
  await screens(page, 'set-time');

  await page.getByRole('combobox', { name: 'Part of the day' }).selectOption({ label: 'Morning, 06:00–12:00' });
  expect(await times.count()).toBeLessThanOrEqual(30);
  await expect(time.locator(`option[value="${fullLater}"]`)).toHaveText('10:15 — full');
  await expect(time.locator(`option[value="${fullLater}"]`)).toBeDisabled();
  await time.selectOption(`${later}T10:00:00+07:00`);
  await screens(page, 'set-time-morning');

  await page.getByRole('button', { name: 'CHECKOUT' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('combobox', { name: 'Time' })).toHaveValue(`${later}T10:00:00+07:00`);
  await expect(page.getByRole('combobox', { name: 'Day', exact: true })).toHaveValue(later);
  const slots = ((await (await request.get(`${API_BASE}/shop/slots?date=${later}`)).json()) as { data: DaySlots }).data;
  expect(slots.slots.find((slot) => slot.time === fullLater)?.remaining).toBe(0);
});
