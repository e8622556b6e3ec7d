import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_BASE, TOKEN_HEADER } from '@kopi/shared';
import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardNeed } from '../lib/guard-needs.ts';
import { ErrorSchema } from '../lib/reply.ts';
import { IMAGE_FIELD } from './multipart.ts';
import { REQUEST_ID_HEADER } from './request-id.ts';

// OpenAPI generated from the same zod schemas that validate requests; Swagger UI at {API_BASE}/docs.
// The error answers are worked out from each route rather than written by hand, so a route added
// later is documented too: 401/403 from its guard, 400 from its input schemas, 404 from an id in
// its path, 413/415 from a body; a route names only what its service adds (409, 429, …).

/** Error statuses a route can answer besides the ones worked out from it. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503;

declare module 'fastify' {
  interface FastifySchema {
    /** Error answers the route's service gives that its shape does not show (e.g. 409 for a taken code). */
    errors?: ErrorStatus[];
    /** A multipart form read by the service (readForm), documented but not validated by Fastify. */
    form?: { fields: z.ZodObject; picture: 'required' | 'optional' };
    /** A browser navigation's answers: redirects (status → where to), documented with their Location. */
    redirects?: Partial<Record<302 | 303, string>>;
  }
}

const WHY: Record<ErrorStatus | 500, string> = {
  400: 'Bad input (validation_failed): `errors` lists each field and what is wrong with it',
  401: 'No session: the token is missing, bad, expired or revoked (unauthorized)',
  403: "The caller's role may not do this (forbidden)",
  404: 'No such item (data_not_found)',
  409: 'Conflicts with what is stored (conflict)',
  413: 'The body or the picture is too large (file_too_large, payload_too_large)',
  415: 'The body or the picture is of a type that is not accepted (file_type_not_allowed, unsupported_media_type)',
  422: 'The Idempotency-Key was used for another request (idempotency_key_reused): nothing was done',
  429: 'Too many attempts (too_many_requests): wait for Retry-After seconds',
  502: 'The payment gateway refused or did not answer (payment_unavailable): nothing was placed',
  503: 'Busy (busy): too many pictures being prepared, or the payment gateway could not be asked; try again after Retry-After seconds',
  500: 'Something failed on the server (internal_error): quote `request_id` when reporting it',
};

const requestIdHeader = {
  [REQUEST_ID_HEADER]: { type: 'string', description: "The request's id: the caller's X-Request-Id when it was sane, else a new one" },
};

/**
 * Schema options for a route that takes a form with a picture (multipart/form-data, or JSON
 * without the picture): documents `fields` and the `images` file while the service keeps reading
 * and validating the form itself, so that a rejected upload stores nothing.
 */
export function multipartForm(fields: z.ZodObject, picture: 'required' | 'optional') {
  return { consumes: ['multipart/form-data', 'application/json'], form: { fields, picture } };
}

type Transformed = ReturnType<typeof jsonSchemaTransform>;
type JsonObject = Record<string, unknown>;

/** The multipart and JSON bodies of a form, from its zod fields and its picture. */
function formBody(form: NonNullable<FastifySchema['form']>) {
  const json = z.toJSONSchema(form.fields, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' }) as JsonObject;
  const properties = (json.properties ?? {}) as JsonObject;
  const required = (json.required ?? []) as string[];
  const multipart = {
    ...json,
    properties: {
      ...properties,
      [IMAGE_FIELD]: { type: 'string', format: 'binary', description: 'The picture: JPEG or PNG, at most 2 MB' },
    },
    required: form.picture === 'required' ? [...required, IMAGE_FIELD] : required,
  };
  return {
    content: {
      'multipart/form-data': { schema: multipart },
      'application/json': { schema: { ...json, description: 'The same fields without a picture' } },
    },
  };
}

function errorStatuses(schema: JsonObject & { errors?: ErrorStatus[]; form?: unknown }, url: string, need: string | undefined) {
  const statuses = new Set<ErrorStatus | 500>(schema.errors ?? []);
  const takesBody = Boolean(schema.body || schema.form);
  if (takesBody || schema.querystring || schema.params || schema.headers) statuses.add(400);
  if (need === 'session' || need === 'role') statuses.add(401);
  if (need === 'role') statuses.add(403);
  if (url.includes(':')) statuses.add(404);
  if (takesBody) {
    statuses.add(413);
    statuses.add(415);
  }
  // A form may carry a picture, and picture work has a bounded queue (docs/decisions/hardening.md).
  if (schema.form) statuses.add(503);
  statuses.add(500);
  return [...statuses].sort((a, b) => a - b);
}

/** A stable name for each call, from its method and path: PATCH /products/:id → patchProductsById. */
function operationId(method: string, url: string): string {
  const words = url
    .replace(API_BASE, '')
    .split('/')
    .filter(Boolean)
    .flatMap((part) => (part.startsWith(':') ? ['by', part.slice(1)] : part.split(/[-_]/)));
  return [method.toLowerCase(), ...words.map((word) => word.charAt(0).toUpperCase() + word.slice(1))].join('');
}

/** jsonSchemaTransform, plus what the route's shape says: its form, its errors, its security. */
function transform(document: Parameters<typeof jsonSchemaTransform>[0]): Transformed {
  const original = (document.schema ?? {}) as JsonObject & Pick<FastifySchema, 'errors' | 'form' | 'redirects'>;
  const { errors, form, redirects, ...rest } = original;
  const result = jsonSchemaTransform({ ...document, schema: rest as typeof document.schema });
  const schema = result.schema as JsonObject;
  if (schema.hide) return result;

  if (form) schema.body = formBody(form);
  const method = [document.route.method].flat()[0] ?? 'get';
  schema.operationId ??= operationId(method, document.url);
  const need = guardNeed(document.route.preHandler);
  // A guarded route needs the token; an optional one reads it when sent; the rest are public.
  schema.security =
    need === 'session' || need === 'role'
      ? [{ accessToken: [] }, { bearer: [] }]
      : need === 'optional'
        ? [{}, { accessToken: [] }, { bearer: [] }]
        : [];

  const response = { ...((schema.response as JsonObject | undefined) ?? {}) };
  for (const status of Object.keys(response)) {
    const answer = response[status] as JsonObject;
    response[status] = { ...answer, headers: { ...(answer.headers as JsonObject), ...requestIdHeader } };
  }
  for (const [status, where] of Object.entries(redirects ?? {})) {
    response[status] = {
      description: where,
      headers: { ...requestIdHeader, location: { type: 'string', description: 'Where the browser goes next' } },
    };
  }
  for (const status of errorStatuses(original, document.url, need)) {
    response[status] = {
      description: WHY[status],
      headers: {
        ...requestIdHeader,
        ...(status === 429 || status === 503
          ? { 'retry-after': { type: 'integer', description: 'Seconds to wait before trying again' } }
          : {}),
      },
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  schema.response = response;
  return result;
}

export const docsPlugin = fp(async (app: FastifyInstance, opts: { shopName: string }) => {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${opts.shopName} API`,
        version: '1.0.0',
        description:
          'The coffee shop ordering API. Prices are whole rupiah. Every answer carries X-Request-Id; errors have one body (`Error`).',
      },
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          accessToken: { type: 'apiKey', in: 'header', name: TOKEN_HEADER },
          // The same token as `Authorization: Bearer <token>` (a browser's fetch of the live stream sends it so).
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
        schemas: { Error: z.toJSONSchema(ErrorSchema, { target: 'openapi-3.0' }) as JsonObject },
      },
    },
    transform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_BASE}/docs` });
});
