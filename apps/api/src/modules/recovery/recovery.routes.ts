import { ChangePasswordResultSchema, ChangePasswordSchema, ForgotPasswordSchema, ResetPasswordSchema } from '@kopi/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, MessageSchema } from '../../lib/reply.ts';
import { sessionOf } from '../auth/auth.plugin.ts';
import type { RecoveryService } from './recovery.service.ts';

export async function recoveryRoutes(base: FastifyInstance, opts: { service: RecoveryService }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  /** A reset link to send once the answer to its request has gone (see RecoveryService.forgot). */
  const afterAnswer = new WeakMap<FastifyRequest, () => void>();

  app.post(
    '/auth/forgot',
    {
      onResponse: async (request) => afterAnswer.get(request)?.(),
      schema: {
        tags: ['auth'],
        summary:
          'Ask for a password reset link by e-mail (to the server log without SMTP_URL); the same answer whether or not the account exists',
        body: ForgotPasswordSchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      const sendLink = await opts.service.forgot(request.body.email, request.ip, request.locale);
      if (sendLink) afterAnswer.set(request, sendLink);
      // Without a mail server nobody is told that an e-mail is on its way (docs/shop-rules.md#forgotten-passwords).
      return { msg: request.t(opts.service.emails ? 'forgotSent' : 'server.forgotLogged') };
    },
  );

  app.post(
    '/auth/reset',
    {
      schema: {
        tags: ['auth'],
        summary: "Set a new password with the e-mailed link's token; every session of the account ends",
        body: ResetPasswordSchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      await opts.service.reset(request.body);
      return { msg: request.t('resetSuccess') };
    },
  );

  app.patch(
    '/users/password',
    {
      preHandler: app.auth.signedIn,
      schema: {
        tags: ['users'],
        summary: "Change the caller's password; the other sessions end, this one continues with the token answered",
        body: ChangePasswordSchema,
        response: { 200: envelope(ChangePasswordResultSchema) },
      },
    },
    async (request) => ({ msg: request.t('passwordChanged'), data: await opts.service.changePassword(sessionOf(request), request.body) }),
  );
}
