import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, onPostgres, type TestShop } from './helpers.ts';

// The OpenAPI document is what a client's developer reads: it must name every call, every body
// (multipart forms included) and every error a call can answer, and pass a linter.

const root = path.resolve(import.meta.dirname, '../../..');
type Operation = {
  operationId?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, { format?: string }>; required?: string[] } }> };
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }>; headers?: Record<string, unknown> }>;
};
let shop: TestShop;
let doc: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

beforeAll(async () => {
  shop = await createTestShop();
  doc = (await shop.app.inject('/api/coffee-project/docs/json')).json();
});
afterAll(() => shop.close());

/** Every route the router knows, as "METHOD /path" (HEAD routes are Fastify's own copies of GET). */
function registeredRoutes(app: TestShop['app']): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push(`${method} ${stack.join('')}`);
  }
  return routes;
}

const operation = (method: string, url: string) => doc.paths[url]?.[method.toLowerCase()];

describe.skipIf(onPostgres)('the OpenAPI document', () => {
  it('has every route the server answers, besides health checks and the documentation itself', () => {
    const routes = registeredRoutes(shop.app).filter(
      (route) => !/^GET \/(health|ready)$/.test(route) && !route.includes('/api/coffee-project/docs'),
    );
    expect(routes.length).toBeGreaterThan(20);
    const missing = routes.filter((route) => {
      const [method, url] = route.split(' ') as [string, string];
      return !operation(method, url.replace(/:(\w+)/g, '{$1}'));
    });
    expect(missing).toEqual([]);
  });

  it('names the errors each call can answer, with the error body and the request id', () => {
    const statuses = (method: string, url: string) => Object.keys(operation(method, url)?.responses ?? {});
    expect(statuses('POST', '/api/coffee-project/products')).toEqual(['201', '400', '401', '403', '413', '415', '500', '503']);
    expect(statuses('PATCH', '/api/coffee-project/promos/{id}')).toEqual(expect.arrayContaining(['400', '401', '403', '404', '409']));
    expect(statuses('POST', '/api/coffee-project/auth')).toEqual(expect.arrayContaining(['400', '401', '429']));
    expect(statuses('POST', '/api/coffee-project/users/register')).toEqual(expect.arrayContaining(['400', '409', '429']));
    expect(statuses('GET', '/api/coffee-project/products/{id}')).toEqual(['200', '400', '404', '500']);
    expect(statuses('GET', '/images/{file}')).toEqual(['200', '400', '404', '500']);
    for (const [url, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        for (const [status, answer] of Object.entries(op.responses)) {
          expect(answer.headers, `${method} ${url} ${status}`).toHaveProperty('x-request-id');
          if (Number(status) >= 400) expect(answer.content?.['application/json']?.schema.$ref).toBe('#/components/schemas/Error');
        }
      }
    }
    expect(doc.components.schemas.Error).toMatchObject({ required: ['msg', 'code'] });
  });

  it('documents the live order stream as text/event-stream, with its event and its errors', () => {
    const events = operation('GET', '/api/coffee-project/transactions/events');
    const content = events?.responses['200']?.content ?? {};
    expect(Object.keys(content)).toEqual(['text/event-stream']);
    const schema = content['text/event-stream']!.schema as { properties?: Record<string, unknown> };
    expect(Object.keys(schema.properties ?? {})).toEqual(['type', 'event_id', 'order']);
    expect(Object.keys(events!.responses)).toEqual(expect.arrayContaining(['200', '401', '429']));
    // A guest follows their one order with its order_token, without a session.
    expect(events!.security).toEqual([{}, { accessToken: [] }, { bearer: [] }]);
  });

  it('documents the forms with a picture as multipart bodies, and who may call what', () => {
    for (const [method, url, required] of [
      ['POST', '/api/coffee-project/products', true],
      ['PATCH', '/api/coffee-project/products/{id}', false],
      ['POST', '/api/coffee-project/promos', true],
      ['PATCH', '/api/coffee-project/promos/{id}', false],
      ['PATCH', '/api/coffee-project/users/profile', false],
    ] as const) {
      const form = operation(method, url)?.requestBody?.content['multipart/form-data']?.schema;
      expect(form?.properties?.images?.format, `${method} ${url}`).toBe('binary');
      expect(form?.required?.includes('images') ?? false, `${method} ${url}`).toBe(required);
      expect(Object.keys(form?.properties ?? {}).length).toBeGreaterThan(1);
    }
    expect(operation('POST', '/api/coffee-project/promos')?.requestBody?.content['multipart/form-data']?.schema.required).toEqual(
      expect.arrayContaining(['promo_name', 'code', 'discount', 'duration']),
    );
    expect(operation('POST', '/api/coffee-project/products')?.security).toEqual([{ accessToken: [] }, { bearer: [] }]);
    expect(operation('GET', '/api/coffee-project/products/get')?.security).toEqual([]);
    expect(operation('GET', '/api/coffee-project/promos/get')?.security).toEqual([{}, { accessToken: [] }, { bearer: [] }]);
    const ids = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('passes the linter (Redocly, the rules of redocly.yaml, offline)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kopi-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify(doc));
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          path.join(root, 'node_modules/@redocly/cli/bin/cli.js'),
          'lint',
          file,
          '--config',
          path.join(root, 'redocly.yaml'),
          '--format=json',
        ],
        { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
        // Redocly exits non-zero when it finds errors; its report is on stdout all the same.
      ).catch((error: { stdout?: string; stderr?: string; message: string }) => {
        // No report at all means Redocly itself did not run: say why instead of failing on JSON.parse.
        if (!error.stdout) throw new Error(`Redocly did not run: ${error.stderr || error.message}`);
        return { stdout: error.stdout };
      });
      const report = JSON.parse(stdout) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; message: string }[];
      };
      expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
