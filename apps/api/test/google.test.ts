import { API_BASE, ROLES } from '@kopi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, countRows, createTestShop, multipart, signUpAs, type TestShop } from './helpers.ts';
import { OIDC_CLIENT, type OidcTestProvider, signInAtProvider, startOidcProvider } from './oidc-provider.ts';

const PUBLIC_URL = 'https://kopi.example';
const CALLBACK = `${PUBLIC_URL}${API_BASE}/auth/google/callback`;

let provider: OidcTestProvider;
let shop: TestShop;

beforeAll(async () => {
  provider = await startOidcProvider();
  provider.register(CALLBACK);
  shop = await createTestShop({
    publicUrl: PUBLIC_URL,
    google: { clientId: OIDC_CLIENT.id, clientSecret: OIDC_CLIENT.secret, issuer: provider.issuer },
  });
});
afterAll(async () => {
  await shop.close();
  await provider.close();
});

/** The start: where the shop sends the browser, and the sealed flow cookie it sets. */
async function start(target = shop) {
  const res = await target.app.inject({ method: 'GET', url: `${API_BASE}/auth/google` });
  const setCookie = String(res.headers['set-cookie'] ?? '');
  return { res, location: String(res.headers.location), setCookie, cookie: setCookie.split(';')[0]! };
}

/** The shop's answer to the provider's return, with the browser's cookie. */
const callback = (returned: URL, cookie?: string) =>
  shop.app.inject({ method: 'GET', url: returned.pathname + returned.search, headers: cookie ? { cookie } : {} });

/** The outcome the SPA reads from the fragment of the landing address. */
function landing(res: { statusCode: number; headers: Record<string, unknown> }) {
  expect(res.statusCode).toBe(303);
  const location = String(res.headers.location);
  expect(location.startsWith('/login/google#')).toBe(true);
  return new URLSearchParams(location.split('#')[1]);
}

async function signInWithGoogle(login: string) {
  const { location, cookie } = await start();
  const returned = await signInAtProvider(location, login, CALLBACK);
  return landing(await callback(returned, cookie));
}

describe('GET /auth/google', () => {
  it('sends the browser to the provider with PKCE (S256), state and nonce, and seals them in a cookie for the callback only', async () => {
    const { res, location, setCookie } = await start();
    expect(res.statusCode).toBe(302);
    const url = new URL(location);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('client_id')).toBe(OIDC_CLIENT.id);
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(setCookie).toContain(`Path=${API_BASE}/auth/google/callback`);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Secure/);
    // The cookie is sealed: neither the state nor the verifier can be read from it.
    expect(setCookie).not.toContain(url.searchParams.get('state'));
  });

  it('answers 404 when Google sign-in is not configured', async () => {
    const plain = await createTestShop();
    try {
      const res = await plain.app.inject({ method: 'GET', url: `${API_BASE}/auth/google` });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('data_not_found');
    } finally {
      await plain.close();
    }
  });

  it('lands on the sign-in screen with "unavailable" when the provider cannot be reached', async () => {
    const gone = await startOidcProvider();
    await gone.close();
    const cut = await createTestShop({
      publicUrl: PUBLIC_URL,
      google: { clientId: OIDC_CLIENT.id, clientSecret: OIDC_CLIENT.secret, issuer: gone.issuer },
    });
    try {
      const { res } = await start(cut);
      expect(landing(res).get('error')).toBe('unavailable');
    } finally {
      await cut.close();
    }
  });
});

