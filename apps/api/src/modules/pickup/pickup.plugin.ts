import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPickupScreen, type PickupScreen, type PickupScreenOptions } from './pickup.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The pick-up screen's board and its streams. */
    pickupScreen: PickupScreen;
  }
}

export type PickupPluginOptions = Pick<PickupScreenOptions, 'readyMinutes' | 'maxStreamsPerIp' | 'heartbeatMs'>;

/** The pick-up screen; its streams end first on shutdown, as the order stream's do. */
export const pickupPlugin = fp(async (app: FastifyInstance, options: PickupPluginOptions) => {
  const pickupScreen = createPickupScreen({ ...options, db: app.db, listener: app.listener, log: app.log });
  app.addHook('preClose', () => pickupScreen.close());
  app.decorate('pickupScreen', pickupScreen);
});
