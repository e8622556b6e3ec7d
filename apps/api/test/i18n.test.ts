import { API_BASE, LOCALE_COOKIE, type Locale } from '@kopi/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { rows } from '../src/db/client.ts';
import { type MessageKey, type MessageValues, phrase, say } from '../src/lib/i18n.ts';
import { addProduct, addPromo, api, type CallOptions, openTestDatabase, signUpAs, type TestShop, testConfig } from './helpers.ts';
import { orderBody } from './matrix-helpers.ts';
import { resetLinkIn, type SmtpSink, startSmtpSink } from './smtp-sink.ts';

// docs/decisions/i18n-lingui.md: each error of each route in both languages. The same request is
// sent without Accept-Language, with "id-ID" and with "fr": the status and the code never change,
// msg (and each field error) is the catalogue's text in the request's language.

let shop: TestShop;
let sink: SmtpSink;
let admin: Awaited<ReturnType<typeof signUpAs>>;
let user: Awaited<ReturnType<typeof signUpAs>>;
let productId: number;
let bigPromoId: number;

beforeAll(async () => {
  sink = await startSmtpSink();
  const database = await openTestDatabase();
  const app = await buildApp(
    testConfig({
      mail: { smtpUrl: sink.url, from: 'hello@kopisenja.test' },
      publicUrl: 'https://kopi.example',
      // Five failed sign-ins to an account from one address per window: the sixth is refused.
      authRateLimit: { perIp: 1000, perEmail: 5, perAccount: 100, windowSeconds: 900 },
    }),
    database,
  );
  shop = {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
  admin = await signUpAs(shop, 'Admin');
  user = await signUpAs(shop);
  productId = (await addProduct(shop, admin.token, { product_name: 'Kopi Susu Senja', price: 25000 })).id;
  bigPromoId = (await addPromo(shop, admin.token, { promo_name: 'Saver', indonesian_name: 'Hemat', min_price: 50000 })).id;
  await api(shop, 'POST', '/tables', { token: admin.token, body: { name: 'Teras 1' } });
});
afterAll(async () => {
  await shop?.close();
  await sink?.close();
});

/** What an error answer must say: its status, code, and the catalogue text of its msg. */
interface Expected {
  status: number;
  code: string;
  msg: MessageKey;
  values?: MessageValues;
  /** The field errors' fields and keys, when the answer lists them. */
  fields?: Record<string, MessageKey>;
}

interface ErrorCase {
  call: () => { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; path: string } & CallOptions;
  expected: () => Expected;
}

const yesterday = () => new Date(Date.now() - 86_400_000);
/** One instant in the past for all three languages' calls: made anew per call, they could fall in two minutes. */
const PASSED = yesterday().toISOString();

const CASES: Record<string, ErrorCase> = {
  'no session (401)': {
    call: () => ({ method: 'GET', path: '/users/profile' }),
    expected: () => ({ status: 401, code: 'unauthorized', msg: 'guardNoToken' }),
  },
  'a session that ended (401)': {
    call: () => ({ method: 'GET', path: '/users/profile', token: 'not-a-token' }),
    expected: () => ({ status: 401, code: 'unauthorized', msg: 'server.sessionEnded' }),
  },
  'a customer on a staff route (403)': {
    call: () => ({ method: 'GET', path: '/users', token: user.token }),
    expected: () => ({ status: 403, code: 'forbidden', msg: 'guardWrongRole' }),
  },
  'a wrong password (401)': {
    call: () => ({ method: 'POST', path: '/auth', body: { email: user.email, password: 'wrong-password' }, remote: '10.9.0.1' }),
    expected: () => ({ status: 401, code: 'unauthorized', msg: 'loginFailed' }),
  },
  'a product that does not exist (404)': {
    call: () => ({ method: 'GET', path: '/products/987654' }),
    expected: () => ({ status: 404, code: 'data_not_found', msg: 'server.productNotFound' }),
  },
  'an order that does not exist (404)': {
    call: () => ({ method: 'GET', path: '/transactions/987654', token: user.token }),
    expected: () => ({ status: 404, code: 'data_not_found', msg: 'server.orderNotFound' }),
  },
  'no such route (404)': {
    call: () => ({ method: 'GET', path: `${API_BASE}/nothing-here` }),
    expected: () => ({
      status: 404,
      code: 'data_not_found',
      msg: 'server.noRoute',
      values: { method: 'GET', path: `${API_BASE}/nothing-here` },
    }),
  },
  'an email already registered (409)': {
    call: () => ({
      method: 'POST',
      path: '/users/register',
      body: { email: user.email, password: 'long-enough-1', phone_number: '081234567890' },
    }),
    expected: () => ({ status: 409, code: 'conflict', msg: 'server.emailTaken' }),
  },
  'a table name taken (409)': {
    call: () => ({ method: 'POST', path: '/tables', token: admin.token, body: { name: 'Teras 1' } }),
    expected: () => ({ status: 409, code: 'conflict', msg: 'server.tableNameTaken', values: { name: 'Teras 1' } }),
  },
  "a shared schema's own message (400)": {
    call: () => ({
      method: 'POST',
      path: '/users/register',
      body: { email: 'not-an-email', password: 'long-enough-1', phone_number: '081234567890' },
    }),
    expected: () => ({ status: 400, code: 'validation_failed', msg: 'emailInvalid', fields: { email: 'emailInvalid' } }),
  },
  'a message with the bound the issue carries (400)': {
    call: () => ({
      method: 'POST',
      path: '/users/register',
      body: { email: 'new-one@test.local', password: 'short', phone_number: '081234567890' },
    }),
    expected: () => ({ status: 400, code: 'validation_failed', msg: 'passwordTooShort', values: { minimum: 8 } }),
  },
  'a form checked by the service (400)': {
    call: () => ({ method: 'PATCH', path: '/users/profile', token: user.token, body: { gender: 'other' } }),
    expected: () => ({ status: 400, code: 'validation_failed', msg: 'genderInvalid', fields: { gender: 'genderInvalid' } }),
  },
  'nothing to change (400)': {
    call: () => ({ method: 'PATCH', path: '/users/profile', token: user.token, body: {} }),
    expected: () => ({ status: 400, code: 'validation_failed', msg: 'server.nothingToChange' }),
  },
  'a guest at a table without a name (400)': {
    call: () => ({ method: 'POST', path: '/transactions', body: orderBody(productId, { table_token: 'x'.repeat(20) }) }),
    expected: () => ({
      status: 400,
      code: 'validation_failed',
      msg: 'server.guestNameNeeded',
      fields: { guest_name: 'server.guestNameRequired' },
    }),
  },
  'a time that has passed, said in the shop clock (400)': {
    call: () => ({
      method: 'POST',
      path: '/transactions',
      token: user.token,
      body: orderBody(productId, { scheduled_for: PASSED }),
    }),
    // The instant is the one sent: the test reads the words around it and its form in each language.
    expected: () => ({ status: 400, code: 'validation_failed', msg: 'server.timePassed' }),
  },
  'a coupon whose minimum is not reached, placing the order (400)': {
    call: () => ({ method: 'POST', path: '/transactions', token: user.token, body: orderBody(productId, { promo_id: bigPromoId }) }),
    expected: () => ({
      status: 400,
      code: 'validation_failed',
      msg: 'server.couponMinimum',
      values: { promo: { inWords: (locale) => (locale === 'id' ? 'Hemat' : 'Saver') }, minimum: 'IDR 50.000' },
      fields: { promo_id: 'server.couponMinimum' },
    }),
  },
  'a cancellation without its reason (400)': {
    call: () => ({ method: 'PATCH', path: '/transactions/987654', token: admin.token, body: { status_id: 3 } }),
    expected: () => ({ status: 400, code: 'validation_failed', msg: 'cancelReasonNeeded' }),
  },
};

/** Sends a case's request in a language (none: no Accept-Language). */
async function send(testCase: ErrorCase, acceptLanguage?: string): Promise<LightMyRequestResponse> {
  const { method, path, remote, ...options } = testCase.call() as ReturnType<ErrorCase['call']> & { remote?: string };
  const headers = { ...options.headers, ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) };
  if (remote) {
    return shop.app.inject({ method, url: `${API_BASE}${path}`, payload: options.body as object, headers, remoteAddress: remote });
  }
  return api(shop, method, path, { ...options, headers });
}

