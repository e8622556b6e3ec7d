import { readFile } from 'node:fs/promises';
import { API_BASE, type Dashboard, formatIDR } from '@kopi/shared';
import { expect, test } from './playwright';
import { ADMIN, apiLogin, CUSTOMER, screenshot, startSignedIn, uniqueSuffix } from './support';

// The owner's dashboard from real orders (docs/shop-rules.md#the-owners-dashboard): orders placed in this test show in today's
// figures as IDR, and Download Report saves a CSV holding them.

test("the owner's dashboard shows today's orders as IDR and downloads them as a CSV", async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const customer = await apiLogin(request, CUSTOMER);
  const figures = async () =>
    (
      (await (await request.get(`${API_BASE}/dashboard?period=daily`, { headers: { 'access-token': admin.token } })).json()) as {
        data: Dashboard;
      }
    ).data;
  const before = await figures();

  // Two orders: one the admin marks Done (it is revenue), one cancelled (it is not).
  const products = (await (await request.get(`${API_BASE}/products/get?limit=2`)).json()).data as { id: number; product_name: string }[];
  const placed: { id: number; total: number }[] = [];
  for (const [i, product] of products.entries()) {
    const res = await request.post(`${API_BASE}/transactions`, {
      headers: { 'access-token': customer.token, 'Idempotency-Key': `e2e-dash-${uniqueSuffix()}` },
      data: { product_id: product.id, qty: 3 - i, size_id: 1, delivery_id: 3, payment_id: 1 },
    });
    expect(res.status()).toBe(201);
    placed.push((await res.json()).data);
  }
  const [done, cancelled] = placed as [{ id: number; total: number }, { id: number; total: number }];
  for (const [order, status_id] of [
    [done, 2],
    [cancelled, 3],
  ] as const) {
    const res = await request.patch(`${API_BASE}/transactions/${order.id}`, {
      headers: { 'access-token': admin.token },
      data: { status_id, reason: 'Out of milk' },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  const revenue = before.current.revenue + done.total;
  const orders = before.current.orders + 2;

  await startSignedIn(page, admin);
  await page.goto('/dashboard?period=daily');
  await expect(page.getByRole('radio', { name: 'Daily' })).toBeChecked();
  await expect(page.getByRole('heading', { name: 'Daily Report' })).toBeVisible();
  const cards = page.getByTestId('figure-card');
  await expect(cards.filter({ hasText: 'Revenue' })).toContainText(formatIDR(revenue));
  await expect(cards.filter({ hasText: 'Orders' })).toContainText(String(orders));
  await expect(page.getByTestId('revenue-chart')).toBeVisible();
  // The table behind the chart gives today's revenue to a screen reader.
  await expect(page.getByRole('table').getByRole('row').last()).toContainText(formatIDR(revenue));
  await expect(page.getByText(/Your goals is still on \d+%\. Keep up the good work!/)).toBeVisible();
  await expect(page.getByTestId('best-seller').first()).toBeVisible();
  await expect(page.locator('body')).not.toContainText('NaN');
  await screenshot(page, 'dashboard');

  // Download Report saves the CSV of today's lines, the two orders of this test among them.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Report' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^kopi-senja-daily-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const rows = csv.replace(/^\uFEFF/, '').split('\r\n');
  expect(rows[0]).toBe(
    'Order ID,Placed at (Asia/Jakarta),Customer,Status,Delivery,Payment,Product,Size,Add-ons,Qty,Unit price (IDR),Line total (IDR),Order discount (IDR),Order service (IDR),Order tax (IDR),Order total (IDR)',
  );
  const doneRow = rows.find((row) => row.startsWith(`${done.id},`));
  expect(doneRow).toContain(`,Done,Pick Up,Card,`);
  expect(doneRow).toContain(`,${products[0]!.product_name},Reguler,,3,`);
  expect(doneRow!.endsWith(`,${done.total}`)).toBe(true);
  expect(rows.find((row) => row.startsWith(`${cancelled.id},`))).toContain(',Cancelled,');

  // The period is in the address: Weekly changes it, and a reload keeps it.
  await page.getByRole('radio', { name: 'Weekly' }).click();
  await expect(page.getByRole('radio', { name: 'Weekly' })).toBeChecked();
  await expect(page).toHaveURL(/\?period=weekly$/);
  await expect(page.getByRole('heading', { name: 'Weekly Report' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Best Staff of the Week' })).toBeVisible();

  // The goal: a new goal moves the ring to the real percentage.
  await page.getByRole('radio', { name: 'Monthly' }).click();
  await expect(page.getByRole('radio', { name: 'Monthly' })).toBeChecked();
  await expect(page.getByRole('heading', { name: 'Best Staff of the Month' })).toBeVisible();
  const month = (await (await request.get(`${API_BASE}/dashboard?period=monthly`, { headers: { 'access-token': admin.token } })).json())
    .data as Dashboard;
  const goal = Math.max(1, month.goal.month_revenue * 2);
  await page.getByRole('button', { name: 'Set monthly goal' }).click();
  await page.getByLabel('Monthly revenue goal (IDR)').fill('0');
  await page.getByRole('button', { name: 'Save goal' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The goal is' })).toContainText('from 1');
  await page.getByLabel('Monthly revenue goal (IDR)').fill(String(goal));
  await page.getByRole('button', { name: 'Save goal' }).click();
  await expect(page.getByText(`of ${formatIDR(goal)} this month`)).toBeVisible();
  await expect(page.getByTestId('goal-text')).toHaveText(
    `Your goals is still on ${month.goal.month_revenue ? 50 : 0}%. Keep up the good work!`,
  );

  // Share Report: without the Web Share API the link with the period is copied.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
  await page.getByRole('button', { name: 'Share Report' }).click();
  await expect(page.getByText('Link to this report copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/dashboard\?period=monthly$/);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Monthly Report' })).toBeVisible();
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => !el.closest('.sr-only, .overflow-x-auto') && el.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 5)
      .map((el) => `${el.tagName}.${el.className}`),
  );
  // Nothing is wider than a phone: the page never scrolls sideways.
  expect(wide).toEqual([]);
  await screenshot(page, 'dashboard-phone');
});
