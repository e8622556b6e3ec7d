import { API_BASE, addDays, formatIDR, MSG, type Shop } from '@kopi/shared';
import { pressSwitch } from './i18n-switch';
import { expect, type Page, test } from './playwright';
import { chooseSlot, setTimeTime } from './set-time';
import {
  ADMIN,
  apiLogin,
  choose,
  PNG_1PX,
  registerCustomer,
  screenshot,
  signedInPage,
  startSignedIn,
  toast,
  uniqueSuffix,
} from './support';

// A menu priced like a coffee shop's (docs/shop-rules.md#prices-and-sizes, #coupons, #the-member-card):
// sizes with their own prices, add-ons in a drink, sold out, coupons that say why they do not apply,
// and the member card. The server's own rules are tested in apps/api/test; here, what a person sees.

async function openProduct(page: Page, name: string) {
  await page.goto(`/product?search=${encodeURIComponent(name)}&sort=popular&page=1`);
  await page.getByTestId('product-card').filter({ hasText: name }).first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
}

/** Screenshots at 1280 px and at a 375 px phone. */
async function screenshots(page: Page, name: string) {
  // From the top, so that the sticky bar of a full-page picture covers nothing.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, `${name}-phone`);
  if (size) await page.setViewportSize(size);
}

test('a customer chooses a size, an add-on, a slot and a coupon whose reason is shown, and orders', async ({ page, request }) => {
  const customer = await registerCustomer(request, 'menu');
  await startSignedIn(page, customer);
  const shop = ((await (await request.get(`${API_BASE}/shop`)).json()) as { data: Shop }).data;
  const slot = `${addDays(shop.today, 1)}T11:30:00+07:00`;

  // Each size says its price; the price follows the chosen size (the seed: L = R + 5.000, XL = R + 8.000).
  await openProduct(page, 'Kopi Susu Gula Aren');
  const sizes = page.getByRole('group', { name: 'Choose a size' });
  await expect(sizes).toContainText(`R${formatIDR(25000)}`);
  await expect(sizes).toContainText(`L${formatIDR(30000)}`);
  await expect(sizes).toContainText(`XL${formatIDR(33000)}`);
  await expect(page.getByTestId('detail-price')).toHaveText(formatIDR(25000));
  await choose(page.getByRole('radio', { name: 'L', exact: true }));
  await expect(page.getByTestId('detail-price')).toHaveText(formatIDR(30000));

  // Make it yours: an oat milk (IDR 7.000), two of them, then one; a fourth kind cannot be ticked.
  const addons = page.getByRole('group', { name: 'Make it yours' });
  await addons.getByRole('checkbox', { name: /Oat Milk/ }).check();
  await expect(page.getByTestId('detail-price')).toHaveText(formatIDR(37000));
  const oatQty = addons.getByRole('group', { name: 'Oat Milk quantity' });
  await oatQty.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByTestId('detail-price')).toHaveText(formatIDR(44000));
  await oatQty.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(oatQty.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  await oatQty.getByRole('button', { name: 'Decrease quantity' }).click();
  await oatQty.getByRole('button', { name: 'Decrease quantity' }).click();
  await expect(oatQty.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  await expect(page.getByTestId('detail-price')).toHaveText(formatIDR(37000));
  await addons.getByRole('checkbox', { name: /Whipped Cream/ }).check();
  await addons.getByRole('checkbox', { name: /Caramel Syrup/ }).check();
  await expect(addons.getByRole('checkbox', { name: /Boba Pearls/ })).toBeDisabled();
  await addons.getByRole('checkbox', { name: /Whipped Cream/ }).uncheck();
  await addons.getByRole('checkbox', { name: /Caramel Syrup/ }).uncheck();
  await expect(page.getByTestId('detail-price')).toHaveText(formatIDR(37000));

  // A slot of tomorrow, and Pick up: the Dine In coupon will not apply.
  await choose(page.getByRole('radio', { name: 'Pick up' }));
  await chooseSlot(page, slot);
  await screenshots(page, 'menu-detail');

  // A food has one size and no add-ons.
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, /Added to your cart/)).toBeVisible();
  await openProduct(page, 'Croissant');
  await expect(page.getByRole('group', { name: 'Choose a size' }).getByRole('radio')).toHaveCount(1);
  await expect(page.getByRole('group', { name: 'Make it yours' })).toHaveCount(0);

  // Apply Coupon asks the server: DINEIN15 is only for Dine In, and the reason is the server's sentence.
  await page.goto('/product');
  await page.getByTestId('promo-card').filter({ hasText: 'DINEIN15' }).click();
  await expect(page.getByTestId('promo-card').filter({ hasText: 'DINEIN15' })).toContainText('Only for Dine In');
  const quoted = page.waitForResponse((r) => r.url().endsWith('/transactions/quote'));
  await page.getByRole('button', { name: 'Apply Coupon' }).click();
  const quote = (await (await quoted).json()).data as { total: number; promo: { applies: boolean; reason: string } };
  expect(quote.promo.applies).toBe(false);
  expect(quote.promo.reason).toBeTruthy();
  expect(quote.total).toBe(37000);
  await expect(page.getByTestId('coupon-notice')).toContainText(quote.promo.reason);
  await screenshot(page, 'menu-apply-coupon-reason');
  // Said in English: in Bahasa Indonesia it is not left on the page; back in English, it is.
  await pressSwitch(page, 'Bahasa Indonesia');
  await expect(page.getByTestId('coupon-notice')).toHaveCount(0);
  await pressSwitch(page, 'English');
  await expect(page.getByTestId('coupon-notice')).toContainText(quote.promo.reason);

  // The cart shows the line's size and add-on, the quote's total and the same reason.
  await page.goto('/payment');
  const line = page.getByTestId('summary-line').filter({ hasText: 'Kopi Susu Gula Aren' });
  await expect(line).toContainText('Large');
  await expect(line.getByTestId('line-addons')).toContainText(`Oat Milk × 1 (${formatIDR(7000)})`);
  await expect(line).toContainText(formatIDR(37000));
  await expect(setTimeTime(page)).toHaveValue(slot);
  await expect(page.getByTestId('cart-coupon')).toContainText(quote.promo.reason);
  await expect(page.getByTestId('summary-total')).toHaveText(formatIDR(37000));
  await screenshots(page, 'menu-payment-coupon-reason');

  // In Bahasa Indonesia the reason is the server's Indonesian sentence, asked again at the switch;
  // and back in English.
  await pressSwitch(page, 'Bahasa Indonesia');
  await expect(page.getByTestId('cart-coupon')).toContainText(/hanya berlaku untuk/);
  await expect(page.getByTestId('cart-coupon')).not.toContainText(quote.promo.reason);
  await pressSwitch(page, 'English');
  await expect(page.getByTestId('cart-coupon')).toContainText(quote.promo.reason);

  // Dine in: now the coupon applies, and the total is the quote's.
  await choose(page.getByRole('radio', { name: 'Dine in' }));
  await expect(page.getByTestId('cart-coupon')).toContainText('applied');
  await expect(page.getByTestId('cart-coupon')).not.toContainText(quote.promo.reason);
  const discounted = 37000 - Math.floor((37000 * 15) / 100);
  await expect(page.getByTestId('summary-total')).toHaveText(formatIDR(discounted));

  const placed = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/transactions'));
  await page.getByRole('button', { name: 'Confirm and Pay' }).click();
  const order = (await (await placed).json()).data as {
    total: number;
    scheduled_for: string;
    items: { size_id: number; addons: { product_name: string; qty: number; unit_price: number }[] }[];
  };
  expect(order.total).toBe(discounted);
  expect(order.scheduled_for).toBe(new Date(slot).toISOString());
  expect(order.items[0]?.size_id).toBe(2);
  expect(order.items[0]?.addons).toEqual([expect.objectContaining({ product_name: 'Oat Milk', qty: 1, unit_price: 7000 })]);
  await expect(toast(page, MSG.transactionSuccess)).toBeVisible();

  // After ordering: History shows the size and the add-on.
  await expect(page).toHaveURL(/\/history$/, { timeout: 8_000 });
  await expect(page.getByTestId('history-lines').first()).toContainText('1 × Kopi Susu Gula Aren (Large) + Oat Milk × 1');
  await screenshots(page, 'menu-history');
});

