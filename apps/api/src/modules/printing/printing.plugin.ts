import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { OrderEffects } from '../orders/placing.service.ts';
import { createPrinting, type Printing, type PrintingOptions } from './printing.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The print queue and its worker (docs/shop-rules.md#receipts-and-printers). */
    printing: Printing;
    /** What a stored order event sets off: the live boards hear of it, then its paper is queued. */
    orderEffects: OrderEffects;
  }
}

/**
 * The print queue's worker lives as long as the server: it starts with it and stops on close,
 * after the jobs it is sending, before the database closes.
 */
export const printingPlugin = fp(async (app: FastifyInstance, options: PrintingOptions) => {
  const printing = createPrinting({ db: app.db, shop: app.shop, options, log: app.log });
  app.addHook('onReady', async () => printing.start());
  // preClose: before the server waits for its open requests, so a print agent's held request ends at once.
  app.addHook('preClose', () => printing.close());
  app.decorate('printing', printing);
  app.decorate('orderEffects', {
    async created(eventId: number) {
      await app.orderStream.created(eventId);
      await printing.created(eventId);
    },
  });
});
