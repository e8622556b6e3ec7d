import { mkdirSync } from 'node:fs';
import { API_BASE } from '@kopi/shared';
import { admin as english } from '@kopi/shared/i18n/en/admin';
import { admin as indonesian } from '@kopi/shared/i18n/id/admin';
import { type APIRequestContext, type Browser, expect, type Page, test } from './playwright';
import { ADMIN, type ApiSession, apiLogin, registerCustomer, startSignedIn } from './support';

// The staff's screens with the browser in Indonesian: each speaks Indonesian (<html lang="id">), no
// text of the staff's English catalogue is left on them, and a picture of each at 1280 px and 375 px
// (the kitchen display at 1024 × 768) is kept for a person who reads Indonesian to look at.

const SHOTS = '/tmp/i18n-shots/admin';
mkdirSync(SHOTS, { recursive: true });

const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740 };
const TABLET = { width: 1024, height: 768 };

/**
 * The staff catalogue's English sentences that Indonesian says differently: none may be on an
 * Indonesian page. Short words ("Bar", "Cancel") are left to the checks of each screen: they also
 * occur inside product names and longer texts.
 */
const ENGLISH_LEFT = Object.entries(english)
  .filter(([key, text]) => indonesian[key as keyof typeof english] !== text && !text.includes('{') && text.length >= 12)
  .map(([, text]) => text);

/** An order placed for `customer`: its id (its number is the shop day's, which other days' orders share). */
async function placeOrder(request: APIRequestContext, customer: ApiSession): Promise<number> {
  const menu = await request.get(`${API_BASE}/products/get?limit=50`);
  const { data: products } = (await menu.json()) as { data: { id: number; sold_out: boolean; category_id: number }[] };
  const drink = products.find((p) => !p.sold_out && p.category_id !== 1)!;
  const answer = await request.post(`${API_BASE}/transactions`, {
    headers: { 'access-token': customer.token },
    data: { items: [{ product_id: drink.id, qty: 2, size_id: 1 }], delivery_id: 3, payment_id: 1 },
  });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { data: { id: number } }).data.id;
}

async function indonesianPage(browser: Browser, session: ApiSession, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'id-ID' });
  const page = await context.newPage();
  await startSignedIn(page, session);
  return page;
}

/** The page is in Indonesian and holds none of the staff's English sentences; then its picture is kept. */
async function checkAndShoot(page: Page, name: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
  const text = (await page.locator('body').textContent()) ?? '';
  expect(ENGLISH_LEFT.filter((sentence) => text.includes(sentence))).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('the staff screens speak Indonesian when the browser does', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const admin = await apiLogin(request, ADMIN);
  const customer = await registerCustomer(request, 'i18n-admin');
  const orderId = await placeOrder(request, customer);
  const table = await request.post(`${API_BASE}/tables`, {
    headers: { 'access-token': admin.token },
    data: { name: `9${Date.now() % 1000}` },
  });
  expect(table.status()).toBe(201);
  const promos = (await (await request.get(`${API_BASE}/promos/get`)).json()) as { data: { id: number }[] };

  for (const [size, viewport] of [
    ['1280', WIDE],
    ['375', PHONE],
  ] as const) {
    const page = await indonesianPage(browser, admin, viewport);

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Lihat perkembangan kedai Anda sejauh ini' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Laporan Bulanan' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Staf Terbaik Bulan Ini' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unduh Laporan' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Harian' })).toBeVisible();
    await expect(page.getByText(/masih berjalan\. Pendapatan hanya menghitung/)).toBeVisible();
    await checkAndShoot(page, `dashboard-${size}`);
    // The period changes once its answer is asked for: clicked, then seen checked.
    await page.getByRole('radio', { name: 'Harian' }).click();
    await expect(page.getByRole('radio', { name: 'Harian' })).toBeChecked();
    await expect(page.getByRole('heading', { name: 'Laporan Harian' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Jam Tersibuk' })).toBeVisible();
    // The chart's labels are the shop's days in Indonesian: "26 Nov", never an English weekday.
    await expect(page.getByTestId('revenue-chart')).not.toContainText(/Mon|Tue|Wed|Thu|Fri|Sat|Sun/);
    await checkAndShoot(page, `dashboard-daily-${size}`);

    await page.goto('/manageorder');
    await expect(page.getByRole('heading', { name: 'Kelola pesanan' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tandai selesai' })).toBeVisible();
    await expect(page.getByText(/Pesanan #\d+ · (Sen|Sel|Rab|Kam|Jum|Sab|Min), \d+ \w+ \d\d\.\d\d/)).toBeVisible();
    await expect(page.getByText(/Pesanan menunggu 1 dari \d+/)).toBeVisible();
    await checkAndShoot(page, `manage-order-${size}`);

    await page.goto('/manageorder/board');
    await expect(page.getByRole('heading', { name: 'Papan pesanan' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Perlu dibuat' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Dapur' })).toBeVisible();
    await expect(page).toHaveTitle(/Papan pesanan · /);
    await expect(page.locator(`#board-card-${orderId}`).getByRole('button', { name: /Mulai siapkan/ })).toBeVisible();
    await checkAndShoot(page, `board-${size}`);

    await page.goto('/manageorder/tables');
    await expect(page.getByRole('heading', { name: 'Meja', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cetak kode QR' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^\d+ meja$/ })).toBeVisible();
    await page.getByRole('button', { name: 'Tambah meja' }).click();
    await expect(page.getByText('Nama meja wajib diisi')).toBeVisible();
    await checkAndShoot(page, `tables-${size}`);

    await page.goto('/product/new');
    await expect(page.getByRole('heading', { name: 'Tambah produk' })).toBeVisible();
    await expect(page.getByLabel('Harga Normal')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Simpan Produk' })).toBeVisible();
    // The categories by the names the menu gives them in Indonesian.
    await expect(page.getByLabel('Kategori').locator('option')).toHaveText([/.+/, 'Makanan', 'Kopi', 'Non Kopi', 'Tambahan']);
    await checkAndShoot(page, `product-new-${size}`);

    await page.goto('/product/edit/1');
    await expect(page.getByRole('heading', { name: 'Ubah produk' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Hapus produk' })).toBeVisible();
    await checkAndShoot(page, `product-edit-${size}`);

    await page.goto('/product/promos/new');
    await expect(page.getByRole('heading', { name: 'Tambah promo' })).toBeVisible();
    await expect(page.getByLabel('Kode Kupon')).toBeVisible();
    await checkAndShoot(page, `promo-new-${size}`);

    if (promos.data[0]) {
      await page.goto(`/product/promos/edit/${promos.data[0].id}`);
      await expect(page.getByRole('heading', { name: 'Ubah promo' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Simpan Promo' })).toBeVisible();
      await checkAndShoot(page, `promo-edit-${size}`);
    }
    await page.context().close();
  }

  // The kitchen display on a tablet, with its keys' help open.
  const board = await indonesianPage(browser, admin, TABLET);
  await board.goto('/manageorder/board');
  await expect(board.getByRole('heading', { name: 'Papan pesanan' })).toBeVisible();
  await expect(board.getByText('Rata-rata waktu penyiapan')).toBeVisible();
  await checkAndShoot(board, 'board-1024');
  await board.keyboard.press('?');
  await expect(board.getByRole('heading', { name: 'Pintasan papan ketik' })).toBeVisible();
  await expect(board.getByText('Spasi atau Enter')).toBeVisible();
  await checkAndShoot(board, 'board-keys-1024');
  await board.context().close();
});
