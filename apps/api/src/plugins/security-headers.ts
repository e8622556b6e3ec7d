import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

// Helmet's headers, worked out once at start-up: they are the same for every answer, and building
// them per request (CSP parsing included) cost a tenth of the menu's throughput (docs/architecture.md#tests-and-targets).

/** Helmet's options for pages; `scriptHashes` are the inline scripts a page may run (the first view's boot script). */
function pageOptions(scriptHashes: readonly string[] = []): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // react-toastify injects its stylesheet at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", ...scriptHashes],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Pictures are served to the SPA of the same origin only.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  };
}

export function helmetHeaders(options: HelmetOptions = pageOptions()): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // helmet answers synchronously; anything else would leave answers without their headers.
  if (!finished) throw new Error('helmet did not finish synchronously');
  return headers;
}

/**
 * The headers a JSON answer needs (docs/decisions/json-security-headers.md): a browser never
 * renders JSON as a page, so what guards a document (its scripts, links, windows, legacy IE and
 * Flash switches) has nothing to guard there. What stays: no sniffing JSON into HTML or script,
 * HTTPS only, no reading it from another site's page, and a CSP that forbids everything and any
 * framing, should a browser ever show it as a document.
 */
export function jsonHeaders(page: Record<string, string>): Record<string, string> {
  const keep = ['x-content-type-options', 'strict-transport-security', 'cross-origin-resource-policy'];
  const headers: Record<string, string> = {};
  for (const name of keep) {
    const value = page[name];
    if (value === undefined) throw new Error(`helmet no longer sets ${name}`);
    headers[name] = value;
  }
  headers['content-security-policy'] = "default-src 'none'; frame-ancestors 'none'";
  return headers;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json/;

export interface SecurityHeadersOptions {
  /** CSP hashes of the inline scripts pages carry (`'sha256-…'`). */
  scriptHashes?: readonly string[];
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: SecurityHeadersOptions) => {
  const page = helmetHeaders(pageOptions(opts.scriptHashes));
  const json = jsonHeaders(page);
  // Set when the answer is known (onSend runs for every answer, errors and 404s included), as its
  // type decides which set it gets. A callback hook: it runs for every answer.
  app.addHook('onSend', (_request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    reply.headers(JSON_TYPE.test(String(reply.getHeader('content-type') ?? '')) ? json : page);
    done(null, payload);
  });
});
