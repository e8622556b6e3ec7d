import { MSG } from '@kopi/shared';
import { expect, type Page, test } from './playwright';
import { CUSTOMER, E2E_PASSWORD, screenshot, toast, uniqueSuffix, untilHydrated } from './support';

// A visitor's CHECKOUT leads to Login with the reason, and back to the cart once signed in or signed
// up (docs/decisions/spec-fidelity.md#rough-edges-signing-in). A typed guarded address keeps the
// specification's guard.

const WHY = 'Log in to check out — your cart is kept';

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

/** Opens the first product of the menu; answers its name. */
async function openFirstProduct(page: Page): Promise<string> {
  await page.goto('/product');
  await untilHydrated(page);
  const card = page.getByTestId('product-card').first();
  const name = (await card.getByRole('heading').textContent()) ?? '';
  await card.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  return name;
}

test('CHECKOUT as a visitor leads to Login with the reason, and back to the cart after signing in', async ({ page }) => {
  const name = await openFirstProduct(page);
  await page.getByRole('button', { name: 'Increase quantity' }).tap();
  await page.getByRole('button', { name: 'CHECKOUT' }).tap();

  await expect(page).toHaveURL(/\/login\?next=%2Fpayment$/);
  await expect(page.getByText(WHY)).toBeVisible();
  // Not the guard's message: the visitor did nothing wrong.
  await expect(toast(page, MSG.guardNoToken)).toHaveCount(0);
  await screenshot(page, 'checkout-sign-in-login-phone');

  await page.getByLabel('Email address').fill(CUSTOMER.email);
  await page.getByLabel('Password', { exact: true }).fill(CUSTOMER.password);
  await page.getByRole('button', { name: 'Sign In' }).tap();
  await expect(toast(page, MSG.loginSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/payment$/, { timeout: 8_000 });
  await expect(page.getByTestId('summary-line')).toContainText(name);
  await expect(page.getByTestId('summary-line')).toContainText('x 2');
  await screenshot(page, 'checkout-sign-in-payment-phone');
});

test("Add to Cart's way to the cart leads a visitor through Sign Up, and back to the cart signed in", async ({ page }) => {
  const name = await openFirstProduct(page);
  await page.getByRole('button', { name: 'Add to Cart' }).tap();
  await expect(toast(page, /Added to your cart/)).toBeVisible();
  await page.getByRole('button', { name: 'Menu' }).tap();
  await page.getByRole('link', { name: 'Your Cart' }).tap();

  await expect(page).toHaveURL(/\/login\?next=%2Fpayment$/);
  await expect(page.getByText(WHY)).toBeVisible();
  await page.getByRole('link', { name: 'Sign Up' }).tap();
  await expect(page).toHaveURL(/\/signup\?next=%2Fpayment$/);
  await expect(page.getByText('Sign up to check out — your cart is kept')).toBeVisible();
  await page.getByLabel('Email address').fill(`e2e-${uniqueSuffix()}@kopisenja.test`);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByLabel('Phone number').fill('081234567877');
  await screenshot(page, 'checkout-sign-in-signup-phone');
  await page.getByRole('button', { name: 'Sign Up' }).tap();

  await expect(toast(page, MSG.signUpSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/payment$/, { timeout: 8_000 });
  await expect(page.getByTestId('summary-line')).toContainText(name);
  await expect(page.getByRole('button', { name: 'Confirm and Pay' })).toBeEnabled();
});

test('Login honours only a same-origin next; a typed guarded address keeps the guard message', async ({ page }) => {
  await page.goto('/payment');
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, MSG.guardNoToken)).toBeVisible();

  for (const next of ['//evil.example/payment', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
    await page.evaluate(() => localStorage.clear());
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await expect(page.getByText(WHY)).toHaveCount(0);
    await page.getByLabel('Email address').fill(CUSTOMER.email);
    await page.getByLabel('Password', { exact: true }).fill(CUSTOMER.password);
    await page.getByRole('button', { name: 'Sign In' }).tap();
    await expect(toast(page, MSG.loginSuccess)).toBeVisible();
    // The specification's destination, on this shop.
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/product$/, { timeout: 8_000 });
  }

  // A same-origin path with its query is kept whole.
  await page.evaluate(() => localStorage.clear());
  await page.goto(`/login?next=${encodeURIComponent('/history?from=login')}`);
  await page.getByLabel('Email address').fill(CUSTOMER.email);
  await page.getByLabel('Password', { exact: true }).fill(CUSTOMER.password);
  await page.getByRole('button', { name: 'Sign In' }).tap();
  await expect(page).toHaveURL(/\/history\?from=login$/, { timeout: 8_000 });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('CHECKOUT as a visitor says why on Login and on Sign Up', async ({ page }) => {
    await openFirstProduct(page);
    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    await expect(page).toHaveURL(/\/login\?next=%2Fpayment$/);
    await expect(page.getByText(WHY)).toBeVisible();
    await screenshot(page, 'checkout-sign-in-login-desktop');
    await page.getByRole('link', { name: 'Sign Up', exact: true }).click();
    await expect(page.getByText('Sign up to check out — your cart is kept')).toBeVisible();
    await screenshot(page, 'checkout-sign-in-signup-desktop');
    await page.getByRole('link', { name: 'Login', exact: true }).last().click();
    await expect(page).toHaveURL(/\/login\?next=%2Fpayment$/);
  });
});
