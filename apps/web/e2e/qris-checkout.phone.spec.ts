import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BASE, formatIDR } from '@kopi/shared';
import { type Sandbox, startSandbox } from '../../../tools/payments-sandbox/sandbox.ts';
import { type OwnShop, startOwnShop } from './own-shop';
import { type APIRequestContext, type Browser, expect, type Page, request as playwrightRequest, test } from './playwright';
import { ADMIN, apiLogin, choose, registerCustomer, rupiah, screenshot, startSignedIn, untilHydrated } from './support';

// Paying online (docs/shop-rules.md#payments) on a 375 px phone: a shop with payments on, its own
// server talking to the local payments sandbox. The customer checks out with QRIS, sees the QR code
// and the countdown, pays on the sandbox's page, and their order page turns to the tracker live while
// the counter's board gets the order. A bank transfer shows its virtual account to copy, and expires.

const KEY = 'SB-Mid-server-e2e-qris';
const PHONE = { width: 375, height: 812 };
/** Where the pictures of this spec are also kept for a person to look at (SHOTS_DIR overrides). */
const SHOTS = process.env.SHOTS_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '../../../test-output/screenshots');

test.use({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

let sandbox: Sandbox;
let shop: OwnShop;
let api: APIRequestContext;

test.beforeAll(async () => {
  sandbox = await startSandbox({ serverKey: KEY });
  shop = await startOwnShop({
    MIDTRANS_SERVER_KEY: KEY,
    MIDTRANS_API_URL: sandbox.url,
    SEED_DEMO: 'true',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    OPENING_HOURS: 'mon-sun 00:00-24:00',
  });
  api = await playwrightRequest.newContext({ baseURL: shop.baseURL });
});

test.afterAll(async () => {
  await api?.dispose();
  await shop?.stop();
  await sandbox?.close();
});

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  if (process.env.SHOTS_DIR) {
    mkdirSync(SHOTS, { recursive: true });
    copyFileSync(
      join(dirname(fileURLToPath(import.meta.url)), '../../../test-output/screenshots', `${name}.png`),
      join(SHOTS, `${name}.png`),
    );
  }
}

/** A drink of the shop's menu in the cart (Reguler, picked up), and the cart open. */
async function drinkInCart(page: Page): Promise<void> {
  const products = (await (await api.get(`${API_BASE}/products/get?limit=20`)).json()) as { data: { id: number; category_id: number }[] };
  const drink = products.data.find((product) => product.category_id === 2);
  expect(drink).toBeDefined();
  await page.goto(`${shop.baseURL}/detail/${drink!.id}`);
  await untilHydrated(page);
  await choose(page.getByRole('radio', { name: 'Pick up' }));
  await page.getByRole('button', { name: 'CHECKOUT' }).tap();
  await expect(page).toHaveURL(`${shop.baseURL}/payment`);
}

/** The gateway's order id the shop charged for order `id` (kopi-<id>-…). */
function gatewayOrderId(id: number): string {
  const found = [...sandbox.charges.keys()].find((key) => key.startsWith(`kopi-${id}-`));
  expect(found, `a charge for order ${id}`).toBeDefined();
  return found!;
}

async function boardOf(browser: Browser): Promise<Page> {
  const board = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await startSignedIn(board, await apiLogin(api, ADMIN));
  await board.goto(`${shop.baseURL}/manageorder/board`);
  await expect(board.getByTestId('live-status')).toHaveText('Live');
  return board;
}

test('a customer pays by QRIS on a phone: QR and countdown, paid in the sandbox, the page turns live to the tracker and the board gets it', async ({
  page,
  browser,
}) => {
  const board = await boardOf(browser);
  // The chime is wanted (its button says so); it sounds for the new order once paid.
  const sound = board.getByRole('button', { name: /^Sound/ });
  await sound.click();
  await expect(sound).toHaveAttribute('aria-pressed', 'true');

  await startSignedIn(page, await registerCustomer(api, 'qris'));
  await drinkInCart(page);
  const total = (await page.getByTestId('summary-total').textContent()) ?? '';
  // Online payments are offered here: every method can be chosen, Card stays the default.
  await expect(page.getByRole('radio', { name: 'Card' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'QRIS' })).toBeEnabled();
  await expect(page.getByText('Not offered by this shop yet')).toHaveCount(0);
  await page.getByRole('radio', { name: 'Bank Account' }).check();
  await expect(page.getByRole('group', { name: 'Your bank' })).toBeVisible();
  await shot(page, 'qris-checkout-bank-choice-phone');
  await page.getByRole('radio', { name: 'QRIS' }).check();
  await expect(page.getByText('a QR code to scan with any e-wallet or bank app')).toBeVisible();
  await shot(page, 'qris-checkout-payments-on-phone');

  await page.getByRole('button', { name: 'Confirm and Pay' }).tap();
  await expect(page).toHaveURL(new RegExp(`^${shop.baseURL}/history/\\d+$`));
  const orderId = Number(page.url().split('/').pop());
  const qr = page.getByRole('img', { name: /^QRIS code to pay IDR/ });
  await expect(qr).toBeVisible();
  await expect(page.getByText('Scan with any e-wallet or bank app (QRIS)')).toBeVisible();
  await expect(page.getByTestId('payment-amount')).toHaveText(total);
  await expect(page.getByTestId('payment-countdown')).toHaveText(/^Pay within 1[45]:\d\d$/);
  await expect(page.getByTestId('tracker-current')).toHaveCount(0);
  const number = (await page.getByRole('heading', { level: 1 }).textContent())?.replace('Order #', '');
  // Not on the board while it is not paid.
  await expect(board.locator(`#board-card-${orderId}`)).toHaveCount(0);
  await shot(page, 'qris-panel-phone');

  // The network cut on the payment panel: the customer is told their payment is not lost.
  await page.context().setOffline(true);
  await expect(page.getByTestId('payment-offline')).toContainText('You are offline');
  await expect(page.getByTestId('payment-offline')).toContainText('your payment is not lost');
  await shot(page, 'qris-panel-offline-phone');
  await page.context().setOffline(false);
  await expect(page.getByText('This page changes by itself as soon as your payment arrives.')).toBeVisible({ timeout: 15_000 });

  // The customer pays in the sandbox's own page.
  const payer = await (await browser.newContext()).newPage();
  await payer.goto(`${sandbox.url}/pay/${gatewayOrderId(orderId)}`);
  await payer.getByRole('button', { name: 'Pay', exact: true }).click();
  await payer.context().close();

  // Live, within seconds: the panel turns into the tracker at "Ordered", the payment says paid.
  await expect(page.getByTestId('tracker-current')).toHaveText('Current step: Ordered', { timeout: 8_000 });
  await expect(page.getByTestId('payment-panel')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Order progress' }).getByRole('listitem').first()).toHaveText(/^Awaiting payment/);
  await expect(page.getByText(/^Paid \d\d:\d\d$/)).toBeVisible();
  await shot(page, 'qris-paid-phone');

  // The board got it as a new order, announced (and chimed).
  const card = board.locator(`#board-card-${orderId}`);
  await expect(card).toBeVisible();
  await expect(card.getByTestId('board-collect')).toHaveCount(0);
  await expect(board.getByTestId('board-announcement')).toContainText(`New order #${number}`);
  await expect(sound).toHaveText(/^Sound on/);
  await screenshot(board, 'qris-paid-board');
  await board.context().close();
});

test('a bank transfer shows its virtual account to copy, and says so when the payment expires', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shop.baseURL });
  await startSignedIn(page, await registerCustomer(api, 'va'));
  await drinkInCart(page);
  await page.getByRole('radio', { name: 'Bank Account' }).check();
  // The bank is required: Confirm without it says so and goes to it.
  await page.getByRole('button', { name: 'Confirm and Pay' }).tap();
  await expect(page.getByText('Choose your bank')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'BCA' })).toBeFocused();
  await choose(page.getByRole('radio', { name: 'BNI' }));
  await page.getByRole('button', { name: 'Confirm and Pay' }).tap();
  await expect(page).toHaveURL(new RegExp(`^${shop.baseURL}/history/\\d+$`));
  const orderId = Number(page.url().split('/').pop());

  const account = page.getByTestId('virtual-account');
  await expect(account).toContainText('Transfer to this BNI virtual account');
  const charge = sandbox.charges.get(gatewayOrderId(orderId))!;
  await expect(page.getByTestId('va-number')).toHaveText(charge.vaNumber!);
  await expect(account).toContainText(`Transfer exactly ${formatIDR(charge.grossAmount)}`);
  await page.getByRole('button', { name: 'Copy Virtual account number' }).tap();
  await expect(account.getByRole('status')).toHaveText('✓ Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(charge.vaNumber);
  await shot(page, 'va-panel-phone');

  await sandbox.expire(charge.orderId);
  await expect(page.getByTestId('order-cancelled')).toHaveText('Payment expired: this order was cancelled', { timeout: 8_000 });
  await expect(page.getByTestId('payment-panel')).toHaveCount(0);
  await shot(page, 'va-expired-phone');
});

