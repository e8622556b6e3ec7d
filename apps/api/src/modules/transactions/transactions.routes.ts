import {
  CancelOrderSchema,
  IdParamSchema,
  MSG,
  OrderDetailSchema,
  OrderListQuerySchema,
  OrderSchema,
  OrderStreamEventSchema,
  PageQuerySchema,
  QuoteSchema,
  ROLES,
  UpdateOrderStatusSchema,
} from '@kopi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { envelope, MessageSchema, pagedEnvelope } from '../../lib/reply.ts';
import { pendingSessionOf, sessionOf } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { orderLimitOf } from '../../plugins/order-limit.ts';
import type { Menu } from '../products/products.service.ts';
import type { ShopSettings } from '../shop/shop.service.ts';
import { OrderInputSchema } from './order-input.ts';
import type { OrderStream } from './order-stream.ts';
import {
  allOrders,
  cancelAsCustomer,
  createOrder,
  getOrder,
  hideFromHistory,
  history,
  moveAsAdmin,
  quoteOrder,
} from './transactions.service.ts';

const IdempotencyHeadersSchema = z.object({
  'idempotency-key': z.string().trim().min(1).max(100, 'Idempotency-Key is at most 100 characters').optional(),
});

const LastEventIdHeadersSchema = z.object({
  'last-event-id': z
    .string()
    .optional()
    .meta({
      description:
        'The id of the last event received (a cursor such as "1846" or "1846~1345"): the stream first sends every event ' +
        'the caller may see that it lacks. Anything else is read as none.',
    }),
});

