import { IdParamSchema, PrinterStatusSchema, PrintQueuedSchema } from '@kopi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../lib/reply.ts';
import type { Printing } from './printing.service.ts';

/** Printing a receipt again, and the printers' status (docs/shop-rules.md#receipts-and-printers). */
export async function printingRoutes(base: FastifyInstance, opts: { printing: Printing }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { printing } = opts;

  app.post(
    '/transactions/:id/print',
    {
      preHandler: app.auth.counter,
      schema: {
        tags: ['printing'],
        summary:
          "Print an order's receipt again on every receipt printer (Admin or Cashier); a second tap within a few seconds is not printed twice",
        params: IdParamSchema,
        response: { 200: envelope(PrintQueuedSchema) },
      },
    },
    async (request) => ({ msg: request.t('server.printQueued'), data: await printing.reprint(request.params.id) }),
  );

  app.get(
    '/printers/status',
    {
      preHandler: app.auth.kitchen,
      schema: {
        tags: ['printing'],
        summary: "Each printer of the settings, online or offline (its last attempt failed, its jobs wait): the staff's screens' banner",
        response: { 200: envelope(z.array(PrinterStatusSchema)) },
      },
    },
    async (request) => ({ msg: request.t('server.printersStatus'), data: await printing.status() }),
  );
}
