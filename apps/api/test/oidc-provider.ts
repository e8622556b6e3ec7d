import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export const OIDC_CLIENT = { id: 'kopi-senja-test', secret: 'kopi-senja-test-secret' };

/**
 * How the provider hands out the person's claims and takes the client's secret:
 * - 'google': like Google, the e-mail and names are in the ID token itself, and the token endpoint
 *   advertises (and takes) the secret in the request body only (client_secret_post);
 * - 'standard': oidc-provider's own defaults, as OpenID Connect Core 5.4 reads: the ID token carries
 *   `sub` alone and the e-mail and names come from the userinfo endpoint; the client is registered
 *   with client_secret_basic (the secret in an Authorization header), and every method is advertised.
 */
export type ProviderFlavour = 'google' | 'standard';

/**
 * A real OpenID provider (the `oidc-provider` package) on a free port of this machine, standing in
 * for Google or another provider. Its development sign-in form takes any login: the login is the
 * person's e-mail, and one starting with "unverified" comes with email_verified false. The person's
 * given name is "Test" and the family name the e-mail's local part.
 * It listens first and learns the shop's return address later, as the shop's port may come after.
 */
export async function startOidcProvider({ flavour = 'google' }: { flavour?: ProviderFlavour } = {}) {
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  /** How each request to the token endpoint carried the client's secret, oldest first. */
  const tokenRequests: ('basic' | 'body')[] = [];
  const server = http.createServer((req, res) => {
    // oidc-provider takes the secret either way whatever the client's registered method, so the
    // way the shop chose is recorded here (a stricter provider refuses the other one).
    if (req.method === 'POST' && req.url?.startsWith('/token')) {
      tokenRequests.push(/^basic /i.test(req.headers.authorization ?? '') ? 'basic' : 'body');
    }
    if (handle) return handle(req, res);
    res.statusCode = 503;
    res.end('provider not ready');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    tokenRequests,
    /** Registers the shop as a client with this return address and starts answering. */
    register(redirectUri: string) {
      const likeGoogle = flavour === 'google';
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: OIDC_CLIENT.id,
            client_secret: OIDC_CLIENT.secret,
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
            ...(likeGoogle ? { token_endpoint_auth_method: 'client_secret_post' } : {}),
          },
        ],
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
        // Like Google: the e-mail and names are in the ID token itself, and the secret goes in the body.
        ...(likeGoogle ? { conformIdTokenClaims: false, clientAuthMethods: ['client_secret_post'] } : {}),
        findAccount: async (_ctx, login) => ({
          accountId: login,
          claims: async () => ({
            sub: `subject-${login}`,
            email: login,
            email_verified: !login.startsWith('unverified'),
            name: `Test ${login.split('@')[0]}`,
            given_name: 'Test',
            family_name: login.split('@')[0],
          }),
        }),
      });
      handle = provider.callback();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type OidcTestProvider = Awaited<ReturnType<typeof startOidcProvider>>;

/**
 * Goes through the provider's sign-in and consent forms as a browser would (cookies kept), and
 * answers the address the provider sends the browser back to: the shop's callback with its query.
 */
export async function signInAtProvider(authorizeUrl: string, login: string, returnTo: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizeUrl;
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      body: form,
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location')!, url);
      if (next.href.startsWith(returnTo)) return next;
      url = next.href;
      form = undefined;
      continue;
    }
    const html = await res.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (!action) throw new Error(`the provider answered ${res.status} without a form: ${html.slice(0, 300)}`);
    url = new URL(action.replaceAll('&amp;', '&'), url).href;
    form = html.includes('name="login"')
      ? new URLSearchParams({ prompt: 'login', login, password: 'any-password' })
      : new URLSearchParams({ prompt: 'consent' });
  }
  throw new Error('the provider did not send the browser back');
}
