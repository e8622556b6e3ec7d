import { API_BASE, MSG } from '@kopi/shared';
import { OIDC_CLIENT, type OidcTestProvider, startOidcProvider } from '../../api/test/oidc-provider';
import { type OwnShop, startOwnShop } from './own-shop';
import { expect, test } from './playwright';
import { screenshot, toast, uniqueSuffix } from './support';

// Sign-in with another OpenID provider, one that follows OpenID Connect Core 5.4 as `oidc-provider`
// does by default: the e-mail and the names come only from its userinfo endpoint, the names as
// given_name / family_name, and it expects the client's secret by HTTP Basic
// (docs/decisions/google-sign-in.md). On a phone, through the provider's own pages.

let provider: OidcTestProvider;
let shop: OwnShop;

test.beforeAll(async () => {
  provider = await startOidcProvider({ flavour: 'standard' });
  shop = await startOwnShop({
    GOOGLE_CLIENT_ID: OIDC_CLIENT.id,
    GOOGLE_CLIENT_SECRET: OIDC_CLIENT.secret,
    OIDC_ISSUER: provider.issuer,
    AUTH_RATE_LIMIT_PER_IP: '100000',
  });
  provider.register(`${shop.baseURL}${API_BASE}/auth/google/callback`);
});

test.afterAll(async () => {
  await shop?.stop();
  await provider?.close();
});

test('a visitor signs up through a standard OpenID provider and lands signed in, with their names', async ({ page, context }) => {
  // Nothing leaves this machine: the provider's sign-in page would ask a web font host for its font.
  await context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) => route.abort(),
  );
  const local = `standard-${uniqueSuffix()}`;
  const email = `${local}@example.test`;
  await page.goto(`${shop.baseURL}/signup`);
  await page.getByRole('link', { name: 'Sign Up with Google' }).tap();

  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).tap();
  await page.getByRole('button', { name: 'Continue' }).tap();

  // Not "#error=unverified": the e-mail and its verification were read from userinfo.
  await expect(page).toHaveURL(`${shop.baseURL}/login/google`);
  await expect(toast(page, MSG.loginSuccess)).toBeVisible();
  await screenshot(page, 'openid-standard-landed');
  expect(provider.tokenRequests.at(-1)).toBe('basic');

  // The names came as given_name and family_name ("Test" and the e-mail's local part).
  await page.goto(`${shop.baseURL}/profile`);
  await expect(page.getByText(email).first()).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Test');
  await expect(page.getByLabel('Last name')).toHaveValue(local);
  await screenshot(page, 'openid-standard-profile');
});
