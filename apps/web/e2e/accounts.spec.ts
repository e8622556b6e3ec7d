import { API_BASE, MSG, STORAGE } from '@kopi/shared';
import { OIDC_CLIENT, type OidcTestProvider, startOidcProvider } from '../../api/test/oidc-provider';
import { resetLinkIn, type SmtpSink, startSmtpSink } from '../../api/test/smtp-sink';
import { type OwnShop, startOwnShop } from './own-shop';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from './playwright';
import { E2E_PASSWORD, screenshot, toast, uniqueSuffix } from './support';

// Accounts that recover (docs/shop-rules.md#accounts-and-roles) in a real browser: reset by e-mail
// through a real SMTP server, change of password, and
// sign-in with Google against a real OpenID provider. These need settings the shared server has not,
// so the file starts a shop of its own with them (own-shop.ts), next to the mail sink and the provider.

const NEW_PASSWORD = 'kopi-senja-e2e-2';
const OWNER = { email: 'owner@kopisenja.test', password: 'senja-owner-123' };

let sink: SmtpSink;
let provider: OidcTestProvider;
let shop: OwnShop;

test.beforeAll(async () => {
  sink = await startSmtpSink();
  provider = await startOidcProvider();
  shop = await startOwnShop({
    SMTP_URL: sink.url,
    MAIL_FROM: 'hello@kopisenja.test',
    GOOGLE_CLIENT_ID: OIDC_CLIENT.id,
    GOOGLE_CLIENT_SECRET: OIDC_CLIENT.secret,
    OIDC_ISSUER: provider.issuer,
    AUTH_RATE_LIMIT_PER_IP: '100000',
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
  });
  // PUBLIC_URL is not set: links and Google's return use the address the shop listens on.
  provider.register(`${shop.baseURL}${API_BASE}/auth/google/callback`);
});

test.afterAll(async () => {
  await shop?.stop();
  await provider?.close();
  await sink?.close();
});

/** Nothing leaves this machine: the provider's sign-in page would ask a web font host for its font. */
async function stayLocal(context: BrowserContext) {
  await context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) => route.abort(),
  );
}

async function newAccount(request: APIRequestContext) {
  const email = `e2e-${uniqueSuffix()}@kopisenja.test`;
  const res = await request.post(`${shop.baseURL}${API_BASE}/users/register`, {
    data: { email, password: E2E_PASSWORD, phone_number: '081234567890' },
  });
  expect(res.status()).toBe(201);
  return email;
}

