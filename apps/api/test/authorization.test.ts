import { MSG } from '@kopi/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  addPromo,
  api,
  type CallOptions,
  countRows,
  createTestShop,
  multipart,
  pngFile,
  productFields,
  promoFields,
  signUpAs,
  type TestShop,
} from './helpers.ts';
import { expectClientError, expiredToken, orderBody, query, signedToken } from './matrix-helpers.ts';

// docs/architecture.md#tests-and-targets: every endpoint × {no token, malformed, expired, revoked, User, another User, Admin}.
// The expired and revoked tokens belong to the admin: even an admin's stale token must not pass.

const CALLERS = ['anonymous', 'malformed', 'expired', 'revoked', 'user', 'otherUser', 'admin'] as const;
type Caller = (typeof CALLERS)[number];
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type Account = Awaited<ReturnType<typeof signUpAs>>;

let shop: TestShop;
let admin: Account;
let user: Account;
let other: Account;
let product: { id: number; product_name: string };
let editable: { id: number };
let promo: { id: number };
let expiredPromo: { id: number };
const stale: Record<'malformed' | 'expired' | 'revoked', string> = { malformed: 'not.a.jwt', expired: '', revoked: '' };

beforeAll(async () => {
  shop = await createTestShop({ authRateLimit: { perIp: 100_000, perEmail: 1000, perAccount: 100_000, windowSeconds: 900 } });
  admin = await signUpAs(shop, 'Admin');
  user = await signUpAs(shop, 'User', { display_name: 'Owner' });
  other = await signUpAs(shop, 'User', { display_name: 'Stranger' });
  product = await addProduct(shop, admin.token, { product_name: 'Matrix Latte', price: 25000 });
  editable = await addProduct(shop, admin.token, { product_name: 'Editable Brew' });
  promo = await addPromo(shop, admin.token, { promo_name: 'Live Promo' });
  expiredPromo = await addPromo(shop, admin.token, { promo_name: 'Ended Promo' });
  await shop.database.db.execute(sql`update promos set duration = '2020-01-01' where id = ${expiredPromo.id}`);

  stale.expired = await expiredToken(shop, admin.id, 'Admin');
  stale.revoked = await login(admin);
  expect((await api(shop, 'POST', '/auth/logout', { token: stale.revoked })).statusCode).toBe(200);
});
afterAll(() => shop?.close());

