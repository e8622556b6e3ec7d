import type { ErrorCode } from '@kopi/shared';
import type { FastifyReply, FastifyServerOptions } from 'fastify';
import type { Config, TrustProxy } from './config.ts';
import { requestTimeouts } from './lib/connection-limits.ts';
import { phrase, say } from './lib/i18n.ts';
import { LOGGED_SECRET_HEADERS, requestSerializer } from './lib/log-redaction.ts';
import { requestLogger } from './lib/request-logger.ts';
import { headerLocale } from './plugins/locale.ts';
import { REQUEST_ID_HEADER, requestIdOf } from './plugins/request-id.ts';

export type LogStream = NonNullable<Exclude<FastifyServerOptions['logger'], boolean>>['stream'];

/**
 * Which hops of X-Forwarded-For are proxies (TRUST_PROXY): the client's address is the first hop
 * from the right that is not. A number of proxies is written as a function of the hop: Fastify
 * itself trusts no hop for a bare number (a client reaching the server directly could write its
 * own), so a count is only for a server that nothing reaches but through its proxies
 * (docs/guides/operating.md#behind-a-load-balancer).
 */
function proxyTrust(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/** Fastify's own options: the log, request ids, proxies, body and time limits. */
export function fastifyOptions(config: Config, logStream?: LogStream): FastifyServerOptions {
  return {
    logger: {
      level: config.logLevel,
      redact: LOGGED_SECRET_HEADERS,
      // URLs are logged with their secrets (a reset link's token, Google's code) left out.
      serializers: { req: requestSerializer as never },
      ...(logStream ? { stream: logStream } : {}),
    },
    // A request's logger is made at its first line: above info, most requests write none (lib/request-logger.ts).
    childLoggerFactory: requestLogger,
    genReqId: requestIdOf(config.trustProxy),
    trustProxy: proxyTrust(config.trustProxy),
    bodyLimit: 1_048_576,
    // No time limit on a plugin's start: opening the database waits for an overlapping restart to let
    // go of its folder, and a big menu takes its time to read (each says in the log what it waits for).
    pluginTimeout: 0,
    // A body that never arrives must not hold its connection for ever (slowloris): 408 and closed.
    ...requestTimeouts(config.requestTimeoutSeconds),
    // A URL Fastify cannot even decode (e.g. a lone %) still gets the API's error body.
    frameworkErrors: (error, request, reply) => {
      void (reply as FastifyReply)
        .code(400)
        .header(REQUEST_ID_HEADER, request.id)
        .header('content-language', headerLocale(request))
        .send({
          msg: say(headerLocale(request), phrase('server.badUrl', { detail: error.message })),
          code: 'validation_failed' satisfies ErrorCode,
        });
    },
  };
}
