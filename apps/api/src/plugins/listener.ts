import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createListener, type Listener } from '../db/listen.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Hears NOTIFY from every instance; modules subscribe to their channels (apps/api/src/db/listen.ts). */
    listener: Listener;
  }
}

/** The instance's one events listener (docs/decisions/events-over-listen-notify.md), closed before the database. */
export const listenerPlugin = fp(async (app: FastifyInstance) => {
  const listener = createListener(app.database, {
    log: { warn: (m) => app.log.warn(m), info: (m) => app.log.info(m), error: (m) => app.log.error(m) },
  });
  app.decorate('listener', listener);
  app.addHook('onClose', () => listener.close());
});
