import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The address the shop puts in links it sends away (reset e-mails, Google's return address):
 * PUBLIC_URL, or else the address it listens on. Never the request's Host header, which the
 * sender of a request chooses: a forged Host would otherwise put an attacker's site in a reset e-mail.
 */
export function publicUrlOf(app: FastifyInstance, config: Pick<Config, 'publicUrl' | 'host' | 'port'>): () => string {
  return () => {
    if (config.publicUrl) return config.publicUrl;
    const bound = app.server.address() as AddressInfo | null;
    const port = bound?.port ?? config.port;
    const anyAddress = ['0.0.0.0', '::'].includes(config.host);
    const host = anyAddress ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
    return `http://${host}:${port}`;
  };
}
