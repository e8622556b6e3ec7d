import { gzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, apiLogin, CUSTOMER, startSignedIn } from './support';

// DESIGN §8: a first load of any page stays within 150 KB of JavaScript, gzipped.
const BUDGET_BYTES = 150 * 1024;

async function javascriptLoadedBy(page: Page, path: string, ready: () => Promise<void>): Promise<number> {
  const sizes = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      sizes.set(
        response.url(),
        response.body().then((body) => gzipSync(body).length),
      );
    }
  });
  await page.goto(path);
  await ready();
  await page.waitForLoadState('networkidle');
  const total = (await Promise.all(sizes.values())).reduce((sum, size) => sum + size, 0);
  test.info().annotations.push({ type: 'js-gzip', description: `${path}: ${(total / 1024).toFixed(1)} KB in ${sizes.size} files` });
  console.log(`first load of ${path}: ${(total / 1024).toFixed(1)} KB gzipped JS in ${sizes.size} files`);
  return total;
}

test('the landing page loads at most 150 KB of gzipped JavaScript', async ({ page }) => {
  expect(await javascriptLoadedBy(page, '/', () => expect(page.getByText('90+')).toBeVisible())).toBeLessThanOrEqual(BUDGET_BYTES);
});

test('the catalogue loads at most 150 KB of gzipped JavaScript', async ({ page }) => {
  const ready = () => expect(page.getByTestId('product-card').first()).toBeVisible();
  expect(await javascriptLoadedBy(page, '/product', ready)).toBeLessThanOrEqual(BUDGET_BYTES);
});

test('the heaviest page, a form, loads at most 150 KB of gzipped JavaScript', async ({ page, request }) => {
  await startSignedIn(page, await apiLogin(request, ADMIN));
  const ready = () => expect(page.getByRole('button', { name: 'Save Product' })).toBeVisible();
  expect(await javascriptLoadedBy(page, '/product/new', ready)).toBeLessThanOrEqual(BUDGET_BYTES);
});

test('the reset page and the profile (with Edit Password) load at most 150 KB of gzipped JavaScript', async ({ page, request }) => {
  const reset = () => expect(page.getByRole('button', { name: 'Set new password' })).toBeVisible();
  expect(await javascriptLoadedBy(page, '/reset?token=budget', reset)).toBeLessThanOrEqual(BUDGET_BYTES);
  await startSignedIn(page, await apiLogin(request, CUSTOMER));
  const profile = () => expect(page.getByRole('button', { name: 'Edit Password' })).toBeVisible();
  expect(await javascriptLoadedBy(page, '/profile', profile)).toBeLessThanOrEqual(BUDGET_BYTES);
});
