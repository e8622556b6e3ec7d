import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createOrderStream, type OrderStream, type OrderStreamOptions } from './order-stream.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live order stream (docs/decisions/events-over-listen-notify.md). */
    orderStream: OrderStream;
  }
}

export type OrderStreamPluginOptions = Pick<OrderStreamOptions, 'sessions' | 'heartbeatMs' | 'maxStreamsPerAccount'>;

/**
 * The live order stream. Its streams end first on shutdown (preClose), so that the server stops
 * without waiting for clients that never hang up.
 */
export const orderStreamPlugin = fp(async (app: FastifyInstance, options: OrderStreamPluginOptions) => {
  const orderStream = createOrderStream({ ...options, db: app.db, listener: app.listener, log: app.log });
  await orderStream.start();
  app.addHook('preClose', () => orderStream.close());
  app.decorate('orderStream', orderStream);
});
