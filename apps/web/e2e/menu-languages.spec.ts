import { API_BASE, MSG, TOKEN_HEADER } from '@kopi/shared';
import { ID, indonesianPage } from './i18n-support';
import { expect, type Page, test } from './playwright';
import {
  ADMIN,
  apiLogin,
  PNG_1PX,
  placeByApi,
  registerCustomer,
  screenshot,
  startSignedIn,
  toast,
  uniqueSuffix,
  untilHydrated,
} from './support';

// The menu in two languages (docs/shop-rules.md#the-menu-in-two-languages): the owner writes a product's
// Indonesian name and description on its edit form; Indonesian pages show them, drawn with the page
// by the server and after it, and a customer's order of it; either language's name finds it in the menu's search.

/** The page at both widths, for the screenshots of this change. */
async function shotsAtBothWidths(page: Page, name: string): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
    await page.waitForTimeout(200);
    await screenshot(page, `${name}-${width}`);
  }
}

test('an owner writes a product in Bahasa Indonesia: Indonesian pages show it, and "susu" or "milk" finds it', async ({
  page,
  request,
  browser,
}) => {
  const admin = await apiLogin(request, ADMIN);
  const tag = uniqueSuffix();
  const english = `Iced Milk Coffee ${tag}`;
  const indonesian = `Es Kopi Susu ${tag}`;
  const created = await request.post(`${API_BASE}/products`, {
    headers: { [TOKEN_HEADER]: admin.token },
    multipart: {
      product_name: english,
      price: '26000',
      category_id: '2',
      description: 'Espresso over cold milk and palm sugar.',
      images: { name: 'kopi.png', mimeType: 'image/png', buffer: PNG_1PX },
    },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { data: { id: number } }).data.id;

  try {
    // The edit form: the Indonesian fields are empty, each saying what a blank shows.
    await startSignedIn(page, admin);
    await page.goto(`/product/edit/${id}`);
    await untilHydrated(page);
    const name = page.getByLabel('Nama (Bahasa Indonesia)');
    await expect(name).toHaveValue('');
    await expect(page.getByText('Shown on Indonesian pages; blank: the English above.').first()).toBeVisible();
    await name.fill(indonesian);
    await page.getByLabel('Deskripsi (Bahasa Indonesia)').fill('Espresso di atas susu dingin dan gula aren.');
    await shotsAtBothWidths(page, 'product-edit-indonesian');
    const patch = page.waitForRequest((req) => req.method() === 'PATCH' && req.url().includes(`/products/${id}`));
    await page.getByRole('button', { name: 'Save Product' }).click();
    const body = (await patch).postData() ?? '';
    expect(body).toContain('name="indonesian_name"');
    expect(body).not.toContain('name="product_name"');
    await expect(toast(page, MSG.editProductSuccess)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/detail/${id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(english);

    // In Indonesian: the product's page and the menu, as the server draws them and in a browser set to Indonesian.
    const drawn = await request.get(`/detail/${id}`, { headers: { 'accept-language': 'id-ID' } });
    expect(await drawn.text()).toContain(indonesian);
    // A browser set to Indonesian, not the switch: the switch keeps a signed-in person's language on the account.
    const visitor = await indonesianPage(browser, 1280);
    await visitor.goto(`/detail/${id}`);
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(indonesian);
    await expect(visitor.getByText('Espresso di atas susu dingin dan gula aren.')).toBeVisible();
    await shotsAtBothWidths(visitor, 'detail-indonesian');

    await visitor.goto(`/product?search=${encodeURIComponent(`susu ${tag}`)}`);
    await expect(visitor.getByRole('link', { name: new RegExp(indonesian) }).first()).toBeVisible();
    await visitor.goto(`/product?search=${encodeURIComponent(`milk coffee ${tag}`)}`);
    await expect(visitor.getByRole('link', { name: new RegExp(indonesian) }).first()).toBeVisible();
    // The demo's coupons and categories in Indonesian too.
    await visitor.goto('/product');
    await expect(visitor.getByText('Jam Senja').first()).toBeVisible();
    await expect(visitor.getByText(ID['category.coffee'] as string).first()).toBeVisible();
    await shotsAtBothWidths(visitor, 'menu-indonesian');
    await visitor.context().close();

    // In English: the English name, found by the Indonesian word as well.
    await page.goto(`/product?search=${encodeURIComponent(`susu ${tag}`)}`);
    await expect(page.getByRole('link', { name: new RegExp(english) }).first()).toBeVisible();
    await expect(page.getByText(indonesian)).toHaveCount(0);
    await shotsAtBothWidths(page, 'menu-english-search-susu');

    // A customer's order of it, on their order page in Indonesian: the line has the Indonesian name.
    const customer = await registerCustomer(request, 'menu-languages');
    const orderId = await placeByApi(request, customer, { items: [{ product_id: id, qty: 1, size_id: 1 }], delivery_id: 3, payment_id: 1 });
    const shopper = await indonesianPage(browser, 375);
    await startSignedIn(shopper, customer);
    await shopper.goto(`/history/${orderId}`);
    await expect(shopper.getByText(indonesian).first()).toBeVisible();
    await screenshot(shopper, 'order-indonesian-375');
    await shopper.context().close();
  } finally {
    await request.delete(`${API_BASE}/products/${id}`, { headers: { [TOKEN_HEADER]: admin.token } });
  }
});

test('the promo form takes the Indonesian name and starts from both as typed', async ({ page, request, browser }) => {
  const admin = await apiLogin(request, ADMIN);
  const promos = (await (await request.get(`${API_BASE}/promos/get`)).json()) as {
    data: { id: number; texts: { en: { name: string } } }[];
  };
  const senja = promos.data.find((promo) => promo.texts.en.name === 'Senja Hour');
  expect(senja).toBeDefined();
  await startSignedIn(page, admin);
  await page.goto(`/product/promos/edit/${senja!.id}`);
  await untilHydrated(page);
  await expect(page.getByLabel('Promo Name')).toHaveValue('Senja Hour');
  await expect(page.getByLabel('Nama (Bahasa Indonesia)')).toHaveValue('Jam Senja');
  await shotsAtBothWidths(page, 'promo-edit-indonesian');
  // On an Indonesian page, the English field still holds the English.
  const inIndonesian = await indonesianPage(browser, 1280);
  await startSignedIn(inIndonesian, admin);
  await inIndonesian.goto(`/product/promos/edit/${senja!.id}`);
  await untilHydrated(inIndonesian);
  await expect(inIndonesian.getByLabel(ID['admin.indonesianName'] as string)).toHaveValue('Jam Senja');
  await expect(inIndonesian.getByLabel(ID['admin.promo.name'] as string, { exact: true })).toHaveValue('Senja Hour');
  await shotsAtBothWidths(inIndonesian, 'promo-edit-in-indonesian');
  await inIndonesian.context().close();
});
