import type { FastifyInstance } from 'fastify';

/**
 * Counts the requests being handled, so that a graceful shutdown can wait for them before it
 * closes the database (a request whose client hung up still runs to its end).
 */
export function trackInFlight(app: FastifyInstance): { drained(maxWaitMs: number): Promise<void> } {
  let inFlight = 0;
  // Callback hooks, not async ones: they run for every request, and a promise each cost the menu.
  app.addHook('onRequest', (_request, _reply, done) => {
    inFlight += 1;
    done();
  });
  app.addHook('onSend', (_request, _reply, payload, done) => {
    inFlight -= 1;
    done(null, payload);
  });
  return {
    async drained(maxWaitMs) {
      for (let waited = 0; inFlight > 0 && waited < maxWaitMs; waited += 20) await new Promise((r) => setTimeout(r, 20));
    },
  };
}
