import { API_BASE, formatIDR, STATUS } from '@kopi/shared';
import { admin as texts } from '@kopi/shared/i18n/en/admin';
import { common } from '@kopi/shared/i18n/en/common';
import { server } from '@kopi/shared/i18n/en/server';
import { type APIRequestContext, expect, type Page, test } from './playwright';
import {
  ADMIN,
  type ApiSession,
  apiLogin,
  choose,
  newCustomer,
  screenshot,
  startSignedIn,
  toast,
  uniqueSuffix,
  untilHydrated,
} from './support';

// The owner's two screens (docs/shop-rules.md#settings, docs/shop-rules.md#staff-and-roles): the
// settings, with the example bill priced as the server prices orders, and the staff. The run's
// database is every spec's: the settings changed here are put back as they were, whatever happens.

const auth = (session: ApiSession) => ({ 'access-token': session.token });

async function readSettings(request: APIRequestContext, session: ApiSession): Promise<Record<string, unknown>> {
  const response = await request.get(`${API_BASE}/shop/settings`, { headers: auth(session) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

interface Member {
  id: number;
  name: string;
  email: string;
  role: string;
  active: boolean;
}

async function readStaff(request: APIRequestContext, session: ApiSession): Promise<Member[]> {
  const response = await request.get(`${API_BASE}/staff`, { headers: auth(session) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Member[] }).data;
}

test('the owner sets the tax and the name on /settings, and manages the staff on /staff', async ({ page, request }) => {
  const owner = await apiLogin(request, ADMIN);
  const before = await readSettings(request, owner);
  await startSignedIn(page, owner);
  try {
    // Settings: the example bill follows the rates as they are typed.
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: texts['admin.settings.heading'] })).toBeVisible();
    const dineIn = page.getByTestId('example-1');
    await expect(dineIn.getByTestId('example-total')).toContainText(formatIDR(100_000));
    await page.getByLabel(texts['admin.settings.taxRate']).fill('10');
    await expect(dineIn.getByTestId('example-tax')).toContainText(`PBJT 10%${formatIDR(10_000)}`);
    await expect(dineIn.getByTestId('example-total')).toContainText(formatIDR(110_000));
    await page.getByLabel(texts['admin.settings.name']).fill('Kopi Senja Braga');
    await page.getByRole('button', { name: texts['admin.settings.save'] }).click();
    await expect(toast(page, texts['admin.settings.saved'])).toBeVisible();
    expect(await readSettings(request, owner)).toMatchObject({ tax_rate: 10, name: 'Kopi Senja Braga' });
    // The page's own name follows at once.
    await expect(page.getByRole('banner')).toContainText('Kopi Senja Braga');

    // A rate the shop cannot keep is said under its field, and nothing is stored.
    await page.getByLabel(texts['admin.settings.taxRate']).fill('12');
    await expect(page.getByTestId('example-bill')).toContainText(texts['admin.settings.exampleInvalid']);
    await page.getByRole('button', { name: texts['admin.settings.save'] }).click();
    await expect(page.getByText(common.taxRateRange)).toBeVisible();
    await expect(page.getByLabel(texts['admin.settings.taxRate'])).toHaveAttribute('aria-invalid', 'true');
    expect((await readSettings(request, owner)).tax_rate).toBe(10);
    await page.getByLabel(texts['admin.settings.taxRate']).fill('10');

    // Printers (docs/shop-rules.md#receipts-and-printers): one added, a bad address refused under its field.
    const printers = page.getByTestId('printers');
    await printers.getByRole('button', { name: texts['admin.settings.addPrinter'] }).click();
    await printers.getByLabel(texts['admin.settings.printerName'], { exact: true }).fill('Bar');
    await printers.getByLabel(texts['admin.settings.printerHost']).fill('not a host');
    await printers.getByLabel(texts['admin.settings.printerPrints']).selectOption('bar');
    await page.getByRole('button', { name: texts['admin.settings.save'] }).click();
    await expect(printers.getByText(common.printerHostInvalid)).toBeVisible();
    await printers.getByLabel(texts['admin.settings.printerHost']).fill('192.168.1.20');
    await page.getByRole('button', { name: texts['admin.settings.save'] }).click();
    // (the first save's toast may still be showing: the stored settings say it)
    await expect
      .poll(async () => (await readSettings(request, owner)).printers)
      .toEqual([{ name: 'Bar', host: '192.168.1.20', port: 9100, width: 80, prints: 'bar' }]);
  } finally {
    const restored = await request.patch(`${API_BASE}/shop/settings`, { headers: auth(owner), data: before });
    expect(restored.status()).toBe(200);
  }

  // Staff: a Cashier added, made a Barista, deactivated.
  const name = `Sari ${uniqueSuffix().slice(-5)}`;
  const email = `e2e-owner-${uniqueSuffix()}@kopisenja.test`;
  await page.goto('/staff');
  await expect(page.getByRole('heading', { name: texts['admin.staff.heading'], exact: true })).toBeVisible();
  await page.getByLabel(texts['admin.staff.email']).fill(email);
  await page.getByLabel(texts['admin.staff.firstName']).fill(name);
  await page.getByLabel(texts['admin.staff.role'], { exact: true }).selectOption('Cashier');
  await page.getByLabel(texts['admin.staff.pin'], { exact: true }).fill('2468');
  await page.getByRole('button', { name: texts['admin.staff.addButton'] }).click();
  await expect(toast(page, `${name} added as Cashier`)).toBeVisible();
  const row = page.getByRole('listitem', { name });
  await expect(row.getByTestId('member-status')).toHaveText(texts['admin.staff.active']);

  await row.getByRole('combobox', { name: `Role of ${name}` }).selectOption('Barista');
  await expect(toast(page, `${name} is now Barista`)).toBeVisible();
  await row.getByRole('button', { name: `Deactivate ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: texts['admin.staff.deactivate'], exact: true }).click();
  await expect(toast(page, `${name} is deactivated`)).toBeVisible();
  await expect(row.getByTestId('member-status')).toHaveText(texts['admin.staff.inactive']);
  expect((await readStaff(request, owner)).find((member) => member.email === email)).toMatchObject({ role: 'Barista', active: false });

  // The shop's last active Admin cannot be demoted: the server's 409, said in the row; nothing changed.
  const admins = (await readStaff(request, owner)).filter((member) => member.role === 'Admin' && member.active);
  expect(admins.map((member) => member.id)).toEqual([owner.id]);
  const ownerRow = page.getByRole('listitem', { name: admins[0]!.name });
  await ownerRow.getByRole('combobox', { name: `Role of ${admins[0]!.name}` }).selectOption('Cashier');
  await expect(ownerRow.getByRole('alert')).toHaveText(server['server.lastAdmin']);
  await expect(ownerRow.getByRole('combobox')).toHaveValue('Admin');
  expect((await readStaff(request, owner)).find((member) => member.id === owner.id)).toMatchObject({ role: 'Admin', active: true });
});

/** Places the cart as it is on /payment and answers the order the server stored. */
async function confirmAndPay(page: Page): Promise<{ id: number; number: number; service: number; tax: number; total: number }> {
  const placed = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/transactions'));
  await page.getByRole('button', { name: 'Confirm and Pay' }).click();
  return (await (await placed).json()).data;
}

/** Opens the order's receipt from its page, as its customer does, and answers the receipt's tab. */
async function openReceipt(page: Page, order: { id: number; number: number }): Promise<Page> {
  await page.goto(`/history/${order.id}`);
  await expect(page.getByRole('heading', { name: `Order #${order.number}` })).toBeVisible();
  const opened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Print receipt' }).click();
  const receipt = await opened;
  await expect(receipt.getByText(`Order #${order.number}`)).toBeVisible();
  return receipt;
}

test("the owner's PBJT 10% and 5% service on Dine In: on a Dine In cart and receipt both, on Pick Up only the tax; the tax report sums them", async ({
  browser,
  page,
  request,
}) => {
  const owner = await apiLogin(request, ADMIN);
  const before = await readSettings(request, owner);
  const rates = { tax_name: 'PBJT', tax_rate: 10, service_rate: 5, service_on: [1], prices_include_tax: false };
  expect((await request.patch(`${API_BASE}/shop/settings`, { headers: auth(owner), data: rates })).status()).toBe(200);
  try {
    await newCustomer(page, request, 'tax');
    const fees = page.getByTestId('summary-fee');

    // Dine In: both fees under TAX & FEES in the cart, and on the receipt.
    await page.goto('/detail/1');
    await untilHydrated(page);
    await choose(page.getByRole('radio', { name: 'Dine in' }));
    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    await expect(page).toHaveURL(/\/payment$/);
    await expect(fees).toHaveText([/^Service 5%/, /^PBJT 10%/]);
    // Pick Up in the same cart: only the tax.
    await choose(page.getByRole('radio', { name: 'Pick up' }));
    await expect(fees).toHaveText([/^PBJT 10%/]);
    await choose(page.getByRole('radio', { name: 'Dine in' }));
    await expect(fees).toHaveCount(2);
    const dineIn = await confirmAndPay(page);
    expect(dineIn.service).toBeGreaterThan(0);
    const receipt = await openReceipt(page, dineIn);
    await expect(receipt.getByRole('row', { name: /Service 5%/ })).toContainText(formatIDR(dineIn.service));
    await expect(receipt.getByRole('row', { name: /PBJT 10%/ })).toContainText(formatIDR(dineIn.tax));
    await expect(receipt.getByRole('row', { name: /Total/ }).first()).toContainText(formatIDR(dineIn.total));
    // On a 58 mm roll (219 CSS px at 96 px to the inch), printed: nothing is cut off or pushed sideways.
    await receipt.emulateMedia({ media: 'print' });
    await receipt.setViewportSize({ width: 219, height: 800 });
    const overflow = await receipt.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await screenshot(receipt, 'receipt-58mm-dine-in');
    await receipt.close();

    // Pick Up: the tax only, in the cart and on the receipt.
    await page.goto('/detail/1');
    await untilHydrated(page);
    await choose(page.getByRole('radio', { name: 'Pick up' }));
    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    await expect(fees).toHaveText([/^PBJT 10%/]);
    const pickUp = await confirmAndPay(page);
    expect(pickUp.service).toBe(0);
    const pickUpReceipt = await openReceipt(page, pickUp);
    await expect(pickUpReceipt.getByRole('row', { name: /PBJT 10%/ })).toContainText(formatIDR(pickUp.tax));
    await expect(pickUpReceipt.getByRole('row', { name: /Service/ })).toHaveCount(0);
    await pickUpReceipt.close();

    // Both handed over: the owner's tax report counts them, apart per order type.
    for (const order of [dineIn, pickUp]) {
      const moved = await request.patch(`${API_BASE}/transactions/${order.id}`, { headers: auth(owner), data: { status_id: STATUS.done } });
      expect(moved.status()).toBe(200);
    }
    const ownerPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await startSignedIn(ownerPage, owner);
    await ownerPage.goto('/dashboard');
    await expect(ownerPage.getByTestId('tax-summary')).toContainText(texts['admin.tax.net']);
    await screenshot(ownerPage, 'dashboard-tax-summary');
    await ownerPage.getByRole('link', { name: texts['admin.tax.open'] }).click();
    await expect(ownerPage.getByRole('heading', { name: texts['admin.tax.heading'] })).toBeVisible();
    const report = (await (await request.get(`${API_BASE}/dashboard/tax`, { headers: auth(owner) })).json()).data;
    expect(report.totals.tax).toBeGreaterThanOrEqual(dineIn.tax + pickUp.tax);
    await expect(ownerPage.getByTestId('tax-report-total')).toContainText(formatIDR(report.totals.tax));
    await screenshot(ownerPage, 'tax-report-1280');
    await ownerPage.setViewportSize({ width: 375, height: 812 });
    const sideways = await ownerPage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(sideways).toBe(0);
    await screenshot(ownerPage, 'tax-report-375');
    // A range the server refuses is said, and the form stays to correct it.
    await ownerPage.goto('/dashboard/tax?from=2026-11-30&to=2026-11-01');
    await expect(ownerPage.getByText(common.taxReportOrder)).toBeVisible();
    await ownerPage.getByLabel(texts['admin.tax.from'], { exact: true }).fill('2026-11-01');
    await ownerPage.getByLabel(texts['admin.tax.to'], { exact: true }).fill('2026-11-30');
    await ownerPage.getByRole('button', { name: texts['admin.tax.show'] }).click();
    await expect(ownerPage).toHaveURL(/from=2026-11-01&to=2026-11-30/);
    await ownerPage.close();
  } finally {
    const restored = await request.patch(`${API_BASE}/shop/settings`, { headers: auth(owner), data: before });
    expect(restored.status()).toBe(200);
  }
});
