import fastifyMultipart from '@fastify/multipart';
import { IMAGE_MAX_BYTES } from '@kopi/shared';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, badRequest, fieldRefused, fileTooLarge } from '../lib/errors.ts';
import type { FormInput } from '../lib/form-input.ts';
import { phrase } from '../lib/i18n.ts';

export const IMAGE_FIELD = 'images';

/** A Fastify instance whose routes are typed by their zod schemas. */
type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/**
 * Registers the routes that read a form (readForm) in a scope of their own, where multipart bodies
 * are accepted. @fastify/multipart gives every request of its scope two hooks and a listener: the
 * menu's and the orders' requests, which never carry a form, no longer pay them
 * (docs/benchmarks.md#the-menus-cpu). A multipart body sent to any other route gets 415.
 */
export async function formRoutes(app: FastifyInstance, routes: (forms: ZodApp) => void): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 20, fieldSize: 10_000, parts: 21, headerPairs: 100 },
      throwFileSizeLimit: true,
    });
    routes(scope.withTypeProvider<ZodTypeProvider>());
  });
}

/**
 * Reads a multipart form (or a JSON object, for API clients that send no file) into plain fields.
 * The whole body is read before anything is checked, so a rejected upload leaves nothing behind.
 */
export async function readForm(request: FastifyRequest): Promise<FormInput> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null) return { fields: {} };
    if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('server.bodyNotObject');
    // No prototype: a field a client names "__proto__" or "constructor" is a field like any other.
    const fields: Record<string, string> = Object.create(null);
    for (const [key, value] of Object.entries(body)) {
      if (value === null || value === undefined) continue;
      // Form fields are text; a number or a yes/no is written as one, anything nested is refused.
      if (typeof value === 'object') throw fieldRefused(key, phrase('server.fieldNotText', { field: key }));
      fields[key] = String(value);
    }
    return { fields };
  }

  try {
    return await readParts(request);
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The parser reports a file over the limit from the parts' iterator when the file's last piece
    // ended exactly at the limit (as a network delivers it): that is 413 too, never "could not be read".
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    if ((error as { statusCode?: number }).statusCode === 413) throw error;
    // Anything else thrown while reading parts is the parser refusing a broken body.
    throw badRequest('server.formUnreadable');
  }
}

async function readParts(request: FastifyRequest): Promise<FormInput> {
  const form: FormInput = { fields: Object.create(null) };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== IMAGE_FIELD) {
        part.file.resume();
        throw badRequest(phrase('server.unexpectedFile', { field: part.fieldname, expected: IMAGE_FIELD }));
      }
      const bytes = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
        throw error;
      });
      // A file cut at the limit between two pieces of the body ends without the parser's error.
      if (part.file.truncated) throw fileTooLarge();
      // A browser sends an empty file part when no file was chosen: that is "no picture".
      if (bytes.length > 0) form.image = bytes;
    } else if (typeof part.value === 'string') {
      if (part.value.includes('\u0000') || part.fieldname.includes('\u0000')) throw badRequest('server.nulCharacters');
      form.fields[part.fieldname] = part.value;
    }
  }
  return form;
}
