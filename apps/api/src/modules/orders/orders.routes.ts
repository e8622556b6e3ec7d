import {
  CancelOrderSchema,
  IdParamSchema,
  ORDER_TOKEN_HEADER,
  OrderDetailSchema,
  OrderSchema,
  OrderStreamEventSchema,
  PageQuerySchema,
  PlacedOrderSchema,
  QuoteSchema,
  ROLES,
} from '@kopi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { envelope, MessageSchema, pagedEnvelope } from '../../lib/reply.ts';
import { pendingSessionOf, sessionOf } from '../auth/auth.plugin.ts';
import { cancelAsCustomer } from './moves.service.ts';
import { OrderInputSchema } from './order-input.ts';
import type { OrderStream, Viewer } from './order-stream.ts';
import { createOrder, type Placing } from './placing.service.ts';
import { quoteOrder } from './pricing.service.ts';
import { getGuestOrder, getOrder, guestOrderOf, hideFromHistory, history } from './reads.service.ts';
import { receiptHtml } from './receipt.ts';

const OrderTokenHeadersSchema = z.object({
  [ORDER_TOKEN_HEADER]: z
    .string()
    .max(200)
    .optional()
    .meta({ description: "A guest's order: the order_token its POST /transactions answered, instead of a session" }),
});

const EventsQuerySchema = z.object({
  order_token: z
    .string()
    .max(200)
    .optional()
    .meta({ description: "A guest's order: follow that one order with its order_token, without a session" }),
});

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

/**
 * The orders as customers and guests place, read and follow them (docs/shop-rules.md#ordering); the
 * counter's moves are in counter.routes.ts.
 */
