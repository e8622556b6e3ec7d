import { existsSync } from 'node:fs';
import path from 'node:path';
import { isTimeZone } from '@kopi/shared';
import { z } from 'zod';
import { type Clock, systemClock } from './lib/clock.ts';

// The only reader of process.env (DESIGN §6). Everything else receives a Config.
// Every variable is described, with its default, in .env.example at the repository's root.

export class ConfigError extends Error {}

/** Unset and blank mean "use the default"; anything else is trimmed. */
const blankAsUnset = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

const text = () => z.preprocess(blankAsUnset, z.string().optional());

const integer = (fallback: number, min: number, max: number) =>
  z.preprocess(
    blankAsUnset,
    z
      .string()
      .optional()
      .transform((raw, ctx) => {
        if (raw === undefined) return fallback;
        const value = Number(raw);
        if (!/^-?\d+$/.test(raw) || value < min || value > max) {
          ctx.addIssue({ code: 'custom', message: `must be a whole number between ${min} and ${max}, got "${raw}"` });
          return z.NEVER;
        }
        return value;
      }),
  );

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];
/** undefined when unset, so that a default may depend on another variable. */
const flag = () =>
  z.preprocess(
    blankAsUnset,
    z
      .string()
      .optional()
      .transform((raw, ctx) => {
        if (raw === undefined) return undefined;
        if (TRUE.includes(raw.toLowerCase())) return true;
        if (FALSE.includes(raw.toLowerCase())) return false;
        ctx.addIssue({ code: 'custom', message: `must be true or false, got "${raw}"` });
        return z.NEVER;
      }),
  );

const EnvSchema = z
  .object({
    PORT: integer(8080, 0, 65535),
    HOST: text(),
    DATABASE_URL: text().refine(
      (url) => url === undefined || /^postgres(ql)?:\/\//.test(url),
      'must start with postgres:// or postgresql://',
    ),
    DATA_DIR: text(),
    JWT_SECRET: text().refine((secret) => secret === undefined || secret.length >= 32, 'must be at least 32 characters'),
    TOKEN_TTL_SECONDS: integer(7 * 24 * 3600, 60, 365 * 24 * 3600),
    ADMIN_EMAIL: text(),
    // A password is taken as it is: spaces at its ends are part of it.
    ADMIN_PASSWORD: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(8, 'must be at least 8 characters').optional()),
    SEED_DEMO: flag(),
    SHOP_NAME: text(),
    GOOGLE_CLIENT_ID: text(),
    WEB_DIST: text(),
    LOG_LEVEL: z.preprocess(blankAsUnset, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
    AUTH_RATE_LIMIT_PER_IP: integer(50, 1, 1_000_000),
    AUTH_RATE_LIMIT_PER_EMAIL: integer(10, 1, 1_000_000),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: integer(900, 1, 86_400),
    TRUST_PROXY: flag(),
    SHOP_TIMEZONE: text().refine((zone) => zone === undefined || isTimeZone(zone), 'must be an IANA time zone such as Asia/Jakarta'),
  })
  .superRefine((env, ctx) => {
    if (!!env.ADMIN_EMAIL !== !!env.ADMIN_PASSWORD) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'set ADMIN_EMAIL and ADMIN_PASSWORD together',
      });
    }
  });

/**
 * Reads the configuration from the environment (and the working folder, for relative paths).
 * A bad value stops the start with a ConfigError that names the variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; '));
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST ?? '0.0.0.0',
    /** postgres://… for a PostgreSQL server; undefined means the embedded PGlite in dataDir. */
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(cwd, e.DATA_DIR ?? 'data'),
    jwtSecret: e.JWT_SECRET,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    // The demo shop is on by default on the embedded database, off by default on a real server.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    shopName: e.SHOP_NAME ?? 'Kopi Senja',
    googleClientId: e.GOOGLE_CLIENT_ID,
    /** Folder of the built SPA; served when it exists. */
    webDist: e.WEB_DIST ? path.resolve(cwd, e.WEB_DIST) : undefined,
    logLevel: e.LOG_LEVEL,
    authRateLimit: {
      perIp: e.AUTH_RATE_LIMIT_PER_IP,
      perEmail: e.AUTH_RATE_LIMIT_PER_EMAIL,
      windowSeconds: e.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    },
    /** Behind a load balancer: read the client's address from X-Forwarded-For. */
    trustProxy: e.TRUST_PROXY ?? false,
    /** The shop's days and hours are in this zone, whatever the server's (DESIGN §3). */
    shopTimezone: e.SHOP_TIMEZONE ?? 'Asia/Jakarta',
    /** The time of the shop's business; tests replace it with a fixed clock. */
    clock: systemClock as Clock,
  };
}

export type Config = ReturnType<typeof loadConfig>;

/** `.env` in the working folder, when there is one, fills variables the environment does not set. */
export function loadEnvFile(cwd = process.cwd()): void {
  const file = path.join(cwd, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}
