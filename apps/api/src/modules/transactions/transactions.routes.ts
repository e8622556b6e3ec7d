import {
  CreateOrderSchema,
  IdParamSchema,
  MSG,
  OrderListQuerySchema,
  OrderSchema,
  PageQuerySchema,
  ROLES,
  STATUS,
  UpdateOrderStatusSchema,
} from '@kopi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { envelope, MessageSchema, pagedEnvelope } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import type { Menu } from '../products/products.service.ts';
import type { ShopSettings } from '../shop/shop.service.ts';
import { allOrders, createOrder, getOrder, hideFromHistory, history, setOrderStatus } from './transactions.service.ts';

const IdempotencyHeadersSchema = z.object({
  'idempotency-key': z.string().trim().min(1).max(100, 'Idempotency-Key is at most 100 characters').optional(),
});

export async function transactionsRoutes(base: FastifyInstance, opts: { db: Db; shop: ShopSettings; menu: Menu }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, shop, menu } = opts;

  app.post(
    '/transactions',
    {
      preHandler: app.auth.roles(ROLES.user, ROLES.admin),
      schema: {
        tags: ['transactions'],
        summary: 'Place an order; the server prices it. Send Idempotency-Key to retry safely.',
        headers: IdempotencyHeadersSchema,
        body: CreateOrderSchema,
        response: { 200: envelope(OrderSchema), 201: envelope(OrderSchema) },
      },
    },
    async (request, reply) => {
      const { order, replayed } = await createOrder(db, shop, sessionOf(request), request.body, request.headers['idempotency-key']);
      if (replayed) reply.header('idempotent-replayed', 'true');
      else menu.sold(order.items); // "popular" counts it at once
      return reply.status(replayed ? 200 : 201).send({ msg: MSG.transactionSuccess, data: order });
    },
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
        summary: "All customers' orders (Admin); status=1 pages pending orders oldest first",
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
        summary: 'One order (its customer or an admin)',
        params: IdParamSchema,
        response: { 200: envelope(OrderSchema) },
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
        summary: 'Mark a pending order Done (2) or Cancelled (3) (Admin)',
        params: IdParamSchema,
        body: UpdateOrderStatusSchema,
        response: { 200: envelope(OrderSchema) },
      },
    },
    async (request) => {
      const order = await setOrderStatus(db, request.params.id, request.body.status_id);
      // A cancelled order was never sold (finishOrder gave its units back): "popular" follows.
      if (order.status_id === STATUS.cancelled) menu.sold(order.items, -1);
      return { msg: MSG.transactionUpdateSuccess, data: order };
    },
  );
}
