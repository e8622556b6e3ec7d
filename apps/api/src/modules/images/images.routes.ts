import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { readImage, VARIANT_WIDTHS, type VariantWidth } from './images.service.ts';

const FILE = /^([a-f0-9]{64})\.webp$/;

const ImageParamsSchema = z.object({ file: z.string().meta({ description: '<sha256>.webp', example: `${'0'.repeat(64)}.webp` }) });

const ImageQuerySchema = z.object({
  w: z
    .enum(VARIANT_WIDTHS.map(String) as [string, ...string[]], { error: `w must be one of ${VARIANT_WIDTHS.join(', ')}` })
    .transform((w) => Number(w) as VariantWidth)
    .optional(),
});

/**
 * GET /images/<sha256>.webp[?w=160|320|640] — bytes never change for a name and width, so caches
 * may keep them for a year.
 */
export async function imagesRoutes(base: FastifyInstance, opts: { db: Db }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/images/:file',
    {
      schema: {
        tags: ['images'],
        summary: "A picture, by the path in a resource's `image` field; ?w= for a smaller copy",
        params: ImageParamsSchema,
        querystring: ImageQuerySchema,
        response: {
          200: {
            description: 'The picture (WebP); its bytes never change, so it may be cached for a year',
            content: { 'image/webp': { schema: z.custom<Buffer>().meta({ type: 'string', format: 'binary' }) } },
          },
        },
      },
    },
    async (request, reply) => {
      const sha256 = FILE.exec(request.params.file)?.[1];
      const image = sha256 ? await readImage(opts.db, sha256, request.query.w) : undefined;
      if (!image) throw notFound('server.imageNotFound');
      // A stand-in for a smaller copy not made yet must not be kept under the copy's address.
      if (image.stopgap) return reply.header('content-type', image.contentType).header('cache-control', 'no-store').send(image.data);
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', `"${sha256}${request.query.w ? `-${request.query.w}` : ''}"`)
        .send(image.data);
    },
  );
}
