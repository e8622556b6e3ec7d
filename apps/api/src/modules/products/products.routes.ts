import {
  CATEGORIES,
  CategorySchema,
  IdParamSchema,
  ProductFieldsSchema,
  ProductPatchSchema,
  ProductQuerySchema,
  ProductSchema,
} from '@kopi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { chooseEncoding } from '../../lib/compression.ts';
import { envelope, MessageSchema, pagedEnvelope } from '../../lib/reply.ts';
import { sendEncodedJson } from '../../plugins/compress.ts';
import { multipartForm } from '../../plugins/docs.ts';
import { formRoutes, readForm } from '../../plugins/multipart.ts';
import { createProduct, deleteProduct, editProduct, type Menu } from './products.service.ts';

export async function productsRoutes(base: FastifyInstance, opts: { db: Db; menu: Menu }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, menu } = opts;

  app.get(
    '/products/get',
    {
      schema: {
        tags: ['products'],
        summary: 'The menu: search, filter, sort, page',
        querystring: ProductQuerySchema,
        response: { 200: pagedEnvelope(ProductSchema) },
      },
    },
    // Not async: the menu's answers are ready in memory, and a promise per request would buy nothing
    // (docs/benchmarks.md#the-menus-cpu). A throw still goes to the error handler.
    (request, reply) => {
      sendEncodedJson(reply, menu.listAnswer(request.query, chooseEncoding(request.headers['accept-encoding']), request.speak()));
    },
  );

  app.get(
    '/products/:id',
    { schema: { tags: ['products'], summary: 'One product', params: IdParamSchema, response: { 200: envelope(ProductSchema) } } },
    (request, reply) => {
      sendEncodedJson(reply, menu.detailAnswer(request.params.id, request.speak(), chooseEncoding(request.headers['accept-encoding'])));
    },
  );

  await formRoutes(app, (forms) => {
    forms.post(
      '/products',
      {
        preHandler: app.auth.admin,
        schema: {
          tags: ['products'],
          summary: 'Add a product (Admin; multipart with the picture as "images")',
          ...multipartForm(ProductFieldsSchema, 'required'),
          response: { 201: envelope(ProductSchema) },
        },
      },
      async (request, reply) => {
        const product = await createProduct(db, menu, await readForm(request), request.speak());
        return reply.status(201).send({ msg: request.t('addProductSuccess'), data: product });
      },
    );

    forms.patch(
      '/products/:id',
      {
        preHandler: app.auth.admin,
        schema: {
          tags: ['products'],
          summary: 'Change some fields of a product (Admin)',
          params: IdParamSchema,
          ...multipartForm(ProductPatchSchema, 'optional'),
          response: { 200: envelope(ProductSchema) },
        },
      },
      async (request) => {
        const product = await editProduct(db, menu, request.params.id, await readForm(request), request.speak());
        return { msg: request.t('editProductSuccess'), data: product };
      },
    );
  });

  app.delete(
    '/products/:id',
    {
      preHandler: app.auth.admin,
      schema: {
        tags: ['products'],
        summary: 'Take a product off the menu (Admin)',
        params: IdParamSchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      await deleteProduct(db, menu, request.params.id);
      return { msg: request.t('server.productDeleted') };
    },
  );

  app.get(
    '/categories',
    { schema: { tags: ['products'], summary: 'The four categories', response: { 200: envelope(z.array(CategorySchema)) } } },
    async (request) => ({ msg: 'Categories', data: CATEGORIES.map(({ id, key }) => ({ id, name: request.t(key) })) }),
  );
}
