import { DEFAULT_LOCALE, ERROR_STATUS, type ErrorCode, isMessageKey, type Locale, zodLocale } from '@kopi/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { AppError, badRequest, type FieldError, issueWords } from '../lib/errors.ts';
import { phrase, say } from '../lib/i18n.ts';

// docs/architecture.md#the-api-contract: one error body { msg, code, errors? } with the right status for every failure.

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object') {
    // A loop rather than Object.entries: every request passes here, and most hold a few keys.
    for (const key in value) {
      if (Object.hasOwn(value, key) && (key.includes('\u0000') || containsNul((value as Record<string, unknown>)[key]))) return true;
    }
  }
  return false;
}

/**
 * PostgreSQL text cannot hold a NUL character: refuse it in any query, parameter or JSON body
 * with a 400 before it reaches the database (multipart fields are checked as they are read).
 * A callback hook, not an async one: it runs for every request.
 */
export function rejectNulCharacters(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  if (containsNul(request.query) || containsNul(request.params) || containsNul(request.body)) done(badRequest('server.nulCharacters'));
  else done();
}

/** Fastify's own errors that are the client's fault, by Fastify's code → the public code (its status is the code's). */
const CLIENT_ERRORS = new Map<string | undefined, ErrorCode>(
  Object.entries({
    FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
    FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
    FST_ERR_CTP_EMPTY_JSON_BODY: 'validation_failed',
    FST_ERR_CTP_INVALID_JSON_BODY: 'validation_failed',
    FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation_failed',
    FST_ERR_INVALID_MULTIPART_CONTENT_TYPE: 'unsupported_media_type',
    FST_REQ_FILE_TOO_LARGE: 'file_too_large',
    FST_FILES_LIMIT: 'payload_too_large',
    FST_FIELDS_LIMIT: 'payload_too_large',
    FST_PARTS_LIMIT: 'payload_too_large',
    FST_PROTO_VIOLATION: 'validation_failed',
  } satisfies Record<string, ErrorCode>),
);

/** Where Fastify's validation found the input it refused, by its validation context. */
const INPUT_OF: Record<string, (request: FastifyRequest) => unknown> = {
  body: (request) => request.body,
  querystring: (request) => request.query,
  params: (request) => request.params,
  headers: (request) => request.headers,
};

/**
 * A route schema's refusal in a language: the input is parsed again with zod's messages in that
 * language (the route's own schema and input, so the issues are the same ones), and the schema's own
 * messages, catalogue keys, are said in it.
 */
function routeIssuesIn(locale: Locale, request: FastifyRequest, context: string | undefined): FieldError[] | undefined {
  const schemas = request.routeOptions.schema as Record<string, ZodType | undefined> | undefined;
  const schema = context ? schemas?.[context] : undefined;
  const input = context ? INPUT_OF[context]?.(request) : undefined;
  if (!schema || typeof schema.safeParse !== 'function') return undefined;
  const again = schema.safeParse(input, { error: zodLocale(locale) });
  if (again.success) return undefined;
  return issueWords(again.error.issues, locale).map((issue) => ({
    ...issue,
    field: issue.field === 'body' ? (context ?? 'body') : issue.field,
  }));
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  /** The language of an error answer: the account's when a token is sent, even before its route's guard ran. */
  async function languageOf(request: FastifyRequest, status: number): Promise<Locale> {
    if (status < 500 && app.hasDecorator('auth')) {
      try {
        await app.auth.readSessionForLanguage(request);
      } catch (error) {
        // The answer is already an error: it is still sent, in the language of the headers.
        request.log.warn({ err: error }, 'the account of an error answer could not be read');
      }
    }
    return request.locale;
  }

  /** The one answer of a failure no rule explains: the request id to match the log, nothing of the cause. */
  const internalError = (request: FastifyRequest, locale: Locale) => ({
    msg: say(locale, phrase('server.internalError', { reference: request.id })),
    code: 'internal_error' satisfies ErrorCode,
    request_id: request.id,
  });

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    try {
      return await answer(error, request, reply);
    } catch (failure) {
      // Answering the error failed too (a message that could not be said): still the API's body,
      // never Fastify's own, which would carry the internal message.
      request.log.error({ err: failure, cause: error }, 'the answer to an error failed');
      return reply.status(500).send(internalError(request, DEFAULT_LOCALE));
    }
  });

  async function answer(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    if (error instanceof AppError) {
      if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
      else if (error.statusCode === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
      const locale = await languageOf(request, error.statusCode);
      request.spoken = locale;
      const { msg, errors } = error.words(locale);
      return reply.status(error.statusCode).send({ msg, code: error.code, errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const locale = await languageOf(request, 400);
      request.spoken = locale;
      const errors =
        routeIssuesIn(locale, request, error.validationContext) ??
        error.validation.map((issue) => ({
          field: issue.instancePath.split('/').filter(Boolean).join('.') || error.validationContext || 'body',
          message: isMessageKey(issue.message) ? request.t(issue.message) : issue.message,
        }));
      return reply
        .status(400)
        .send({ msg: errors[0]?.message ?? request.t('server.invalidRequest'), code: 'validation_failed' satisfies ErrorCode, errors });
    }
    const code = CLIENT_ERRORS.get(error.code);
    if (code) {
      const status = ERROR_STATUS[code];
      // Fastify's own words for the rest (they name what the client sent wrong, for its developer).
      const msg = code === 'file_too_large' ? request.t('fileTooBig') : error.message;
      return reply.status(status).send({ msg, code });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ msg: error.message, code: 'bad_request' satisfies ErrorCode });
    }
    request.log.error({ err: error }, 'unhandled error');
    // The request id lets a customer's report be matched to the log line above (nothing else is told).
    request.spoken = request.locale;
    return reply.status(500).send(internalError(request, request.spoken));
  }
});
