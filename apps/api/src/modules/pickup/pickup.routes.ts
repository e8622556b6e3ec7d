import { PickupBoardSchema } from '@kopi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { envelope } from '../../lib/reply.ts';
import type { PickupScreen } from './pickup.service.ts';

/** The pick-up screen's data (docs/shop-rules.md#the-pick-up-screen): public, and only numbers and first names. */
export async function pickupRoutes(base: FastifyInstance, opts: { screen: PickupScreen }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { screen } = opts;

  app.get(
    '/status',
    {
      schema: {
        tags: ['pick-up screen'],
        summary:
          'The pick-up screen (no session): orders Preparing and Ready for pick-up, oldest first, each by its number of the day ' +
          'and a first name only',
        response: { 200: envelope(PickupBoardSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { msg: 'The pick-up screen', data: await screen.board() };
    },
  );

  app.get(
    '/status/events',
    {
      schema: {
        tags: ['pick-up screen'],
        summary:
          'The pick-up screen live (Server-Sent Events, no session): `event: board`, `data:` the board as GET /status answers ' +
          "it, at once and on every change; `id:` the board's version. Reconnect with Last-Event-ID: nothing is sent until it changes",
        headers: z.object({ 'last-event-id': z.string().optional() }),
        response: {
          200: {
            description: 'An endless text/event-stream; each `data:` is one board as below',
            content: { 'text/event-stream': { schema: PickupBoardSchema } },
          },
        },
        // 429: too many screens open from this address (Retry-After says when to try again).
        errors: [429],
      },
    },
    async (request, reply) => {
      const opened = await screen.open(request.ip, request.headers['last-event-id']);
      if (!opened.ok) {
        reply.header('retry-after', String(opened.retryAfterSeconds));
        throw new AppError('too_many_requests', 'server.tooManyPickupScreens');
      }
      return reply
        .status(200)
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .header('connection', 'close')
        .send(opened.body as never);
    },
  );
}