test('an admin sets a drink’s Large price and sells it out; the customer sees Sold out; then it is deleted', async ({
  page,
  browser,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN);
  const name = `Es Kopi Pandan ${uniqueSuffix()}`;
  const created = await request.post(`${API_BASE}/products`, {
    headers: { 'access-token': admin.token },
    multipart: {
      product_name: name,
      price: '27000',
      category_id: '2',
      description: 'Cold brew, pandan syrup and coconut milk.',
      images: { name: 'pandan.png', mimeType: 'image/png', buffer: PNG_1PX },
    },
  });
  expect(created.status()).toBe(201);
  const product = (await created.json()).data as { id: number };

  await startSignedIn(page, admin);
  await page.goto(`/product/edit/${product.id}`);
  await expect(page.getByLabel('Large Price', { exact: true })).toHaveAttribute('placeholder', '32000');
  await expect(page.getByLabel('Extra Large Price')).toHaveAttribute('placeholder', '35000');
  await page.getByLabel('Large Price', { exact: true }).fill('41000');
  await page.getByLabel('Sold out').check();
  // The server keeps the sizes in order: its message sits under the field it is about, and nothing is saved.
  await page.getByRole('button', { name: 'Save Product' }).click();
  await expect(toast(page, MSG.editProductFailed)).toBeVisible();
  const refusal = (await (await request.get(`${API_BASE}/products/${product.id}`)).json()).data as { sold_out: boolean };
  expect(refusal.sold_out).toBe(false);
  await page.getByLabel('Extra Large Price').fill('46000');
  await screenshots(page, 'menu-admin-edit');
  const patch = page.waitForRequest((req) => req.method() === 'PATCH' && req.url().endsWith(`/products/${product.id}`));
  await page.getByRole('button', { name: 'Save Product' }).click();
  const body = (await patch).postData() ?? '';
  expect(body).toMatch(/name="price_l"\r\n\r\n41000\r\n/);
  expect(body).toMatch(/name="price_xl"\r\n\r\n46000\r\n/);
  expect(body).toMatch(/name="sold_out"\r\n\r\ntrue\r\n/);
  expect(body).not.toContain('name="product_name"');
  await expect(toast(page, MSG.editProductSuccess)).toBeVisible();

  // The customer: Sold out on the card and the detail, nothing to order; the Large price is the admin's.
  const shopper = await signedInPage(browser, await registerCustomer(request, 'menu'));
  await shopper.goto(`/product?search=${encodeURIComponent(name)}&sort=popular&page=1`);
  await expect(shopper.getByTestId('product-card').filter({ hasText: name }).getByTestId('sold-out')).toHaveText('Sold out');
  await shopper.getByTestId('product-card').filter({ hasText: name }).getByRole('link').click();
  await expect(shopper.getByTestId('sold-out')).toHaveText('Sold out');
  await expect(shopper.getByRole('group', { name: 'Choose a size' })).toContainText(`L${formatIDR(41000)}`);
  await expect(shopper.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  await expect(shopper.getByRole('button', { name: 'CHECKOUT' })).toBeDisabled();
  await screenshot(shopper, 'menu-detail-sold-out');

  // Back on sale from the admin's catalogue card; the customer can order it again.
  await page.goto(`/product?search=${encodeURIComponent(name)}&sort=popular&page=1`);
  const card = page.getByTestId('product-card').filter({ hasText: name });
  await expect(card.getByRole('checkbox', { name: `Sold out: ${name}` })).toBeChecked();
  await card.getByRole('checkbox', { name: `Sold out: ${name}` }).uncheck();
  await expect(toast(page, `${name}: back on sale`)).toBeVisible();
  await expect(card.getByTestId('sold-out')).toHaveCount(0);
  await shopper.reload();
  await expect(shopper.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  await shopper.context().close();

  // Delete product: a confirm dialog (Close keeps it), then back to the catalogue with a toast.
  await page.goto(`/product/edit/${product.id}`);
  await page.getByRole('button', { name: 'Delete product' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Delete ${name}?`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  expect((await request.get(`${API_BASE}/products/${product.id}`)).status()).toBe(200);
  await page.getByRole('button', { name: 'Delete product' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, `${name}: Product deleted`)).toBeVisible();
  await expect(page).toHaveURL(/\/product$/);
  expect((await request.get(`${API_BASE}/products/${product.id}`)).status()).toBe(404);
});

test('an admin gives a promo its rules, and the card says them', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const code = `RULES${uniqueSuffix()}`.toUpperCase().slice(0, 20);
  const created = await request.post(`${API_BASE}/promos`, {
    headers: { 'access-token': admin.token },
    multipart: {
      promo_name: 'House Rules',
      code,
      description: 'A promo whose rules change in this test.',
      discount: '10',
      duration: addDays(new Date().toISOString().slice(0, 10), 30),
      min_price: '0',
      images: { name: 'promo.png', mimeType: 'image/png', buffer: PNG_1PX },
    },
  });
  expect(created.status()).toBe(201);
  const promo = (await created.json()).data as { id: number };

  await startSignedIn(page, admin);
  await page.goto(`/product/promos/edit/${promo.id}`);
  const rules = page.getByRole('group', { name: 'Who may use it' });
  await rules.getByRole('checkbox', { name: 'Dine In' }).check();
  await rules.getByRole('checkbox', { name: 'Pick Up' }).check();
  await rules.getByRole('checkbox', { name: /Members only/ }).check();
  await screenshots(page, 'menu-promo-edit');
  const patch = page.waitForRequest((req) => req.method() === 'PATCH' && req.url().endsWith(`/promos/${promo.id}`));
  await page.getByRole('button', { name: 'Save Promo' }).click();
  const body = (await patch).postData() ?? '';
  expect(body).toMatch(/name="delivery_ids"\r\n\r\n1,3\r\n/);
  expect(body).toMatch(/name="members_only"\r\n\r\ntrue\r\n/);
  expect(body).not.toContain('name="promo_name"');
  await expect(toast(page, MSG.promoEditSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/product$/, { timeout: 8_000 });
  const card = page.getByTestId('promo-card').filter({ hasText: code });
  await expect(card).toContainText('Only for Dine In or Pick Up');
  await expect(card).toContainText('Must have member card');
  await screenshot(page, 'menu-promo-card');

  // No method ticked: valid for all, and the card no longer says "Only for".
  await page.goto(`/product/promos/edit/${promo.id}`);
  await rules.getByRole('checkbox', { name: 'Dine In' }).uncheck();
  await rules.getByRole('checkbox', { name: 'Pick Up' }).uncheck();
  await page.getByRole('button', { name: 'Save Promo' }).click();
  await expect(page).toHaveURL(/\/product$/, { timeout: 8_000 });
  await expect(card).not.toContainText('Only for');
  await expect(card).toContainText('Must have member card');
});

test('the profile shows what is left to spend, then the member card once Done orders reach IDR 200.000', async ({ page, request }) => {
  const customer = await registerCustomer(request, 'menu');
  await startSignedIn(page, customer);
  await page.goto('/profile');
  const banner = page.getByTestId('member-banner');
  await expect(banner).toContainText('Get your member card now!');
  await expect(banner).toContainText(`Spend ${formatIDR(200000)} more`);

  // Two Done orders of 4 × Nasi Goreng Kampung (IDR 40.000): IDR 320.000.
  const admin = await apiLogin(request, ADMIN);
  const menu = (await (await request.get(`${API_BASE}/products/get?search=Nasi%20Goreng%20Kampung`)).json()).data as { id: number }[];
  const productId = menu[0]?.id;
  expect(productId).toBeDefined();
  const first = await request.post(`${API_BASE}/transactions`, {
    headers: { 'access-token': customer.token },
    data: { product_id: productId, qty: 2, size_id: 1, delivery_id: 1, payment_id: 1 },
  });
  expect(first.status()).toBe(201);
  const firstId = ((await first.json()).data as { id: number }).id;
  expect(
    (
      await request.patch(`${API_BASE}/transactions/${firstId}`, { headers: { 'access-token': admin.token }, data: { status_id: 2 } })
    ).status(),
  ).toBe(200);
  await page.reload();
  await expect(banner).toContainText(`Spend ${formatIDR(120000)} more`);
  await screenshots(page, 'menu-profile-banner');

  const second = await request.post(`${API_BASE}/transactions`, {
    headers: { 'access-token': customer.token },
    data: { product_id: productId, qty: 3, size_id: 1, delivery_id: 1, payment_id: 1 },
  });
  expect(second.status()).toBe(201);
  const secondId = ((await second.json()).data as { id: number }).id;
  expect(
    (
      await request.patch(`${API_BASE}/transactions/${secondId}`, { headers: { 'access-token': admin.token }, data: { status_id: 2 } })
    ).status(),
  ).toBe(200);
  await page.reload();
  const card = page.getByTestId('member-card');
  await expect(card).toBeVisible();
  const profile = (await (await request.get(`${API_BASE}/users/profile`, { headers: { 'access-token': customer.token } })).json()).data as {
    member: { number: string } | null;
  };
  expect(profile.member).not.toBeNull();
  await expect(page.getByTestId('member-number')).toHaveText(profile.member?.number ?? '');
  await expect(card).toContainText('member since');
  await expect(banner).toHaveCount(0);
  await screenshots(page, 'menu-profile-member');
});
