import { ROLES, type Role, TOKEN_HEADER } from '@kopi/shared';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthService, Session } from '../modules/auth/auth.service.ts';
import { AppError, forbidden, unauthorized } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
  interface FastifyInstance {
    auth: {
      /** Any signed-in account. */
      signedIn: preHandlerAsyncHookHandler;
      /** Only the given roles; others get 403. */
      roles: (...roles: Role[]) => preHandlerAsyncHookHandler;
      admin: preHandlerAsyncHookHandler;
      /** Reads the session when a valid token is sent; answers anonymously otherwise. */
      optional: preHandlerAsyncHookHandler;
    };
  }
}

/** The caller's session; only call it on routes guarded by `signedIn`, `roles` or `admin`. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized();
  return request.session;
}

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers[TOKEN_HEADER];
  const token = Array.isArray(header) ? header[0] : header;
  return token?.trim() || undefined;
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { service: AuthService }) => {
  app.decorateRequest('session', null);

  const signedIn: preHandlerAsyncHookHandler = async (request) => {
    const token = tokenOf(request);
    if (!token) throw unauthorized();
    request.session = await opts.service.verify(token);
  };

  const roles = (...allowed: Role[]): preHandlerAsyncHookHandler =>
    async function checkRole(this: FastifyInstance, request, reply) {
      await signedIn.call(this, request, reply);
      if (!allowed.includes(request.session!.role)) throw forbidden();
    };

  const optional: preHandlerAsyncHookHandler = async (request) => {
    const token = tokenOf(request);
    if (!token) return;
    try {
      request.session = await opts.service.verify(token);
    } catch (error) {
      // A stale token on a public page is not an error: the visitor simply sees the public view.
      if (!(error instanceof AppError && error.statusCode === 401)) throw error;
    }
  };

  app.decorate('auth', { signedIn, roles, admin: roles(ROLES.admin), optional });
});
