import { LoginResultSchema, LoginSchema } from '@kopi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, MessageSchema } from '../../lib/reply.ts';
import { sessionOf } from './auth.plugin.ts';
import type { AuthService } from './auth.service.ts';

export async function authRoutes(base: FastifyInstance, opts: { service: AuthService }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/auth',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in; answers the token to send as the access-token header',
        body: LoginSchema,
        // 401: wrong email or password; 429: too many attempts from this address or on this account.
        errors: [401, 429],
        response: { 200: envelope(LoginResultSchema) },
      },
    },
    async (request) => ({ msg: request.t('loginSuccess'), data: await opts.service.login(request.body, request.ip) }),
  );

  app.post(
    '/auth/logout',
    {
      preHandler: app.auth.signedIn,
      schema: { tags: ['auth'], summary: 'Log out: the token stops working everywhere', response: { 200: MessageSchema } },
    },
    async (request) => {
      await opts.service.logout(sessionOf(request));
      return { msg: request.t('server.loggedOut') };
    },
  );
}
