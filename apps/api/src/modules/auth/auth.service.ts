import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { isLocale, type Locale, type LoginInput, type LoginResult, type Role } from '@kopi/shared';
import { type JWTPayload, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../config.ts';
import { unauthorized } from '../../lib/errors.ts';
import type { AuthRepository } from './auth.repository.ts';
import { decoy, verifyPassword } from './passwords.ts';
import type { createRateLimiter } from './rate-limits.repository.ts';

export interface Session {
  id: number;
  role: Role;
  jti: string;
  expiresAt: Date;
  /** The account's session epoch when the token was issued (docs/decisions/session-epoch.md). */
  epoch: number;
  /** The language the account chose, read with its role; null until it chooses (docs/decisions/i18n-lingui.md). */
  locale: Locale | null;
  /** A member switched on a shared counter device: the till it was opened on (docs/shop-rules.md#staff-and-roles). */
  till?: number;
}

/** The 401 of a token that no longer opens a session: expired, revoked, or older than the account's epoch. */
export const sessionEnded = () => unauthorized('server.sessionEnded');

/** What a token says of its session once its signature and expiry are checked: the rest is the database's. */
export type SessionClaims = Omit<Session, 'role' | 'locale'>;

/** Fixed-window counters shared by every instance (rate-limits.repository.ts): sign-in and sign-up limits. */
export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** A session whose token is signed and unexpired, not yet checked against the database. */
export interface PendingSession extends SessionClaims {
  /** Checks it against the database now (revoked, older than the account's epoch, account gone): the session, or a 401. */
  verify(): Promise<Session>;
}

export async function createAuthService(repo: AuthRepository, limiter: RateLimiter, config: Config) {
  const secret = new TextEncoder().encode(config.jwtSecret ?? (await repo.signingSecret(randomBytes(48).toString('base64url'))));
  const limits = config.authRateLimit;

  /**
   * A session token for the account; `epoch` is the account's current session epoch. A session on a
   * till carries the till and lasts `ttlSeconds` (one shift at most) instead of TOKEN_TTL_SECONDS.
   */
  async function issueToken(id: number, role: Role, epoch: number, on: { till?: number; ttlSeconds?: number } = {}): Promise<string> {
    return new SignJWT({ id, role, epoch, ...(on.till ? { till: on.till } : {}) })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${on.ttlSeconds ?? config.tokenTtlSeconds}s`)
      .sign(secret);
  }

  /**
   * Tokens whose signature was already checked, with their claims. A token's bytes never change,
   * so its signature need not be checked again on each request (it cost a tenth of an order's time).
   */
  const signedClaims = new Map<string, SessionClaims>();
  const SIGNED_CLAIMS_MAX = 10_000;

  async function checkSignature(token: string): Promise<SessionClaims> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] }));
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw sessionEnded();
      throw error;
    }
    const id = Number(payload.id);
    const validId = Number.isInteger(id) && id > 0 && id <= 2_147_483_647;
    const jti = typeof payload.jti === 'string' && /^[\w-]{1,100}$/.test(payload.jti) ? payload.jti : undefined;
    // Tokens issued before sessions had epochs carry none: they belong to epoch 0.
    const epoch = payload.epoch ?? 0;
    const validEpoch = typeof epoch === 'number' && Number.isInteger(epoch) && epoch >= 0;
    const till = payload.till === undefined ? undefined : Number(payload.till);
    const validTill = till === undefined || (Number.isInteger(till) && till > 0 && till <= 2_147_483_647);
    if (!validId || !jti || !validEpoch || !validTill || typeof payload.exp !== 'number') throw sessionEnded();
    const claims: SessionClaims = { id, jti, epoch, expiresAt: new Date(payload.exp * 1000), ...(till ? { till } : {}) };
    if (signedClaims.size >= SIGNED_CLAIMS_MAX) signedClaims.clear();
    signedClaims.set(token, claims);
    return claims;
  }

  /**
   * Checks signature and expiry only, without a query. The caller must check the rest before it
   * reveals or changes anything: `verify`, or place_order's own check (POST /transactions).
   */
  async function claimsOf(token: string): Promise<SessionClaims> {
    const claims = signedClaims.get(token) ?? (await checkSignature(token));
    if (claims.expiresAt.getTime() <= Date.now()) {
      signedClaims.delete(token);
      throw sessionEnded();
    }
    return claims;
  }

  return {
    issueToken,

    /**
     * A 256-bit key for another purpose (e.g. sealing the Google sign-in's cookie), derived from the
     * signing secret so that every instance derives the same one and no second secret is kept.
     */
    derivedKey: (purpose: string): Uint8Array => createHash('sha256').update(`${purpose}:`).update(secret).digest(),

    async login(input: LoginInput, ip: string): Promise<LoginResult> {
      // Guessing passwords is throttled (docs/shop-rules.md#sign-in-limits): every attempt counts per
      // IP; failures count per account and address, and per account across all addresses with a
      // higher ceiling, so that one address guessing cannot lock the owner out from another.
      await limiter.check(`login:ip:${ip}`, limits.perIp);
      const fromHere = `login:email:${input.email}:ip:${ip}`;
      const anywhere = `login:email:${input.email}`;
      await limiter.refuseIfUsedUp(fromHere, limits.perEmail);
      await limiter.refuseIfUsedUp(anywhere, limits.perAccount);
      const user = await repo.findUserByEmail(input.email);
      const ok = await verifyPassword(user?.password_hash ?? (await decoy()), input.password);
      // A member the owner deactivated cannot sign in, and is told no more than a wrong password tells.
      if (!user || !ok || !user.active) {
        await limiter.count(fromHere);
        await limiter.count(anywhere);
        // One message for a wrong email and a wrong password (docs/shop-rules.md#accounts-and-roles), so neither is revealed.
        throw unauthorized('loginFailed');
      }
      // A successful sign-in forgives this address's earlier mistakes (the IP's and the account-wide count stay).
      await limiter.reset(fromHere);
      const role = user.role as Role;
      return { token: await issueToken(user.id, role, user.session_epoch), payload: { id: user.id, role } };
    },

    claims: claimsOf,

    /** Checks signature, expiry and revocation; the role comes from the database, not the token. */
    async verify(token: string): Promise<Session> {
      const claims = await claimsOf(token);
      // Revocation, the account's session epoch and its current role are read on every request, from
      // the shared database: a reset of the password ends the account's sessions on every instance at once.
      const state = await repo.sessionState(claims.id, claims.jti);
      if (!state?.role || state.revoked || state.epoch !== claims.epoch) throw sessionEnded();
      return { ...claims, role: state.role as Role, locale: isLocale(state.locale) ? state.locale : null };
    },

    /**
     * Which of these sessions still hold, with their account's current role (the live streams ask on
     * each heartbeat: a logout, a new password or a change of role ends a stream as it ends a request).
     * Answers the sessions still valid, by jti; a session whose role changed is not among them.
     */
    async stillValid(sessions: readonly Session[]): Promise<Set<string>> {
      const now = Date.now();
      const live = sessions.filter((s) => s.expiresAt.getTime() > now);
      const states = new Map((await repo.sessionStates(live)).map((state) => [state.jti, state]));
      return new Set(
        live
          .filter((s) => {
            const state = states.get(s.jti);
            return !!state?.role && !state.revoked && state.epoch === s.epoch && state.role === s.role;
          })
          .map((s) => s.jti),
      );
    },

    logout: (session: Session) => repo.revoke(session.jti, session.expiresAt),
  };
}
export type AuthService = Awaited<ReturnType<typeof createAuthService>>;
