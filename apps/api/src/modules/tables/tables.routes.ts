import { CreateTableSchema, IdParamSchema, TableByTokenSchema, TableSchema } from '@kopi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { envelope, MessageSchema } from '../../lib/reply.ts';
import { createTable, deleteTable, renewTableCode, tableByToken, tables } from './tables.service.ts';

const TokenParamSchema = z.object({ token: z.string().min(1).max(200) });

/** Dine-in tables (docs/shop-rules.md#orders-from-the-table); `publicUrl` is what their QR codes point at. */
export async function tablesRoutes(base: FastifyInstance, opts: { db: Db; publicUrl: () => string }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, publicUrl } = opts;

  app.get(
    '/tables',
    {
      preHandler: app.auth.counter,
      schema: {
        tags: ['tables'],
        summary: "The dine-in tables with their QR codes' tokens and links (Admin, Cashier), by name",
        response: { 200: envelope(z.array(TableSchema)) },
      },
    },
    async () => {
      const found = await tables(db, publicUrl());
      return { msg: found.length ? 'Tables found' : 'No table yet', data: found };
    },
  );

  app.post(
    '/tables',
    {
      preHandler: app.auth.counter,
      schema: {
        tags: ['tables'],
        summary: 'Add a dine-in table (Admin, Cashier): a name of 1–30 characters, unique among the tables in use',
        body: CreateTableSchema,
        // 409: a table in use has that name.
        errors: [409],
        response: { 201: envelope(TableSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ msg: request.t('server.tableAdded'), data: await createTable(db, publicUrl(), request.body) }),
  );

  app.post(
    '/tables/:id/code',
    {
      preHandler: app.auth.counter,
      schema: {
        tags: ['tables'],
        summary:
          'Give a table a new QR code (Admin, Cashier): a new token and link; the old code stops taking orders at once (a code photographed ' +
          'and taken away). Its orders stay the table’s',
        params: IdParamSchema,
        response: { 200: envelope(TableSchema) },
      },
    },
    async (request) => ({ msg: request.t('server.tableCodeRenewed'), data: await renewTableCode(db, publicUrl(), request.params.id) }),
  );

  app.delete(
    '/tables/:id',
    {
      preHandler: app.auth.counter,
      schema: {
        tags: ['tables'],
        summary: 'Take a table out of use (Admin, Cashier): its QR code stops taking orders; its orders keep its name',
        params: IdParamSchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      await deleteTable(db, request.params.id);
      return { msg: request.t('server.tableDeleted') };
    },
  );

  app.get(
    '/tables/at/:token',
    {
      schema: {
        tags: ['tables'],
        summary: "The table a QR code's token names (no session): its name only; 404 when it is not in use",
        params: TokenParamSchema,
        response: { 200: envelope(TableByTokenSchema) },
      },
    },
    async (request) => {
      const table = await tableByToken(db, request.params.token);
      if (!table) throw notFound('server.tableCodeUnknown');
      return { msg: request.t('server.tableFound'), data: table };
    },
  );
}