async function apiToken(request: APIRequestContext, email: string, password: string) {
  const res = await request.post(`${shop.baseURL}${API_BASE}/auth`, { data: { email, password } });
  return res.status() === 200 ? ((await res.json()).data.token as string) : undefined;
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('Resend Link counts down from 01:15 and can be used at 00:00', async ({ page, context, request }) => {
  await stayLocal(context);
  const email = await newAccount(request);
  await page.clock.install();
  await page.goto(`${shop.baseURL}/forgot`);
  // The page asks the shop how a password is reset before it shows the form (its answer comes
  // through a timer, so the clock stands still only once the form is there).
  await expect(page.getByLabel('Email address')).toBeVisible();
  // The page's clock stands still from here; the test moves it.
  await page.clock.pauseAt(Date.now() + 5_000);
  await page.getByLabel('Email address').fill(email);
  // Before anything is sent the live regions are already there, and empty (one added with its text is often not read).
  await expect(page.getByRole('status')).toHaveText('');
  await expect(page.getByTestId('resend-announcement')).toHaveAttribute('aria-live', 'polite');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(MSG.forgotSent);
  await expect(page.getByRole('timer')).toHaveText('01:15');
  await expect(page.getByRole('button', { name: 'Resend Link' })).toBeDisabled();
  // Send waits for the timer too, and says why; a screen reader hears the wait once, not every second.
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toHaveAccessibleDescription(
    'You can ask for the link again when the timer reaches 00:00.',
  );
  await expect(page.getByTestId('resend-announcement')).toHaveText(
    'The link is on its way. You can ask for it again in 1 minute 15 seconds.',
  );
  await page.getByLabel('Email address').press('Enter');
  const first = resetLinkIn(await sink.next(email));

  await page.clock.runFor(1_000);
  await expect(page.getByRole('timer')).toHaveText('01:14');
  await page.clock.runFor(60_000);
  await expect(page.getByRole('timer')).toHaveText('00:14');
  await expect(page.getByRole('button', { name: 'Resend Link' })).toBeDisabled();
  await page.clock.runFor(14_000);
  await expect(page.getByRole('timer')).toHaveText('00:00');
  await expect(page.getByTestId('resend-announcement')).toHaveText('You can ask for the link again now.');
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeEnabled();
  await page.getByRole('button', { name: 'Resend Link' }).click();
  await expect(page.getByRole('timer')).toHaveText('01:15');
  await expect(page.getByRole('button', { name: 'Resend Link' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
  const second = resetLinkIn(await sink.next(email));
  expect(second.token).not.toBe(first.token);
  // Enter in the field while the timer ran sent nothing: no third mail waits beside the two taken.
  expect(sink.received.filter((mail) => mail.to.includes(email))).toEqual([]);
});

test('a customer who forgot the password follows the e-mailed link, sets a new one and logs in with it', async ({
  page,
  context,
  request,
}) => {
  await stayLocal(context);
  const email = await newAccount(request);
  const oldSession = await apiToken(request, email, E2E_PASSWORD);

  await page.goto(`${shop.baseURL}/login`);
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(MSG.forgotSent);
  await screenshot(page, 'accounts-forgot-sent');

  const mail = await sink.next(email);
  expect(mail.subject).toBe('Reset your Kopi Senja password');
  expect(mail.html).toContain('Kopi Senja');
  const { link } = resetLinkIn(mail);
  expect(link.origin).toBe(shop.baseURL);

  await page.goto(link.href);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('short');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}x`);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('The two passwords are not the same')).toBeVisible();
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await screenshot(page, 'accounts-reset');
  await page.getByRole('button', { name: 'Set new password' }).click();

  await expect(toast(page, MSG.resetSuccess)).toBeVisible();
  await expect(page).toHaveURL(`${shop.baseURL}/login`);
  // Every session of the account ended.
  const refused = await request.get(`${shop.baseURL}${API_BASE}/users/profile`, { headers: { 'access-token': oldSession! } });
  expect(refused.status()).toBe(401);

  await logIn(page, email, E2E_PASSWORD);
  await expect(toast(page, MSG.loginFailed)).toBeVisible();
  await logIn(page, email, NEW_PASSWORD);
  await expect(toast(page, MSG.loginSuccess)).toBeVisible();
  await expect(page).toHaveURL(`${shop.baseURL}/product`, { timeout: 8_000 });

  // The link worked once.
  await page.goto(link.href);
  await page.getByLabel('New password', { exact: true }).fill('kopi-senja-e2e-3');
  await page.getByLabel('Confirm new password').fill('kopi-senja-e2e-3');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(MSG.resetLinkInvalid)).toBeVisible();
  await screenshot(page, 'accounts-reset-used-link');
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(`${shop.baseURL}/forgot`);

  // The token was never written to the server's log, though the page was asked for with it.
  expect(shop.log()).toContain('/reset?token=[redacted]');
  expect(shop.log()).not.toContain(link.searchParams.get('token'));
});

test('with a mail server the owner is not warned about e-mail on the dashboard', async ({ page, context, request }) => {
  await stayLocal(context);
  const owner = await request.post(`${shop.baseURL}${API_BASE}/auth`, { data: OWNER });
  const { data } = await owner.json();
  await page.addInitScript(
    ({ keys, session }) => {
      localStorage.setItem(keys.token, session.token);
      localStorage.setItem(keys.role, session.payload.role);
      localStorage.setItem(keys.id, String(session.payload.id));
    },
    { keys: { token: STORAGE.token, role: STORAGE.role, id: STORAGE.id }, session: data },
  );
  const shopAnswered = page.waitForResponse((r) => r.url().endsWith(`${API_BASE}/shop`));
  await page.goto(`${shop.baseURL}/dashboard`);
  expect((await (await shopAnswered).json()).data.password_reset).toBe('email');
  await expect(page.getByRole('heading', { name: /Report$/ })).toBeVisible();
  // docs/shop-rules.md#forgotten-passwords: the warning is for a shop without SMTP_URL only.
  await expect(page.getByTestId('mail-warning')).toHaveCount(0);
});

test('Edit Password on the profile keeps this device signed in and signs the others out', async ({ page, context, request }) => {
  await stayLocal(context);
  const email = await newAccount(request);
  const otherDevice = await apiToken(request, email, E2E_PASSWORD);
  await page.goto(`${shop.baseURL}/login`);
  await logIn(page, email, E2E_PASSWORD);
  await expect(page).toHaveURL(`${shop.baseURL}/product`, { timeout: 8_000 });
  await page.goto(`${shop.baseURL}/profile`);

  await page.getByRole('button', { name: 'Edit Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Password' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Current password').fill('not-my-password');
  await dialog.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await dialog.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Save Password' }).click();
  await expect(dialog.getByText(MSG.currentPasswordWrong)).toBeVisible();
  await screenshot(page, 'accounts-edit-password-wrong');

  const tokenBefore = await page.evaluate((key) => localStorage.getItem(key), STORAGE.token);
  await dialog.getByLabel('Current password').fill(E2E_PASSWORD);
  await dialog.getByRole('button', { name: 'Save Password' }).click();
  await expect(toast(page, MSG.passwordChanged)).toBeVisible();
  await expect(dialog).toBeHidden();

  // This device goes on with its new token: the profile still loads after a reload.
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE.token)).not.toBe(tokenBefore);
  await page.reload();
  await expect(page.getByText(email).first()).toBeVisible();
  await expect(page).toHaveURL(`${shop.baseURL}/profile`);
  const refused = await request.get(`${shop.baseURL}${API_BASE}/users/profile`, { headers: { 'access-token': otherDevice! } });
  expect(refused.status()).toBe(401);
  expect(await apiToken(request, email, NEW_PASSWORD)).toBeDefined();
});

test('a visitor signs up with Google and lands signed in', async ({ page, context }) => {
  await stayLocal(context);
  const email = `google-${uniqueSuffix()}@gmail.test`;
  await page.goto(`${shop.baseURL}/signup`);
  await screenshot(page, 'accounts-signup-google');
  await page.getByRole('link', { name: 'Sign Up with Google' }).click();

  // The provider's own sign-in and consent pages.
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(`${shop.baseURL}/login/google`);
  await expect(toast(page, MSG.loginSuccess)).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Signed in with Google. Taking you to the menu…');
  await screenshot(page, 'accounts-google-landed');
  await expect(page).toHaveURL(`${shop.baseURL}/product`, { timeout: 8_000 });
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE.role)).toBe('User');

  await page.goto(`${shop.baseURL}/profile`);
  await expect(page.getByText(email).first()).toBeVisible();

  // Signing in again (from the Login screen) is the same account.
  const id = await page.evaluate((key) => localStorage.getItem(key), STORAGE.id);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${shop.baseURL}/login`);
  // The provider remembers the person and the consent given: it sends the browser straight back.
  await page.getByRole('link', { name: 'Sign In with Google' }).click();
  await expect(page).toHaveURL(`${shop.baseURL}/login/google`);
  await expect(toast(page, MSG.loginSuccess)).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE.id)).toBe(id);
});

