import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_BASE, MSG } from '@kopi/shared';
import { FORGOT_LOGGED } from '@kopi/shared/i18n/en/server';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { rows } from '../src/db/client.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { RESET_MAILS_PER_EMAIL } from '../src/modules/recovery/recovery.service.ts';
import { insertUser } from '../src/modules/users/users.repository.ts';
import { api, openTestDatabase, signUpAs, type TestShop, testConfig } from './helpers.ts';
import { resetLinkIn, type SmtpSink, startSmtpSink } from './smtp-sink.ts';

/** Every line the shop logs, to prove what reaches the log and what never does. */
function logCollector() {
  const lines: string[] = [];
  return {
    lines,
    stream: { write: (line: string) => void lines.push(line) },
    async waitFor(text: string, timeoutMs = 10_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const line = lines.find((l) => l.includes(text));
        if (line) return line;
        if (Date.now() > deadline) throw new Error(`no log line with "${text}"`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}
type Logs = ReturnType<typeof logCollector>;

async function startShop(overrides: Partial<Config>, logs: Logs): Promise<TestShop> {
  const database = await openTestDatabase();
  const app = await buildApp(testConfig({ logLevel: 'info', ...overrides }), database, { logStream: logs.stream });
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

const PUBLIC_URL = 'https://kopi.example';
const NEW_PASSWORD = 'a-brand-new-pass-1';
const clock = fixedClock('2026-03-02T03:00:00Z');
const logs = logCollector();
let sink: SmtpSink;
let shop: TestShop;

beforeAll(async () => {
  sink = await startSmtpSink();
  shop = await startShop(
    {
      clock,
      publicUrl: PUBLIC_URL,
      mail: { smtpUrl: sink.url, from: 'hello@kopisenja.test' },
      authRateLimit: { perIp: 1000, perEmail: 3, perAccount: 100_000, windowSeconds: 900 },
    },
    logs,
  );
});
afterAll(async () => {
  await shop.close();
  await sink.close();
});

const forgot = (email: string, remoteAddress = '10.0.0.1') =>
  shop.app.inject({ method: 'POST', url: `${API_BASE}/auth/forgot`, payload: { email }, remoteAddress });
const reset = (token: string, password = NEW_PASSWORD) => api(shop, 'POST', '/auth/reset', { body: { token, password } });
const login = (email: string, password: string) => api(shop, 'POST', '/auth', { body: { email, password } });
const profileWith = (token: string) => api(shop, 'GET', '/users/profile', { token });

async function askForLink(email: string): Promise<string> {
  expect((await forgot(email)).statusCode).toBe(200);
  return resetLinkIn(await sink.next(email)).token;
}

describe('POST /auth/forgot', () => {
  it('e-mails a link to the shop (plain text and HTML, in the shop name) and stores only a hash of its token', async () => {
    const user = await signUpAs(shop);
    const res = await forgot(user.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: MSG.forgotSent });

    const mail = await sink.next(user.email);
    expect(mail.from).toContain('Kopi Senja');
    expect(mail.from).toContain('hello@kopisenja.test');
    expect(mail.subject).toBe('Reset your Kopi Senja password');
    const { link, token } = resetLinkIn(mail);
    expect(link.origin + link.pathname).toBe(`${PUBLIC_URL}/reset`);
    expect(mail.text).toContain('30 minutes');
    expect(mail.html).toContain('Kopi Senja');
    expect(mail.html).toContain(`href="${link.href}"`);
    // ≥ 128 bits: 43 base64url characters carry 256.
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);

    const stored = await rows<{ token_hash: string }>(
      shop.database.db,
      sql`select token_hash from password_resets where user_id = ${user.id}`,
    );
    expect(stored).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);
  });

  it('answers an unknown address exactly as a known one, and sends it nothing', async () => {
    const user = await signUpAs(shop);
    const unknown = await forgot('nobody-here@test.local');
    const known = await forgot(user.email);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    // The known address's mail arrives; had the unknown one been sent, it would have come first.
    await sink.next(user.email);
    expect(sink.received.filter((mail) => mail.to.includes('nobody-here'))).toEqual([]);
  });

  it(`allows ${RESET_MAILS_PER_EMAIL} links per address in a window, known or not, then answers 429`, async () => {
    for (const email of ['flood@test.local', (await signUpAs(shop)).email]) {
      const statuses = [];
      for (let i = 0; i <= RESET_MAILS_PER_EMAIL; i++) statuses.push((await forgot(email, `10.1.0.${i}`)).statusCode);
      expect(statuses).toEqual([...Array(RESET_MAILS_PER_EMAIL).fill(200), 429]);
    }
  });

  it('limits the requests of one IP address', async () => {
    const limited = await startShop(
      { publicUrl: PUBLIC_URL, authRateLimit: { perIp: 2, perEmail: 3, perAccount: 100_000, windowSeconds: 900 } },
      logCollector(),
    );
    try {
      const ask = (email: string) =>
        limited.app.inject({ method: 'POST', url: `${API_BASE}/auth/forgot`, payload: { email }, remoteAddress: '10.9.9.9' });
      expect([
        (await ask('a@test.local')).statusCode,
        (await ask('b@test.local')).statusCode,
        (await ask('c@test.local')).statusCode,
      ]).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it.each([[{}], [{ email: 'not-an-email' }], [{ email: 42 }]])('refuses %j with a 400', async (body) => {
    const res = await api(shop, 'POST', '/auth/forgot', { body });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });
});

describe("GET /shop's password_reset: how a forgotten password is reset", () => {
  it('is "email" with SMTP_URL, "server_log" without, and "ask_the_shop" without it in production', async () => {
    const wayOf = async (target: TestShop) => (await api(target, 'GET', '/shop')).json().data.password_reset;
    expect(await wayOf(shop)).toBe('email');
    for (const [production, way] of [
      [false, 'server_log'],
      [true, 'ask_the_shop'],
    ] as const) {
      const noMail = await startShop({ publicUrl: PUBLIC_URL, production }, logCollector());
      try {
        expect(await wayOf(noMail)).toBe(way);
      } finally {
        await noMail.close();
      }
    }
  });
});

describe('POST /auth/reset', () => {
  it('follows the e-mailed link: the new password works, the old one and every session end', async () => {
    const user = await signUpAs(shop);
    const otherDevice = (await login(user.email, user.password)).json().data.token as string;
    expect((await profileWith(otherDevice)).statusCode).toBe(200);

    const token = await askForLink(user.email);
    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: MSG.resetSuccess });

    for (const old of [user.token, otherDevice]) expect((await profileWith(old)).statusCode).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    const fresh = await login(user.email, NEW_PASSWORD);
    expect(fresh.statusCode).toBe(200);
    expect((await profileWith(fresh.json().data.token)).statusCode).toBe(200);
  });

  it('works once', async () => {
    const user = await signUpAs(shop);
    const token = await askForLink(user.email);
    expect((await reset(token)).statusCode).toBe(200);
    const again = await reset(token, 'yet-another-pass-2');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ msg: MSG.resetLinkInvalid, errors: [{ field: 'token' }] });
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('stops the earlier link working when a new one is asked for', async () => {
    const user = await signUpAs(shop);
    const first = await askForLink(user.email);
    const second = await askForLink(user.email);
    expect((await reset(first)).statusCode).toBe(400);
    expect((await reset(second)).statusCode).toBe(200);
  });

  it('refuses a link after 30 minutes', async () => {
    const user = await signUpAs(shop);
    const early = await askForLink(user.email);
    clock.advance(29 * 60_000);
    expect((await reset(early)).statusCode).toBe(200);

    const late = await askForLink(user.email);
    clock.advance(30 * 60_000);
    const res = await reset(late, 'too-late-password');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(MSG.resetLinkInvalid);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('keeps the link and the password when the new password breaks the sign-up rules', async () => {
    const user = await signUpAs(shop);
    const token = await askForLink(user.email);
    const res = await reset(token, 'short');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'password', message: 'Password must be at least 8 characters' }]);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    expect((await reset(token)).statusCode).toBe(200);
  });

  it.each([[{ password: NEW_PASSWORD }], [{ token: '', password: NEW_PASSWORD }], [{ token: 'made-up-token', password: NEW_PASSWORD }]])(
    'refuses %j with a 400 that says to ask for a new link',
    async (body) => {
      const res = await api(shop, 'POST', '/auth/reset', { body });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(MSG.resetLinkInvalid);
    },
  );

  it('gives an account made by Google sign-in (no password yet) a password', async () => {
    const email = `google-only-${Date.now()}@test.local`;
    await insertUser(shop.database.db, { email, password_hash: null, role: 'User' });
    expect((await login(email, 'anything-at-all')).statusCode).toBe(401);
    expect((await reset(await askForLink(email))).statusCode).toBe(200);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('PATCH /users/password', () => {
  const change = (token: string, body: unknown) => api(shop, 'PATCH', '/users/password', { token, body });

  it('changes the password, keeps this session with the answered token and ends the others', async () => {
    const user = await signUpAs(shop);
    const otherDevice = (await login(user.email, user.password)).json().data.token as string;
    const res = await change(user.token, { current_password: user.password, new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: MSG.passwordChanged, data: { token: expect.any(String) } });

    expect((await profileWith(res.json().data.token)).statusCode).toBe(200);
    expect((await profileWith(otherDevice)).statusCode).toBe(401);
    expect((await profileWith(user.token)).statusCode).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a wrong current password with a 400 on current_password and changes nothing', async () => {
    const user = await signUpAs(shop);
    const res = await change(user.token, { current_password: 'not-my-password', new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: MSG.currentPasswordWrong, errors: [{ field: 'current_password' }] });
    expect((await profileWith(user.token)).statusCode).toBe(200);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('throttles guessing the current password with a stolen session', async () => {
    const user = await signUpAs(shop);
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await change(user.token, { current_password: `guess-${i}-xx`, new_password: NEW_PASSWORD })).statusCode);
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it.each([
    [{ current_password: 'correct-horse-battery', new_password: 'short' }, 'new_password'],
    [{ current_password: 'correct-horse-battery', new_password: 'correct-horse-battery' }, 'new_password'],
    [{ new_password: NEW_PASSWORD }, 'current_password'],
  ])('refuses %j with a 400 on %s', async (body, field) => {
    const user = await signUpAs(shop);
    const res = await change(user.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual([field]);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('tells an account without a password how to get one', async () => {
    // As an account made by Google sign-in: signed in, but without a password.
    const user = await signUpAs(shop);
    await shop.database.db.execute(sql`update users set password_hash = null where id = ${user.id}`);
    const res = await change(user.token, { current_password: 'whatever-it-is', new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: MSG.noPasswordYet, errors: [{ field: 'current_password' }] });
  });

  it('needs a session', async () => {
    expect((await api(shop, 'PATCH', '/users/password', { body: { current_password: 'x', new_password: NEW_PASSWORD } })).statusCode).toBe(
      401,
    );
  });
});

describe('tokens issued before this release', () => {
  it('carry no epoch and keep working, until the password is reset', async () => {
    const user = await signUpAs(shop);
    const [row] = await rows<{ value: string }>(shop.database.db, sql`select value from settings where key = 'jwt_secret'`);
    const old = await new SignJWT({ id: user.id, role: 'User' })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti(`old-${user.id}`)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(row!.value));
    expect((await profileWith(old)).statusCode).toBe(200);
    expect((await reset(await askForLink(user.email))).statusCode).toBe(200);
    expect((await profileWith(old)).statusCode).toBe(401);
  });
});

describe('safety', () => {
  it('keeps reset tokens out of the log, even from a GET of the reset page', async () => {
    const user = await signUpAs(shop);
    const token = await askForLink(user.email);
    await shop.app.inject({ method: 'GET', url: `/reset?token=${token}` });
    await shop.app.inject({ method: 'GET', url: `${API_BASE}/auth/google/callback?code=secret-code-123&state=secret-state` });
    expect((await reset(token)).statusCode).toBe(200);
    await logs.waitFor('password reset e-mail sent');
    const log = logs.lines.join('');
    expect(log).toContain('/reset?token=[redacted]');
    expect(log).toContain('code=[redacted]&state=[redacted]');
    expect(log).not.toContain(token);
    expect(log).not.toContain('secret-code-123');
    expect(log).not.toContain(NEW_PASSWORD);
  });

  it('sends no Referer from the reset page to other sites', async () => {
    // The page itself, not a 404: JSON answers go without Referrer-Policy (docs/decisions/json-security-headers.md).
    const webDist = await mkdtemp(path.join(os.tmpdir(), 'kopi-web-'));
    await writeFile(path.join(webDist, 'index.html'), '<html><head><title>Kopi Senja</title></head><body>app</body></html>');
    const withPages = await startShop({ webDist }, logCollector());
    try {
      const res = await withPages.app.inject({ method: 'GET', url: '/reset?token=abc' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    } finally {
      await withPages.close();
      await rm(webDist, { recursive: true, force: true });
    }
  });

  it('without SMTP_URL writes the link to the log instead', async () => {
    const quiet = logCollector();
    const noMail = await startShop({ publicUrl: PUBLIC_URL }, quiet);
    try {
      // The start says so once, before any link is asked for.
      const atStart = quiet.lines.find((line) => line.includes('SMTP_URL is not set: password reset links are written to this log'));
      expect(JSON.parse(atStart ?? '{}')).toMatchObject({ level: 40 });
      const user = await signUpAs(noMail);
      const asked = await noMail.app.inject({ method: 'POST', url: `${API_BASE}/auth/forgot`, payload: { email: user.email } });
      expect(asked.statusCode).toBe(200);
      // Nobody is told that an e-mail is on its way (docs/shop-rules.md#forgotten-passwords).
      expect(asked.json()).toEqual({ msg: FORGOT_LOGGED });
      const line = await quiet.waitFor('SMTP_URL is not set, so the password reset link is written here');
      const token = line.match(/reset\?token=([\w-]+)/)?.[1];
      expect(token).toBeDefined();
      expect((await api(noMail, 'POST', '/auth/reset', { body: { token, password: NEW_PASSWORD } })).statusCode).toBe(200);
    } finally {
      await noMail.close();
    }
  });

  it('still answers 200 when the mail server is down, and logs the failure', async () => {
    const down = logCollector();
    const deadSink = await startSmtpSink();
    await deadSink.close();
    const broken = await startShop({ publicUrl: PUBLIC_URL, mail: { smtpUrl: deadSink.url, from: 'hello@kopisenja.test' } }, down);
    try {
      const user = await signUpAs(broken);
      expect((await broken.app.inject({ method: 'POST', url: `${API_BASE}/auth/forgot`, payload: { email: user.email } })).statusCode).toBe(
        200,
      );
      const line = await down.waitFor('could not be sent');
      expect(line).not.toContain('smtp-secret');
    } finally {
      await broken.close();
    }
  });
});
