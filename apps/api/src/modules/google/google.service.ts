import { API_BASE, type Role, withoutUnshowable } from '@kopi/shared';
import type { FastifyBaseLogger } from 'fastify';
import { EncryptJWT, errors as joseErrors, jwtDecrypt } from 'jose';
import * as oidc from 'openid-client';
import type { Config } from '../../config.ts';
import { isLoopbackHost } from '../../lib/loopback.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { GoogleRepository } from './google.repository.ts';

/** Why a sign-in did not end signed in; the sign-in screen words each one (web texts). */
export type GoogleFailure = 'cancelled' | 'expired' | 'unverified' | 'unavailable' | 'failed';

export class GoogleSignInError extends Error {
  constructor(readonly reason: GoogleFailure) {
    super(`Google sign-in ${reason}`);
  }
}

/** The sign-in's state, PKCE verifier and nonce travel in this cookie, sealed, for ten minutes. */
export const FLOW_COOKIE = 'kopi_google_flow';
export const FLOW_SECONDS = 600;
export const CALLBACK_PATH = `${API_BASE}/auth/google/callback`;

interface Deps {
  google: NonNullable<Config['google']>;
  clock: Config['clock'];
  repo: GoogleRepository;
  auth: AuthService;
  publicUrl: () => string;
  log: FastifyBaseLogger;
}

/**
 * Sign-in with Google by OpenID Connect: the authorization code flow with PKCE (S256), state and
 * nonce (docs/decisions/google-sign-in.md). Only the shop's server talks to the provider's token endpoint.
 */
export function createGoogleSignIn({ google, clock, repo, auth, publicUrl, log }: Deps) {
  const key = auth.derivedKey('google-sign-in-flow');
  const issuerUrl = new URL(google.issuer);
  // Plain http is allowed only for a provider on this machine (config.ts refuses it elsewhere).
  const insecure = issuerUrl.protocol === 'http:' && isLoopbackHost(issuerUrl.hostname);

  // Discovered on first use, not at start-up: the shop opens even when the provider is unreachable.
  let discovered: Promise<oidc.Configuration> | undefined;
  function configuration(): Promise<oidc.Configuration> {
    discovered ??= discover().catch((error: unknown) => {
      discovered = undefined; // ask again next time
      log.error({ reason: (error as Error).message }, 'the OpenID provider could not be reached');
      throw new GoogleSignInError('unavailable');
    });
    return discovered;
  }

  async function discover(): Promise<oidc.Configuration> {
    const options = insecure ? { execute: [oidc.allowInsecureRequests] } : undefined;
    const found = await oidc.discovery(issuerUrl, google.clientId, undefined, undefined, options);
    const metadata = found.serverMetadata();
    const auth = clientAuthentication(metadata.token_endpoint_auth_methods_supported, google.clientSecret);
    const config = new oidc.Configuration(metadata, google.clientId, google.clientSecret, auth);
    if (insecure) oidc.allowInsecureRequests(config);
    return config;
  }

  const redirectUri = () => `${publicUrl()}${CALLBACK_PATH}`;

  return {
    /** Where to send the browser, and the sealed cookie that must come back with it. */
    async start(): Promise<{ location: string; sealedFlow: string }> {
      const config = await configuration();
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const location = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri(),
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      const sealedFlow = await new EncryptJWT({ state, verifier, nonce })
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setIssuedAt()
        .setExpirationTime(`${FLOW_SECONDS}s`)
        .encrypt(key);
      return { location: location.href, sealedFlow };
    },

    /** Trades the provider's answer for a session of the shop's own. */
    async finish(query: URLSearchParams, sealedFlow: string | undefined): Promise<{ token: string; id: number; role: Role }> {
      const refusal = query.get('error');
      if (refusal) {
        // "access_denied" is the person saying no; anything else is the provider refusing the request.
        if (refusal === 'access_denied') throw new GoogleSignInError('cancelled');
        log.warn({ error: refusal.slice(0, 100) }, 'Google sign-in refused by the provider');
        throw new GoogleSignInError('failed');
      }
      const flow = await openFlow(sealedFlow);
      // The state ties Google's answer to the browser that started the sign-in (no login CSRF).
      if (!flow || query.get('state') !== flow.state) throw new GoogleSignInError('expired');
      const config = await configuration();
      const current = new URL(redirectUri());
      for (const [name, value] of query) current.searchParams.append(name, value);
      let claims: oidc.IDToken;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        if (!idToken) throw new GoogleSignInError('failed');
        claims = await withUserInfo(config, idToken, tokens.access_token);
      } catch (error) {
        // The message says what failed (never the code or a token: openid-client does not put them there).
        log.warn({ reason: (error as Error).message }, 'Google sign-in refused by the provider');
        throw new GoogleSignInError('failed');
      }
      const account = await accountFor(claims);
      const role = account.role as Role;
      log.info({ userId: account.id }, 'signed in with Google');
      return { token: await auth.issueToken(account.id, role, account.session_epoch), id: account.id, role };
    },
  };

  async function openFlow(sealed: string | undefined) {
    if (!sealed) return undefined;
    try {
      const { payload } = await jwtDecrypt(sealed, key);
      const { state, verifier, nonce } = payload;
      if (typeof state !== 'string' || typeof verifier !== 'string' || typeof nonce !== 'string') return undefined;
      return { state, verifier, nonce };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return undefined; // tampered with, or older than ten minutes
      throw error;
    }
  }

  /**
   * The person's claims: the ID token's, completed by the userinfo endpoint when it lacks the e-mail
   * or the names. Google puts them in the ID token; a provider following OpenID Connect Core 5.4
   * (oidc-provider by default) answers them at userinfo only. The ID token's own claims win, and
   * userinfo must be about the same subject (openid-client checks it).
   */
  async function withUserInfo(config: oidc.Configuration, idToken: oidc.IDToken, accessToken: string): Promise<oidc.IDToken> {
    const complete = typeof idToken.email === 'string' && idToken.email_verified !== undefined && hasNames(idToken);
    if (complete || !config.serverMetadata().userinfo_endpoint) return idToken;
    const userInfo = await oidc.fetchUserInfo(config, accessToken, idToken.sub);
    return { ...userInfo, ...idToken };
  }

  /**
   * The account a provider's person signs in to: the one linked to them before, else the account
   * with their e-mail, which the provider must have verified (else anyone could claim any address).
   */
  async function accountFor(claims: oidc.IDToken) {
    const linked = await repo.accountOfIdentity(claims.iss, claims.sub);
    if (linked) return linked;
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (!email || claims.email_verified !== true) throw new GoogleSignInError('unverified');
    return repo.linkByEmail({ issuer: claims.iss, subject: claims.sub, email, ...namesOf(claims) }, clock.now());
  }
}
export type GoogleSignIn = ReturnType<typeof createGoogleSignIn>;

