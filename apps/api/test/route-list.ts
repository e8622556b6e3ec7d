import { API_BASE } from '@kopi/shared';
import type { FastifyInstance } from 'fastify';

// The API's routes as its OpenAPI document lists them (docs/decisions/openapi-from-routes.md), for
// the tests that send every route something: fuzz.test.ts (malformed bodies) and
// hostile-requests.test.ts (hostile headers, query values and stream cursors). A route added to the
// API is fuzzed without anyone listing it here.

export interface ListedRoute {
  /** Upper case: GET, POST… */
  method: string;
  /** The document's path, parameters written {name}: /api/coffee-project/transactions/{id}. */
  path: string;
  /** The names of its path parameters, in the order of the path. */
  params: string[];
  /** The query parameters it declares. */
  query: string[];
  /** The request headers it declares (lower case), beside those every route reads. */
  headers: string[];
  /** An endless text/event-stream when accepted: inject() would wait for ever, so it is read over HTTP. */
  endless: boolean;
}

interface Operation {
  parameters?: { in: string; name: string }[];
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

const METHODS = ['get', 'post', 'patch', 'put', 'delete'];

export async function listRoutes(app: FastifyInstance): Promise<ListedRoute[]> {
  const res = await app.inject(`${API_BASE}/docs/json`);
  if (res.statusCode !== 200) throw new Error(`the OpenAPI document answered ${res.statusCode}`);
  const doc = res.json() as { paths: Record<string, Record<string, Operation>> };
  const named = (operation: Operation, where: string) => (operation.parameters ?? []).filter((p) => p.in === where).map((p) => p.name);
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        params: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!),
        query: named(operation, 'query'),
        headers: named(operation, 'header').map((name) => name.toLowerCase()),
        endless: Object.keys(operation.responses?.['200']?.content ?? {}).includes('text/event-stream'),
      })),
  );
}
