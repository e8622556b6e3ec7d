import { API_BASE } from '@kopi/shared';
import { resetLinkIn, type SmtpSink, startSmtpSink } from '../../api/test/smtp-sink';
import { ID, shot } from './i18n-support';
import { type OwnShop, startOwnShop } from './own-shop';
import { expect, test } from './playwright';
import { uniqueSuffix } from './support';

// A forgotten password reset in Indonesian, end to end, through a real mail server (as accounts.spec.ts):
// the shared server has none, so this file starts a shop of its own with one.

let sink: SmtpSink;
let shop: OwnShop;

test.beforeAll(async () => {
  sink = await startSmtpSink();
  shop = await startOwnShop({ SMTP_URL: sink.url, MAIL_FROM: 'hello@kopisenja.test', AUTH_RATE_LIMIT_PER_IP: '100000' });
});

test.afterAll(async () => {
  await shop?.stop();
  await sink?.close();
});

test('a password reset in Indonesian, from Lupa Kata Sandi? to signing in with the new password', async ({ browser, request }) => {
  const email = `e2e-i18n-reset-${uniqueSuffix()}@kopisenja.test`;
  const created = await request.post(`${shop.baseURL}${API_BASE}/users/register`, {
    data: { email, password: 'kopi-senja-e2e-1', phone_number: '081234567890' },
  });
  expect(created.status()).toBe(201);

  const context = await browser.newContext({ locale: 'id-ID', viewport: { width: 375, height: 800 } });
  // Nothing leaves this machine.
  await context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) => route.abort(),
  );
  const page = await context.newPage();
  await page.goto(`${shop.baseURL}/login`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
  await page.getByRole('link', { name: ID['auth.forgotLink'] as string }).click();
  await expect(page.getByRole('heading', { name: ID['forgot.heading'] as string })).toBeVisible();
  await page.getByLabel(ID['auth.email'] as string).fill(email);
  const asked = page.waitForRequest((req) => req.url().endsWith(`${API_BASE}/auth/forgot`));
  await page.getByRole('button', { name: ID['forgot.send'] as string, exact: true }).click();
  expect((await asked).headers()['accept-language']).toBe('id');
  await expect(page.getByRole('button', { name: ID['forgot.resend'] as string })).toBeVisible();
  await shot(page, 'forgot-sent', 375);

  const { link } = resetLinkIn(await sink.next(email));
  await page.goto(link.href);
  await expect(page.getByRole('heading', { name: ID['reset.heading'] as string })).toBeVisible();
  await page.getByLabel(ID['reset.newPassword'] as string, { exact: true }).fill('kopi-senja-e2e-2');
  await page.getByLabel(ID['reset.confirm'] as string).fill('kopi-senja-e2e-2x');
  await page.getByRole('button', { name: ID['reset.submit'] as string }).click();
  await expect(page.getByText(ID['form.passwordsDiffer'] as string)).toBeVisible();
  await page.getByLabel(ID['reset.confirm'] as string).fill('kopi-senja-e2e-2');
  await shot(page, 'reset-filled', 375);
  await page.getByRole('button', { name: ID['reset.submit'] as string }).click();

  await expect(page.locator('.Toastify').getByText(ID.resetSuccess as string)).toBeVisible();
  await expect(page).toHaveURL(`${shop.baseURL}/login`);
  await page.getByLabel(ID['auth.email'] as string).fill(email);
  await page.getByLabel(ID['auth.password'] as string, { exact: true }).fill('kopi-senja-e2e-2');
  await page.getByRole('button', { name: ID['auth.signIn'] as string }).click();
  await expect(page.locator('.Toastify').getByText(ID.loginSuccess as string)).toBeVisible();
  await expect(page).toHaveURL(`${shop.baseURL}/product`, { timeout: 8_000 });
  await expect(page.getByRole('heading', { name: ID['menu.heading'] as string })).toBeVisible();
  await context.close();
});
