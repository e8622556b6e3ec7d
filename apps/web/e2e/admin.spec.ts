import { API_BASE, formatIDR, IMAGE_MAX_BYTES, MSG } from '@kopi/shared';
import { expect, test } from './playwright';
import { ADMIN, apiLogin, CUSTOMER, loginThroughForm, PNG_1PX, screenshot, startSignedIn, toast, uniqueSuffix } from './support';

const PRODUCT_MESSAGES = [
  MSG.productNameRequired,
  MSG.productPriceRequired,
  MSG.productDescriptionRequired,
  MSG.productPictureRequired,
  MSG.productCategoryRequired,
];

test('an admin adds a product (each validation message once) and edits it', async ({ page }) => {
  await loginThroughForm(page, ADMIN);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Your Cart' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Edit / }).first()).toBeVisible();
  await screenshot(page, 'catalogue-admin');

  await page.getByRole('link', { name: 'Add Product' }).click();
  await expect(page).toHaveURL(/\/product\/new$/);
  await page.getByRole('button', { name: 'Save Product' }).click();
  for (const message of PRODUCT_MESSAGES) await expect(page.getByText(message, { exact: true })).toHaveCount(1);
  await screenshot(page, 'product-new-errors');

  const picker = page.getByLabel('Choose from gallery');
  await picker.setInputFiles({ name: 'menu.gif', mimeType: 'image/gif', buffer: PNG_1PX });
  await page.getByRole('button', { name: 'Save Product' }).click();
  await expect(page.getByText(MSG.fileTypeWrong)).toBeVisible();
  await picker.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(IMAGE_MAX_BYTES + 1) });
  await page.getByRole('button', { name: 'Save Product' }).click();
  await expect(page.getByText(MSG.fileTooBig)).toBeVisible();

  // Cancel resets the form.
  await page.getByLabel('Name').fill('to be cleared');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Name')).toHaveValue('');

  const name = `Es Kopi Pandan ${uniqueSuffix()}`;
  await picker.setInputFiles({ name: 'pandan.png', mimeType: 'image/png', buffer: PNG_1PX });
  await page.getByLabel('Category').selectOption({ label: 'Coffee' });
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Normal Price').fill('27000');
  await page.getByLabel('Description').fill('Cold brew, pandan syrup and coconut milk.');
  await screenshot(page, 'product-new');
  await page.getByRole('button', { name: 'Save Product' }).click();
  await expect(toast(page, MSG.addProductSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/detail\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByTestId('detail-price')).toHaveText(formatIDR(27000));
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Coffee');
  await expect(page.getByRole('button', { name: 'CHECKOUT' })).toHaveCount(0);
  await screenshot(page, 'detail-admin');

  // Edit product: current values as placeholders, Save only once something changed, back to detail after 2 s.
  await page.getByRole('link', { name: 'Edit Product' }).click();
  await expect(page).toHaveURL(/\/product\/edit\/\d+$/);
  await expect(page.getByLabel('Name')).toHaveAttribute('placeholder', name);
  await expect(page.getByLabel('Normal Price')).toHaveAttribute('placeholder', '27000');
  await expect(page.getByRole('button', { name: 'Save Product' })).toBeDisabled();
  await page.getByLabel('Normal Price').fill('29000');
  await expect(page.getByRole('button', { name: 'Save Product' })).toBeEnabled();
  await screenshot(page, 'product-edit');
  const patch = page.waitForRequest((req) => req.method() === 'PATCH' && req.url().includes('/products/'));
  await page.getByRole('button', { name: 'Save Product' }).click();
  // docs/decisions/spec-fidelity.md#forms: only the changed field is sent.
  const body = (await patch).postData() ?? '';
  expect(body).toContain('name="price"');
  expect(body).not.toContain('name="product_name"');
  await expect(toast(page, MSG.editProductSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/detail\/\d+$/, { timeout: 8_000 });
  await expect(page.getByTestId('detail-price')).toHaveText(formatIDR(29000));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
});

