import { type Capability, ROLES, TILL_KEY_HEADER } from '@kopi/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, addPromo, api, createTestShop, type multipart, signUpAs, type TestShop } from './helpers.ts';
import { orderBody } from './matrix-helpers.ts';

// Every route of the API × every role (docs/shop-rules.md#staff-and-roles): a visitor, a customer, a
// Cashier and a Barista switched on at a till, and the owner. Each route says who may call it; a
// role that may not is answered 403 (a visitor 401) and nothing happens; a role that may gets past
// the guard (its answer is then the route's own: 200, or a 400/404/409 for the probe's made-up ids).
// authorization.test.ts checks what each answer does for customers and the owner; this file that
// no route is left without a guard, and none lets the wrong staff through.

type Who = 'public' | 'signedIn' | Capability | 'customerOrOwner';
type Caller = 'visitor' | 'customer' | 'cashier' | 'barista' | 'owner';
const CALLERS: Caller[] = ['visitor', 'customer', 'cashier', 'barista', 'owner'];
const ROLE_OF: Record<Exclude<Caller, 'visitor'>, string> = {
  customer: ROLES.user,
  cashier: ROLES.cashier,
  barista: ROLES.barista,
  owner: ROLES.admin,
};

const MISSING = 2_000_000_000;
interface Probe {
  who: Who;
  /** The request: a made-up id where one is named, a valid body so that the guard decides. */
  call: () => { path: string; body?: unknown; form?: Awaited<ReturnType<typeof multipart>>; headers?: Record<string, string> };
}

let shop: TestShop;
let tillKey: string;
let productId: number;
let promoId: number;
let emails = 0;

/** Routes that take no session, or a credential of their own, and so have no role to check. */
const NOT_BY_ROLE: Record<string, string> = {
  'GET /api/coffee-project/transactions/events': 'a stream: its session or order token is checked in order-stream.test.ts',
  'GET /api/coffee-project/status/events': 'the public pick-up screen: counter.test.ts',
  'POST /api/coffee-project/payments/midtrans/notification': "the gateway's, by its signature: payments.test.ts",
  'GET /api/coffee-project/auth/google': 'sign-in with Google: google.test.ts',
  'GET /api/coffee-project/auth/google/callback': 'sign-in with Google: google.test.ts',
  'GET /images/{file}': 'public pictures',
};

