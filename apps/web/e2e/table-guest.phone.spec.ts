import { API_BASE, STATUS } from '@kopi/shared';
import { type APIRequestContext, expect, test } from './playwright';
import { ADMIN, type ApiSession, apiLogin, screenshot, signedInPage, uniqueSuffix } from './support';
import { expectTapTargets } from './tap-targets';

// Orders from the table (docs/shop-rules.md#orders-from-the-table): a guest scans a table's QR code on
// a 375 px phone, orders without an account and follows the order live to Ready.

test.use({ viewport: { width: 375, height: 812 } });

async function move(request: APIRequestContext, admin: ApiSession, id: number, statusId: number) {
  const moved = await request.patch(`${API_BASE}/transactions/${id}`, {
    headers: { 'access-token': admin.token },
    data: { status_id: statusId },
  });
  expect(moved.status()).toBe(200);
}

async function newTable(request: APIRequestContext, admin: ApiSession) {
  const created = await request.post(`${API_BASE}/tables`, {
    headers: { 'access-token': admin.token },
    data: { name: `Table ${uniqueSuffix().slice(-5)}` },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { data: { id: number; name: string; token: string } }).data;
}

test('a guest scans a table, orders with a name and follows the order live to Ready', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const table = await newTable(request, admin);

  // An unknown code says so.
  await page.goto('/t/not-a-real-table-token');
  await expect(page.getByRole('heading', { name: 'This table code is not known' })).toBeVisible();
  await expect(page.getByText('ask the staff')).toBeVisible();

  await page.goto(`/t/${table.token}`);
  await expect(page).toHaveURL(/\/product$/);
  await expect(page.getByTestId('table-banner')).toContainText(`Dine In · ${table.name}`);

  await page.goto('/detail/1');
  await page.getByRole('button', { name: 'CHECKOUT' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByTestId('checkout-table')).toHaveText(`Dine In · ${table.name}`);
  await expect(page.getByTestId('checkout-cash')).toHaveText('Cash on Delivery — pay in cash at the counter');
  await expect(page.getByTestId('cart-coupon')).toHaveCount(0);
  await expectTapTargets(page, 'guest checkout');
  await page.screenshot({ path: '/tmp/shots-front/guest-checkout-375.png', fullPage: true });

  // A name is needed.
  await page.getByRole('button', { name: 'Confirm and Pay' }).click();
  await expect(page.getByText('Please enter your name')).toBeVisible();
  await page.getByLabel('Your name').fill('Sari');
  await page.getByRole('button', { name: 'Confirm and Pay' }).click();

  await expect(page).toHaveURL(new RegExp(`/t/${table.token}/order/\\d+$`));
  const id = Number(page.url().split('/').pop());
  const heading = page.getByRole('heading', { name: /^Order #\d+$/ });
  await expect(heading).toBeVisible();
  await expect(page.getByText(`${table.name} · Sari`)).toBeVisible();
  await expect(page.getByTestId('tracker-current')).toHaveText(/Ordered/);
  await expect(page.getByTestId('guest-order-connection')).toBeHidden();
  await expectTapTargets(page, 'guest order');
  await page.screenshot({ path: '/tmp/shots-front/guest-order-375.png', fullPage: true });

  await move(request, admin, id, STATUS.preparing);
  await expect(page.getByTestId('tracker-current')).toHaveText(/Preparing/);

  // The network drops: the guest is told, and the page catches up once it is back.
  await page.context().setOffline(true);
  await expect(page.getByTestId('guest-order-connection')).toBeVisible();
  await expect(page.getByTestId('guest-order-connection')).toContainText('offline');
  await page.screenshot({ path: '/tmp/shots-front/guest-order-offline-375.png', fullPage: true });
  await move(request, admin, id, STATUS.ready);
  await page.context().setOffline(false);

  await expect(page.getByText('Your order is ready')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('tracker-current')).toHaveText(/Ready/);
  await expect(page.getByTestId('guest-order-connection')).toBeHidden();
  await page.screenshot({ path: '/tmp/shots-front/guest-order-ready-375.png', fullPage: true });
  await screenshot(page, 'guest-order-ready-phone');

  // The order reloads from this phone's kept token.
  await page.reload();
  await expect(page.getByText('Your order is ready')).toBeVisible();
});

test('an admin adds a table, sees its QR code and deletes it', async ({ browser, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const page = await signedInPage(browser, admin);
  await page.goto('/manageorder');
  await page.getByRole('link', { name: 'Tables and QR codes' }).click();
  await expect(page.getByRole('heading', { name: 'Tables', exact: true })).toBeVisible();

  const name = `Table ${uniqueSuffix().slice(-6)}`;
  await page.getByLabel('Table name').fill(name);
  await page.getByRole('button', { name: 'Add table' }).click();
  const card = page.getByTestId('table-card').filter({ hasText: name });
  await expect(card.getByRole('img', { name: `QR code of ${name}` })).toBeVisible();
  expect(await card.getByTestId('table-qr').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);

  // The same name again: the server's answer is said.
  await page.getByLabel('Table name').fill(name.toUpperCase());
  await page.getByRole('button', { name: 'Add table' }).click();
  await expect(page.getByText(/already/i)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print QR codes' })).toBeVisible();
  await page.screenshot({ path: '/tmp/shots-front/tables-desktop.png', fullPage: true });
  await screenshot(page, 'tables-admin');
  // The printed sheet: the codes and their names only.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print QR codes' })).toBeHidden();
  await page.screenshot({ path: '/tmp/shots-front/tables-print.png', fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  await card.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Delete ${name}?`);
  await dialog.getByRole('button', { name: 'Delete table' }).click();
  await expect(page.getByTestId('table-card').filter({ hasText: name })).toHaveCount(0);
  await page.context().close();
});
