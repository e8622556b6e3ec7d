import { MSG } from '@kopi/shared';
import { expect, test } from '@playwright/test';
import { setTimeDay } from './set-time';
import { CUSTOMER, screenshot, toast } from './support';

// The main flow on a 360 px wide phone: the menu folds away, nothing overflows sideways.
test('on a phone a customer logs in, orders and finds the order in History', async ({ page }) => {
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

  const card = page.getByTestId('product-card').nth(1);
  const productName = (await card.getByRole('heading').textContent()) ?? '';
  await card.getByRole('link').tap();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(productName);
  await page.getByRole('radio', { name: 'XL', exact: true }).check({ force: true });
  await page.getByRole('radio', { name: 'Dine in' }).check({ force: true });
  // Tomorrow: choosing the day chooses its first free slot (the test server is always open).
  const tomorrow = setTimeDay(page).locator('option', { hasText: /^Tomorrow, / });
  await setTimeDay(page).selectOption((await tomorrow.getAttribute('value')) ?? '');
  await noSidewaysScroll();
  await screenshot(page, 'phone-detail');
  await page.getByRole('button', { name: 'CHECKOUT' }).tap();

  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByTestId('summary-line')).toContainText('x 1 · Extra Large');
  await noSidewaysScroll();
  await screenshot(page, 'phone-payment');
  await page.getByRole('button', { name: 'Confirm and Pay' }).tap();
  await expect(toast(page, MSG.transactionSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/history$/, { timeout: 8_000 });
  await expect(page.getByTestId('history-card').first()).toContainText(productName);
  await noSidewaysScroll();
  await screenshot(page, 'phone-history');

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Your profile' }).click();
  await expect(page.getByText(/^Has been ordered \d+ products$/)).toBeVisible();
  await noSidewaysScroll();
  await screenshot(page, 'phone-profile');
});
