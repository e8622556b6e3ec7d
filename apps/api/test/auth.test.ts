import { randomBytes } from 'node:crypto';
import { MSG } from '@kopi/shared';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { api, countRows, createTestShop, signUpAs, type TestShop } from './helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ authRateLimit: { perIp: 1000, perEmail: 3, perAccount: 100_000, windowSeconds: 900 } });
});
afterAll(() => shop.close());

describe('POST /users/register', () => {
  it('creates a customer account and never takes the role from the request', async () => {
    const res = await api(shop, 'POST', '/users/register', {
      body: { email: 'New.Customer@Example.com', password: 'kopi-senja-1', phone_number: '+6281234567890', role: 'Admin' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ msg: MSG.signUpSuccess });

    const login = await api(shop, 'POST', '/auth', { body: { email: 'new.customer@example.com', password: 'kopi-senja-1' } });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.payload.role).toBe('User');
  });

  it('answers 409 for an email already registered, in any letter case', async () => {
    const body = { email: 'twice@example.com', password: 'kopi-senja-1', phone_number: '08123456789' };
    expect((await api(shop, 'POST', '/users/register', { body })).statusCode).toBe(201);
    const again = await api(shop, 'POST', '/users/register', { body: { ...body, email: 'TWICE@example.com' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('conflict');
  });

  it.each([
    [{ email: 'not-an-email', password: 'kopi-senja-1', phone_number: '08123456789' }, 'email'],
    [{ email: 'a@b.co', password: 'short', phone_number: '08123456789' }, 'password'],
    [{ email: 'a@b.co', password: 'kopi-senja-1', phone_number: '123' }, 'phone_number'],
    [{ email: 'a@b.co', password: 'kopi-senja-1', phone_number: '0812-3456-789' }, 'phone_number'],
    [{ email: 'a@b.co', password: 'kopi-senja-1' }, 'phone_number'],
  ])('rejects %j with a 400 naming %s', async (body, field) => {
    const before = await countRows(shop, 'users');
    const res = await api(shop, 'POST', '/users/register', { body });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(
      res
        .json()
        .errors.map((e: { field: string }) => e.field)
        .join(),
    ).toContain(field);
    expect(await countRows(shop, 'users')).toBe(before);
  });
});

describe('POST /auth', () => {
  it('answers a token and the payload {id, role}', async () => {
    const user = await signUpAs(shop, 'Admin');
    const res = await api(shop, 'POST', '/auth', { body: { email: user.email, password: user.password } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      msg: MSG.loginSuccess,
      data: { token: expect.any(String), payload: { id: user.id, role: 'Admin' } },
    });
  });

  it('gives the same 401 message for a wrong email and a wrong password', async () => {
    const user = await signUpAs(shop);
    const wrongPassword = await api(shop, 'POST', '/auth', { body: { email: user.email, password: 'nope-nope-nope' } });
    const wrongEmail = await api(shop, 'POST', '/auth', { body: { email: 'nobody@test.local', password: user.password } });
    for (const res of [wrongPassword, wrongEmail]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ msg: MSG.loginFailed, code: 'unauthorized' });
    }
  });

  it('throttles guessing one account with 429', async () => {
    const user = await signUpAs(shop);
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await api(shop, 'POST', '/auth', { body: { email: user.email, password: `wrong-${i}-password` } })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // Even the right password waits for the window to pass.
    const right = await api(shop, 'POST', '/auth', { body: { email: user.email, password: user.password } });
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('too_many_requests');
  });

  it('throttles one IP trying many accounts with 429', async () => {
    const strict = await createTestShop({ authRateLimit: { perIp: 3, perEmail: 100, perAccount: 100_000, windowSeconds: 900 } });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) {
        statuses.push(
          (await api(strict, 'POST', '/auth', { body: { email: `guess${i}@test.local`, password: 'whatever-pass' } })).statusCode,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await strict.close();
    }
  });
});

describe('behind one load balancer (TRUST_PROXY=1)', () => {
  it("counts a client's sign-ins by the address the balancer saw, whatever it writes in X-Forwarded-For", async () => {
    // The balancer (the socket's address, 127.0.0.1 here) appends the client's address to what the
    // client sent; only that last hop is believed (docs/security.md).
    const { trustProxy } = loadConfig({ TRUST_PROXY: '1' });
    const behind = await createTestShop({
      trustProxy,
      authRateLimit: { perIp: 3, perEmail: 100, perAccount: 100_000, windowSeconds: 900 },
    });
    try {
      const signIn = (forwardedFor: string) =>
        api(behind, 'POST', '/auth', {
          body: { email: 'guess@test.local', password: 'whatever-pass' },
          headers: { 'x-forwarded-for': forwardedFor },
        });
      const invented = [];
      for (let i = 0; i < 5; i++) invented.push((await signIn(`198.51.100.${i}, 203.0.113.7`)).statusCode);
      expect(invented).toEqual([401, 401, 401, 429, 429]);
      // Another client behind the same balancer has its own count.
      const other = await signIn('203.0.113.8');
      expect(other.statusCode, other.body).toBe(401);
      // A hop a client wrote, however long, is a key like another (its digest stored): never a 500.
      const long = randomBytes(3000).toString('base64');
      expect((await signIn(long)).statusCode).toBe(401);
    } finally {
      await behind.close();
    }
  });
});

describe('tokens', () => {
  it('POST /auth/logout revokes the token: it then answers 401 everywhere', async () => {
    const user = await signUpAs(shop);
    expect((await api(shop, 'GET', '/users/profile', { token: user.token })).statusCode).toBe(200);
    const out = await api(shop, 'POST', '/auth/logout', { token: user.token });
    expect(out.statusCode).toBe(200);
    const after = await api(shop, 'GET', '/users/profile', { token: user.token });
    expect(after.statusCode).toBe(401);
    expect((await api(shop, 'POST', '/auth/logout', { token: user.token })).statusCode).toBe(401);
  });

  it('refuses a token signed with another key, an expired one and garbage', async () => {
    const user = await signUpAs(shop);
    const forged = await new SignJWT({ id: user.id, role: 'Admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti('x')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    for (const token of [forged, 'garbage', `${user.token}x`, `Bearer ${user.token}`]) {
      const res = await api(shop, 'GET', '/users/profile', { token });
      expect(res.statusCode).toBe(401);
    }
    const missing = await api(shop, 'GET', '/users/profile');
    expect(missing.statusCode).toBe(401);
    expect(missing.json().msg).toBe(MSG.guardNoToken);
  });
});