export async function transactionsRoutes(
  base: FastifyInstance,
  /** ordersPerMinute: ORDER_RATE_LIMIT_PER_MINUTE (0: no limit). */
  opts: { db: Db; shop: ShopSettings; menu: Menu; stream: OrderStream; ordersPerMinute?: number },
) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, shop, menu, stream } = opts;

  app.get(
    '/transactions/events',
    {
      preHandler: app.auth.signedIn,
      schema: {
        tags: ['transactions'],
        summary:
          "Live order events (Server-Sent Events): admins get every order's, a customer their own. Each event: " +
          '`id:` a cursor of the events had so far, `event: order`, `data:` {type: "created" | "status", event_id, order} ' +
          '(the order as GET /transactions/:id answers it). Each event comes once, late commits included. A comment line ' +
          'at least every 15 s. Reconnect with Last-Event-ID to get exactly what was missed first; `event: reload` ' +
          'means too much was missed: read the orders again.',
        headers: LastEventIdHeadersSchema,
        response: {
          200: {
            description: 'An endless text/event-stream; each `data:` is one JSON object as below',
            content: { 'text/event-stream': { schema: OrderStreamEventSchema } },
          },
        },
        // 429: too many open streams for this account (Retry-After says when to try again).
        errors: [429],
      },
    },
    async (request, reply) => {
      const opened = await stream.open(sessionOf(request), request.headers['last-event-id']);
      if (!opened.ok) {
        reply.header('retry-after', String(opened.retryAfterSeconds));
        throw new AppError(429, 'too_many_requests', 'Too many live streams are open for this account; close one or try again shortly');
      }
      return (
        reply
          .status(200)
          .header('content-type', 'text/event-stream; charset=utf-8')
          // No cache and no proxy buffering may hold events back (nginx reads X-Accel-Buffering).
          .header('cache-control', 'no-cache, no-transform')
          .header('x-accel-buffering', 'no')
          // The connection ends with its stream (a logout, a shutdown): a keep-alive socket left idle
          // would otherwise hold a graceful shutdown until its keep-alive timeout.
          .header('connection', 'close')
          .send(opened.body as never)
      ); // a stream: sent as it is written, never serialised
    },
  );

  app.post(
    '/transactions',
    {
      // Every role may order; the session is checked with the order itself (createOrder).
      preHandler: app.auth.pending,
      schema: {
        tags: ['transactions'],
        summary:
          'Place an order; the server prices it. Send Idempotency-Key to retry safely: a retry answers the order its key ' +
          'made (200, Idempotent-Replayed: true) whatever the rules say by then',
        headers: IdempotencyHeadersSchema,
        body: OrderInputSchema,
        // 404: a product is not on the menu; 409: one is sold out, the chosen slot is full, or the
        // first request with this Idempotency-Key is still being placed (order_in_progress, Retry-After);
        // 422: the Idempotency-Key was used for another order; 429: more orders in a minute than
        // ORDER_RATE_LIMIT_PER_MINUTE.
        errors: [404, 409, 422, 429],
        response: { 200: envelope(OrderSchema), 201: envelope(OrderSchema) },
      },
    },
    async (request, reply) => {
      const session = pendingSessionOf(request);
      const { order, replayed } = await createOrder(db, menu, shop, stream, session, request.body, {
        idempotencyKey: request.headers['idempotency-key'],
        limit: orderLimitOf(session.id, opts.ordersPerMinute ?? 0),
      });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(replayed ? 200 : 201).send({ msg: MSG.transactionSuccess, data: order });
    },
  );

  app.post(
    '/transactions/quote',
    {
      preHandler: app.auth.roles(ROLES.user, ROLES.admin),
      schema: {
        tags: ['transactions'],
        summary: 'Price a cart as its order would be priced, and say whether its coupon applies and why not; stores nothing',
        body: OrderInputSchema,
        // 404: a product is not on the menu; 409: one is sold out.
        errors: [404, 409],
        response: { 200: envelope(QuoteSchema) },
      },
    },
    async (request) => ({ msg: 'Your order priced', data: await quoteOrder(db, menu, shop, sessionOf(request), request.body) }),
  );

  app.get(
    '/transactions/history',
    {
      preHandler: app.auth.signedIn,
      schema: {
        tags: ['transactions'],
        summary: "The caller's orders, newest first",
        querystring: PageQuerySchema,
        response: { 200: pagedEnvelope(OrderSchema) },
      },
    },
    async (request) => {
      const { page = 1, limit = 10 } = request.query;
      const { items, meta } = await history(db, sessionOf(request).id, page, limit);
      return { msg: items.length ? 'Your orders' : 'No order yet', data: items, meta };
    },
  );

  app.delete(
    '/transactions/history/:id',
    {
      preHandler: app.auth.signedIn,
      schema: {
        tags: ['transactions'],
        summary: 'Remove one of your orders from your history',
        params: IdParamSchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      await hideFromHistory(db, sessionOf(request).id, request.params.id);
      return { msg: 'Order removed from your history' };
    },
  );

  app.get(
    '/transactions',
    {
      preHandler: app.auth.admin,
      schema: {
        tags: ['transactions'],
        summary: "All customers' orders (Admin); status=1, 4 or 5 pages that column of the counter's queue, soonest due first",
        querystring: OrderListQuerySchema,
        response: { 200: pagedEnvelope(OrderSchema) },
      },
    },
    async (request) => {
      const { status, page, limit } = request.query;
      const { items, meta } = await allOrders(db, status, page, limit);
      return { msg: items.length ? 'Orders found' : MSG.nothingPending, data: items, meta };
    },
  );

  app.get(
    '/transactions/:id',
    {
      preHandler: app.auth.signedIn,
      schema: {
        tags: ['transactions'],
        summary: 'One order with its history, oldest event first (its customer or an admin)',
        params: IdParamSchema,
        response: { 200: envelope(OrderDetailSchema) },
      },
    },
    async (request) => ({ msg: 'Order found', data: await getOrder(db, sessionOf(request), request.params.id) }),
  );

  app.patch(
    '/transactions/:id',
    {
      preHandler: app.auth.admin,
      schema: {
        tags: ['transactions'],
        summary:
          'Move an order on (Admin): Pending → Preparing | Ready | Done | Cancelled; Preparing → Ready | Done | Cancelled; ' +
          'Ready → Done | Cancelled. Cancelled needs a reason. Any other move is a 400 naming both statuses.',
        params: IdParamSchema,
        body: UpdateOrderStatusSchema,
        response: { 200: envelope(OrderDetailSchema) },
      },
    },
    async (request) => {
      const order = await moveAsAdmin(db, menu, sessionOf(request), request.params.id, request.body);
      return { msg: MSG.transactionUpdateSuccess, data: order };
    },
  );

  app.post(
    '/transactions/:id/cancel',
    {
      preHandler: app.auth.roles(ROLES.user, ROLES.admin),
      schema: {
        tags: ['transactions'],
        summary: 'Cancel your own order while it is Pending; once it is being prepared, 400',
        params: IdParamSchema,
        body: CancelOrderSchema,
        response: { 200: envelope(OrderDetailSchema) },
      },
    },
    async (request) => {
      const order = await cancelAsCustomer(db, menu, sessionOf(request), request.params.id, request.body.reason);
      return { msg: 'Order cancelled', data: order };
    },
  );
}
