import {
  addDays,
  CloseShiftSchema,
  IdParamSchema,
  isoDate,
  OpenShiftSchema,
  ShiftCashSchema,
  ShiftReportSchema,
  shopDate,
  startOfShopDay,
} from '@kopi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { envelope } from '../../lib/reply.ts';
import { sessionOf } from '../auth/auth.plugin.ts';
import type { ShopSettings } from '../shop/shop.service.ts';
import { closeShift, currentShift, moveShiftCash, openShift, shiftReport, shiftsBetween } from './shifts.service.ts';

const ShiftsQuerySchema = z.object({
  from: isoDate('dateFormat').optional().meta({ description: 'The first shop day, YYYY-MM-DD (default: 30 days ago)' }),
  to: isoDate('dateFormat').optional().meta({ description: 'The last shop day, YYYY-MM-DD (default: today)' }),
});

/** A till's shifts and their Z reports (docs/shop-rules.md#the-till-and-shifts). */
export async function shiftsRoutes(base: FastifyInstance, opts: { db: Db; shop: ShopSettings }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, shop } = opts;
  const counterOnATill = 'A Cashier or Admin switched on at a till (their session carries it: else 400)';

  app.post(
    '/shifts',
    {
      preHandler: app.auth.counter,
      schema: {
        tags: ['shifts'],
        summary: `Open the till's shift with the cash in its drawer (${counterOnATill}); one open shift per till: a second is a 409`,
        body: OpenShiftSchema,
        errors: [409],
        response: { 201: envelope(ShiftReportSchema) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ msg: request.t('server.shiftOpened'), data: await openShift(db, sessionOf(request), request.body.opening_cash) }),
  );

  app.get(
    '/shifts/current',
    {
      preHandler: app.auth.counter,
      schema: {
        tags: ['shifts'],
        summary: `The open shift of the till, as its report stands now (${counterOnATill}; its expected cash only to the owner: closing is blind); none open: 409 no_open_shift`,
        errors: [409],
        response: { 200: envelope(ShiftReportSchema) },
      },
    },
    async (request) => ({ msg: request.t('server.shiftFound'), data: await currentShift(db, sessionOf(request)) }),
  );

  app.post(
    '/shifts/:id/cash',
    {
      preHandler: app.auth.counter,
      schema: {
        tags: ['shifts'],
        summary: `Put cash into the drawer (amount > 0) or take it out (< 0, with its reason) (${counterOnATill}); a closed shift: 409`,
        params: IdParamSchema,
        body: ShiftCashSchema,
        errors: [409],
        response: { 200: envelope(ShiftReportSchema) },
      },
    },
    async (request) => ({
      msg: request.t('server.shiftCashSaved'),
      data: await moveShiftCash(db, sessionOf(request), request.params.id, request.body.amount, request.body.reason),
    }),
  );

  app.post(
    '/shifts/:id/close',
    {
      preHandler: app.auth.counter,
      schema: {
        tags: ['shifts'],
        summary:
          `Close the shift with the cash counted in the drawer, blind (${counterOnATill}): the answer is its Z report, with what was ` +
          'expected and the variance; it never changes after. Closed already: 409',
        params: IdParamSchema,
        body: CloseShiftSchema,
        errors: [409],
        response: { 200: envelope(ShiftReportSchema) },
      },
    },
    async (request) => ({
      msg: request.t('server.shiftClosedNow'),
      data: await closeShift(db, sessionOf(request), request.params.id, request.body.counted_cash, request.body.count),
    }),
  );

  app.get(
    '/shifts/:id/report',
    {
      preHandler: app.auth.counter,
      schema: {
        tags: ['shifts'],
        summary:
          "A shift's Z report (Cashier, Admin): float, cash sales, change, refunds, cash in and out, expected (of an open shift, to " +
          'the owner only: closing is blind), counted, variance',
        params: IdParamSchema,
        response: { 200: envelope(ShiftReportSchema) },
      },
    },
    async (request) => ({ msg: request.t('server.shiftFound'), data: await shiftReport(db, request.params.id, sessionOf(request)) }),
  );

  app.get(
    '/shifts',
    {
      preHandler: app.auth.admin,
      schema: {
        tags: ['shifts'],
        summary: "The shifts opened in a range of the shop's days, newest first, each with its variance (Admin; at most 366 days)",
        querystring: ShiftsQuerySchema,
        response: { 200: envelope(z.array(ShiftReportSchema)) },
      },
    },
    async (request) => {
      const today = shopDate(shop.clock.now(), shop.timezone);
      const to = request.query.to ?? today;
      const from = request.query.from ?? addDays(to, -30);
      if (from > to || addDays(from, 366) < to) throw badRequest('server.shiftsRange');
      const shifts = await shiftsBetween(db, startOfShopDay(from, shop.timezone), startOfShopDay(addDays(to, 1), shop.timezone));
      return { msg: request.t('server.shiftsFound'), data: shifts };
    },
  );
}