test('the till at 1024×768: a Cashier added on /staff opens with IDR 200.000, sells twice in cash and once by QRIS, pays out milk, collects a phone order, closes at variance 0, and every order reached the kitchen', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const base = shop.baseURL;
  const admin = await apiLogin(api, ADMIN);
  const page = await (await browser.newContext({ viewport: { width: 1024, height: 768 } })).newPage();
  await startSignedIn(page, admin);
  const name = `Sari${Date.now().toString().slice(-5)}`;

  // The owner adds the Cashier with a PIN on /staff, then signs this tablet in as a till.
  await page.goto(`${base}/staff`);
  await page.getByLabel('E-mail').fill(`${name.toLowerCase()}@kopisenja.test`);
  await page.getByLabel('First name').fill(name);
  await page.getByLabel('Role', { exact: true }).selectOption('Cashier');
  await page.getByLabel('PIN', { exact: true }).fill('2468');
  await page.getByRole('button', { name: 'Add member' }).click();
  await expect(page.getByText(`${name} added as Cashier`)).toBeVisible();
  await page.goto(`${base}/till`);
  await page.getByLabel("The till's name").fill('Till 1');
  await page.getByRole('button', { name: 'Sign this device in as a till' }).click();
  await page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  for (const digit of '2468') await page.getByRole('button', { name: digit, exact: true }).click();
  await page.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page.getByText(`${name} is on`)).toBeVisible();
  // A Cashier's top bar: their pages and Logout, no customer's cart and no menu search.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Till' })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('search')).toHaveCount(0);
  await page.getByLabel('Opening cash (float)').fill('200000');
  await page.getByRole('button', { name: 'Open shift' }).click();

  const products = (await (await api.get(`${API_BASE}/products/get?categories=2&limit=20`)).json()) as {
    data: { product_name: string; sold_out: boolean }[];
  };
  const [first, second] = products.data.filter((product) => !product.sold_out).map((product) => product.product_name);
  const tile = (product: string) => page.getByRole('button', { name: new RegExp(`^${product.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `) });
  const placed: number[] = [];
  page.on('response', async (response) => {
    if (response.request().method() === 'POST' && response.url().endsWith('/transactions') && response.status() === 201)
      placed.push(((await response.json()) as { data: { id: number } }).data.id);
  });

  // Two cash sales, the change on screen.
  await tile(first!).click();
  await tile(second!).click();
  await page.getByRole('button', { name: 'Cash', exact: true }).click();
  const firstTotal = rupiah(await page.getByTestId('till-total').textContent());
  const note = page.getByRole('button', { name: /^IDR / }).first();
  const tendered = rupiah(await note.textContent());
  await note.click();
  await expect(page.getByTestId('till-change')).toHaveText(formatIDR(tendered - firstTotal));
  await page.getByRole('button', { name: 'New sale' }).click();
  await tile(first!).click();
  await page.getByRole('button', { name: 'Cash', exact: true }).click();
  const secondTotal = rupiah(await page.getByTestId('till-total').textContent());
  await page.getByRole('button', { name: 'Exact' }).click();
  await expect(page.getByTestId('till-change')).toHaveText(formatIDR(0));
  await page.getByRole('button', { name: 'New sale' }).click();

  // One by QRIS: the code large on the till's screen, paid at the gateway, the sale done by itself.
  await tile(second!).click();
  await page.getByRole('button', { name: 'QRIS', exact: true }).click();
  await page.getByRole('button', { name: /^Show the QRIS code: IDR/ }).click();
  await expect(page.getByRole('img', { name: /^QRIS code to pay IDR/ })).toBeVisible();
  await expect(page.getByText('Waiting for the payment')).toBeVisible();
  await shot(page, 'till-qris-1024');
  await expect.poll(() => placed.length).toBe(3);
  await sandbox.pay(gatewayOrderId(placed[2]!));
  await expect(page.getByText(/^Paid by QRIS: IDR/)).toBeVisible({ timeout: 10_000 });
  await page.getByRole('button', { name: 'New sale' }).click();

  // Milk from the market: IDR 20.000 out of the drawer, with its reason.
  await page.getByRole('button', { name: 'Cash in/out' }).click();
  await page.getByLabel('Amount').fill('20000');
  await page.getByLabel('Reason').fill('milk from the market');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Cash out saved.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  // A phone order to be paid in cash at the counter: listed to collect, collected, its change shown.
  const customer = await registerCustomer(api, 'till-collect');
  const phone = await api.post(`${API_BASE}/transactions`, {
    headers: { 'access-token': customer.token },
    data: { items: [{ product_id: 1, qty: 1, size_id: 1 }], delivery_id: 3, payment_id: 3 },
  });
  expect(phone.status()).toBe(201);
  const phoneOrder = ((await phone.json()) as { data: { id: number; number: number; total: number } }).data;
  await page.getByRole('button', { name: /^To collect \(\d+\)$/ }).click({ timeout: 15_000 });
  await page
    .getByRole('dialog')
    .getByRole('button', { name: new RegExp(`^#${phoneOrder.number} · `) })
    .click();
  await shot(page, 'till-collect-1024');
  await page.getByRole('dialog').getByRole('button', { name: 'Exact' }).click();
  await expect(page.getByTestId('collect-change')).toHaveText(formatIDR(0));
  await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();

  // Counted blind: the drawer holds the float, the two cash sales and the collection, less the milk.
  const expected = 200_000 + firstTotal + secondTotal + phoneOrder.total - 20_000;
  await page.getByRole('button', { name: 'Close shift' }).click();
  await page.getByLabel('Counted cash').fill(String(expected));
  await page.getByRole('button', { name: 'Close shift' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close shift' }).click();
  await expect(page.getByTestId('z-variance')).toContainText(formatIDR(0));
  await expect(page.getByText(/^Z report #\d+$/)).toBeVisible();
  await shot(page, 'till-z-report-1024');
  await page.getByRole('button', { name: 'Done', exact: true }).click();

  // Lock: the names again, and the Cashier's session ended on the server too.
  const token = await page.evaluate(() => localStorage.getItem('kopi:till-session'));
  await page.getByRole('button', { name: 'Lock' }).click();
  await expect(page.getByText('Who is on? Tap your name.')).toBeVisible();
  await expect.poll(async () => (await api.get(`${API_BASE}/shifts/current`, { headers: { 'access-token': token! } })).status()).toBe(401);

  // Every order reached the kitchen display.
  const board = await boardOf(browser);
  for (const id of [...placed, phoneOrder.id]) await expect(board.locator(`#board-card-${id}`)).toBeVisible();
  // The owner's dashboard lists the shift with its variance.
  await board.goto(`${base}/dashboard`);
  await expect(
    board
      .getByTestId('shift-list')
      .getByRole('listitem')
      .filter({ hasText: `Till 1 · ${name}` }),
  ).toContainText(`Variance ${formatIDR(0)}`);
  await board.context().close();
  await page.context().close();
});
