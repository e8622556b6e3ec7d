import { API_BASE, type Role } from '@kopi/shared';
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
    discovered ??= oidc
      .discovery(
        issuerUrl,
        google.clientId,
        google.clientSecret,
        undefined,
        insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = undefined; // ask again next time
        log.error({ reason: (error as Error).message }, 'the OpenID provider could not be reached');
        throw new GoogleSignInError('unavailable');
      });
    return discovered;
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
      let claims: oidc.IDToken | undefined;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (error) {
        // The message says what failed (never the code or a token: openid-client does not put them there).
        log.warn({ reason: (error as Error).message }, 'Google sign-in refused by the provider');
        throw new GoogleSignInError('failed');
      }
      if (!claims) throw new GoogleSignInError('failed');
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
   * The account a provider's person signs in to: the one linked to them before, else the account
   * with their e-mail, which the provider must have verified (else anyone could claim any address).
   */
  async function accountFor(claims: oidc.IDToken) {
    const linked = await repo.accountOfIdentity(claims.iss, claims.sub);
    if (linked) return linked;
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (!email || claims.email_verified !== true) throw new GoogleSignInError('unverified');
    const name = typeof claims.name === 'string' ? claims.name.trim().slice(0, 50) : '';
    return repo.linkByEmail({ issuer: claims.iss, subject: claims.sub, email, displayName: name || undefined }, clock.now());
  }
}
export type GoogleSignIn = ReturnType<typeof createGoogleSignIn>;
