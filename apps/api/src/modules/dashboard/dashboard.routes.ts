import type { Readable } from 'node:stream';
import { DashboardQuerySchema, DashboardSchema, TaxReportQuerySchema, TaxReportSchema } from '@kopi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { envelope } from '../../lib/reply.ts';
import type { ShopSettings } from '../shop/shop.service.ts';
import { dashboard, report, taxReport, taxReportCsv } from './dashboard.service.ts';

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

  app.get(
    '/dashboard/tax',
    {
      preHandler: app.auth.admin,
      schema: {
        tags: ['dashboard'],
        summary: 'The tax report: Done orders, net sales, service, tax base and tax per shop day or month and order type (Admin)',
        querystring: TaxReportQuerySchema,
        response: { 200: envelope(TaxReportSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { msg: request.t('server.taxReport'), data: await taxReport(db, shop, request.query) };
    },
  );

  app.get(
    '/dashboard/tax.csv',
    {
      preHandler: app.auth.admin,
      schema: {
        tags: ['dashboard'],
        summary: 'The tax report as CSV (Admin)',
        querystring: TaxReportQuerySchema,
        response: {
          200: {
            description:
              'text/csv; charset=utf-8: a header row, a row per period and order type, then the whole range per order type and for all. ' +
              'Content-Disposition names the file kopi-senja-tax-<from>-<to>.csv.',
            headers: z.object({ 'content-disposition': z.string() }),
            content: { 'text/csv': { schema: z.string().meta({ description: 'RFC 4180 CSV, UTF-8 with a byte order mark' }) } },
          },
        },
      },
    },
    async (request, reply) => {
      // A year of days by three order types is at most ~1,100 rows: built in memory, not streamed.
      const { filename, body } = taxReportCsv(await taxReport(db, shop, request.query), request.translator());
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename=${filename}`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}