test('an admin adds a promo and edits it', async ({ page, request }) => {
  await startSignedIn(page, await apiLogin(request, ADMIN));
  await page.goto('/product');
  await page.getByRole('link', { name: 'Add Promo' }).click();
  await expect(page).toHaveURL(/\/product\/promos\/new$/);
  await page.getByRole('button', { name: 'Save Product' }).click();
  await expect(page.getByText(MSG.allInputRequired, { exact: true })).toHaveCount(1);
  await screenshot(page, 'promo-new-errors');

  const code = `E2E${uniqueSuffix()}`.toUpperCase().slice(0, 20);
  const promoName = `Senja Hemat ${uniqueSuffix()}`;
  await page.getByLabel('Choose a picture').setInputFiles({ name: 'promo.png', mimeType: 'image/png', buffer: PNG_1PX });
  await page.getByLabel('Discount (%)').fill('15');
  await page.getByLabel('Expire Date').fill('2030-12-31');
  await page.getByLabel('Coupon Code').fill(code);
  await page.getByLabel('Promo Name').fill(promoName);
  await page.getByLabel('Minimum price').fill('50000');
  await page.getByLabel('Description').fill('Fifteen percent off from IDR 50.000.');
  await screenshot(page, 'promo-new');
  await page.getByRole('button', { name: 'Save Product' }).click();
  await expect(toast(page, MSG.addPromoSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/product$/, { timeout: 8_000 });
  const card = page.getByTestId('promo-card').filter({ hasText: promoName });
  await expect(card).toContainText('15% OFF');
  await expect(card).toContainText(code);
  await expect(card).toContainText('Valid until Tue, 31 Dec 2030');

  // The same code again is refused with a clear message.
  await page.goto('/product/promos/new');
  await page.getByLabel('Choose a picture').setInputFiles({ name: 'promo.png', mimeType: 'image/png', buffer: PNG_1PX });
  await page.getByLabel('Discount (%)').fill('10');
  await page.getByLabel('Expire Date').fill('2030-12-31');
  await page.getByLabel('Coupon Code').fill(code);
  await page.getByLabel('Promo Name').fill('Duplicate');
  await page.getByLabel('Minimum price').fill('0');
  await page.getByLabel('Description').fill('Same code.');
  await page.getByRole('button', { name: 'Save Product' }).click();
  await expect(toast(page, MSG.addPromoFailed)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasNotText: MSG.addPromoFailed }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/product$/);

  await page.getByRole('link', { name: `Edit ${promoName}` }).click();
  await expect(page).toHaveURL(/\/product\/promos\/edit\/\d+$/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText('Favorite & Promo > Edit Promo');
  await expect(page.getByLabel('Coupon Code')).toHaveValue(code);
  await page.getByLabel('Discount (%)').fill('20');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Discount (%)')).toHaveValue('15');
  await page.getByLabel('Discount (%)').fill('20');
  await screenshot(page, 'promo-edit');
  await page.getByRole('button', { name: 'Save Promo' }).click();
  await expect(toast(page, MSG.promoEditSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/product$/, { timeout: 8_000 });
  await expect(page.getByTestId('promo-card').filter({ hasText: promoName })).toContainText('20% OFF');
});

test("an admin works through pending orders and marks the customer's order done", async ({ page, request }) => {
  // A customer's order, placed through the API: this test is about the admin's screen.
  const customer = await apiLogin(request, CUSTOMER);
  const products = await (await request.get(`${API_BASE}/products/get?limit=1`)).json();
  const created = await request.post(`${API_BASE}/transactions`, {
    headers: { 'access-token': customer.token, 'Idempotency-Key': `e2e-${uniqueSuffix()}` },
    data: { product_id: products.data[0].id, qty: 2, size_id: 2, delivery_id: 3, payment_id: 1 },
  });
  expect(created.status()).toBe(201);
  const order = (await created.json()).data as { id: number; number: number; customer: { display_name: string } };

  await startSignedIn(page, await apiLogin(request, ADMIN));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'See how your store progress so far' })).toBeVisible();
  await expect(page.getByTestId('goal-text')).toContainText(/Your goals is still on \d+%\. Keep up the good work!/);

  await page.goto('/payment');
  await expect(page.getByRole('heading', { name: MSG.checkoutAdminHeading })).toBeVisible();
  await expect(page.getByText(MSG.deliveryOrder).first()).toBeVisible();
  await screenshot(page, 'payment-admin');

  await page.getByRole('banner').getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/manageorder$/);
  for (const step of ['Order', 'Checkout', 'Finish Order']) await expect(page.getByRole('list', { name: 'Steps' })).toContainText(step);
  await screenshot(page, 'manage-order');

  // Oldest first: the new order is the last one. Slide to it (its number alone does not find it: the
  // demo's orders of earlier days have numbers of their own days, which may be the same).
  const slide = page.getByRole('button', { name: new RegExp(MSG.slideHint) });
  const title = page.locator('#pending-order-title');
  const position = page.getByText(/^Pending order \d+ of \d+$/);
  await expect(title).toBeVisible();
  for (let i = 0; i < 50 && (await slide.isEnabled()); i += 1) {
    const at = await position.textContent();
    await slide.click();
    await expect(position).not.toHaveText(at ?? '');
  }
  await expect(title).toHaveText(`Pick Up for ${order.customer.display_name}`);
  // Its number and the time it was placed, which no other pending order shares.
  const placedLine = (await page.getByText(`Order #${order.number} ·`).textContent()) ?? '';
  // Paid by Card at the counter: this shop takes no online payments (docs/shop-rules.md#payments).
  await expect(page.getByRole('radio', { name: 'Card' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Card' })).toBeDisabled();
  await expect(page.getByText('Collect payment')).toBeVisible();
  await expect(page.getByText('STATUS ORDER')).toBeVisible();
  await expect(slide).toBeDisabled(); // the newest order is the last one

  await page.getByRole('button', { name: 'Mark as done' }).click();
  await expect(toast(page, MSG.transactionUpdateSuccess)).toBeVisible();
  await expect(page.getByText(placedLine, { exact: true })).toBeHidden({ timeout: 8_000 });

  // The customer sees it done in History.
  const history = await (
    await request.get(`${API_BASE}/transactions/history?limit=50`, { headers: { 'access-token': customer.token } })
  ).json();
  expect(history.data.find((o: { id: number }) => o.id === order.id)?.status_name).toBe('Done');

  // Working through every pending order ends with the spec's message.
  await page.goto('/manageorder');
  const current = page.getByText(/^Order #\d+ ·/);
  const nothingLeft = page.getByText(MSG.nothingPending);
  await expect(current.or(nothingLeft)).toBeVisible();
  for (let i = 0; i < 50 && (await current.isVisible()); i += 1) {
    const shown = (await current.textContent()) ?? '';
    await page.getByRole('button', { name: 'Mark as done' }).click();
    await expect(page.getByText(shown)).toBeHidden({ timeout: 8_000 });
    await expect(current.or(nothingLeft)).toBeVisible();
  }
  await expect(page.getByText(MSG.nothingPending)).toBeVisible();
  await screenshot(page, 'manage-order-empty');

  // The admin's LOGOUT opens the dialog.
  await page.getByRole('button', { name: 'LOGOUT' }).click();
  await expect(page.getByRole('dialog')).toContainText(MSG.logoutConfirm);
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
