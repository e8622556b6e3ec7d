import { createHash, timingSafeEqual } from 'node:crypto';
import { IdParamSchema, PrinterStatusSchema, PrintQueuedSchema } from '@kopi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../lib/errors.ts';
import { envelope, MessageSchema } from '../../lib/reply.ts';
import type { Printing } from './printing.service.ts';

/** The header a print agent sends its key in. */
export const PRINT_AGENT_KEY_HEADER = 'print-agent-key';

const AgentJobSchema = z.object({
  id: z.number(),
  printer: z.object({ name: z.string(), host: z.string(), port: z.number() }),
  bytes: z.string().meta({ description: 'The ESC/POS bytes, base64' }),
});

/** The key compared in constant time (by its digest, so that its length is not told either). */
const sameKey = (sent: unknown, key: string) =>
  typeof sent === 'string' && timingSafeEqual(createHash('sha256').update(sent).digest(), createHash('sha256').update(key).digest());

/** Printing a receipt again, and the printers' status (docs/shop-rules.md#receipts-and-printers). */
export async function printingRoutes(base: FastifyInstance, opts: { printing: Printing; agentKey: string | undefined }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { printing, agentKey } = opts;

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

  // The print agent's two routes, only when PRINT_AGENT_KEY is set: its key is its credential.
  if (!agentKey) return;
  const agentOnly = async (request: { headers: Record<string, unknown> }) => {
    if (!sameKey(request.headers[PRINT_AGENT_KEY_HEADER], agentKey)) throw unauthorized();
  };

  app.get(
    '/print-agent/jobs',
    {
      preHandler: agentOnly,
      schema: {
        tags: ['printing'],
        summary: 'The print agent takes the jobs due (its Print-Agent-Key), the request held up to `wait` seconds until there is one',
        querystring: z.object({ wait: z.coerce.number().int().min(0).max(20).default(20) }),
        response: { 200: envelope(z.array(AgentJobSchema)) },
      },
    },
    async (request) => ({ msg: 'Print jobs', data: await printing.takeForAgent(request.query.wait * 1000) }),
  );

  app.post(
    '/print-agent/jobs/:id',
    {
      preHandler: agentOnly,
      schema: {
        tags: ['printing'],
        summary: 'The print agent says how a job went: printed, or the error of its printer (tried again later)',
        params: IdParamSchema,
        body: z.object({ error: z.string().max(300).optional() }),
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      await printing.agentSent(request.params.id, request.body.error);
      return { msg: 'Noted' };
    },
  );
}
