import { CAN, type Role, TOKEN_HEADER } from '@kopi/shared';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden, unauthorized } from '../../lib/errors.ts';
import { markGuard } from '../../lib/guard-needs.ts';
import type { AuthService, PendingSession, Session } from './auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
    /** Set by the `pending` guard instead of `session`. */
    pendingSession: PendingSession | null;
    /** Whether a guard has read the token already (so an error answer does not read it again). */
    tokenRead: boolean;
  }
  interface FastifyInstance {
    auth: {
      /** Any signed-in account. */
      signedIn: preHandlerAsyncHookHandler;
      /** Only the given roles; others get 403. */
      roles: (...roles: Role[]) => preHandlerAsyncHookHandler;
      /** The owner's pages: the dashboard, menu, promos, staff, settings (CAN.manage: Admin). */
      admin: preHandlerAsyncHookHandler;
      /** The kitchen display: the queue, lines, moves, undo (CAN.kitchen: Admin, Cashier, Barista). */
      kitchen: preHandlerAsyncHookHandler;
      /** The counter: the till, shifts, collecting, cancelling, tables (CAN.counter: Admin, Cashier). */
      counter: preHandlerAsyncHookHandler;
      /** Reads the session when a valid token is sent; answers anonymously otherwise. */
      optional: preHandlerAsyncHookHandler;
      /**
       * Any signed-in account, its token's signature and expiry checked here and the rest left to the
       * route (`pendingSessionOf`), which must check it before it reveals or changes anything: POST
       * /transactions has place_order check it in the order's own round trip. Every role may pass.
       */
      pending: preHandlerAsyncHookHandler;
      /**
       * `pending` when the request sends a session token; without one, neither session is set and
       * the route decides whether it goes on (a guest's order at a table).
       */
      pendingIfSent: preHandlerAsyncHookHandler;
      /**
       * For an answer refused before the route's guard ran (e.g. its input is invalid): reads the
       * session of a token sent, so that the answer speaks the account's language. A token that opens
       * no session leaves the request anonymous.
       */
      readSessionForLanguage: (request: FastifyRequest) => Promise<void>;
    };
  }
}

/** The caller's session; only call it on routes guarded by `signedIn`, `roles` or `admin`. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized();
  return request.session;
}

/** The caller's pending session; only call it on routes guarded by `pending`. */
export function pendingSessionOf(request: FastifyRequest): PendingSession {
  if (!request.pendingSession) throw unauthorized();
  return request.pendingSession;
}

/** `Authorization: Bearer <token>`: the scheme's name in any case (RFC 9110), one or more spaces. */
const BEARER = /^bearer +(\S+)\s*$/i;

/** The session token: the spec's `access-token` header, else `Authorization: Bearer <token>`. */
function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers[TOKEN_HEADER];
  const token = (Array.isArray(header) ? header[0] : header)?.trim();
  if (token) return token;
  return BEARER.exec(request.headers.authorization ?? '')?.[1];
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { service: AuthService }) => {
  app.decorateRequest('session', null);
  app.decorateRequest('pendingSession', null);
  app.decorateRequest('tokenRead', false);

  const signedIn: preHandlerAsyncHookHandler = async (request) => {
    const token = tokenOf(request);
    request.tokenRead = true;
    if (!token) throw unauthorized();
    request.session = await opts.service.verify(token);
  };

  const roles = (...allowed: Role[]): preHandlerAsyncHookHandler => {
    const checkRole: preHandlerAsyncHookHandler = async function (this: FastifyInstance, request, reply) {
      await signedIn.call(this, request, reply);
      if (!allowed.includes(request.session!.role)) throw forbidden();
    };
    markGuard(checkRole, 'role');
    return checkRole;
  };

  const optional: preHandlerAsyncHookHandler = async (request) => {
    const token = tokenOf(request);
    request.tokenRead = true;
    if (!token) return;
    try {
      request.session = await opts.service.verify(token);
    } catch (error) {
      // A stale token on a public page is not an error: the visitor simply sees the public view.
      if (!(error instanceof AppError && error.statusCode === 401)) throw error;
    }
  };

  const pending: preHandlerAsyncHookHandler = async (request) => {
    const token = tokenOf(request);
    request.tokenRead = true;
    if (!token) throw unauthorized();
    const claims = await opts.service.claims(token);
    request.pendingSession = {
      ...claims,
      verify: async () => (request.session = await opts.service.verify(token)),
    };
  };

  /** `pending` when a session token is sent; without one the route goes on with neither (a guest at a table). */
  const pendingIfSent: preHandlerAsyncHookHandler = async function (this: FastifyInstance, request, reply) {
    if (tokenOf(request)) await pending.call(this, request, reply);
  };

  const readSessionForLanguage = async (request: FastifyRequest) => {
    if (request.session) return;
    if (request.pendingSession) {
      try {
        await request.pendingSession.verify();
      } catch (error) {
        // A session that no longer holds has no language: the answer follows Accept-Language.
        if (!(error instanceof AppError && error.statusCode === 401)) throw error;
      }
      return;
    }
    if (!request.tokenRead) await optional.call(app, request, undefined as never);
  };

  markGuard(signedIn, 'session');
  markGuard(pending, 'session');
  markGuard(optional, 'optional');
  markGuard(pendingIfSent, 'optional');
  app.decorate('auth', {
    signedIn,
    roles,
    admin: roles(...CAN.manage),
    kitchen: roles(...CAN.kitchen),
    counter: roles(...CAN.counter),
    optional,
    pending,
    pendingIfSent,
    readSessionForLanguage,
  });
});