test('a Google sign-in that is cancelled says so and leads back to Login', async ({ page, context }) => {
  await stayLocal(context);
  await page.goto(`${shop.baseURL}${API_BASE}/auth/google/callback?error=access_denied&state=x`);
  await expect(page).toHaveURL(`${shop.baseURL}/login/google`);
  await expect(page.getByText('You cancelled the sign-in at Google.')).toBeVisible();
  await screenshot(page, 'accounts-google-cancelled');
  await page.getByRole('link', { name: 'Back to Login' }).click();
  await expect(page).toHaveURL(`${shop.baseURL}/login`);
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('forgot, reset and Edit Password fit, and a cut connection is told', async ({ page, context, request }) => {
    await stayLocal(context);
    const email = await newAccount(request);
    const noSidewaysScroll = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    await page.goto(`${shop.baseURL}/forgot`);
    await page.getByLabel('Email address').fill(email);
    // The network goes while the link is asked for.
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('The shop cannot be reached. Check your connection and try again.')).toBeVisible();
    await screenshot(page, 'accounts-phone-forgot-offline');
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByRole('status')).toHaveText(MSG.forgotSent);
    await noSidewaysScroll();
    await screenshot(page, 'accounts-phone-forgot-sent');

    await page.goto(resetLinkIn(await sink.next(email)).link.href);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await noSidewaysScroll();
    await screenshot(page, 'accounts-phone-reset');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(`${shop.baseURL}/login`);

    await logIn(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL(`${shop.baseURL}/product`, { timeout: 8_000 });
    await page.goto(`${shop.baseURL}/profile`);
    await page.getByRole('button', { name: 'Edit Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Password' });
    await dialog.getByLabel('Current password').fill(NEW_PASSWORD);
    await dialog.getByLabel('New password', { exact: true }).fill(E2E_PASSWORD);
    await dialog.getByLabel('Confirm new password').fill(E2E_PASSWORD);
    await context.setOffline(true);
    await dialog.getByRole('button', { name: 'Save Password' }).click();
    await expect(dialog.getByText('The shop cannot be reached. Check your connection and try again.')).toBeVisible();
    await screenshot(page, 'accounts-phone-edit-password-offline');
    await context.setOffline(false);
    await dialog.getByRole('button', { name: 'Save Password' }).click();
    await expect(toast(page, MSG.passwordChanged)).toBeVisible();
  });
});
