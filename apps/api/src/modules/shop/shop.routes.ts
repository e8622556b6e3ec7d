import { DaySlotsSchema, ShopSchema, SlotsQuerySchema } from '@kopi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { envelope } from '../../lib/reply.ts';
import { describeShop, type ShopSettings, slotsOfDay } from './shop.service.ts';

export async function shopRoutes(base: FastifyInstance, opts: { db: Db; shop: ShopSettings }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, shop } = opts;

  app.get(
    '/shop',
    {
      schema: {
        tags: ['shop'],
        summary: "The shop's name, time zone and opening hours, and whether it is open now",
        response: { 200: envelope(ShopSchema) },
      },
    },
    async () => ({ msg: 'The shop', data: describeShop(shop) }),
  );

  app.get(
    '/shop/slots',
    {
      schema: {
        tags: ['shop'],
        summary: "A day's 15-minute order slots still to come, with the orders each can still take (today to 6 days ahead)",
        querystring: SlotsQuerySchema,
        response: { 200: envelope(DaySlotsSchema) },
      },
    },
    async (request) => {
      const day = await slotsOfDay(db, shop, request.query.date);
      return { msg: day.slots.length ? 'Slots found' : 'No slot left on this day', data: day };
    },
  );
}
