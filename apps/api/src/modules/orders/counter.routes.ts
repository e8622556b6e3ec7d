import {
  CollectSchema,
  IdParamSchema,
  LineDoneSchema,
  LineParamsSchema,
  OrderDetailSchema,
  OrderListQuerySchema,
  OrderSchema,
  OrderToCollectSchema,
  PrepTimesSchema,
  UpdateOrderStatusSchema,
} from '@kopi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, pagedEnvelope } from '../../lib/reply.ts';
import { sessionOf } from '../auth/auth.plugin.ts';
import type { RateLimiter } from '../auth/auth.service.ts';
import { collectOrder, moveByStaff, tickOrderLine, undoLastMove } from './moves.service.ts';
import type { Placing } from './placing.service.ts';
import { allOrders, ordersToCollect, prepTimes } from './reads.service.ts';

/**
 * The counter's side of the orders (docs/shop-rules.md#the-counter): the queue, the preparation
 * times, a line ticked, a move and its undo.
 */
export async function counterRoutes(base: FastifyInstance, opts: { placing: Placing; limiter: RateLimiter }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, menu, shop, payments } = opts.placing;
  const { limiter } = opts;

  app.get(
    '/transactions',
    {
      preHandler: app.auth.kitchen,
      schema: {
        tags: ['transactions'],
        summary: "All customers' orders (staff); status=1, 4 or 5 pages that column of the counter's queue, soonest due first",
        querystring: OrderListQuerySchema,
        response: { 200: pagedEnvelope(OrderSchema) },
      },
    },
    async (request) => {
      const { status, page, limit } = request.query;
      const { items, meta } = await allOrders(db, status, page, limit);
      return { msg: request.t(items.length ? 'server.ordersFound' : 'nothingPending'), data: items, meta };
    },
  );

  app.get(
    '/transactions/prep-times',
    {
      preHandler: app.auth.kitchen,
      schema: {
        tags: ['transactions'],
        summary: "How long orders took from Pending to Ready (staff): today's (the shop's day) and the last hour's",
        response: { 200: envelope(PrepTimesSchema) },
      },
    },
    async () => ({ msg: 'Preparation times', data: await prepTimes(db, shop) }),
  );

  app.get(
    '/transactions/to-collect',
    {
      preHandler: app.auth.counter,
      schema: {
        tags: ['transactions'],
        summary:
          'The open orders (Pending, Preparing, Ready) from a phone or a table whose cash the counter is to collect, soonest due first, at most 50 (Cashier, Admin)',
        response: { 200: envelope(z.array(OrderToCollectSchema)) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { msg: request.t('server.toCollect'), data: await ordersToCollect(db, shop) };
    },
  );

  app.patch(
    '/transactions/:id/items/:itemId',
    {
      preHandler: app.auth.kitchen,
      schema: {
        tags: ['transactions'],
        summary:
          "Tick an order's line done or untick it (staff): a line event on the live streams. The first line ticked of a " +
          'Pending order moves it to Preparing, the last of an open order to Ready. A Done or Cancelled order: 400',
        params: LineParamsSchema,
        body: LineDoneSchema,
        response: { 200: envelope(OrderDetailSchema) },
      },
    },
    async (request) => {
      const { id, itemId } = request.params;
      const order = await tickOrderLine(db, sessionOf(request), { id, itemId }, request.body.done);
      return { msg: request.body.done ? 'Line done' : 'Line to make again', data: order };
    },
  );

  app.post(
    '/transactions/:id/undo',
    {
      preHandler: app.auth.kitchen,
      schema: {
        tags: ['transactions'],
        summary:
          "Take back an order's last move, made less than 60 s ago (staff): the order returns to its status before it, " +
          'recorded as an undo. Nothing to undo (never moved, already undone, too late, cancelled by its customer, or a move that took ' +
          'or gave back money: paid, expired, refunded): 409 saying why',
        params: IdParamSchema,
        errors: [409],
        response: { 200: envelope(OrderDetailSchema) },
      },
    },
    async (request) => ({ msg: request.t('server.moveUndone'), data: await undoLastMove(db, menu, sessionOf(request), request.params.id) }),
  );

  app.patch(
    '/transactions/:id',
    {
      preHandler: app.auth.kitchen,
      schema: {
        tags: ['transactions'],
        summary:
          'Move an order on (staff): Pending → Preparing | Ready | Done | Cancelled; Preparing → Ready | Done | Cancelled; ' +
          "Ready → Done | Cancelled. Cancelled needs a reason, and is the counter's (a Barista: 403); a paid order cancelled is " +
          "refunded, by an Admin or with an Admin's PIN (approval; else 403 approval_needed), its cash from the drawer of the " +
          "caller's till's open shift (none: 409). Any other move is a 400 naming both statuses.",
        params: IdParamSchema,
        body: UpdateOrderStatusSchema,
        errors: [409],
        response: { 200: envelope(OrderDetailSchema) },
      },
    },
    async (request) => {
      const order = await moveByStaff({ db, menu, payments, limiter }, sessionOf(request), request.params.id, request.body);
      return { msg: request.t('transactionUpdateSuccess'), data: order };
    },
  );

  app.post(
    '/transactions/:id/collect',
    {
      preHandler: app.auth.counter,
      schema: {
        tags: ['transactions'],
        summary:
          "Collect the cash of a phone's or a table's order paid in Cash, at the till (Cashier, Admin on a till): what the customer " +
          'handed over (at least what is asked, rounded as the till rounds); the answer has the change. It counts in the open ' +
          'shift (none: 409 no_open_shift). Paid already: 409',
        params: IdParamSchema,
        body: CollectSchema,
        errors: [409],
        response: { 200: envelope(OrderDetailSchema) },
      },
    },
    async (request) => ({
      msg: request.t('server.collected'),
      data: await collectOrder(db, shop, sessionOf(request), request.params.id, request.body.cash_tendered),
    }),
  );
}
