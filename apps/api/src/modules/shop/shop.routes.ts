import {
  DaySlotsSchema,
  ShopGoalSchema,
  ShopSchema,
  ShopSettingsAnswerSchema,
  SlotsQuerySchema,
  UpdateShopSchema,
  UpdateShopSettingsSchema,
  WeekSlotsSchema,
} from '@kopi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { envelope } from '../../lib/reply.ts';
import { describeShop, type ShopSettings, slotsOfDay, slotsOfWeek, updateSettings, updateShop } from './shop.service.ts';

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

  app.get(
    '/shop/week',
    {
      schema: {
        tags: ['shop'],
        summary:
          'Every day an order may be scheduled for (today and the 6 after it), each with its 15-minute slots still to come and their room',
        response: { 200: envelope(WeekSlotsSchema) },
      },
    },
    async () => ({ msg: 'Slots found', data: await slotsOfWeek(db, shop) }),
  );

  app.patch(
    '/shop',
    {
      preHandler: app.auth.admin,
      schema: {
        tags: ['shop'],
        summary: "Change the shop's settings (Admin): the monthly revenue goal of the dashboard, integer rupiah",
        body: UpdateShopSchema,
        response: { 200: envelope(ShopGoalSchema) },
      },
    },
    async (request) => ({ msg: request.t('server.shopSaved'), data: await updateShop(db, shop, request.body) }),
  );

  app.get(
    '/shop/settings',
    {
      preHandler: app.auth.admin,
      schema: {
        tags: ['shop'],
        summary:
          "The owner's settings (Admin): the shop's name, address and tax number, opening hours, slot capacity, tax and service, receipts",
        response: { 200: envelope(ShopSettingsAnswerSchema) },
      },
    },
    async (request) => ({ msg: request.t('server.settingsFound'), data: shop.settings }),
  );

  app.patch(
    '/shop/settings',
    {
      preHandler: app.auth.admin,
      schema: {
        tags: ['shop'],
        summary:
          'Change any of the settings (Admin): every instance takes them within a second, with no restart. Orders placed before ' +
          'keep the rates they were priced with',
        body: UpdateShopSettingsSchema,
        response: { 200: envelope(ShopSettingsAnswerSchema) },
      },
    },
    async (request) => ({ msg: request.t('server.settingsSaved'), data: await updateSettings(db, shop, request.body) }),
  );
}
