import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../lib/reply.ts';
import type { Payments } from './payments.service.ts';

const OutcomeSchema = z.object({
  outcome: z.enum(['paid', 'cancelled', 'refunded', 'unchanged']).meta({
    description: 'paid: the order became Pending; cancelled: it expired or failed; refunded: it was paid after it was cancelled',
  }),
});

/** The gateway's side of payments (docs/shop-rules.md#payments). */
export async function paymentsRoutes(base: FastifyInstance, opts: { payments: Payments }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { payments } = opts;

  app.post(
    '/payments/midtrans/notification',
    {
      schema: {
        tags: ['payments'],
        summary:
          "Midtrans' HTTP notification (no session; JSON as Midtrans sends it). Checked by its signature_key, its order and its " +
          "gross_amount, then confirmed with Midtrans' status API before anything changes; the same notification twice changes nothing",
        body: z.looseObject({}).meta({ description: "Midtrans' notification: order_id, status_code, gross_amount, signature_key, …" }),
        // 400: not a notification, or an amount other than the order's total; 403: a signature that is
        // not the gateway's; 404: no order is paid by this order_id (or payments are off); 409: the status
        // API does not confirm it; 503: the gateway could not be asked (it sends the notification again).
        errors: [400, 403, 404, 409, 503],
        response: { 200: envelope(OutcomeSchema) },
      },
    },
    async (request) => {
      const outcome = await payments.notified(request.body);
      return { msg: outcome === 'unchanged' ? 'Nothing to change' : `Order ${outcome}`, data: { outcome } };
    },
  );
}