const PROBES: Record<string, Probe> = {
  'POST /api/coffee-project/auth': {
    who: 'public',
    call: () => ({ path: '/auth', body: { email: 'nobody@x.test', password: 'whatever1' } }),
  },
  'POST /api/coffee-project/auth/forgot': { who: 'public', call: () => ({ path: '/auth/forgot', body: { email: 'nobody@x.test' } }) },
  'POST /api/coffee-project/auth/reset': {
    who: 'public',
    call: () => ({ path: '/auth/reset', body: { token: 'x'.repeat(43), new_password: 'new-pass-123' } }),
  },
  'PATCH /api/coffee-project/users/password': {
    who: 'signedIn',
    call: () => ({ path: '/users/password', body: { current_password: 'not-it-at-all', new_password: 'new-pass-123' } }),
  },
  'POST /api/coffee-project/users/register': {
    who: 'public',
    call: () => ({
      path: '/users/register',
      body: { email: `reg${++emails}@x.test`, password: 'secret-pass-1', phone_number: '08123456789' },
    }),
  },
  'GET /api/coffee-project/users': { who: 'manage', call: () => ({ path: '/users' }) },
  'GET /api/coffee-project/users/profile': { who: 'signedIn', call: () => ({ path: '/users/profile' }) },
  'PATCH /api/coffee-project/users/profile': { who: 'signedIn', call: () => ({ path: '/users/profile', body: { display_name: 'Me' } }) },
  'GET /api/coffee-project/products/get': { who: 'public', call: () => ({ path: '/products/get' }) },
  'GET /api/coffee-project/products/{id}': { who: 'public', call: () => ({ path: `/products/${productId}` }) },
  'PATCH /api/coffee-project/products/{id}': { who: 'manage', call: () => ({ path: `/products/${MISSING}`, body: { product_name: 'X' } }) },
  'DELETE /api/coffee-project/products/{id}': { who: 'manage', call: () => ({ path: `/products/${MISSING}` }) },
  'POST /api/coffee-project/products': { who: 'manage', call: () => ({ path: '/products', body: {} }) },
  'GET /api/coffee-project/categories': { who: 'public', call: () => ({ path: '/categories' }) },
  'GET /api/coffee-project/promos/get': { who: 'public', call: () => ({ path: '/promos/get' }) },
  'GET /api/coffee-project/promos/{id}': { who: 'public', call: () => ({ path: `/promos/${promoId}` }) },
  'PATCH /api/coffee-project/promos/{id}': { who: 'manage', call: () => ({ path: `/promos/${MISSING}`, body: { promo_name: 'X' } }) },
  'DELETE /api/coffee-project/promos/{id}': { who: 'manage', call: () => ({ path: `/promos/${MISSING}` }) },
  'POST /api/coffee-project/promos': { who: 'manage', call: () => ({ path: '/promos', body: {} }) },
  // Every signed-in role may order; a visitor is a guest only at a table (else 401).
  'POST /api/coffee-project/transactions': { who: 'signedIn', call: () => ({ path: '/transactions', body: orderBody(MISSING) }) },
  'GET /api/coffee-project/transactions': { who: 'kitchen', call: () => ({ path: '/transactions' }) },
  'POST /api/coffee-project/transactions/quote': {
    who: 'signedIn',
    call: () => ({ path: '/transactions/quote', body: orderBody(productId) }),
  },
  'GET /api/coffee-project/transactions/history': { who: 'signedIn', call: () => ({ path: '/transactions/history' }) },
  'DELETE /api/coffee-project/transactions/history/{id}': { who: 'signedIn', call: () => ({ path: `/transactions/history/${MISSING}` }) },
  'GET /api/coffee-project/transactions/{id}': { who: 'signedIn', call: () => ({ path: `/transactions/${MISSING}` }) },
  'GET /api/coffee-project/transactions/{id}/receipt': { who: 'signedIn', call: () => ({ path: `/transactions/${MISSING}/receipt` }) },
  'PATCH /api/coffee-project/transactions/{id}': {
    who: 'kitchen',
    call: () => ({ path: `/transactions/${MISSING}`, body: { status_id: 4 } }),
  },
  'POST /api/coffee-project/transactions/{id}/cancel': {
    who: 'customerOrOwner',
    call: () => ({ path: `/transactions/${MISSING}/cancel`, body: {} }),
  },
  'GET /api/coffee-project/transactions/prep-times': { who: 'kitchen', call: () => ({ path: '/transactions/prep-times' }) },
  'PATCH /api/coffee-project/transactions/{id}/items/{itemId}': {
    who: 'kitchen',
    call: () => ({ path: `/transactions/${MISSING}/items/${MISSING}`, body: { done: true } }),
  },
  'POST /api/coffee-project/transactions/{id}/undo': { who: 'kitchen', call: () => ({ path: `/transactions/${MISSING}/undo` }) },
  'GET /api/coffee-project/transactions/to-collect': { who: 'counter', call: () => ({ path: '/transactions/to-collect' }) },
  'POST /api/coffee-project/transactions/{id}/collect': {
    who: 'counter',
    call: () => ({ path: `/transactions/${MISSING}/collect`, body: { cash_tendered: 10000 } }),
  },
  'GET /api/coffee-project/staff': { who: 'manage', call: () => ({ path: '/staff' }) },
  'POST /api/coffee-project/staff': {
    who: 'manage',
    call: () => ({ path: '/staff', body: { email: `probe${++emails}@staff.test`, first_name: 'Probe', role: 'Barista', pin: '1234' } }),
  },
  'PATCH /api/coffee-project/staff/{id}': { who: 'manage', call: () => ({ path: `/staff/${MISSING}`, body: { active: true } }) },
  'POST /api/coffee-project/tills': { who: 'manage', call: () => ({ path: '/tills', body: { name: `Probe ${++emails}` } }) },
  'GET /api/coffee-project/tills': { who: 'manage', call: () => ({ path: '/tills' }) },
  'DELETE /api/coffee-project/tills/{id}': { who: 'manage', call: () => ({ path: `/tills/${MISSING}` }) },
  'GET /api/coffee-project/tills/device': {
    who: 'public',
    call: () => ({ path: '/tills/device', headers: { [TILL_KEY_HEADER]: tillKey } }),
  },
  'POST /api/coffee-project/tills/device/unlock': {
    who: 'public',
    call: () => ({ path: '/tills/device/unlock', headers: { [TILL_KEY_HEADER]: 'not-a-key' }, body: { user_id: MISSING, pin: '0000' } }),
  },
  'POST /api/coffee-project/shifts': { who: 'counter', call: () => ({ path: '/shifts', body: { opening_cash: 0 } }) },
  'GET /api/coffee-project/shifts': { who: 'manage', call: () => ({ path: '/shifts' }) },
  'GET /api/coffee-project/shifts/current': { who: 'counter', call: () => ({ path: '/shifts/current' }) },
  'POST /api/coffee-project/shifts/{id}/cash': {
    who: 'counter',
    call: () => ({ path: `/shifts/${MISSING}/cash`, body: { amount: 1000 } }),
  },
  'POST /api/coffee-project/shifts/{id}/close': {
    who: 'counter',
    call: () => ({ path: `/shifts/${MISSING}/close`, body: { counted_cash: 0 } }),
  },
  'GET /api/coffee-project/shifts/{id}/report': { who: 'counter', call: () => ({ path: `/shifts/${MISSING}/report` }) },
  'GET /api/coffee-project/tables': { who: 'counter', call: () => ({ path: '/tables' }) },
  'POST /api/coffee-project/tables': { who: 'counter', call: () => ({ path: '/tables', body: { name: `T${++emails}` } }) },
  'POST /api/coffee-project/tables/{id}/code': { who: 'counter', call: () => ({ path: `/tables/${MISSING}/code` }) },
  'DELETE /api/coffee-project/tables/{id}': { who: 'counter', call: () => ({ path: `/tables/${MISSING}` }) },
  'GET /api/coffee-project/tables/at/{token}': { who: 'public', call: () => ({ path: '/tables/at/not-a-table' }) },
  'GET /api/coffee-project/status': { who: 'public', call: () => ({ path: '/status' }) },
  'GET /api/coffee-project/shop': { who: 'public', call: () => ({ path: '/shop' }) },
  'PATCH /api/coffee-project/shop': { who: 'manage', call: () => ({ path: '/shop', body: { monthly_revenue_goal: 30_000_000 } }) },
  'GET /api/coffee-project/shop/slots': { who: 'public', call: () => ({ path: '/shop/slots?date=2026-11-23' }) },
  'GET /api/coffee-project/shop/week': { who: 'public', call: () => ({ path: '/shop/week' }) },
  'GET /api/coffee-project/shop/settings': { who: 'manage', call: () => ({ path: '/shop/settings' }) },
  'POST /api/coffee-project/transactions/{id}/print': { who: 'counter', call: () => ({ path: `/transactions/${MISSING}/print` }) },
  'GET /api/coffee-project/printers/status': { who: 'kitchen', call: () => ({ path: '/printers/status' }) },
  'PATCH /api/coffee-project/shop/settings': { who: 'manage', call: () => ({ path: '/shop/settings', body: { slot_capacity: 10 } }) },
  'GET /api/coffee-project/dashboard': { who: 'manage', call: () => ({ path: '/dashboard' }) },
  'GET /api/coffee-project/dashboard/report.csv': { who: 'manage', call: () => ({ path: '/dashboard/report.csv' }) },
  'GET /api/coffee-project/dashboard/tax': { who: 'manage', call: () => ({ path: '/dashboard/tax' }) },
  'GET /api/coffee-project/dashboard/tax.csv': { who: 'manage', call: () => ({ path: '/dashboard/tax.csv' }) },
  // Last: it ends the session every other probe used.
  'POST /api/coffee-project/auth/logout': { who: 'signedIn', call: () => ({ path: '/auth/logout' }) },
};

