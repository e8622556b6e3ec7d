import {
  CreateTillSchema,
  IdParamSchema,
  RegisteredTillSchema,
  TILL_KEY_HEADER,
  TillDeviceSchema,
  TillSchema,
  UnlockedTillSchema,
  UnlockTillSchema,
} from '@kopi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { envelope, MessageSchema } from '../../lib/reply.ts';
import type { AuthService, RateLimiter } from '../auth/auth.service.ts';
import { deleteTill, deviceStaff, registerTill, tillOfKey, tills, unlockTill } from './tills.service.ts';

const TillKeyHeadersSchema = z.object({
  [TILL_KEY_HEADER]: z.string().max(200).optional().meta({ description: "The device's key, which POST /tills answered once" }),
});

/** Shared counter devices and switching them on by PIN (docs/shop-rules.md#staff-and-roles). */
export async function tillsRoutes(base: FastifyInstance, opts: { db: Db; limiter: RateLimiter; auth: AuthService }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, limiter, auth } = opts;

  app.post(
    '/tills',
    {
      preHandler: app.auth.admin,
      schema: {
        tags: ['tills'],
        summary:
          'Sign this device in as a till (Admin): its name, and its key, answered once: the device keeps it and sends it as the ' +
          'Till-Key header. A till in use with that name: 409',
        body: CreateTillSchema,
        errors: [409],
        response: { 201: envelope(RegisteredTillSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ msg: request.t('server.tillAdded'), data: await registerTill(db, request.body.name) }),
  );

  app.get(
    '/tills',
    {
      preHandler: app.auth.admin,
      schema: { tags: ['tills'], summary: 'The tills in use (Admin)', response: { 200: envelope(z.array(TillSchema)) } },
    },
    async (request) => ({ msg: request.t('server.tillsFound'), data: await tills(db) }),
  );

  app.delete(
    '/tills/:id',
    {
      preHandler: app.auth.admin,
      schema: {
        tags: ['tills'],
        summary: 'Take a till out of use (Admin): its device key stops working at once',
        params: IdParamSchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      await deleteTill(db, request.params.id);
      return { msg: request.t('server.tillDeleted') };
    },
  );

  app.get(
    '/tills/device',
    {
      schema: {
        tags: ['tills'],
        summary: "The device's till (by its Till-Key) and the staff who may switch it on: tap a name, type the PIN. An unknown key: 401",
        headers: TillKeyHeadersSchema,
        errors: [401],
        response: { 200: envelope(TillDeviceSchema) },
      },
    },
    async (request) => ({
      msg: request.t('server.tillFound'),
      data: await deviceStaff(db, await tillOfKey(db, request.headers[TILL_KEY_HEADER])),
    }),
  );

  app.post(
    '/tills/device/unlock',
    {
      schema: {
        tags: ['tills'],
        summary:
          "Switch the device on (Till-Key): a member's PIN opens a session of theirs on this till, for one shift at most (12 h). A " +
          'wrong PIN: 401; five wrong lock that name on this till for five minutes: 429 with Retry-After',
        headers: TillKeyHeadersSchema,
        body: UnlockTillSchema,
        errors: [401, 429],
        response: { 200: envelope(UnlockedTillSchema) },
      },
    },
    async (request) => {
      const till = await tillOfKey(db, request.headers[TILL_KEY_HEADER]);
      return {
        msg: request.t('server.tillUnlocked'),
        data: await unlockTill(db, limiter, auth, till, request.body.user_id, request.body.pin),
      };
    },
  );
}
