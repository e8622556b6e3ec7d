import { API_BASE, addDays, MSG, type Shop } from '@kopi/shared';
import { type APIRequestContext, expect, type Page, test } from './playwright';
import { apiLogin, CUSTOMER, newCustomer, screenshot, toast } from './support';

// "Set time" as a choice of the shop's slots (docs/shop-rules.md#opening-hours-and-slots). The server runs
// always open (playwright.config.ts) in Asia/Jakarta; the closed shop is shown by answering GET /shop
// as closed, and the server's own rules for it are tested in apps/api/test/shop.test.ts.

async function shopNow(request: APIRequestContext): Promise<Shop> {
  return ((await (await request.get(`${API_BASE}/shop`)).json()) as { data: Shop }).data;
}

async function openProduct(page: Page) {
  await page.goto('/product?search=Kopi%20Susu%20Gula%20Aren&sort=popular&page=1');
  await page.getByTestId('product-card').first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kopi Susu Gula Aren');
}

test('a customer picks a slot, the cart keeps it, and the order is placed for it; full slots show as full', async ({ page, request }) => {
  const shop = await shopNow(request);
  const tomorrow = addDays(shop.today, 1);
  const chosen = `${tomorrow}T10:00:00+07:00`;
  const full = `${tomorrow}T10:15:00+07:00`;
  // Another customer fills the 10:15 slot (SLOT_CAPACITY is 10 on the test server).
  const other = await apiLogin(request, CUSTOMER);
  for (let i = 0; i < 10; i += 1) {
    const placed = await request.post(`${API_BASE}/transactions`, {
      headers: { 'access-token': other.token },
      data: { product_id: 1, qty: 1, size_id: 1, delivery_id: 3, payment_id: 1, scheduled_for: full },
    });
    expect(placed.status()).toBe(201);
  }

  await newCustomer(page, request, 'slot', '081234567802');
  await openProduct(page);
  // A day, then a time of that day (a long day by its part first): each list stays short on a phone.
  const day = page.getByRole('combobox', { name: 'Day', exact: true });
  const time = page.getByRole('combobox', { name: 'Time' });
  // Open now: "As soon as possible" is offered, and chosen until another time is.
  await expect(day.locator('option:checked')).toHaveText('As soon as possible');
  await expect(time).toHaveCount(0);
  await day.selectOption(tomorrow);
  await page.getByRole('combobox', { name: 'Part of the day' }).selectOption({ label: 'Morning, 06:00–12:00' });
  const fullOption = time.locator(`option[value="${full}"]`);
  await expect(fullOption).toHaveText('10:15 — full');
  await expect(fullOption).toBeDisabled();
  await expect(time.locator(`option[value="${chosen}"]`)).toHaveText('10:00');

  await time.selectOption(chosen);
  await expect(time).toHaveValue(chosen);
  await expect(day.locator('option:checked')).toHaveText(/^Tomorrow, /);
  await screenshot(page, 'schedule-detail');
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, 'schedule-detail-phone');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'CHECKOUT' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('combobox', { name: 'Time' })).toHaveValue(chosen);
  await screenshot(page, 'schedule-payment');

  const placed = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/transactions'));
  await page.getByRole('button', { name: 'Confirm and Pay' }).click();
  const order = (await (await placed).json()).data as { scheduled_for: string };
  expect(order.scheduled_for).toBe(new Date(chosen).toISOString());
  await expect(toast(page, MSG.transactionSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/history$/, { timeout: 8_000 });

  const slots = await (await request.get(`${API_BASE}/shop/slots?date=${tomorrow}`)).json();
  expect(slots.data.slots).toContainEqual({ time: chosen, remaining: 9 });
});

test('while the shop is closed "As soon as possible" is not offered, and an order confirmed offline keeps its time', async ({
  page,
  request,
}) => {
  const shop = await shopNow(request);
  const tomorrow = addDays(shop.today, 1);
  const opening = `${tomorrow}T13:00:00+07:00`;
  await page.route(`**${API_BASE}/shop`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Shop };
    await route.fulfill({ response, json: { ...body, data: { ...body.data, open_now: false, closes_at: null, next_opening: opening } } });
  });

  const customer = await newCustomer(page, request, 'slot', '081234567802');
  await openProduct(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.goto('/payment');

  const day = page.getByRole('combobox', { name: 'Day', exact: true });
  const time = page.getByRole('combobox', { name: 'Time' });
  await expect(day.getByRole('option', { name: 'As soon as possible' })).toHaveCount(0);
  await expect(day.locator('option:checked')).toHaveText(MSG.setTimePlaceholder);
  const openingDay = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Jakarta',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).format(new Date(opening));
  await expect(page.getByText(`We are closed now. We open on ${openingDay} at 13:00: choose a time for your order.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm and Pay' })).toBeDisabled();
  await screenshot(page, 'schedule-closed');

  await day.selectOption(tomorrow);
  await page.getByRole('combobox', { name: 'Part of the day' }).selectOption({ label: 'Afternoon, 12:00–17:00' });
  await time.selectOption(opening);
  await expect(page.getByRole('button', { name: 'Confirm and Pay' })).toBeEnabled();

  // The connection drops as the customer pays: the order is kept on the phone, with its time, and
  // leaves once the network is back (docs/decisions/offline-and-caching.md#the-outbox).
  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Confirm and Pay' }).click();
  await expect(page.getByTestId('saved-offline')).toBeVisible();
  await screenshot(page, 'schedule-offline');

  // Sent by the page or, through Background Sync, by the service worker (not the page's request):
  // the shop is asked what it stored.
  await page.context().setOffline(false);
  await expect(toast(page, /^Your saved order was placed: order #\d+\.$/)).toBeVisible();
  const history = await request.get(`${API_BASE}/transactions/history`, { headers: { 'access-token': customer.token } });
  const orders = ((await history.json()) as { data: { scheduled_for: string | null }[] }).data;
  expect(orders.map((order) => order.scheduled_for)).toEqual([new Date(opening).toISOString()]);
});

for (const [zone, told] of [
  ['America/New_York', true],
  // Bangkok's clock shows Jakarta's time: nothing to say.
  ['Asia/Bangkok', false],
] as const) {
  test.describe(`a phone on ${zone}'s clock`, () => {
    test.use({ timezoneId: zone });

    test(`"Set time" ${told ? 'says' : 'does not say'} that times are the shop's`, async ({ page }) => {
      await openProduct(page);
      await expect(page.getByRole('combobox', { name: 'Day', exact: true })).toBeEnabled();
      await expect(page.getByText("Times are the shop's (Asia/Jakarta).")).toHaveCount(told ? 1 : 0);
    });
  });
}
