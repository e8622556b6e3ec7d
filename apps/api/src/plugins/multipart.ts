import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import { IMAGE_MAX_BYTES } from '@kopi/shared';
import { badRequest, fileTooLarge } from './errors.ts';

/** A form's text fields and, when sent, the bytes of its `images` file. */
export interface FormInput {
  fields: Record<string, string>;
  image?: Buffer;
}

export const IMAGE_FIELD = 'images';

export const multipartPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 20, fieldSize: 10_000, parts: 21, headerPairs: 100 },
    throwFileSizeLimit: true,
  });
});

/**
 * Reads a multipart form (or a JSON object, for API clients that send no file) into plain fields.
 * The whole body is read before anything is checked, so a rejected upload leaves nothing behind.
 */
export async function readForm(request: FastifyRequest): Promise<FormInput> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null) return { fields: {} };
    if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('The body must be a form or a JSON object');
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries(body)) {
      if (value === null || value === undefined) continue;
      fields[key] = typeof value === 'string' ? value : JSON.stringify(value);
    }
    return { fields };
  }

  const form: FormInput = { fields: {} };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== IMAGE_FIELD) {
        part.file.resume();
        throw badRequest(`Unexpected file field "${part.fieldname}"; send the picture as "${IMAGE_FIELD}"`);
      }
      const bytes = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
        throw error;
      });
      // A browser sends an empty file part when no file was chosen: that is "no picture".
      if (bytes.length > 0) form.image = bytes;
    } else if (typeof part.value === 'string') {
      form.fields[part.fieldname] = part.value;
    }
  }
  return form;
}
