import { IdParamSchema, PromoFieldsSchema, PromoPatchSchema, PromoSchema, ROLES } from '@kopi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { envelope, MessageSchema } from '../../lib/reply.ts';
import { multipartForm } from '../../plugins/docs.ts';
import { formRoutes, readForm } from '../../plugins/multipart.ts';
import type { ShopSettings } from '../shop/shop.service.ts';
import { createPromo, deletePromo, editPromo, getPromo, visiblePromos } from './promos.service.ts';

export async function promosRoutes(base: FastifyInstance, opts: { db: Db; shop: ShopSettings }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, shop } = opts;

  app.get(
    '/promos/get',
    {
      preHandler: app.auth.optional,
      schema: {
        tags: ['promos'],
        summary: 'Active promos (admins also see expired ones)',
        response: { 200: envelope(z.array(PromoSchema)) },
      },
    },
    async (request) => {
      const promos = await visiblePromos(db, shop, request.session?.role === ROLES.admin, request.speak());
      return { msg: promos.length ? 'Promos found' : 'No promo right now', data: promos };
    },
  );

  app.get(
    '/promos/:id',
    {
      preHandler: app.auth.optional,
      schema: {
        tags: ['promos'],
        summary: 'One promo (an expired one only for admins, as in the list)',
        params: IdParamSchema,
        response: { 200: envelope(PromoSchema) },
      },
    },
    async (request) => ({
      msg: 'Promo found',
      data: await getPromo(db, shop, request.params.id, request.session?.role === ROLES.admin, request.speak()),
    }),
  );

  await formRoutes(app, (forms) => {
    forms.post(
      '/promos',
      {
        preHandler: app.auth.admin,
        schema: {
          tags: ['promos'],
          summary: 'Add a promo (Admin; multipart with the picture as "images")',
          ...multipartForm(PromoFieldsSchema, 'required'),
          // 409: the coupon code is used by another promo.
          errors: [409],
          response: { 201: envelope(PromoSchema) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ msg: request.t('addPromoSuccess'), data: await createPromo(db, shop, await readForm(request), request.speak()) }),
    );

    forms.patch(
      '/promos/:id',
      {
        preHandler: app.auth.admin,
        schema: {
          tags: ['promos'],
          summary: 'Change some fields of a promo (Admin)',
          params: IdParamSchema,
          ...multipartForm(PromoPatchSchema, 'optional'),
          errors: [409],
          response: { 200: envelope(PromoSchema) },
        },
      },
      async (request) => ({
        msg: request.t('promoEditSuccess'),
        data: await editPromo(db, shop, request.params.id, await readForm(request), request.speak()),
      }),
    );
  });

  app.delete(
    '/promos/:id',
    {
      preHandler: app.auth.admin,
      schema: { tags: ['promos'], summary: 'Remove a promo (Admin)', params: IdParamSchema, response: { 200: MessageSchema } },
    },
    async (request) => {
      await deletePromo(db, request.params.id);
      return { msg: request.t('server.promoDeleted') };
    },
  );
}