const hasNames = (claims: oidc.JsonObject) => typeof claims.name === 'string' || typeof claims.given_name === 'string';

/**
 * A name claim as the profile keeps it: without the characters no name may hold (a provider's name
 * is a person's too; the forms refuse them, a sign-in cannot), trimmed, at most 50 characters,
 * nothing when empty.
 */
function nameClaim(value: unknown): string | undefined {
  const name = typeof value === 'string' ? withoutUnshowable(value).trim().slice(0, 50) : '';
  return name || undefined;
}

/** The profile's names from the standard claims (OpenID Connect Core 5.1). */
function namesOf(claims: oidc.IDToken) {
  const firstName = nameClaim(claims.given_name);
  const lastName = nameClaim(claims.family_name);
  const whole = [firstName, lastName].filter(Boolean).join(' ');
  return { displayName: nameClaim(claims.name) ?? nameClaim(whole), firstName, lastName };
}

/**
 * How the shop proves itself at the token endpoint: as the provider's discovery says it accepts.
 * client_secret_basic is the default of OpenID Connect client registration (and of RFC 8414 when
 * nothing is advertised), so a client registered without saying is registered with it; a provider
 * that takes the secret in the body only says client_secret_post alone.
 */
export function clientAuthentication(supported: readonly string[] | undefined, secret: string): oidc.ClientAuth {
  const bodyOnly = supported?.includes('client_secret_post') && !supported.includes('client_secret_basic');
  return bodyOnly ? oidc.ClientSecretPost(secret) : oidc.ClientSecretBasic(secret);
}