export async function ordersRoutes(base: FastifyInstance, opts: { placing: Placing; stream: OrderStream }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { placing, stream } = opts;
  const { db, menu, shop, payments } = placing;

  app.get(
    '/transactions/events',
    {
      preHandler: app.auth.optional,
      schema: {
        tags: ['transactions'],
        summary:
          "Live order events (Server-Sent Events): the staff get every order's, a customer their own, a guest with " +
          '?order_token= that one order. Each event: ' +
          '`id:` a cursor of the events had so far, `event: order`, `data:` {type: "created" | "status" | "line", event_id, order} ' +
          '(the order as GET /transactions/:id answers it). Each event comes once, late commits included. A comment line ' +
          'at least every 15 s. Reconnect with Last-Event-ID to get exactly what was missed first; `event: reload` ' +
          'means too much was missed: read the orders again.',
        headers: LastEventIdHeadersSchema,
        querystring: EventsQuerySchema,
        response: {
          200: {
            description: 'An endless text/event-stream; each `data:` is one JSON object as below',
            content: { 'text/event-stream': { schema: OrderStreamEventSchema } },
          },
        },
        // 401: neither a session nor an order_token; 404: no guest order has this order_token; 429: too
        // many open streams for this account (Retry-After says when to try again).
        errors: [401, 404, 429],
      },
    },
    async (request, reply) => {
      const { order_token: token } = request.query;
      let viewer: Viewer;
      if (request.session) viewer = { session: request.session };
      else if (token) {
        const orderId = await guestOrderOf(db, token);
        if (orderId === undefined) throw new AppError('data_not_found', 'server.orderNotFound');
        viewer = { orderId };
      } else throw unauthorized();
      const opened = await stream.open(viewer, request.headers['last-event-id']);
      if (!opened.ok) {
        reply.header('retry-after', String(opened.retryAfterSeconds));
        throw new AppError('too_many_requests', 'server.tooManyStreams');
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
      // Every role may order, and a guest at a table (table_token, guest_name) without a session;
      // the session is checked with the order itself (createOrder).
      preHandler: app.auth.pendingIfSent,
      schema: {
        tags: ['transactions'],
        summary:
          'Place an order; the server prices it. Send Idempotency-Key to retry safely: a retry answers the order its key ' +
          'made (200, Idempotent-Replayed: true) whatever the rules say by then',
        headers: IdempotencyHeadersSchema,
        body: OrderInputSchema,
        // 404: a product is not on the menu, or the table code is not known; 409: one is sold out, the
        // chosen slot is full, or the first request with this Idempotency-Key is still being placed
        // (order_in_progress, Retry-After); 422: the Idempotency-Key was used for another order; 429:
        // more orders in a minute than ORDER_RATE_LIMIT_PER_MINUTE, or the table has TABLE_OPEN_ORDERS open (table_full);
        // 502: an order paid online could not be charged at the gateway (payment_unavailable): it was not placed.
        errors: [404, 409, 422, 429, 502],
        response: { 200: envelope(PlacedOrderSchema), 201: envelope(PlacedOrderSchema) },
      },
    },
    async (request, reply) => {
      const { order, replayed } = await createOrder(placing, {
        session: request.pendingSession ? pendingSessionOf(request) : undefined,
        address: request.ip,
        input: request.body,
        idempotencyKey: request.headers['idempotency-key'],
      });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(replayed ? 200 : 201).send({ msg: request.t('transactionSuccess'), data: order });
    },
  );

  app.post(
    '/transactions/quote',
    {
      preHandler: app.auth.signedIn,
      schema: {
        tags: ['transactions'],
        summary: 'Price a cart as its order would be priced, and say whether its coupon applies and why not; stores nothing',
        body: OrderInputSchema,
        // 404: a product is not on the menu; 409: one is sold out.
        errors: [404, 409],
        response: { 200: envelope(QuoteSchema) },
      },
    },
    async (request) => ({
      msg: request.t('server.quoted'),
      data: await quoteOrder(db, menu, shop, sessionOf(request), request.body, request.translator()),
    }),
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
      return { msg: request.t(items.length ? 'server.yourOrders' : 'server.noOrderYet'), data: items, meta };
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
      return { msg: request.t('server.orderRemoved') };
    },
  );

  app.get(
    '/transactions/:id',
    {
      preHandler: app.auth.optional,
      schema: {
        tags: ['transactions'],
        summary: 'One order with its history, oldest event first (its customer or the staff; a guest with its Order-Token header)',
        params: IdParamSchema,
        headers: OrderTokenHeadersSchema,
        response: { 200: envelope(OrderDetailSchema) },
      },
    },
    async (request) => {
      const token = request.headers[ORDER_TOKEN_HEADER];
      if (request.session) return { msg: request.t('server.orderFound'), data: await getOrder(db, request.session, request.params.id) };
      if (!token) throw unauthorized();
      return { msg: request.t('server.orderFound'), data: await getGuestOrder(db, request.params.id, token) };
    },
  );

  app.get(
    '/transactions/:id/receipt',
    {
      preHandler: app.auth.optional,
      schema: {
        tags: ['transactions'],
        summary:
          "An order's receipt as a page for the screen and a 58 or 80 mm roll (its customer or the staff; a guest with its Order-Token header)",
        params: IdParamSchema,
        headers: OrderTokenHeadersSchema,
        response: {
          200: {
            description:
              "text/html; charset=utf-8, in the reader's language: the shop's name, address and NPWPD, the order's number, id and " +
              "time in the shop's zone, its lines, subtotal, discount, service, tax with its name and rate, total, how it was paid " +
              '(cash received and change), the cashier and the footer (docs/shop-rules.md#receipts)',
            content: { 'text/html': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const token = request.headers[ORDER_TOKEN_HEADER];
      const { id } = request.params;
      const order = request.session ? await getOrder(db, request.session, id) : token ? await getGuestOrder(db, id, token) : undefined;
      if (!order) throw unauthorized();
      request.spoken = request.locale;
      const html = receiptHtml(order, { ...shop.settings, timezone: shop.timezone }, request.spoken);
      return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'private, no-store').send(html);
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
      const order = await cancelAsCustomer(db, menu, payments, sessionOf(request), request.params.id, request.body.reason);
      return { msg: request.t('server.orderCancelled'), data: order };
    },
  );
}
