import { API_BASE } from '@kopi/shared';
import { expect, type Locator, type Page, test } from './playwright';
import { ADMIN, apiLogin, placeByApi, registerCustomer, startSignedIn } from './support';
import { expectEachAtLeast, expectTapTargets } from './tap-targets';

// Every tap target of every screen on a 375 px phone is at least 24 × 24 px (WCAG 2.2 AA 2.5.8); the
// cart's −/+ and the board's moves, tapped often and in a hurry, at least 44 × 44 px
// (docs/decisions/spec-fidelity.md#rough-edges-the-counter-and-small-screens).
test.use({ viewport: { width: 375, height: 812 } });

/**
 * Opens a screen, waits for what shows it is loaded, and measures it; then the same with the phone's menu
 * open. Returns the links left out as inline in a sentence, which each test names one by one.
 */
async function checkScreen(page: Page, path: string, ready: (page: Page) => Locator, withMenu = false): Promise<string[]> {
  await page.goto(path);
  await expect(ready(page).first()).toBeVisible();
  const { inline } = await expectTapTargets(page, path);
  if (withMenu) {
    await page.getByRole('button', { name: 'Menu' }).click();
    await expectTapTargets(page, `${path} with the menu open`);
    await page.getByRole('button', { name: 'Menu' }).click();
  }
  return inline.map((link) => `${path}: ${link}`);
}

const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

test('a visitor and a customer: every tap target is at least 24 × 24 px, the cart’s −/+ 44 × 44', async ({ page, request }) => {
  const inline: string[] = [];
  for (const path of ['/', '/product', '/detail/1', '/login', '/signup', '/forgot'])
    inline.push(...(await checkScreen(page, path, heading, path === '/')));
  // The only links left out: the two inside a sentence ("Don't have an account? Sign Up", "… Login").
  expect(inline).toEqual(['/login: a "Sign Up" in main', '/signup: a "Login" in main']);

  const customer = await registerCustomer(request, 'taps', '081234567805');
  const id = await placeByApi(request, customer);
  await startSignedIn(page, customer);
  expect(await checkScreen(page, '/product', (p) => p.getByTestId('product-card'), true)).toEqual([]);
  expect(await checkScreen(page, '/detail/1', heading)).toEqual([]);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.locator('.Toastify__toast')).toBeVisible();
  await expectTapTargets(page, '/detail/1 with a toast');
  expect(await checkScreen(page, '/payment', (p) => p.getByTestId('summary-line'))).toEqual([]);
  await expectEachAtLeast(page.getByRole('button', { name: /^(De|In)crease quantity$/ }), 44, 'the cart’s −/+');
  expect(await checkScreen(page, '/history', (p) => p.getByTestId('history-card'))).toEqual([]);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expectTapTargets(page, '/history, deleting');
  expect(await checkScreen(page, `/history/${id}`, (p) => p.getByTestId('live-status'))).toEqual([]);
  expect(await checkScreen(page, '/profile', (p) => p.getByText(/^Has been ordered \d+ products$/))).toEqual([]);
});

test('an admin: every tap target is at least 24 × 24 px, the board’s moves 44 × 44', async ({ page, request }) => {
  const customer = await registerCustomer(request, 'taps', '081234567805');
  await placeByApi(request, customer);
  const promos = (await (await request.get(`${API_BASE}/promos/get?limit=1`)).json()) as { data: { id: number }[] };
  await startSignedIn(page, await apiLogin(request, ADMIN));

  const pendingShown = (p: Page) => p.getByText(/^Pending order \d+ of \d+$/);
  const screens: [string, (p: Page) => Locator][] = [
    ['/product', (p) => p.getByRole('checkbox', { name: /^Sold out: / })],
    ['/product/new', heading],
    ['/product/edit/1', (p) => p.getByRole('button', { name: 'Save Product' })],
    ['/product/promos/new', heading],
    [`/product/promos/edit/${promos.data[0]?.id}`, (p) => p.getByRole('button', { name: 'Save Promo' })],
    ['/dashboard', (p) => p.getByTestId('goal-text')],
    ['/manageorder', pendingShown],
    ['/payment', pendingShown],
    ['/manageorder/board', (p) => p.getByTestId('board-card')],
  ];
  const inline: string[] = [];
  for (const [path, ready] of screens) inline.push(...(await checkScreen(page, path, ready, path === '/product')));
  expect(inline, 'no admin screen has a link inside a sentence').toEqual([]);

  const card = page.getByTestId('board-card').first();
  await card.getByText('Other moves').click();
  await expectTapTargets(page, '/manageorder/board, other moves open');
  await expectEachAtLeast(card.getByRole('button'), 44, 'the board’s moves');
  await expectEachAtLeast(card.locator('summary'), 44, 'the board’s other moves');
});
