import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_BASE, TOKEN_HEADER } from '@kopi/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the same zod schemas that validate requests; Swagger UI at {API_BASE}/docs. */
export const docsPlugin = fp(async (app: FastifyInstance, opts: { shopName: string }) => {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${opts.shopName} API`, version: '1.0.0', description: 'The coffee shop ordering API. Prices are whole rupiah.' },
      components: { securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: TOKEN_HEADER } } },
      security: [{ accessToken: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_BASE}/docs` });
});
