import { PageQuerySchema, ProfilePatchSchema, ProfileSchema, RegisterSchema, UserListItemSchema } from '@kopi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { envelope, MessageSchema, pagedEnvelope } from '../../lib/reply.ts';
import { multipartForm } from '../../plugins/docs.ts';
import { formRoutes, readForm } from '../../plugins/multipart.ts';
import { sessionOf } from '../auth/auth.plugin.ts';
import type { RateLimiter } from '../auth/auth.service.ts';
import type { ShopSettings } from '../shop/shop.service.ts';
import { editProfile, listAccounts, profile, register } from './users.service.ts';

export async function usersRoutes(
  base: FastifyInstance,
  opts: { db: Db; shop: ShopSettings; limiter: RateLimiter; registerLimit: number },
) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, shop } = opts;

  app.post(
    '/users/register',
    {
      schema: {
        tags: ['users'],
        summary: 'Sign up as a customer',
        body: RegisterSchema,
        // 409: the email is already registered; 429: too many sign-ups from this address.
        errors: [409, 429],
        response: { 201: MessageSchema },
      },
    },
    async (request, reply) => {
      await opts.limiter.check(`register:ip:${request.ip}`, opts.registerLimit);
      await register(db, request.body);
      return reply.status(201).send({ msg: request.t('signUpSuccess') });
    },
  );

  app.get(
    '/users',
    {
      preHandler: app.auth.admin,
      schema: {
        tags: ['users'],
        summary: 'Every account (Admin)',
        querystring: PageQuerySchema,
        response: { 200: pagedEnvelope(UserListItemSchema) },
      },
    },
    async (request) => {
      const { page = 1, limit = 20 } = request.query;
      const { items, meta } = await listAccounts(db, page, limit);
      return { msg: request.t('server.usersFound'), data: items, meta };
    },
  );

  app.get(
    '/users/profile',
    {
      preHandler: app.auth.signedIn,
      schema: { tags: ['users'], summary: "The caller's profile", response: { 200: envelope(ProfileSchema) } },
    },
    async (request) => ({ msg: request.t('server.profileFound'), data: await profile(db, shop, sessionOf(request).id) }),
  );

  await formRoutes(app, (forms) => {
    forms.patch(
      '/users/profile',
      {
        preHandler: app.auth.signedIn,
        schema: {
          tags: ['users'],
          summary:
            'Change the caller\'s profile (multipart or JSON; the photo as "images"); `locale` (en or id) is the language of its answers and e-mails',
          ...multipartForm(ProfilePatchSchema, 'optional'),
          response: { 200: envelope(ProfileSchema) },
        },
      },
      async (request) => {
        const session = sessionOf(request);
        const data = await editProfile(db, shop, session.id, await readForm(request));
        // A change of language is answered in the language just chosen.
        if (data.locale) request.session = { ...session, locale: data.locale };
        return { msg: request.t('profileSuccess'), data };
      },
    );
  });
}
