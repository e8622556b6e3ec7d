import type { FastifyInstance } from 'fastify';
import { notFound } from '../../plugins/errors.ts';
import type { Db } from '../../db/client.ts';
import { findImage } from './images.repository.ts';

const FILE = /^([a-f0-9]{64})\.webp$/;

/** GET /images/<sha256>.webp — bytes never change for a name, so caches may keep them for a year. */
export async function imagesRoutes(app: FastifyInstance, opts: { db: Db }) {
  app.get('/images/:file', { schema: { hide: true } }, async (request, reply) => {
    const { file } = request.params as { file: string };
    const match = FILE.exec(file);
    const image = match ? await findImage(opts.db, match[1]!) : undefined;
    if (!image) throw notFound('Image not found');
    return reply
      .header('content-type', image.content_type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', `"${match![1]}"`)
      .send(image.data);
  });
}
