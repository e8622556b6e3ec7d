import { join } from 'node:path';
import { API_BASE, STORAGE } from '@kopi/shared';
import { EN, ID, indonesianPage, SHOTS, settled, shot } from './i18n-support';
import { type APIRequestContext, type Browser, expect, type Page } from './playwright';
import { choose, registerCustomer, startSignedIn } from './support';

// The language switch and a checkout in Indonesian, at a width (i18n-switch.spec.ts, i18n-switch.phone.spec.ts).

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** The switch, in the top bar (on a phone, in its folded menu). */
export async function pressSwitch(page: Page, to: 'English' | 'Bahasa Indonesia'): Promise<void> {
  if (isPhone(page)) {
    const menu = page.getByRole('button', { name: to === 'English' ? (ID['nav.menu'] as string) : (EN['nav.menu'] as string) });
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
    // The folded menu as a phone shows it, with the switch in it.
    await page.screenshot({ path: join(SHOTS, `phone-menu-to-${to === 'English' ? 'en' : 'id'}.png`) });
  }
  await page.getByRole('button', { name: to, exact: true }).click();
}

export async function firstVisitAndSwitch(browser: Browser, request: APIRequestContext, width: number): Promise<void> {
  const page = await indonesianPage(browser, width);
  await startSignedIn(page, await registerCustomer(request, 'i18n-switch'));

  // A first visit with the browser in Indonesian is in Indonesian.
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ID['home.heading'] as string);

  await page.goto('/detail/1');
  await page.getByRole('button', { name: ID['detail.addToCart'] as string }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await settled(page);
  await shot(page, 'switch-before', width);
  // Set on this document only: a reload would lose it.
  await page.evaluate(() => Object.assign(window, { kopiSameDocument: true }));

  await pressSwitch(page, 'English');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: EN['detail.addToCart'] as string })).toBeVisible();
  await expect(page.getByRole('link', { name: EN['nav.history'] as string })).toBeAttached();
  await expect(page.getByText(EN['detail.chooseSize'] as string)).toBeVisible();
  await expect(page.getByText(ID['detail.chooseSize'] as string)).toHaveCount(0);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  expect(await page.evaluate(() => (window as { kopiSameDocument?: boolean }).kopiSameDocument)).toBe(true);
  await shot(page, 'switch-after-english', width);

  // Kept on the device: the next page opens in English although the browser prefers Indonesian.
  expect(await page.evaluate(() => localStorage.getItem('kopi_locale'))).toBe('en');
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'kopi_locale')).toMatchObject({
    value: 'en',
    path: '/',
    sameSite: 'Lax',
  });
  await page.goto('/payment');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: EN['cart.confirm'] as string })).toBeVisible();

  await pressSwitch(page, 'Bahasa Indonesia');
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
  await expect(page.getByRole('button', { name: ID['cart.confirm'] as string })).toBeVisible();
  await expect(page.getByTestId('summary-line')).toHaveCount(1);
  await page.context().close();
}

/** Whether the server keeps a language on the account (PATCH /users/profile {locale}, answered as `locale`). */
export async function accountKeepsLocale(request: APIRequestContext, token: string): Promise<boolean> {
  const profile = await request.get(`${API_BASE}/users/profile`, { headers: { 'access-token': token } });
  return 'locale' in ((await profile.json()) as { data: Record<string, unknown> }).data;
}

/** A signed-in customer's choice follows them to another browser (another context, browser in English). */
export async function choiceFollowsTheAccount(browser: Browser, request: APIRequestContext, width: number): Promise<void> {
  const session = await registerCustomer(request, 'i18n-account');
  const viewport = { width, height: 850 };
  const first = await (await browser.newContext({ locale: 'en-US', viewport })).newPage();
  await startSignedIn(first, session);
  await first.goto('/history');
  await expect(first.locator('html')).toHaveAttribute('lang', 'en');
  const saved = first.waitForResponse((res) => res.url().endsWith(`${API_BASE}/users/profile`) && res.request().method() === 'PATCH');
  await pressSwitch(first, 'Bahasa Indonesia');
  expect((await saved).status()).toBe(200);
  await first.context().close();

  const second = await (await browser.newContext({ locale: 'en-US', viewport })).newPage();
  await startSignedIn(second, session);
  await second.goto('/history');
  await expect(second.locator('html')).toHaveAttribute('lang', 'id');
  // On a phone the menu is folded: the link is there, hidden until the Menu opens.
  await expect(second.getByRole('link', { name: ID['nav.history'] as string, includeHidden: true })).toBeAttached();
  await shot(second, 'account-language-other-browser', width);
  await second.context().close();
}

/** A whole checkout in Indonesian: the product, the cart, Konfirmasi dan Bayar, the order in History. */
export async function checkoutInIndonesian(browser: Browser, request: APIRequestContext, width: number): Promise<void> {
  const page = await indonesianPage(browser, width);
  await startSignedIn(page, await registerCustomer(request, 'i18n-checkout'));
  await page.goto('/detail/1');
  await page.getByRole('button', { name: ID['detail.addToCart'] as string }).click();
  await page.goto('/payment');
  await expect(page.getByRole('heading', { name: ID.orderSummary as string })).toBeVisible();
  await choose(page.getByRole('radio', { name: ID['deliveryChoice.pickUp'] as string }));
  await expect(page.getByText(ID['summary.tax'] as string)).toBeVisible();
  await shot(page, 'checkout-cart', width);
  const placed = page.waitForRequest((req) => req.url().endsWith(`${API_BASE}/transactions`) && req.method() === 'POST');
  await page.getByRole('button', { name: ID['cart.confirm'] as string }).click();
  // The server is told the page's language, so its messages come back in it.
  expect((await placed).headers()['accept-language']).toBe('id');
  await expect(page.locator('.Toastify').getByText(ID.transactionSuccess as string)).toBeVisible();
  await expect(page).toHaveURL(/\/history$/, { timeout: 10_000 });
  await expect(page.getByTestId('status-badge').first()).toHaveText(ID['status.pending'] as string);
  await shot(page, 'checkout-history', width);
  await page.getByTestId('history-card').first().getByRole('link').click();
  const facts = page.getByRole('region', { name: ID['order.deliveryAndPayment'] as string });
  await expect(facts.getByText(ID['order.placedOn'] as string, { exact: true })).toBeVisible();
  // The shop's dates in Indonesian form: "Kam, 26 Nov 13.00".
  await expect(facts.getByText(/^(Sen|Sel|Rab|Kam|Jum|Sab|Min), \d{1,2} \S+ \d{2}\.\d{2}$/)).toBeVisible();
  await shot(page, 'checkout-order', width);
  expect(STORAGE.token).toBeTruthy();
  await page.context().close();
}
