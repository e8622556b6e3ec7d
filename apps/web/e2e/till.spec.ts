import { API_BASE, formatIDR } from '@kopi/shared';
import { server } from '@kopi/shared/i18n/en/server';
import { expect, type Locator, type Page, test } from './playwright';
import { ADMIN, apiLogin, rupiah, startSignedIn, uniqueSuffix } from './support';
import { expectEachAtLeast, expectTapTargets } from './tap-targets';

// The till at the counter (docs/shop-rules.md#the-till-and-shifts): an Admin signs the tablet in as
// a till, a Cashier switches it on by PIN, opens a shift with a float, rings up a two-item cash sale
// in at most six taps, a second and a third through a cut connection (one sale each, not two), and closes blind
// with the right count: variance IDR 0.

const TABLET = { width: 1024, height: 768 };
const PIN = '2468';

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A product's tile (its name, then its price); the options button beside it is named otherwise. */
const tile = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${literally(name)} `) });

test.use({ viewport: TABLET });

test('a cashier switches the till on by PIN, sells for cash in four taps, survives a cut connection and closes with variance 0', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN);
  const suffix = uniqueSuffix();
  const cashierName = `Tika${suffix.slice(-4)}`;
  const lockedName = `Eko${suffix.slice(-4)}`;
  for (const [name, tag] of [
    [cashierName, 'till'],
    [lockedName, 'till-locked'],
  ]) {
    const created = await request.post(`${API_BASE}/staff`, {
      headers: { 'access-token': admin.token },
      data: { email: `${tag}-${suffix}@kopisenja.test`, first_name: name, role: 'Cashier', pin: PIN },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
  const menu = await request.get(`${API_BASE}/products/get?categories=2&limit=50`);
  const drinks = ((await menu.json()) as { data: { product_name: string; sold_out: boolean }[] }).data.filter((p) => !p.sold_out);
  const [first, second] = [drinks[0]!.product_name, drinks[1]!.product_name];

  // The owner signs this tablet in as a till, once.
  await startSignedIn(page, admin);
  await page.goto('/till');
  await page.getByLabel("The till's name").fill(`Till ${suffix}`);
  await page.getByRole('button', { name: 'Sign this device in as a till' }).click();

  const typePin = async (pin: string) => {
    for (const digit of pin) await page.getByRole('button', { name: digit, exact: true }).click();
    await page.getByRole('button', { name: 'OK', exact: true }).click();
  };
  // Five wrong PINs lock a name on this till, and the till says until when.
  await page.getByRole('button', { name: new RegExp(`^${lockedName}`) }).click();
  for (let i = 0; i < 5; i++) {
    await typePin('1111');
    await expect(page.getByRole('alert')).toContainText('Wrong PIN');
  }
  await typePin(PIN);
  await expect(page.getByRole('alert')).toContainText(/locked on this till for 5 min \(until \d{2}[:.]\d{2}/);
  await page.getByRole('button', { name: 'Another name' }).click();

  // The Cashier taps their name and types the PIN on the keypad: a wrong one first, told by the API.
  await page.getByRole('button', { name: new RegExp(`^${cashierName}`) }).click();
  await typePin('1111');
  await expect(page.getByRole('alert')).toContainText('Wrong PIN');
  await typePin(PIN);
  await expect(page.getByText(`${cashierName} is on`)).toBeVisible();

  // No shift open: open one with the float.
  await page.getByLabel('Opening cash (float)').fill('200000');
  await page.getByRole('button', { name: 'Open shift' }).click();
  await expect(tile(page, first)).toBeVisible();

  // A two-item cash sale: every tap from the empty cart to the change on screen is counted.
  let taps = 0;
  const tap = async (target: Locator) => {
    taps += 1;
    await target.click();
  };
  await tap(tile(page, first));
  await tap(tile(page, second));
  await tap(page.getByRole('button', { name: 'Cash', exact: true }));
  const note = page.getByRole('button', { name: /^IDR / }).first();
  await expect(note).toBeVisible();
  const tendered = rupiah(await note.textContent());
  const total = rupiah(await page.getByTestId('till-total').textContent());
  await tap(note);
  await expect(page.getByTestId('till-change')).toHaveText(formatIDR(tendered - total));
  expect(taps).toBeLessThanOrEqual(6);
  console.log(`two-item cash sale: ${taps} taps (total ${total}, tendered ${tendered})`);
  // Print again (docs/shop-rules.md#receipts-and-printers): this shop has no receipt printer, and says so.
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  await expect(page.getByText(server['server.printNoPrinter'])).toBeVisible();
  // The receipt on the screen instead, for the customer to see or the browser to print.
  const opened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Receipt', exact: true }).click();
  const receipt = await opened;
  await expect(receipt.getByText(/Paid by Cash/)).toBeVisible();
  await expect(receipt.getByText(formatIDR(tendered - total)).first()).toBeVisible();
  await receipt.close();
  await page.getByRole('button', { name: 'New sale' }).click();

  // The connection drops after the server took the sale: the cashier is told, "Try again" sends the same key.
  let cut = false;
  await page.route(`**${API_BASE}/transactions`, async (route) => {
    if (cut || route.request().method() !== 'POST') return route.fallback();
    cut = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await tile(page, first).click();
  await page.getByRole('button', { name: 'Cash', exact: true }).click();
  const secondTotal = rupiah(await page.getByTestId('till-total').textContent());
  await page.getByRole('button', { name: 'Exact' }).click();
  await expect(page.getByText('The sale was not confirmed')).toBeVisible();
  // Even a page reloaded keeps the sale and its key on the device.
  await page.reload();
  await expect(page.getByText('The sale was not confirmed')).toBeVisible();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('till-change')).toHaveText(formatIDR(0));
  await page.unroute(`**${API_BASE}/transactions`);
  await page.getByRole('button', { name: 'New sale' }).click();

  // Cut again, and the network is back before the till learns of the cut (before it could listen for
  // the browser's `online`): the sale goes again at once, with its key, with no tap.
  let cutAgain = false;
  await page.route(`**${API_BASE}/transactions`, async (route) => {
    if (cutAgain || route.request().method() !== 'POST') return route.fallback();
    cutAgain = true;
    await route.fetch();
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await route.abort('connectionreset');
  });
  await tile(page, first).click();
  await page.getByRole('button', { name: 'Cash', exact: true }).click();
  const thirdTotal = rupiah(await page.getByTestId('till-total').textContent());
  await page.getByRole('button', { name: 'Exact' }).click();
  await expect(page.getByTestId('till-change')).toHaveText(formatIDR(0));
  expect(cutAgain).toBe(true);
  await page.unroute(`**${API_BASE}/transactions`);
  await page.getByRole('button', { name: 'New sale' }).click();

  // On a 375 px phone the screen is stacked, and everything the cashier taps is at least 44 × 44 px.
  await page.setViewportSize({ width: 375, height: 812 });
  await tile(page, first).click();
  await page.getByRole('button', { name: 'Cash', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Exact' })).toBeVisible();
  await expectTapTargets(page, '/till on a phone');
  await expectEachAtLeast(page.getByRole('main').locator('button, input, a[href]'), 44, "the till's controls");
  await page.getByRole('button', { name: `Remove ${first}` }).click();
  await page.setViewportSize(TABLET);

  // Closing, blind: the count first, then the Z report.
  await page.getByRole('button', { name: 'Close shift' }).click();
  const expected = 200_000 + total + secondTotal + thirdTotal;
  await page.getByLabel('Counted cash').fill(String(expected));
  await page.getByRole('button', { name: 'Close shift' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close shift' }).click();
  await expect(page.getByTestId('z-variance')).toContainText(formatIDR(0));
  await expect(page.getByText(/^Z report #\d+$/)).toBeVisible();
  const report = page.locator('section[aria-labelledby="z-heading"]');
  await expect(report.getByText('Expected cash').locator('..')).toContainText(formatIDR(expected));
  // Three sales, not five: each one sent again was the same sale.
  await expect(report.getByText('Orders', { exact: true }).locator('..')).toContainText('3');

  // Done, then Lock: the till shows its names again.
  await page.getByRole('button', { name: 'Done', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Open shift' })).toBeVisible();
  await page.getByRole('button', { name: 'Lock' }).click();
  await expect(page.getByText('Who is on? Tap your name.')).toBeVisible();
});
