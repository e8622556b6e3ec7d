import type { FastifyRequest } from 'fastify';

// Fastify logs every request's URL. Some URLs carry secrets in their query: the reset page's
// `?token=`, and Google's return with `?code=&state=`. Their values never reach the log.

const SECRET_PARAMS = /([?&](?:token|code|state|id_token|access_token)=)[^&#]*/gi;

export const redactUrl = (url: string): string => url.replace(SECRET_PARAMS, '$1[redacted]');

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
