import { API_BASE, formatShopMoment, STATUS } from '@kopi/shared';
import { expect, type Locator, type Page, test } from './playwright';
import { ADMIN, apiLogin, placeByApi, registerCustomer, screenshot, startSignedIn } from './support';

// The counter on a phone (docs/decisions/spec-fidelity.md#rough-edges-the-counter-and-small-screens): the
// staff board one column at a time behind tabs, and Manage order on the shop's clock.

/** A sideways swipe of a finger across the element, as the browser reports it (pointer events of a touch). */
async function swipe(target: Locator, dx: number) {
  const box = (await target.boundingBox())!;
  const x = box.x + box.width / 2 - dx / 2;
  const y = box.y + Math.min(box.height / 2, 100);
  const touch = { pointerType: 'touch', isPrimary: true, pointerId: 7, bubbles: true };
  await target.dispatchEvent('pointerdown', { ...touch, clientX: x, clientY: y });
  await target.dispatchEvent('pointerup', { ...touch, clientX: x + dx, clientY: y + 4 });
}

function tab(page: Page, name: string) {
  return page.getByRole('tablist', { name: 'Board columns' }).getByRole('tab', { name: new RegExp(`^${name} \\d+$`) });
}

async function expectShown(page: Page, shown: number) {
  for (const status of [STATUS.pending, STATUS.preparing, STATUS.ready]) {
    const column = page.getByTestId(`board-column-${status}`);
    if (status === shown) await expect(column).toBeVisible();
    else await expect(column).toBeHidden();
  }
}

test('the staff board on a phone shows one column at a time, with tabs that count; a tap or a swipe switches', async ({
  page,
  request,
}) => {
  const customer = await registerCustomer(request, 'counter', '081234567806');
  const first = await placeByApi(request, customer);
  await placeByApi(request, customer);
  await startSignedIn(page, await apiLogin(request, ADMIN));
  await page.goto('/manageorder/board');
  await expect(page.getByTestId('live-status')).toHaveText('Live');

  // Three tabs, Pending chosen; each tab's count is its column's number of orders.
  const tabs = page.getByRole('tablist', { name: 'Board columns' }).getByRole('tab');
  await expect(tabs).toHaveCount(3);
  await expect(tab(page, 'Pending')).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, 'Preparing')).toHaveAttribute('aria-selected', 'false');
  await expectShown(page, STATUS.pending);
  const pendingPanel = page.getByRole('tabpanel', { name: /^Pending/ });
  await expect(pendingPanel).toHaveAttribute('data-testid', `board-column-${STATUS.pending}`);
  const pendingCount = Number((await tab(page, 'Pending').textContent())?.match(/\d+$/)?.[0]);
  await expect(pendingPanel.getByTestId('board-card')).toHaveCount(pendingCount);
  // Preparing's tab is beside Pending's, above the Pending column (not below it), on the first screen.
  const preparingTab = (await tab(page, 'Preparing').boundingBox())!;
  const pendingTop = (await pendingPanel.boundingBox())!.y;
  expect(preparingTab.y + preparingTab.height).toBeLessThanOrEqual(pendingTop);
  expect(preparingTab.y + preparingTab.height).toBeLessThan(page.viewportSize()!.height);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  await screenshot(page, 'board-phone');

  // A move on: the card leaves Pending, Preparing's count grows by one.
  const preparingBefore = Number((await tab(page, 'Preparing').textContent())?.match(/\d+$/)?.[0]);
  const card = pendingPanel.locator(`[data-order-id="${first}"]`);
  await card.getByRole('button', { name: /^Start preparing/ }).tap();
  await expect(card).toHaveCount(0);
  await expect(tab(page, 'Preparing')).toHaveText(new RegExp(`${preparingBefore + 1}$`));

  // A tap on a tab shows its column, and only that one.
  await tab(page, 'Preparing').tap();
  await expect(tab(page, 'Preparing')).toHaveAttribute('aria-selected', 'true');
  await expectShown(page, STATUS.preparing);
  await expect(page.getByTestId(`board-column-${STATUS.preparing}`).locator(`[data-order-id="${first}"]`)).toBeVisible();
  await screenshot(page, 'board-phone-preparing');

  // A swipe left shows the next column, a swipe right the previous one.
  await swipe(page.getByTestId(`board-column-${STATUS.preparing}`), -150);
  await expect(tab(page, 'Ready')).toHaveAttribute('aria-selected', 'true');
  await expectShown(page, STATUS.ready);
  await swipe(page.getByTestId(`board-column-${STATUS.ready}`), 150);
  await expect(tab(page, 'Preparing')).toHaveAttribute('aria-selected', 'true');

  // The keyboard, as the tabs pattern has it: the arrows move the choice and the focus.
  await tab(page, 'Preparing').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(tab(page, 'Pending')).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, 'Pending')).toBeFocused();
  await expectShown(page, STATUS.pending);

  // From 768 px on, the three columns stand side by side again, without tabs.
  await page.setViewportSize({ width: 768, height: 1024 });
  await expect(page.getByRole('tablist')).toHaveCount(0);
  for (const status of [STATUS.pending, STATUS.preparing, STATUS.ready])
    await expect(page.getByTestId(`board-column-${status}`)).toBeVisible();
});

test.describe('in a browser on another clock', () => {
  test.use({ timezoneId: 'UTC', locale: 'en-US' });

  test("Manage order says when an order was placed on the shop's clock, as every other screen does", async ({ page, request }) => {
    const customer = await registerCustomer(request, 'counter', '081234567806');
    await placeByApi(request, customer);
    const admin = await apiLogin(request, ADMIN);
    await startSignedIn(page, admin);
    await page.goto('/manageorder');

    const line = page.getByText(/^Order #\d+ · /);
    await expect(line).toBeVisible();
    const number = Number((await line.textContent())?.match(/^Order #(\d+)/)?.[1]);
    const oldest = (await (
      await request.get(`${API_BASE}/transactions?status=1&limit=1&page=1`, { headers: { 'access-token': admin.token } })
    ).json()) as { data: { number: number; created_at: string }[] };
    expect(oldest.data[0]?.number).toBe(number);
    const shopZone = (await page.locator('meta[name="shop-timezone"]').getAttribute('content')) || 'Asia/Jakarta';
    expect(shopZone).not.toBe('UTC'); // otherwise the browser's clock and the shop's could not be told apart
    const placed = formatShopMoment(new Date(oldest.data[0]!.created_at), shopZone);
    await expect(line).toHaveText(new RegExp(`^Order #${number} · ${placed}( · |$)`));
    await screenshot(page, 'manage-order-phone');
  });
});
