import type { FastifyRequest } from 'fastify';

// docs/security.md: no secret the shop issues or receives reaches its log. Fastify logs every
// request's URL, and some URLs carry one: in the query (a reset page's `?token=`, a guest's
// `?order_token=`, Google's return with `?code=&state=`) or in the path (a table's QR code,
// `/t/<token>` and `/tables/at/<token>`). Their values never reach the log; the rest of the URL does.
// Headers that carry one (sessions, a guest's Order-Token, cookies, the print agent's key) are redacted by name wherever a
// logged object holds headers (LOGGED_SECRET_HEADERS).

const SECRET_PARAMS = /([?&](?:[a-z_]*token|code|state)=)[^&#]*/gi;
const SECRET_PATHS = /((?:^|\/)(?:t|tables\/at)\/)[^/?#]+/g;

export const redactUrl = (url: string): string => url.replace(SECRET_PATHS, '$1[redacted]').replace(SECRET_PARAMS, '$1[redacted]');

/**
 * pino's redact paths: these headers in a logged line's `headers` and in any logged object's (the
 * request's, a parser's options). pino's wildcard stands for one level: headers deeper than that are
 * not looked for, so code logs the object that holds them, not its parent.
 */
export const LOGGED_SECRET_HEADERS = ['access-token', 'authorization', 'cookie', 'order-token', 'print-agent-key'].flatMap((name) => [
  `headers["${name}"]`,
  `req.headers["${name}"]`,
  `*.headers["${name}"]`,
]);

/** Fastify's own request serializer, with the URL's secrets left out. */
export function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