describe('GET /auth/google/callback', () => {
  it('creates a customer account on the first sign-in with a verified e-mail, and signs into it after', async () => {
    const email = `first-${Date.now()}@gmail.test`;
    const first = await signInWithGoogle(email);
    expect(first.get('role')).toBe(ROLES.user);
    const profile = await api(shop, 'GET', '/users/profile', { token: first.get('token')! });
    expect(profile.statusCode).toBe(200);
    const local = email.split('@')[0];
    expect(profile.json().data).toMatchObject({ email, role: 'User', display_name: `Test ${local}`, first_name: 'Test', last_name: local });

    const again = await signInWithGoogle(email);
    expect(again.get('id')).toBe(first.get('id'));
    expect(again.get('token')).not.toBe(first.get('token'));
    // This provider advertises client_secret_post alone: the secret went in the body.
    expect(new Set(provider.tokenRequests)).toEqual(new Set(['body']));
  });

  it('signs into the existing account that has the verified e-mail', async () => {
    const user = await signUpAs(shop, 'Admin');
    const before = await countRows(shop, 'users');
    const landed = await signInWithGoogle(user.email);
    expect(landed.get('id')).toBe(String(user.id));
    expect(landed.get('role')).toBe('Admin');
    expect(await countRows(shop, 'users')).toBe(before);
  });

  it('refuses an e-mail the provider has not verified, and makes no account', async () => {
    const before = await countRows(shop, 'users');
    const landed = await signInWithGoogle(`unverified-${Date.now()}@gmail.test`);
    expect(landed.get('error')).toBe('unverified');
    expect(landed.has('token')).toBe(false);
    expect(await countRows(shop, 'users')).toBe(before);
  });

  it('refuses a return without the cookie of the browser that started (login CSRF), or with another state', async () => {
    const { location, cookie } = await start();
    const returned = await signInAtProvider(location, `csrf-${Date.now()}@gmail.test`, CALLBACK);
    expect(landing(await callback(returned)).get('error')).toBe('expired');
    const forged = new URL(returned);
    forged.searchParams.set('state', 'someone-elses-state');
    expect(landing(await callback(forged, cookie)).get('error')).toBe('expired');
    const other = await start();
    expect(landing(await callback(returned, other.cookie)).get('error')).toBe('expired');
  });

  it('uses a code once', async () => {
    const { location, cookie } = await start();
    const returned = await signInAtProvider(location, `once-${Date.now()}@gmail.test`, CALLBACK);
    expect(landing(await callback(returned, cookie)).has('token')).toBe(true);
    expect(landing(await callback(returned, cookie)).get('error')).toBe('failed');
  });

  it('says "cancelled" when the person declines at the provider', async () => {
    const { cookie } = await start();
    const declined = new URL(`${CALLBACK}?error=access_denied&state=x`);
    expect(landing(await callback(declined, cookie)).get('error')).toBe('cancelled');
  });
});

describe("another OpenID provider, in oidc-provider's default configuration", () => {
  // OpenID Connect Core 5.4: the e-mail and names are at the userinfo endpoint, not in the ID token,
  // and the client is registered with client_secret_basic (docs/decisions/google-sign-in.md).
  let standard: OidcTestProvider;
  let other: TestShop;

  beforeAll(async () => {
    standard = await startOidcProvider({ flavour: 'standard' });
    standard.register(CALLBACK);
    other = await createTestShop({
      publicUrl: PUBLIC_URL,
      google: { clientId: OIDC_CLIENT.id, clientSecret: OIDC_CLIENT.secret, issuer: standard.issuer },
    });
  });
  afterAll(async () => {
    await other.close();
    await standard.close();
  });

  async function signInThere(login: string) {
    const { location, cookie } = await start(other);
    const returned = await signInAtProvider(location, login, CALLBACK);
    return landing(await other.app.inject({ method: 'GET', url: returned.pathname + returned.search, headers: { cookie } }));
  }

  it('signs in with the claims of userinfo, the secret sent as the token endpoint asks, and fills first and last name', async () => {
    const email = `standard-${Date.now()}@example.test`;
    const local = email.split('@')[0];
    const first = await signInThere(email);
    expect(first.get('error')).toBeNull();
    const profile = await api(other, 'GET', '/users/profile', { token: first.get('token')! });
    expect(profile.json().data).toMatchObject({ email, role: 'User', display_name: `Test ${local}`, first_name: 'Test', last_name: local });
    expect((await signInThere(email)).get('id')).toBe(first.get('id'));
    // It advertises every method and registered the shop with the default, client_secret_basic.
    expect(new Set(standard.tokenRequests)).toEqual(new Set(['basic']));
  });

  it('fills the empty names of an existing account it links by e-mail, and keeps the names it has', async () => {
    const named = await signUpAs(other, 'User');
    const saved = await api(other, 'PATCH', '/users/profile', { token: named.token, form: await multipart({ first_name: 'Sari' }) });
    expect(saved.statusCode).toBe(200);
    const landed = await signInThere(named.email);
    expect(landed.get('id')).toBe(String(named.id));
    const profile = (await api(other, 'GET', '/users/profile', { token: named.token })).json().data;
    expect(profile).toMatchObject({ first_name: 'Sari', last_name: named.email.split('@')[0] });
  });

  it('still refuses an e-mail that userinfo says is not verified', async () => {
    const before = await countRows(other, 'users');
    expect((await signInThere(`unverified-${Date.now()}@example.test`)).get('error')).toBe('unverified');
    expect(await countRows(other, 'users')).toBe(before);
  });
});