/** Whether a caller may pass a route's guard. */
function mayCall(who: Who, caller: Caller): boolean {
  if (who === 'public') return true;
  if (caller === 'visitor') return false;
  if (who === 'signedIn') return true;
  if (who === 'customerOrOwner') return caller === 'customer' || caller === 'owner';
  const allowed: Record<Capability, Caller[]> = {
    kitchen: ['cashier', 'barista', 'owner'],
    counter: ['cashier', 'owner'],
    manage: ['owner'],
  };
  return allowed[who].includes(caller);
}

const tokens: Partial<Record<Caller, string>> = {};

beforeAll(async () => {
  shop = await createTestShop({ authRateLimit: { perIp: 100_000, perEmail: 1000, perAccount: 100_000, windowSeconds: 900 } });
  const owner = await signUpAs(shop, 'Admin');
  tokens.owner = owner.token;
  tokens.customer = (await signUpAs(shop, 'User')).token;
  productId = (await addProduct(shop, owner.token, { product_name: 'Roles Latte', price: 25000 })).id;
  promoId = (await addPromo(shop, owner.token, { promo_name: 'Roles Promo' })).id;
  tillKey = (await api(shop, 'POST', '/tills', { token: owner.token, body: { name: 'Roles Till' } })).json().data.device_key;
  for (const [caller, role] of [
    ['cashier', 'Cashier'],
    ['barista', 'Barista'],
  ] as const) {
    const member = await api(shop, 'POST', '/staff', {
      token: owner.token,
      body: { email: `${caller}@roles.test`, first_name: caller, role, pin: '5555' },
    });
    const unlocked = await api(shop, 'POST', '/tills/device/unlock', {
      headers: { [TILL_KEY_HEADER]: tillKey },
      body: { user_id: member.json().data.id, pin: '5555' },
    });
    tokens[caller] = unlocked.json().data.token;
    expect(unlocked.json().data.user.role).toBe(ROLE_OF[caller]);
  }
});
afterAll(() => shop?.close());

