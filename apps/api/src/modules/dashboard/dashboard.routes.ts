import type { Readable } from 'node:stream';
import { DashboardQuerySchema, DashboardSchema } from '@kopi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { envelope } from '../../lib/reply.ts';
import type { ShopSettings } from '../shop/shop.service.ts';
import { dashboard, report } from './dashboard.service.ts';

export async function dashboardRoutes(base: FastifyInstance, opts: { db: Db; shop: ShopSettings }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, shop } = opts;

  app.get(
    '/dashboard',
    {
      preHandler: app.auth.admin,
      schema: {
        tags: ['dashboard'],
        summary: "The owner's figures for the current day, week or month against the one before, from the orders (Admin)",
        querystring: DashboardQuerySchema,
        response: { 200: envelope(DashboardSchema) },
      },
    },
    async (request, reply) => {
      // Figures of the moment: never from a cache.
      reply.header('cache-control', 'no-store');
      return { msg: request.t('server.dashboard'), data: await dashboard(db, shop, request.query.period) };
    },
  );

  app.get(
    '/dashboard/report.csv',
    {
      preHandler: app.auth.admin,
      schema: {
        tags: ['dashboard'],
        summary: 'The order lines of the current day, week or month as CSV, streamed (Admin)',
        querystring: DashboardQuerySchema,
        response: {
          200: {
            description:
              'text/csv; charset=utf-8, streamed: a header row, then one row per order line (every status), oldest order first. ' +
              'Content-Disposition names the file kopi-senja-<period>-<first day>.csv; X-Report-Lines gives the number of lines.',
            headers: z.object({
              'content-disposition': z.string(),
              'x-report-lines': z.number().meta({ description: 'Rows after the header' }),
            }),
            content: {
              'text/csv': {
                schema: z.custom<Readable>().meta({ type: 'string', description: 'RFC 4180 CSV, UTF-8 with a byte order mark' }),
              },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { filename, lines, stream } = await report(db, shop, request.query.period, request.translator());
      // Fastify destroys the stream when the client goes away before its end: the generator then
      // returns, and its next batch is never queried (no connection is held between batches).
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename=${filename}`)
        .header('x-report-lines', String(lines))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
}
