import { API_BASE, DRINK_CATEGORY_IDS, MSG } from '@kopi/shared';
import { type APIRequestContext, expect, test } from './playwright';
import { setTimeDay } from './set-time';
import { CUSTOMER, choose, screenshot, toast } from './support';

/**
 * The drink with the longest name on the menu: in History its card reads "<name> +1 more", which is
 * truncated on a phone; that is where words hidden for screen readers once stuck out of the card.
 */
async function longestDrinkName(request: APIRequestContext): Promise<string> {
  const drinks: string[] = [];
  for (const category of DRINK_CATEGORY_IDS) {
    const answer = await request.get(`${API_BASE}/products/get?categories=${category}&limit=50`);
    const { data } = (await answer.json()) as { data: { product_name: string; sold_out: boolean }[] };
    drinks.push(...data.filter((p) => !p.sold_out).map((p) => p.product_name));
  }
  return drinks.sort((a, b) => b.length - a.length)[0]!;
}

// The main flow on a 360 px wide phone: the menu folds away, nothing overflows sideways.
test('on a phone a customer logs in, orders and finds the order in History', async ({ page, request }) => {
  const noSidewaysScroll = async () => {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  };

  await page.goto('/');
  await noSidewaysScroll();
  await screenshot(page, 'phone-home');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await screenshot(page, 'phone-menu');
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();

  await page.getByLabel('Email address').fill(CUSTOMER.email);
  await page.getByLabel('Password', { exact: true }).fill(CUSTOMER.password);
  await screenshot(page, 'phone-login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toast(page, MSG.loginSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/product$/, { timeout: 8_000 });
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await noSidewaysScroll();
  await screenshot(page, 'phone-catalogue');

  // A long name on purpose, found with the menu's search (in the folded menu); two sizes of it make two lines.
  const productName = await longestDrinkName(request);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('banner').getByRole('searchbox').fill(productName);
  await page.getByRole('banner').getByRole('searchbox').press('Enter');
  const card = page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name: productName, exact: true }) });
  await card.getByRole('link').tap();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(productName);
  await choose(page.getByRole('radio', { name: 'L', exact: true }));
  await page.getByRole('button', { name: 'Add to Cart' }).tap();
  await choose(page.getByRole('radio', { name: 'XL', exact: true }));
  await choose(page.getByRole('radio', { name: 'Dine in' }));
  // Tomorrow: choosing the day chooses its first free slot (the test server is always open).
  const tomorrow = setTimeDay(page).locator('option', { hasText: /^Tomorrow, / });
  await setTimeDay(page).selectOption((await tomorrow.getAttribute('value')) ?? '');
  await noSidewaysScroll();
  await screenshot(page, 'phone-detail');
  await page.getByRole('button', { name: 'CHECKOUT' }).tap();

  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByTestId('summary-line').filter({ hasText: 'x 1 · Extra Large' })).toHaveCount(1);
  await expect(page.getByTestId('summary-line').filter({ hasText: 'x 1 · Large' })).toHaveCount(1);
  await noSidewaysScroll();
  await screenshot(page, 'phone-payment');
  await page.getByRole('button', { name: 'Confirm and Pay' }).tap();
  await expect(toast(page, MSG.transactionSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/history$/, { timeout: 8_000 });
  const historyCard = page.getByTestId('history-card').first();
  await expect(historyCard).toContainText(`${productName} +1 more`);
  // The name is cut short with an ellipsis: the case this check is about.
  const cut = await historyCard.getByRole('link').evaluate((link) => {
    const clipping = [link, ...(link.parentElement ? [link.parentElement] : [])].find((el) => getComputedStyle(el).overflowX === 'hidden');
    return clipping ? clipping.scrollWidth > clipping.clientWidth : false;
  });
  expect(cut).toBe(true);
  await noSidewaysScroll();
  await screenshot(page, 'phone-history');

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Your profile' }).click();
  await expect(page.getByText(/^Has been ordered \d+ products$/)).toBeVisible();
  await noSidewaysScroll();
  await screenshot(page, 'phone-profile');
});