async function login(account: Account): Promise<string> {
  const res = await api(shop, 'POST', '/auth', { body: { email: account.email, password: account.password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token;
}

function accountOf(caller: Caller): Account | undefined {
  return caller === 'user' ? user : caller === 'otherUser' ? other : caller === 'admin' ? admin : undefined;
}

/** The token a caller sends; `fresh` gives a signed-in caller a session of its own (for logout). */
async function tokenOf(caller: Caller, fresh: boolean): Promise<string | undefined> {
  if (caller === 'anonymous') return undefined;
  const account = accountOf(caller);
  if (!account) return stale[caller as keyof typeof stale];
  return fresh ? login(account) : account.token;
}

/** A Pending order of `user` (the owner in ownership rows). */
async function ownersOrder(): Promise<number> {
  const res = await api(shop, 'POST', '/transactions', { token: user.token, body: orderBody(product.id) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

const historyIds = async (token: string) =>
  (await api(shop, 'GET', '/transactions/history?limit=50', { token })).json().data.map((o: { id: number }) => o.id) as number[];

interface Call {
  method: Method;
  path: string;
  body?: unknown;
  form?: CallOptions['form'];
}
interface Ctx {
  res: LightMyRequestResponse;
  caller: Caller;
  account?: Account;
  token?: string;
  ok: boolean;
  target: number;
  marker: string;
}
interface Endpoint {
  /** Creates what the call acts on (a fresh product, an order of `user`, …). */
  target?: () => Promise<number>;
  /** The caller needs a session of its own (the call ends it). */
  fresh?: boolean;
  call(target: number, marker: string): Call | Promise<Call>;
  /** What a client would see afterwards: the effect when allowed, no effect when refused. */
  check?(ctx: Ctx): Promise<void>;
}

let markers = 0;

const ENDPOINTS: Record<string, Endpoint> = {
  'POST /auth/logout': {
    fresh: true,
    call: () => ({ method: 'POST', path: '/auth/logout' }),
    async check({ ok, token }) {
      if (ok) expect((await api(shop, 'GET', '/users/profile', { token })).statusCode).toBe(401);
    },
  },
  'GET /users': {
    call: () => ({ method: 'GET', path: '/users' }),
    async check({ ok, res }) {
      if (!ok) return;
      const emails = res.json().data.map((u: { email: string }) => u.email);
      expect(emails).toEqual(expect.arrayContaining([user.email, other.email, admin.email]));
      expect(res.body).not.toContain('password');
    },
  },
  'GET /users/profile': {
    call: () => ({ method: 'GET', path: '/users/profile' }),
    async check({ ok, res, account }) {
      if (ok) expect(res.json().data).toMatchObject({ id: account!.id, email: account!.email });
    },
  },
  'PATCH /users/profile': {
    call: async (_t, marker) => ({ method: 'PATCH', path: '/users/profile', form: await multipart({ display_name: marker }) }),
    async check({ ok, res, account, marker }) {
      const owners = await query<{ id: number }>(shop, sql`select id from users where display_name = ${marker}`);
      // Only the caller's own profile changes; a refused call changes nobody's.
      expect(owners.map((r) => r.id)).toEqual(ok ? [account!.id] : []);
      if (ok) expect(res.json().data).toMatchObject({ id: account!.id, display_name: marker });
    },
  },
  'PATCH /users/password': {
    // A wrong current password: the signed-in callers get their 400, and every account keeps its password.
    call: () => ({
      method: 'PATCH',
      path: '/users/password',
      body: { current_password: 'not-the-password', new_password: 'mx-new-pass-1' },
    }),
    async check({ account }) {
      if (!account) return;
      expect((await api(shop, 'POST', '/auth', { body: { email: account.email, password: account.password } })).statusCode).toBe(200);
    },
  },
  'POST /products': {
    call: async (_t, marker) => ({
      method: 'POST',
      path: '/products',
      form: await multipart(productFields({ product_name: marker }), await pngFile()),
    }),
    async check({ ok, marker }) {
      const found = await query(shop, sql`select id from products where product_name = ${marker}`);
      expect(found).toHaveLength(ok ? 1 : 0);
    },
  },
  'PATCH /products/:id': {
    call: async (target, marker) => ({ method: 'PATCH', path: `/products/${target}`, form: await multipart({ product_name: marker }) }),
    target: async () => editable.id,
    async check({ ok, marker }) {
      const name = (await api(shop, 'GET', `/products/${editable.id}`)).json().data.product_name;
      if (ok) expect(name).toBe(marker);
      else expect(name).not.toBe(marker);
    },
  },
  'DELETE /products/:id': {
    target: async () => (await addProduct(shop, admin.token, { product_name: 'Doomed Brew' })).id,
    call: (target) => ({ method: 'DELETE', path: `/products/${target}` }),
    async check({ ok, target }) {
      expect((await api(shop, 'GET', `/products/${target}`)).statusCode).toBe(ok ? 404 : 200);
    },
  },
  'POST /promos': {
    call: async (_t, marker) => ({
      method: 'POST',
      path: '/promos',
      form: await multipart(promoFields({ promo_name: marker }), await pngFile()),
    }),
    async check({ ok, marker }) {
      const found = await query(shop, sql`select id from promos where promo_name = ${marker}`);
      expect(found).toHaveLength(ok ? 1 : 0);
    },
  },
  'PATCH /promos/:id': {
    target: async () => promo.id,
    call: async (target, marker) => ({ method: 'PATCH', path: `/promos/${target}`, form: await multipart({ promo_name: marker }) }),
    async check({ ok, marker }) {
      const name = (await api(shop, 'GET', `/promos/${promo.id}`)).json().data.promo_name;
      if (ok) expect(name).toBe(marker);
      else expect(name).not.toBe(marker);
    },
  },
  'DELETE /promos/:id': {
    target: async () => (await addPromo(shop, admin.token, { promo_name: 'Doomed Promo' })).id,
    call: (target) => ({ method: 'DELETE', path: `/promos/${target}` }),
    async check({ ok, target }) {
      expect((await api(shop, 'GET', `/promos/${target}`)).statusCode).toBe(ok ? 404 : 200);
    },
  },
  'POST /transactions': {
    call: (_t, marker) => ({ method: 'POST', path: '/transactions', body: orderBody(product.id, { delivery_id: 2, address: marker }) }),
    async check({ ok, res, account, marker }) {
      const stored = await query<{ user_id: number }>(shop, sql`select user_id from transactions where address = ${marker}`);
      expect(stored.map((r) => r.user_id)).toEqual(ok ? [account!.id] : []);
      if (ok) expect(res.json().data).toMatchObject({ customer: { id: account!.id }, status_id: 1 });
    },
  },
  'POST /transactions/quote': {
    call: (_t, marker) => ({
      method: 'POST',
      path: '/transactions/quote',
      body: orderBody(product.id, { delivery_id: 2, address: marker }),
    }),
    async check({ ok, res, marker }) {
      // A quote stores nothing, for anyone.
      expect(await query(shop, sql`select id from transactions where address = ${marker}`)).toEqual([]);
      if (ok) expect(res.json().data).toMatchObject({ subtotal: 25000, total: 25000, promo: null });
    },
  },
  'GET /transactions/history': {
    call: () => ({ method: 'GET', path: '/transactions/history?limit=50' }),
    target: ownersOrder,
    async check({ ok, res, account, caller, target }) {
      if (!ok) return;
      const orders = res.json().data as { id: number; customer: { id: number } }[];
      // Only the caller's own orders: the owner sees the order, nobody else does.
      expect(orders.every((o) => o.customer.id === account!.id)).toBe(true);
      expect(orders.map((o) => o.id).includes(target)).toBe(caller === 'user');
    },
  },
  'DELETE /transactions/history/:id': {
    target: ownersOrder,
    call: (target) => ({ method: 'DELETE', path: `/transactions/history/${target}` }),
    async check({ ok, target }) {
      // Hidden from its owner's history only when the owner asked; the shop keeps it either way.
      expect((await historyIds(user.token)).includes(target)).toBe(!ok);
      expect((await api(shop, 'GET', `/transactions/${target}`, { token: admin.token })).statusCode).toBe(200);
    },
  },
  'GET /transactions': {
    target: ownersOrder,
    call: () => ({ method: 'GET', path: '/transactions?limit=50' }),
    async check({ ok, res, target }) {
      if (ok) expect(res.json().data.map((o: { id: number }) => o.id)).toContain(target);
    },
  },
  'GET /transactions/:id': {
    target: ownersOrder,
    call: (target) => ({ method: 'GET', path: `/transactions/${target}` }),
    async check({ ok, res, target }) {
      if (ok) expect(res.json().data).toMatchObject({ id: target, customer: { id: user.id } });
    },
  },
  'PATCH /transactions/:id': {
    target: ownersOrder,
    call: (target) => ({ method: 'PATCH', path: `/transactions/${target}`, body: { status_id: 2 } }),
    async check({ ok, target }) {
      const order = (await api(shop, 'GET', `/transactions/${target}`, { token: admin.token })).json().data;
      expect(order.status_id).toBe(ok ? 2 : 1);
    },
  },
  'POST /transactions/:id/cancel': {
    target: ownersOrder,
    call: (target, marker) => ({ method: 'POST', path: `/transactions/${target}/cancel`, body: { reason: marker } }),
    async check({ ok, target, marker }) {
      const order = (await api(shop, 'GET', `/transactions/${target}`, { token: admin.token })).json().data;
      // Only its customer cancels it; anyone else leaves it Pending, with no event of theirs.
      expect(order.status_id).toBe(ok ? 3 : 1);
      expect(order.events.map((e: { reason: string | null }) => e.reason).includes(marker)).toBe(ok);
    },
  },
  'GET /products/get': {
    call: () => ({ method: 'GET', path: '/products/get?search=matrix' }),
    async check({ res }) {
      expect(res.json().data.map((p: { id: number }) => p.id)).toContain(product.id);
    },
  },
  'GET /products/:id': {
    call: () => ({ method: 'GET', path: `/products/${product.id}` }),
    async check({ res }) {
      expect(res.json().data.id).toBe(product.id);
    },
  },
  'GET /promos/get': {
    call: () => ({ method: 'GET', path: '/promos/get' }),
    async check({ res, caller }) {
      const ids = res.json().data.map((p: { id: number }) => p.id);
      expect(ids).toContain(promo.id);
      // A stale token is ignored: only a valid admin session also sees ended promos.
      expect(ids.includes(expiredPromo.id)).toBe(caller === 'admin');
    },
  },
  'GET /promos/:id': {
    call: () => ({ method: 'GET', path: `/promos/${promo.id}` }),
    async check({ res }) {
      expect(res.json().data.id).toBe(promo.id);
    },
  },
  'GET /categories': {
    call: () => ({ method: 'GET', path: '/categories' }),
    async check({ res }) {
      expect(res.json().data).toHaveLength(4);
    },
  },
};

// prettier-ignore
const MATRIX: [string, number, number, number, number, number, number, number][] = [
  //  endpoint                          none  malf  exp   rev   User  other Admin
  ['POST /auth/logout', 401, 401, 401, 401, 200, 200, 200],
  ['GET /users', 401, 401, 401, 401, 403, 403, 200],
  ['GET /users/profile', 401, 401, 401, 401, 200, 200, 200],
  ['PATCH /users/profile', 401, 401, 401, 401, 200, 200, 200],
  ['PATCH /users/password', 401, 401, 401, 401, 400, 400, 400],
  ['POST /products', 401, 401, 401, 401, 403, 403, 201],
  ['PATCH /products/:id', 401, 401, 401, 401, 403, 403, 200],
  ['DELETE /products/:id', 401, 401, 401, 401, 403, 403, 200],
  ['POST /promos', 401, 401, 401, 401, 403, 403, 201],
  ['PATCH /promos/:id', 401, 401, 401, 401, 403, 403, 200],
  ['DELETE /promos/:id', 401, 401, 401, 401, 403, 403, 200],
  ['POST /transactions', 401, 401, 401, 401, 201, 201, 201],
  ['POST /transactions/quote', 401, 401, 401, 401, 200, 200, 200],
  ['GET /transactions/history', 401, 401, 401, 401, 200, 200, 200],
  // the order belongs to User: another User is told it does not exist; it is not in Admin's own history
  ['DELETE /transactions/history/:id', 401, 401, 401, 401, 200, 404, 404],
  ['GET /transactions', 401, 401, 401, 401, 403, 403, 200],
  ['GET /transactions/:id', 401, 401, 401, 401, 200, 404, 200],
  ['PATCH /transactions/:id', 401, 401, 401, 401, 403, 403, 200],
  // only the order's customer cancels it this way (an admin moves it with PATCH)
  ['POST /transactions/:id/cancel', 401, 401, 401, 401, 200, 404, 404],
  ['GET /products/get', 200, 200, 200, 200, 200, 200, 200],
  ['GET /products/:id', 200, 200, 200, 200, 200, 200, 200],
  ['GET /promos/get', 200, 200, 200, 200, 200, 200, 200],
  ['GET /promos/:id', 200, 200, 200, 200, 200, 200, 200],
  ['GET /categories', 200, 200, 200, 200, 200, 200, 200],
];

const CASES = MATRIX.flatMap(([endpoint, ...statuses]) => CALLERS.map((caller, i) => [endpoint, caller, statuses[i]!] as const));

describe('authorization matrix', () => {
  it('covers every endpoint of the API and every caller', () => {
    expect(MATRIX.map(([name]) => name).sort()).toEqual(Object.keys(ENDPOINTS).sort());
    expect(MATRIX.every((row) => row.length === CALLERS.length + 1)).toBe(true);
  });

  it.each(CASES)('%s as %s → %i', async (name, caller, expected) => {
    const endpoint = ENDPOINTS[name]!;
    const token = await tokenOf(caller, !!endpoint.fresh);
    const target = endpoint.target ? await endpoint.target() : 0;
    markers += 1;
    const marker = `mx-${markers}-${Math.random().toString(36).slice(2, 8)}`;
    const call = await endpoint.call(target, marker);
    const res = await api(shop, call.method, call.path, { token, body: call.body, form: call.form });

    expect(res.statusCode, res.body).toBe(expected);
    if (expected === 401) expectClientError(res, 401, 'unauthorized');
    if (expected === 403) expect(res.json()).toEqual({ msg: MSG.guardWrongRole, code: 'forbidden' });
    if (expected === 404) expectClientError(res, 404, 'data_not_found');
    if (expected < 300) expect(res.json().msg).toEqual(expect.any(String));

    await endpoint.check?.({ res, caller, account: accountOf(caller), token, ok: expected < 300, target, marker });
  });

  it('a refused call stores nothing', async () => {
    const before = await Promise.all((['products', 'promos', 'transactions', 'images'] as const).map((t) => countRows(shop, t)));
    for (const token of [undefined, stale.malformed, stale.expired, stale.revoked, user.token]) {
      await api(shop, 'POST', '/products', { token, form: await multipart(productFields(), await pngFile('x.png', '#123456')) });
      await api(shop, 'POST', '/promos', { token, form: await multipart(promoFields(), await pngFile('y.png', '#654321')) });
    }
    for (const token of [undefined, stale.malformed, stale.expired, stale.revoked]) {
      await api(shop, 'POST', '/transactions', { token, body: orderBody(product.id) });
    }
    const after = await Promise.all((['products', 'promos', 'transactions', 'images'] as const).map((t) => countRows(shop, t)));
    expect(after).toEqual(before);
  });
});

describe('Authorization: Bearer <token> beside access-token', () => {
  const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

  it('works on every kind of guarded call, as access-token does', async () => {
    expect((await api(shop, 'GET', '/users/profile', bearer(user.token))).json().data).toMatchObject({ id: user.id });
    expect((await api(shop, 'GET', '/users', bearer(admin.token))).statusCode).toBe(200);
    expect((await api(shop, 'GET', '/users', bearer(user.token))).statusCode).toBe(403);
    const made = await api(shop, 'POST', '/transactions', { ...bearer(user.token), body: orderBody(product.id) });
    expect(made.statusCode, made.body).toBe(201);
    const own = await api(shop, 'GET', `/transactions/${made.json().data.id}`, { headers: { authorization: `bearer  ${user.token}` } });
    expect(own.statusCode).toBe(200);
    // An optional session too: an admin's Bearer token sees ended promos.
    const promos = await api(shop, 'GET', '/promos/get', bearer(admin.token));
    expect(promos.json().data.map((p: { id: number }) => p.id)).toContain(expiredPromo.id);
  });

  it.each([
    ['a malformed token', 'Bearer not.a.jwt'],
    ['a revoked token', () => `Bearer ${stale.revoked}`],
    ['an expired token', () => `Bearer ${stale.expired}`],
    ['another scheme', () => `Basic ${user.token}`],
    ['no token after the scheme', 'Bearer '],
  ] as const)('%s → 401', async (_name, header) => {
    const authorization = typeof header === 'function' ? header() : header;
    expectClientError(await api(shop, 'GET', '/users/profile', { headers: { authorization } }), 401, 'unauthorized');
  });
});

describe('tokens signed with the real key but odd claims', () => {
  it('a User whose token claims role Admin is still a User (403): the role comes from the database', async () => {
    const token = await signedToken(shop, { id: user.id, role: 'Admin' });
    expect((await api(shop, 'GET', '/users/profile', { token })).statusCode).toBe(200);
    expect((await api(shop, 'GET', '/users', { token })).json()).toEqual({ msg: MSG.guardWrongRole, code: 'forbidden' });
  });

  it.each([
    ['an account that does not exist', { id: 2_000_000_000, role: 'Admin' }, {}],
    ['no jti', { id: 0, role: 'Admin' }, { jti: null }],
    ['no expiry', { id: 0, role: 'Admin' }, { exp: null }],
    ['an id that is not a number', { id: 'admin', role: 'Admin' }, {}],
    ['an id far beyond any integer column (1e20)', { id: 1e20, role: 'Admin' }, {}],
    ['a negative id', { id: -1, role: 'Admin' }, {}],
    ['a jti holding a NUL byte', { id: 0, role: 'Admin' }, { jti: 'j\u0000ti' }],
  ] as const)('%s → 401 on an admin call, never 500', async (_name, claims, options) => {
    const token = await signedToken(shop, { ...claims, id: claims.id === 0 ? admin.id : claims.id }, options);
    expectClientError(await api(shop, 'GET', '/users', { token }), 401, 'unauthorized');
  });

  it('an unsigned token (alg none) claiming Admin → 401', async () => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const token = `${part({ alg: 'none', typ: 'JWT' })}.${part({ id: admin.id, role: 'Admin', jti: 'none', exp: 4_000_000_000 })}.`;
    expectClientError(await api(shop, 'GET', '/users', { token }), 401, 'unauthorized');
  });
});
