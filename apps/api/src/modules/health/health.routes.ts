import type { FastifyInstance } from 'fastify';
import { readiness } from './health.service.ts';

/**
 * `/health`: the process answers (a supervisor restarts it when not). `/ready`: it can serve, its
 * database answers (a load balancer sends traffic elsewhere on 503).
 */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/ready', { schema: { hide: true } }, async (request, reply) => {
    const state = await readiness(app.db);
    if (!state.ready) {
      // The cause goes to the log only.
      request.log.error({ err: state.cause }, 'database does not answer');
      return reply.status(503).send({ status: 'unavailable', request_id: request.id });
    }
    return reply.send({ status: 'ready', database: app.database.kind });
  });
}
