import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../src/config.ts';
import { fastifyOptions } from '../src/fastify-options.ts';

// A request's logger (request.log, reply.log) is made on its first line (lib/request-logger.ts): a
// request that writes none costs no child logger, and one that writes still carries its id and has
// its secret headers redacted. On Fastify alone with the server's options: no database needed.

function server(logLevel: Config['logLevel']) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const options = fastifyOptions({ ...loadConfig({}), logLevel }, stream);
  let children = 0;
  // pino calls onChild for every child logger it makes.
  const app = Fastify({ ...options, logger: { ...(options.logger as object), onChild: () => children++ } });
  app.get('/quiet', async (request) => ({ level: request.log.level }));
  app.get('/loud', async (request, reply) => {
    // Headers inside a logged object (a parser's options, an upstream's answer), as LOGGED_SECRET_HEADERS covers them.
    request.log.warn({ options: { headers: { authorization: 'Bearer s3cret', accept: 'text/plain' } } }, 'a line');
    request.log.warn({ headers: { cookie: 'kopi_session=s3cret' } }, 'headers of their own');
    return reply.header('x-id', request.id).send('ok');
  });
  app.get('/broken', async () => {
    throw new Error('the espresso machine is on fire');
  });
  return { app, lines, children: () => children };
}

describe("a request's logger", () => {
  it('is not made for a request that writes no line', async () => {
    const { app, lines, children } = server('warn');
    const made = children();
    const res = await app.inject({ url: '/quiet' });
    expect(res.json()).toEqual({ level: 'warn' });
    expect(children() - made).toBe(0);
    expect(lines).toEqual([]);
    await app.close();
  });

  it("is made for Fastify's request lines, which carry the request's id", async () => {
    const { app, lines } = server('info');
    await app.inject({ url: '/quiet' });
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(lines[0]!.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines[1]!.reqId).toBe(lines[0]!.reqId);
    await app.close();
  });

  it("writes the request's id and redacts a logged Authorization or Cookie header", async () => {
    const { app, lines, children } = server('warn');
    const made = children();
    const res = await app.inject({ url: '/loud' });
    expect(children() - made).toBe(1);
    expect(lines).toMatchObject([
      { msg: 'a line', reqId: res.headers['x-id'], options: { headers: { authorization: '[Redacted]', accept: 'text/plain' } } },
      { msg: 'headers of their own', reqId: res.headers['x-id'], headers: { cookie: '[Redacted]' } },
    ]);
    expect(JSON.stringify(lines)).not.toContain('s3cret');
    await app.close();
  });

  it("writes Fastify's own error line through reply.log, with the request's id", async () => {
    const { app, lines } = server('warn');
    const res = await app.inject({ url: '/broken' });
    expect(res.statusCode).toBe(500);
    expect(lines).toMatchObject([
      { level: 50, reqId: expect.stringMatching(/^[0-9a-f-]{36}$/), err: { message: 'the espresso machine is on fire' } },
    ]);
    await app.close();
  });
});
