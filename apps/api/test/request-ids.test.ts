import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { AppError } from '../src/lib/errors.ts';
import { phrase, say } from '../src/lib/i18n.ts';
import { api, createTestShop, openTestDatabase, signUpAs, type TestShop, testConfig } from './helpers.ts';

// A customer's "it failed at 14:02" is matched to the server's log by the request id: it is on
// every answer, in every log line of the request, and in the body of a 5xx.

let shop: TestShop;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  const database = await openTestDatabase();
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  });
  // Behind a load balancer (TRUST_PROXY), whose X-Request-Id is reused; the last test goes without.
  const app = await buildApp(testConfig({ logLevel: 'info', trustProxy: 1 }), database, { logStream });
  // A route that fails the way a bug would, to see what a customer and the log get.
  app.get('/api/coffee-project/test-only/broken', { schema: { hide: true } }, async () => {
    throw new Error('the espresso machine is on fire');
  });
  // A refusal whose words cannot be said in Indonesian: the answer to the error fails too.
  app.get('/api/coffee-project/test-only/unsayable', { schema: { hide: true } }, async () => {
    const why = {
      inWords: (locale: string) => {
        if (locale === 'id') throw new Error('the grinder jammed');
        return 'why';
      },
    };
    throw new AppError('validation_failed', phrase('server.invalidRequest', { why }));
  });
  shop = {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
});
afterAll(() => shop.close());

const linesOf = (id: string) => logLines.filter((line) => line.reqId === id);

describe('request ids', () => {
  it('gives every answer a fresh id when the caller sends none', async () => {
    const [a, b] = [await api(shop, 'GET', '/categories'), await api(shop, 'GET', '/categories')];
    const [idA, idB] = [a.headers['x-request-id'], b.headers['x-request-id']];
    expect(idA).toMatch(/^[0-9a-f-]{36}$/);
    expect(idB).toMatch(/^[0-9a-f-]{36}$/);
    expect(idA).not.toBe(idB);
    // Fastify logs "incoming request" and "request completed": both carry the id.
    expect(linesOf(idA as string).map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it("reuses the proxy's id on successes, refusals and errors alike", async () => {
    const customer = await signUpAs(shop);
    const cases: [string, () => ReturnType<typeof api>, number][] = [
      ['lb-7f3a.1', () => api(shop, 'GET', '/categories', { headers: { 'x-request-id': 'lb-7f3a.1' } }), 200],
      ['lb-7f3a.2', () => api(shop, 'GET', '/products/abc', { headers: { 'x-request-id': 'lb-7f3a.2' } }), 400],
      ['lb-7f3a.3', () => api(shop, 'GET', '/users/profile', { headers: { 'x-request-id': 'lb-7f3a.3' } }), 401],
      ['lb-7f3a.4', () => api(shop, 'GET', '/users', { token: customer.token, headers: { 'x-request-id': 'lb-7f3a.4' } }), 403],
      ['lb-7f3a.5', () => api(shop, 'GET', '/products/999999', { headers: { 'x-request-id': 'lb-7f3a.5' } }), 404],
      ['lb-7f3a.6', () => api(shop, 'GET', `/images/${'a'.repeat(64)}.webp`, { headers: { 'x-request-id': 'lb-7f3a.6' } }), 404],
      ['lb-7f3a.7', () => api(shop, 'GET', '/api/coffee-project/products/%', { headers: { 'x-request-id': 'lb-7f3a.7' } }), 400],
    ];
    for (const [id, call, status] of cases) {
      const res = await call();
      expect(res.statusCode, id).toBe(status);
      expect(res.headers['x-request-id'], id).toBe(id);
      expect(linesOf(id).length, id).toBeGreaterThan(0);
    }
  });

  it('replaces an id that is too long or holds odd characters', async () => {
    for (const sent of ['x'.repeat(129), 'has space', 'line\u2028break', '<script>', '']) {
      const res = await api(shop, 'GET', '/categories', { headers: { 'x-request-id': sent } });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('puts the id in the body of a 5xx and beside the error in the log, and tells nothing of the cause', async () => {
    const res = await api(shop, 'GET', '/api/coffee-project/test-only/broken', { headers: { 'x-request-id': 'report-42' } });
    expect(res.statusCode).toBe(500);
    expect(res.headers['x-request-id']).toBe('report-42');
    expect(res.json()).toEqual({
      msg: 'Something went wrong on our side, please try again later (reference report-42)',
      code: 'internal_error',
      request_id: 'report-42',
    });
    expect(res.body).not.toContain('espresso');
    const logged = linesOf('report-42').find((line) => line.msg === 'unhandled error');
    expect(logged?.err).toMatchObject({ message: 'the espresso machine is on fire' });
  });

  it("answers the API's own 500 when answering an error fails too, with nothing of either cause", async () => {
    const res = await api(shop, 'GET', '/api/coffee-project/test-only/unsayable', {
      headers: { 'x-request-id': 'report-43', 'accept-language': 'id' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      msg: say('en', phrase('server.internalError', { reference: 'report-43' })),
      code: 'internal_error',
      request_id: 'report-43',
    });
    expect(res.body).not.toContain('grinder');
    expect(linesOf('report-43').map((line) => line.msg)).toContain('the answer to an error failed');
  });

  // docs/decisions/request-ids.md: without a proxy the header is the client's own choice, and a
  // client could reuse another customer's id to muddle the log.
  it('gives a fresh id whatever the client sends when TRUST_PROXY is not set', async () => {
    const direct = await createTestShop();
    try {
      const res = await api(direct, 'GET', '/categories', { headers: { 'x-request-id': 'lb-7f3a.1' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const broken = await api(direct, 'GET', '/products/abc', { headers: { 'x-request-id': 'report-42' } });
      expect(broken.statusCode).toBe(400);
      expect(broken.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await direct.close();
    }
  });
});