/** The expected answer's words in a language, from the catalogue. */
const wordsIn = (locale: Locale, expected: Expected) => say(locale, phrase(expected.msg, expected.values));

describe('every error answer in both languages', () => {
  it.each(Object.keys(CASES))('%s', async (name) => {
    const testCase = CASES[name]!;
    const expected = testCase.expected();
    const english = await send(testCase);
    const indonesian = await send(testCase, 'id-ID,id;q=0.9,en;q=0.8');
    const french = await send(testCase, 'fr-FR,fr;q=0.9');

    for (const res of [english, indonesian, french]) {
      expect(res.statusCode, res.body).toBe(expected.status);
      expect(res.json().code).toBe(expected.code);
    }
    if (expected.msg === 'server.timePassed') {
      expect(english.json().msg).toMatch(/^\w{3} \d{1,2} \w{3} at \d{2}:\d{2} has passed: choose a later time$/);
      expect(indonesian.json().msg).toMatch(/^\w{3}, \d{1,2} \w{3} \d{2}\.\d{2} sudah lewat: pilih waktu yang lebih lambat$/);
    } else {
      expect(english.json().msg).toBe(wordsIn('en', expected));
      expect(indonesian.json().msg).toBe(wordsIn('id', expected));
    }
    // An unknown language falls back to English.
    expect(french.json().msg).toBe(english.json().msg);
    // Translated, not copied: every message differs between the two languages.
    expect(indonesian.json().msg).not.toBe(english.json().msg);
    expect(indonesian.headers['content-language']).toBe('id');
    expect(english.headers['content-language']).toBe('en');
    expect(String(indonesian.headers.vary)).toMatch(/accept-language/i);

    for (const [field, key] of Object.entries(expected.fields ?? {})) {
      const values = expected.values;
      expect(english.json().errors).toContainEqual({ field, message: say('en', phrase(key, values)) });
      expect(indonesian.json().errors).toContainEqual({ field, message: say('id', phrase(key, values)) });
    }
  });

  it("follows the device's choice (the locale cookie) before Accept-Language", async () => {
    const chosenId = await api(shop, 'GET', '/users/profile', { headers: { cookie: `${LOCALE_COOKIE}=id` } });
    expect(chosenId.json().msg).toBe(say('id', 'guardNoToken'));
    const chosenEn = await api(shop, 'GET', '/users/profile', { headers: { cookie: `a=b; ${LOCALE_COOKIE}=en`, 'accept-language': 'id' } });
    expect(chosenEn.json().msg).toBe('Silahkan Login Terlebih Dahulu');
    expect(chosenEn.headers['content-language']).toBe('en');
    expect(String(chosenEn.headers.vary)).toMatch(/cookie/i);
    const unknown = await api(shop, 'GET', '/users/profile', { headers: { cookie: `${LOCALE_COOKIE}=fr`, 'accept-language': 'id' } });
    expect(unknown.json().msg).toBe(say('id', 'guardNoToken'));
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty;q=0.9, valueOf'])(
    'takes Accept-Language %j as a language it does not speak: English, never a 500',
    async (hostile) => {
      // A request's text picks a key only where no prototype can answer (docs/security.md).
      const someone = await signUpAs(shop);
      const headers = { 'accept-language': hostile, cookie: `${LOCALE_COOKIE}=${hostile}` };
      for (const [method, path, body] of [
        ['GET', '/transactions/history', undefined],
        ['POST', '/auth', { email: someone.email, password: 'wrong-password-1' }],
        ['GET', '/products?page=1', undefined],
      ] as const) {
        const res = await api(shop, method, path, { token: method === 'GET' ? someone.token : undefined, body, headers });
        expect(res.statusCode, `${method} ${path}: ${res.body}`).toBeLessThan(500);
        expect([undefined, 'en']).toContain(res.headers['content-language']);
      }
      const page = await shop.app.inject({ url: '/', headers });
      expect(page.statusCode).toBeLessThan(500);
    },
  );

  it("says zod's own messages in Indonesian too", async () => {
    const path = `/transactions/events?order_token=${'x'.repeat(201)}`;
    const english = await api(shop, 'GET', path);
    const indonesian = await api(shop, 'GET', path, { headers: { 'accept-language': 'id' } });
    expect([english.statusCode, indonesian.statusCode]).toEqual([400, 400]);
    expect(english.json().msg).toBe('Too big: expected string to have <=200 characters');
    expect(indonesian.json().msg).toMatch(/^Terlalu besar/);
    expect(indonesian.json().errors).toEqual([{ field: 'order_token', message: indonesian.json().msg }]);
  });

  it('says the rate limit in the language, with its wait', async () => {
    const guessed = await signUpAs(shop);
    const attempt = (acceptLanguage?: string) =>
      shop.app.inject({
        method: 'POST',
        url: `${API_BASE}/auth`,
        payload: { email: guessed.email, password: 'wrong-password' },
        remoteAddress: '10.7.0.1',
        headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
      });
    for (let i = 0; i < 5; i += 1) expect((await attempt()).statusCode).toBe(401);
    const english = await attempt();
    const indonesian = await attempt('id-ID');
    expect([english.statusCode, indonesian.statusCode]).toEqual([429, 429]);
    expect(indonesian.json().code).toBe(english.json().code);
    expect(english.json().msg).toBe('Too many attempts, try again in 15 minute(s)');
    expect(indonesian.json().msg).toBe('Terlalu banyak percobaan, coba lagi dalam 15 menit');
  });

  it("says the quote's coupon verdict in the language, the promo named in it too (a 200 with its reason)", async () => {
    const body = orderBody(productId, { promo_id: bigPromoId });
    const english = await api(shop, 'POST', '/transactions/quote', { token: user.token, body });
    const indonesian = await api(shop, 'POST', '/transactions/quote', { token: user.token, body, headers: { 'accept-language': 'id-ID' } });
    expect(english.json().data.promo).toEqual({
      id: bigPromoId,
      applies: false,
      reason: 'Promo Saver needs a subtotal of at least IDR 50.000',
    });
    expect(indonesian.json().data.promo).toEqual({
      id: bigPromoId,
      applies: false,
      reason: 'Minimal belanja IDR 50.000 untuk promo Hemat',
    });
    expect(indonesian.json().data.total).toBe(english.json().data.total);
  });
});

describe("the account's language", () => {
  const profileLocale = async (id: number) =>
    (await rows<{ locale: string | null }>(shop.database.db, sql`select locale from users where id = ${id}`))[0]!.locale;

  it('is null until chosen, then answered by GET /users/profile', async () => {
    const someone = await signUpAs(shop);
    expect((await api(shop, 'GET', '/users/profile', { token: someone.token })).json().data.locale).toBeNull();
    const patched = await api(shop, 'PATCH', '/users/profile', { token: someone.token, body: { locale: 'id' } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data.locale).toBe('id');
    expect((await api(shop, 'GET', '/users/profile', { token: someone.token })).json().data.locale).toBe('id');
    expect(await profileLocale(someone.id)).toBe('id');
  });

  it.each(['fr', 'ID', 'en-US', '', 1, 'english'])('refuses locale %j with a 400 naming the field, and stores nothing', async (locale) => {
    const someone = await signUpAs(shop);
    await api(shop, 'PATCH', '/users/profile', { token: someone.token, body: { locale: 'en' } });
    const res = await api(shop, 'PATCH', '/users/profile', { token: someone.token, body: { locale } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(res.json().errors).toEqual([{ field: 'locale', message: say('en', 'localeInvalid') }]);
    expect(await profileLocale(someone.id)).toBe('en');
  });

  it('speaks Indonesian to an account that chose it, without Accept-Language, and English when it chose English', async () => {
    const someone = await signUpAs(shop);
    await api(shop, 'PATCH', '/users/profile', { token: someone.token, body: { locale: 'id' } });
    const notFound = await api(shop, 'GET', '/transactions/987654', { token: someone.token });
    expect(notFound.json()).toMatchObject({ code: 'data_not_found', msg: say('id', 'server.orderNotFound') });
    expect(notFound.headers['content-language']).toBe('id');
    // Refused before the route's guard ran (its input): still the account's language.
    const invalid = await api(shop, 'PATCH', '/users/profile', { token: someone.token, body: { gender: 'other' } });
    expect(invalid.json().msg).toBe(say('id', 'genderInvalid'));
    const saved = await api(shop, 'PATCH', '/users/profile', { token: someone.token, body: { locale: 'en' } });
    expect(saved.json().msg).toBe('Change Success !');
    const english = await api(shop, 'GET', '/transactions/987654', { token: someone.token, headers: { 'accept-language': 'id' } });
    expect(english.json().msg).toBe('Order not found');
  });

  it("e-mails the reset link in the account's language, else in the language it was asked in", async () => {
    const indonesian = await signUpAs(shop);
    await api(shop, 'PATCH', '/users/profile', { token: indonesian.token, body: { locale: 'id' } });
    const forgot = (email: string, acceptLanguage?: string) =>
      shop.app.inject({
        method: 'POST',
        url: `${API_BASE}/auth/forgot`,
        payload: { email },
        remoteAddress: '10.8.0.1',
        headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
      });
    const asked = await forgot(indonesian.email);
    expect(asked.json().msg).toBe(say('en', 'forgotSent'));
    const mail = await sink.next(indonesian.email);
    expect(mail.subject).toBe('Atur ulang kata sandi Kopi Senja Anda');
    expect(mail.text).toContain('Buka tautan ini dalam 30 menit untuk memilih kata sandi baru.');
    expect(mail.html).toContain('<html lang="id">');
    expect(mail.html).toContain('Pilih kata sandi baru');
    expect(resetLinkIn(mail).link.origin).toBe('https://kopi.example');

    const never = await signUpAs(shop);
    expect((await forgot(never.email, 'id-ID')).json().msg).toBe(say('id', 'forgotSent'));
    expect((await sink.next(never.email)).subject).toBe('Atur ulang kata sandi Kopi Senja Anda');
    const english = await signUpAs(shop);
    await forgot(english.email);
    expect((await sink.next(english.email)).subject).toBe('Reset your Kopi Senja password');
  });
});
