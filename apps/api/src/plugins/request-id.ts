import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { TrustProxy } from '../config.ts';

// Every request has an id: behind a proxy (TRUST_PROXY), the one the proxy sent in X-Request-Id
// when it is sane, else a new one. It is in every log line of the request (pino's reqId) and on
// every answer, so a customer's report or a proxy's log finds the server's lines
// (docs/decisions/request-ids.md). Without a proxy the header comes straight from the client, who
// could pick another request's id to muddle the log: it is not trusted then.

export const REQUEST_ID_HEADER = 'x-request-id';
/** Bounded and plain, so that a client cannot flood or forge log lines through it. */
const ACCEPTED = /^[A-Za-z0-9._:/+=-]{1,128}$/;

/** Fastify's genReqId: the proxy's id when proxies are trusted and it is acceptable, else a fresh UUID. */
export function requestIdOf(trustProxy: TrustProxy): (request: IncomingMessage) => string {
  if (trustProxy === false) return () => randomUUID();
  return (request) => {
    const given = request.headers[REQUEST_ID_HEADER];
    return typeof given === 'string' && ACCEPTED.test(given) ? given : randomUUID();
  };
}

export const requestIdPlugin = fp(async (app: FastifyInstance) => {
  // Set first thing, so that every answer has it: errors, 404s, pictures and the SPA alike.
  // A callback hook, not an async one: it runs for every request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
});