async function send(route: string, caller: Caller): Promise<LightMyRequestResponse> {
  const [method] = route.split(' ') as ['GET' | 'POST' | 'PATCH' | 'DELETE'];
  const probe = PROBES[route]!.call();
  return api(shop, method, probe.path, { token: tokens[caller as Exclude<Caller, 'visitor'>], body: probe.body, headers: probe.headers });
}

describe('every route × every role', () => {
  it('says who may call each route of the API', async () => {
    const doc = (await shop.app.inject('/api/coffee-project/docs/json')).json() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(routes.filter((route) => !PROBES[route] && !NOT_BY_ROLE[route])).toEqual([]);
  });

  it.each(Object.keys(PROBES))('%s', async (route) => {
    const { who } = PROBES[route]!;
    const wrong: string[] = [];
    for (const caller of CALLERS) {
      const res = await send(route, caller);
      const seen = `${caller} → ${res.statusCode} ${res.body.slice(0, 120)}`;
      // A public route has no guard: whatever it answers (a wrong password's 401 too), no role is refused.
      if (who === 'public') {
        if (res.statusCode === 403) wrong.push(seen);
      } else if (mayCall(who, caller)) {
        if ([401, 403].includes(res.statusCode)) wrong.push(seen);
      } else if (res.statusCode !== (caller === 'visitor' ? 401 : 403)) wrong.push(seen);
    }
    expect(wrong).toEqual([]);
  });
});
