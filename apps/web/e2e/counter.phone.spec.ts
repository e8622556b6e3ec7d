import { API_BASE, formatShopMoment } from '@kopi/shared';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { ADMIN, type ApiSession, apiLogin, screenshot, startSignedIn, uniqueSuffix } from './support';

// The counter on a phone (docs/decisions/spec-fidelity.md#rough-edges-the-counter-and-small-screens):
// Manage order on the shop's clock.

const PASSWORD = 'kopi-senja-e2e-1';

async function newCustomer(request: APIRequestContext): Promise<ApiSession> {
  const email = `e2e-counter-${uniqueSuffix()}@kopisenja.test`;
  const created = await request.post(`${API_BASE}/users/register`, { data: { email, password: PASSWORD, phone_number: '081234567806' } });
  expect(created.status()).toBe(201);
  return apiLogin(request, { email, password: PASSWORD });
}

async function placeByApi(request: APIRequestContext, session: ApiSession): Promise<number> {
  const placed = await request.post(`${API_BASE}/transactions`, {
    headers: { 'access-token': session.token },
    data: { items: [{ product_id: 1, qty: 1, size_id: 1 }], delivery_id: 3, payment_id: 1 },
  });
  expect(placed.status()).toBe(201);
  return ((await placed.json()) as { data: { id: number } }).data.id;
}

test.describe('in a browser on another clock', () => {
  test.use({ timezoneId: 'UTC', locale: 'en-US' });

  test("Manage order says when an order was placed on the shop's clock, as every other screen does", async ({ page, request }) => {
    const customer = await newCustomer(request);
    await placeByApi(request, customer);
    const admin = await apiLogin(request, ADMIN);
    await startSignedIn(page, admin);
    await page.goto('/manageorder');

    const line = page.getByText(/^Order #\d+ · /);
    await expect(line).toBeVisible();
    const id = Number((await line.textContent())?.match(/^Order #(\d+)/)?.[1]);
    const oldest = (await (
      await request.get(`${API_BASE}/transactions?status=1&limit=1&page=1`, { headers: { 'access-token': admin.token } })
    ).json()) as { data: { id: number; created_at: string }[] };
    expect(oldest.data[0]?.id).toBe(id);
    const shopZone = (await page.locator('meta[name="shop-timezone"]').getAttribute('content')) || 'Asia/Jakarta';
    expect(shopZone).not.toBe('UTC'); // otherwise the browser's clock and the shop's could not be told apart
    const placed = formatShopMoment(new Date(oldest.data[0]!.created_at), shopZone);
    await expect(line).toHaveText(new RegExp(`^Order #${id} · ${placed}( · |$)`));
    await screenshot(page, 'manage-order-phone');
  });
});
