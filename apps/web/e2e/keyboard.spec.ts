import { expect, test } from './playwright';
import { apiLogin, CUSTOMER, startSignedIn, untilHydrated } from './support';

test('a customer reaches checkout with the keyboard alone, and always sees the focus', async ({ page, request }) => {
  await startSignedIn(page, await apiLogin(request, CUSTOMER));
  await page.goto('/product');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await untilHydrated(page);

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  expect(await skip.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
  await page.keyboard.press('Enter');

  const firstProduct = page.getByTestId('product-card').first().getByRole('link');
  for (let i = 0; i < 40 && !(await firstProduct.evaluate((el) => el === document.activeElement)); i += 1) {
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
    expect(outline, 'every focused control shows a focus ring').toBe('solid');
  }
  await expect(firstProduct).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/detail\/\d+$/);

  // Sizes and delivery methods are radio groups: arrow keys move the choice.
  await page.getByRole('radio', { name: 'R', exact: true }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'L', exact: true })).toBeChecked();
  // Then Tab passes the add-ons of "Make it yours", each with its focus ring, to the delivery methods.
  const dineIn = page.getByRole('radio', { name: 'Dine in' });
  for (let i = 0; i < 12 && !(await dineIn.evaluate((el) => el === document.activeElement)); i += 1) {
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
    expect(outline, 'every focused control shows a focus ring').toBe('solid');
  }
  await expect(dineIn).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Door Delivery' })).toBeChecked();

  await page.getByRole('button', { name: 'Increase quantity' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('qty-value')).toHaveText('2');
  await page.getByRole('button', { name: 'CHECKOUT' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByTestId('summary-line')).toContainText('x 2 · Large');
});
