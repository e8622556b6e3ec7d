import { API_BASE, STATUS } from '@kopi/shared';
import { type APIRequestContext, expect, test } from './playwright';
import { ADMIN, type ApiSession, apiLogin, placeByApi, registerCustomer, screenshot, uniqueSuffix } from './support';

// The pick-up screen (docs/shop-rules.md#the-pick-up-screen): a TV at 1920×1080, public, live, and
// nothing about an order but its number and a first name.

test.use({ viewport: { width: 1920, height: 1080 } });

async function move(request: APIRequestContext, admin: ApiSession, id: number, statusId: number) {
  const moved = await request.patch(`${API_BASE}/transactions/${id}`, {
    headers: { 'access-token': admin.token },
    data: { status_id: statusId },
  });
  expect(moved.status()).toBe(200);
  return ((await moved.json()) as { data: { number: number; total: number } }).data;
}

test('the pick-up screen shows a number in Ready within a second of the move, and nothing else of the order', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const customer = await registerCustomer(request, 'pickup', '081234567807');
  const id = await placeByApi(request, customer);
  // A guest at a table, being made: on the screen by the name given.
  const table = await request.post(`${API_BASE}/tables`, {
    headers: { 'access-token': admin.token },
    data: { name: `Pickup ${uniqueSuffix().slice(-6)}` },
  });
  const { token } = ((await table.json()) as { data: { token: string } }).data;
  const guest = await request.post(`${API_BASE}/transactions`, {
    headers: { 'idempotency-key': `pickup-${uniqueSuffix()}` },
    data: { items: [{ product_id: 1, qty: 1, size_id: 1 }], delivery_id: 1, payment_id: 3, table_token: token, guest_name: 'Budi Santoso' },
  });
  expect(guest.status()).toBe(201);
  const guestOrder = ((await guest.json()) as { data: { id: number; number: number } }).data;
  await move(request, admin, guestOrder.id, STATUS.preparing);

  await page.goto('/status');
  await expect(page.getByRole('heading', { name: 'Preparing' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ready for pick-up' })).toBeVisible();
  // No shop bar: a full screen.
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByTestId('pickup-connection')).toBeHidden();

  const { number, total } = await move(request, admin, id, STATUS.preparing);
  const preparing = page.getByTestId('pickup-preparing');
  const ready = page.getByTestId('pickup-ready');
  const entry = (column: typeof ready) => column.getByTestId('pickup-entry').filter({ hasText: new RegExp(`^#${number}\\b`) });
  await expect(entry(preparing)).toBeVisible();
  await expect(preparing.getByTestId('pickup-entry').filter({ hasText: new RegExp(`^#${guestOrder.number}(?!\\d)`) })).toContainText(
    'Budi',
  );

  await move(request, admin, id, STATUS.ready);
  await expect(entry(ready)).toBeVisible({ timeout: 1_000 });
  await expect(entry(preparing)).toHaveCount(0);

  // Readable from 5 m: the number at least 64 px tall.
  const size = await entry(ready)
    .locator('span')
    .first()
    .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
  expect(size).toBeGreaterThanOrEqual(64);

  // Only numbers and first names: no e-mail, no amount.
  const text = (await page.locator('body').textContent()) ?? '';
  expect(text).not.toContain(customer.email);
  expect(text).not.toContain('@');
  expect(text).not.toMatch(/IDR|Rp/);
  expect(text).not.toContain(total.toLocaleString('id-ID'));

  await page.screenshot({ path: '/tmp/shots-front/pickup-1920.png' });
  await screenshot(page, 'pickup-screen');

  // Done: it leaves the screen.
  await move(request, admin, id, STATUS.done);
  await expect(entry(ready)).toHaveCount(0);
});
