import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseOpeningHours } from '@kopi/shared';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadEnvFile, startupWarnings } from '../src/config.ts';

describe('configuration', () => {
  it('has a default for every variable', () => {
    const config = loadConfig({}, '/srv/shop');
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/shop/data',
      seedDemo: true,
      shopName: 'Kopi Senja',
      logLevel: 'info',
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/kopi' }).seedDemo).toBe(false);
    // docs/shop-rules.md#opening-hours-and-slots: "Monday to Friday, 1 - 7 pm", ten orders per quarter hour.
    expect(loadConfig({})).toMatchObject({ openingHours: parseOpeningHours('mon-fri 13:00-19:00'), slotCapacity: 10 });
    expect(loadConfig({ OPENING_HOURS: 'mon-sun 00:00-24:00' }).openingHours[0]).toEqual([{ opens: 0, closes: 1440 }]);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number between 0 and 65535, got "eighty"'],
    [{ PORT: '70000' }, 'PORT must be a whole number'],
    [{ DATABASE_URL: 'mysql://db' }, 'DATABASE_URL must start with postgres://'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO must be true or false, got "maybe"'],
    [{ ADMIN_EMAIL: 'owner@shop.test' }, 'ADMIN_PASSWORD set ADMIN_EMAIL and ADMIN_PASSWORD together'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SHOP_TIMEZONE: 'Mars/Olympus' }, 'SHOP_TIMEZONE must be an IANA time zone'],
    [{ OPENING_HOURS: 'weekdays 1-7pm' }, 'OPENING_HOURS rule "weekdays 1-7pm" must be days and hours, e.g. "mon-fri 07:00-21:00"'],
    [{ OPENING_HOURS: 'mon-fri 19:00-13:00' }, 'OPENING_HOURS rule "mon-fri 19:00-13:00": closing must come after opening'],
    [{ SLOT_CAPACITY: '0' }, 'SLOT_CAPACITY must be a whole number between 1 and 100000, got "0"'],
    [{ PUBLIC_URL: 'kopi.example' }, 'PUBLIC_URL must be an address such as https://shop.example.com'],
    [{ PUBLIC_URL: 'https://kopi.example/shop' }, 'PUBLIC_URL must be an address such as https://shop.example.com (no path)'],
    [{ SMTP_URL: 'mail.example:587' }, 'SMTP_URL must start with smtp:// or smtps://'],
    [{ SMTP_URL: 'smtp://mail.example:587' }, 'MAIL_FROM is needed with SMTP_URL'],
    [{ MAIL_FROM: 'not an address' }, 'MAIL_FROM must be an address'],
    [{ GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' }, 'GOOGLE_CLIENT_SECRET set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET together'],
    [{ OIDC_ISSUER: 'http://accounts.example' }, 'OIDC_ISSUER must be an https:// address (http:// only on localhost)'],
    // Believing every hop lets a client write its own address (docs/security.md).
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY must be the number of proxies in front of the shop (1 for one load balancer)'],
    [{ TRUST_PROXY: 'yes' }, '"true" would believe any address a client writes in X-Forwarded-For'],
    [{ TRUST_PROXY: '11' }, 'TRUST_PROXY must be the number of proxies'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY must be the number of proxies'],
    [{ TRUST_PROXY: '10.0.0.1, lb.internal' }, 'TRUST_PROXY must be the number of proxies'],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads TRUST_PROXY as a number of proxies or their addresses, off by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8, loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('reads the mail, public address and Google settings', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://kopi.example/',
      SMTP_URL: 'smtps://shop:secret@mail.example:465',
      MAIL_FROM: 'Kopi Senja <hello@kopi.example>',
      GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'shh',
    });
    expect(config.publicUrl).toBe('https://kopi.example');
    expect(config.mail).toEqual({ smtpUrl: 'smtps://shop:secret@mail.example:465', from: 'Kopi Senja <hello@kopi.example>' });
    expect(config.google).toEqual({
      clientId: 'id.apps.googleusercontent.com',
      clientSecret: 'shh',
      issuer: 'https://accounts.google.com',
    });
    expect(loadConfig({}).google).toBeUndefined();
    expect(loadConfig({ OIDC_ISSUER: 'http://127.0.0.1:4000' }).google).toBeUndefined();
  });

  it('warns at start about settings a real shop needs', () => {
    const smtp = { SMTP_URL: 'smtp://mail.example:587', MAIL_FROM: 'hello@kopi.example' };
    const google = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'shh' };
    const warned = (env: Record<string, string>) =>
      startupWarnings(loadConfig(env)).map((warning) => warning.slice(0, warning.indexOf(':')));
    // A developer's machine: only the reset links going to the log are worth a line.
    expect(warned({})).toEqual(['SMTP_URL is not set']);
    expect(warned({ NODE_ENV: 'development' })).toEqual(['SMTP_URL is not set']);
    // Links that leave the machine, or a production start, need the shop's public address.
    expect(warned({ NODE_ENV: 'production' })).toEqual(['SMTP_URL is not set', 'PUBLIC_URL is not set']);
    expect(warned(smtp)).toEqual(['PUBLIC_URL is not set']);
    expect(warned(google)).toEqual(['SMTP_URL is not set', 'PUBLIC_URL is not set']);
    expect(warned({ ...smtp, NODE_ENV: 'production', PUBLIC_URL: 'https://kopi.example' })).toEqual([]);
    expect(startupWarnings(loadConfig({}))[0]).toContain('set SMTP_URL and MAIL_FROM');
    expect(startupWarnings(loadConfig({ NODE_ENV: 'production' }))[1]).toContain('set PUBLIC_URL');
  });

  it('reads .env for the variables the environment leaves unset', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kopi-env-'));
    const name = `KOPI_TEST_${process.pid}`;
    try {
      await writeFile(path.join(dir, '.env'), `${name}_A=from-file\n${name}_B=from-file\n`);
      process.env[`${name}_B`] = 'from-environment';
      loadEnvFile(dir);
      expect(process.env[`${name}_A`]).toBe('from-file');
      expect(process.env[`${name}_B`]).toBe('from-environment');
    } finally {
      delete process.env[`${name}_A`];
      delete process.env[`${name}_B`];
      await rm(dir, { recursive: true, force: true });
    }
  });
});
