import { MSG } from '@kopi/shared';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, badRequest } from '../lib/errors.ts';

// docs/architecture.md#the-api-contract: one error body { msg, code, errors? } with the right status for every failure.

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v));
  return false;
}

/**
 * PostgreSQL text cannot hold a NUL character: refuse it in any query, parameter or JSON body
 * with a 400 before it reaches the database (multipart fields are checked as they are read).
 */
export async function rejectNulCharacters(request: FastifyRequest): Promise<void> {
  if (containsNul(request.query) || containsNul(request.params) || containsNul(request.body)) {
    throw badRequest('Text may not contain NUL characters');
  }
}

/** Fastify's own errors that are the client's fault, by code → status and public code. */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'validation_failed'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'validation_failed'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'validation_failed'],
  FST_ERR_INVALID_MULTIPART_CONTENT_TYPE: [415, 'unsupported_media_type'],
  FST_REQ_FILE_TOO_LARGE: [413, 'file_too_large'],
  FST_FILES_LIMIT: [413, 'payload_too_large'],
  FST_FIELDS_LIMIT: [413, 'payload_too_large'],
  FST_PARTS_LIMIT: [413, 'payload_too_large'],
  FST_PROTO_VIOLATION: [400, 'validation_failed'],
};

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
      else if (error.statusCode === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
      return reply.status(error.statusCode).send({ msg: error.message, code: error.code, errors: error.errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        field: issue.instancePath.split('/').filter(Boolean).join('.') || error.validationContext || 'body',
        message: issue.message,
      }));
      return reply.status(400).send({ msg: errors[0]?.message ?? 'Invalid request', code: 'validation_failed', errors });
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known) {
      const [status, code] = known;
      const msg = code === 'file_too_large' ? MSG.fileTooBig : error.message;
      return reply.status(status).send({ msg, code });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ msg: error.message, code: 'bad_request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    // The request id lets a customer's report be matched to the log line above (nothing else is told).
    return reply.status(500).send({
      msg: `Something went wrong on our side, please try again later (reference ${request.id})`,
      code: 'internal_error',
      request_id: request.id,
    });
  });
});
