import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { chooseEncoding, type EncodedAnswer, encodeAnswer } from '../lib/compression.ts';

// Answers of 1 KB or more (JSON, the SPA's page) go out compressed as the client accepts, Brotli
// or gzip (docs/architecture.md#the-path-of-a-request). Files the SPA's build already compressed keep their own encoding.

const COMPRESSIBLE = /^(application\/json|text\/html)/;

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'accept-encoding');
  else if (!String(vary).toLowerCase().includes('accept-encoding')) reply.header('vary', `${vary}, accept-encoding`);
}

export const compressPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook, not an async one: it runs for every answer, and most pass straight through.
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    if (
      typeof payload !== 'string' ||
      reply.hasHeader('content-encoding') ||
      !COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))
    ) {
      done(null, payload);
      return;
    }
    // Whatever this client gets, a cache in between must not hand it to one that accepts otherwise.
    addVary(reply);
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding || request.method === 'HEAD') {
      done(null, payload);
      return;
    }
    const answer = encodeAnswer(payload, encoding);
    if (answer.encoding) {
      reply.header('content-encoding', answer.encoding);
      reply.removeHeader('content-length');
    }
    done(null, answer.body);
  });
});

/** Sends JSON already encoded for this client (see createAnswerCache). */
export function sendEncodedJson(reply: FastifyReply, answer: EncodedAnswer): FastifyReply {
  reply.type('application/json; charset=utf-8');
  if (answer.encoding) {
    addVary(reply);
    reply.header('content-encoding', answer.encoding);
  }
  return reply.send(answer.body);
}
