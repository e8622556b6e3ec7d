import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { DEFAULT_OPENING_HOURS, isTimeZone, OpeningHoursError, type PasswordResetWay, parseOpeningHours } from '@kopi/shared';
import { z } from 'zod';
import { type Clock, systemClock } from './lib/clock.ts';
import { isLoopbackHost } from './lib/loopback.ts';

// The only reader of process.env (docs/decisions/config-one-schema.md). Everything else receives a Config.
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

/** OPENING_HOURS read once at start-up: a mistake in it stops the start and says which rule. */
const openingHours = () =>
  z.preprocess(
    blankAsUnset,
    z
      .string()
      .optional()
      .transform((raw, ctx) => {
        try {
          return parseOpeningHours(raw ?? DEFAULT_OPENING_HOURS);
        } catch (error) {
          if (!(error instanceof OpeningHoursError)) throw error;
          ctx.addIssue({ code: 'custom', message: error.message });
          return z.NEVER;
        }
      }),
  );

/** An http(s) address; plain http only for this machine unless `plainHttp` allows it anywhere. */
const address = (opts: { plainHttp: 'anywhere' | 'loopback'; originOnly?: boolean }) =>
  text().refine(
    (raw) => {
      if (raw === undefined) return true;
      if (!URL.canParse(raw)) return false;
      const url = new URL(raw);
      const secure = url.protocol === 'https:';
      const plain = url.protocol === 'http:' && (opts.plainHttp === 'anywhere' || isLoopbackHost(url.hostname));
      return (secure || plain) && !url.search && !url.hash && (!opts.originOnly || url.pathname === '/');
    },
    opts.originOnly
      ? 'must be an address such as https://shop.example.com (no path)'
      : 'must be an https:// address (http:// only on localhost)',
  );

/** "shop@example.com" or "Kopi Senja <shop@example.com>". */
const MAIL_ADDRESS = /^(?:[^<>@]*<\s*[^\s<>@]+@[^\s<>@]+\s*>|[^\s<>@]+@[^\s<>@]+)$/;

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

/** What Fastify's trustProxy takes from TRUST_PROXY: nothing, a number of proxies, or their addresses. */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for whole ranges, which Fastify accepts beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyAddress = (entry: string) => {
  const [address = '', prefix, extra] = entry.split('/');
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const kind = isIP(address);
  if (kind === 0 || extra !== undefined) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (kind === 4 ? 32 : 128));
};

/**
 * TRUST_PROXY (docs/guides/operating.md#behind-a-load-balancer): which hops' X-Forwarded-For to
 * believe. A number of proxies in front (`1`: one load balancer) or their addresses and ranges;
 * `true` is refused: it believes whatever address a client writes, which undoes every limit per address.
 */
const trustProxy = () =>
  z.preprocess(
    blankAsUnset,
    z
      .string()
      .optional()
      .transform((raw, ctx): TrustProxy => {
        if (raw === undefined || FALSE.includes(raw.toLowerCase())) return false;
        if (/^\d+$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 10) return Number(raw);
        const entries = raw.split(',').map((entry) => entry.trim());
        if (!TRUE.includes(raw.toLowerCase()) && entries.every(isProxyAddress)) return entries;
        ctx.addIssue({
          code: 'custom',
          message:
            `must be the number of proxies in front of the shop (1 for one load balancer) or their addresses ` +
            `(e.g. 10.0.0.0/8), got "${raw}": "true" would believe any address a client writes in X-Forwarded-For`,
        });
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
    GOOGLE_CLIENT_SECRET: text(),
    OIDC_ISSUER: address({ plainHttp: 'loopback' }),
    PUBLIC_URL: address({ plainHttp: 'anywhere', originOnly: true }),
    SMTP_URL: text().refine((url) => url === undefined || /^smtps?:\/\/[^/]/.test(url), 'must start with smtp:// or smtps://'),
    MAIL_FROM: text().refine(
      (from) => from === undefined || MAIL_ADDRESS.test(from),
      'must be an address such as "Kopi Senja <shop@example.com>"',
    ),
    WEB_DIST: text(),
    NODE_ENV: text(),
    LOG_LEVEL: z.preprocess(blankAsUnset, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
    AUTH_RATE_LIMIT_PER_IP: integer(50, 1, 1_000_000),
    AUTH_RATE_LIMIT_PER_EMAIL: integer(10, 1, 1_000_000),
    AUTH_RATE_LIMIT_PER_ACCOUNT: integer(100, 1, 1_000_000),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: integer(900, 1, 86_400),
    ORDER_RATE_LIMIT_PER_MINUTE: integer(60, 0, 1_000_000),
    REQUEST_TIMEOUT_SECONDS: integer(30, 1, 3600),
    MAX_CONNECTIONS: integer(10_000, 10, 1_000_000),
    TRUST_PROXY: trustProxy(),
    SHOP_TIMEZONE: text().refine((zone) => zone === undefined || isTimeZone(zone), 'must be an IANA time zone such as Asia/Jakarta'),
    OPENING_HOURS: openingHours(),
    SLOT_CAPACITY: integer(10, 1, 100_000),
    EVENTS_HEARTBEAT_SECONDS: integer(15, 1, 300),
    EVENTS_MAX_STREAMS_PER_ACCOUNT: integer(5, 1, 1000),
    LATE_AFTER_MINUTES: integer(10, 1, 1440),
    PREORDER_LEAD_MINUTES: integer(15, 0, 1440),
    STATUS_SCREEN_READY_MINUTES: integer(15, 1, 1440),
    STATUS_SCREEN_MAX_STREAMS_PER_IP: integer(10, 1, 1000),
    TABLE_OPEN_ORDERS: integer(5, 1, 1000),
    GUEST_ORDERS_PER_TABLE: integer(10, 0, 100_000),
    GUEST_ORDERS_PER_IP: integer(30, 0, 1_000_000),
    GUEST_ORDER_MAX_ITEMS: integer(20, 1, 1000),
    MIDTRANS_SERVER_KEY: text(),
    MIDTRANS_API_URL: address({ plainHttp: 'loopback' }),
    PAYMENT_EXPIRY_SECONDS: integer(900, 60, 86_400),
    PRINT_AGENT_KEY: text(),
  })
  .superRefine((env, ctx) => {
    if (!!env.ADMIN_EMAIL !== !!env.ADMIN_PASSWORD) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'set ADMIN_EMAIL and ADMIN_PASSWORD together',
      });
    }
    // The Google buttons appear only when the sign-in can work, which needs both halves.
    if (!!env.GOOGLE_CLIENT_ID !== !!env.GOOGLE_CLIENT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: [env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'],
        message: 'set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET together',
      });
    }
    // A mail server refuses (or files as spam) mail from an address it does not know: say which one.
    if (env.SMTP_URL && !env.MAIL_FROM) {
      ctx.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'is needed with SMTP_URL (the sender of the reset e-mails)' });
    }
  });

/** The name of every variable the server reads (a test checks that .env.example and the README list each). */
export const ENV_VARIABLES = Object.keys(EnvSchema.shape);
/** Google's issuer; OIDC_ISSUER names another OpenID provider (tests run their own). */
export const GOOGLE_ISSUER = 'https://accounts.google.com';

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
    /** Sign-in with Google (OpenID Connect) when both client settings are given. */
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.OIDC_ISSUER ?? GOOGLE_ISSUER }
        : undefined,
    /** The shop's address in links it sends (reset e-mails, Google's return); default: where it listens. */
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : undefined,
    /** Reset e-mails go through this SMTP server; without it the link is written to the log. */
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    /** NODE_ENV=production: a real shop, warned at start about settings it lacks (startupWarnings). */
    production: e.NODE_ENV === 'production',
    /** Folder of the built SPA; served when it exists. */
    webDist: e.WEB_DIST ? path.resolve(cwd, e.WEB_DIST) : undefined,
    logLevel: e.LOG_LEVEL,
    authRateLimit: {
      perIp: e.AUTH_RATE_LIMIT_PER_IP,
      /** Failed sign-ins into one account from one address. */
      perEmail: e.AUTH_RATE_LIMIT_PER_EMAIL,
      /** Failed sign-ins into one account from all addresses together (docs/shop-rules.md#sign-in-limits). */
      perAccount: e.AUTH_RATE_LIMIT_PER_ACCOUNT,
      windowSeconds: e.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    },
    /** Orders one account may place in a minute; 0 turns the limit off. */
    orderRateLimitPerMinute: e.ORDER_RATE_LIMIT_PER_MINUTE,
    /** A request's headers and body must have arrived within this time (else 408 and the connection closes). */
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    /** Open connections at most; more are closed at once, so sockets held open cannot use every file descriptor. */
    maxConnections: e.MAX_CONNECTIONS,
    /** Behind a load balancer: the client's address from X-Forwarded-For, as far as these proxies wrote it. */
    trustProxy: e.TRUST_PROXY as TrustProxy,
    /** The shop's days and hours are in this zone, whatever the server's (docs/shop-rules.md#opening-hours-and-slots). */
    shopTimezone: e.SHOP_TIMEZONE ?? 'Asia/Jakarta',
    /** When the shop takes orders, in its zone (docs/shop-rules.md#opening-hours-and-slots). */
    openingHours: e.OPENING_HOURS,
    /** Scheduled orders one 15-minute slot takes. */
    slotCapacity: e.SLOT_CAPACITY,
    /** The live order stream (GET /transactions/events; docs/decisions/events-over-listen-notify.md). */
    events: {
      /** A comment line this often keeps idle streams open through proxies; sessions are re-checked as often. */
      heartbeatMs: e.EVENTS_HEARTBEAT_SECONDS * 1000,
      /** Open streams one account may hold on one instance (then 429). */
      maxStreamsPerAccount: e.EVENTS_MAX_STREAMS_PER_ACCOUNT,
    },
    /** The counter (docs/shop-rules.md#the-counter). */
    counter: {
      /** A card on the board turns amber past half of this, red past it, in one stage. */
      lateAfterMinutes: e.LATE_AFTER_MINUTES,
      /** An order for a later slot waits in the board's Later lane until this long before its time. */
      preorderLeadMinutes: e.PREORDER_LEAD_MINUTES,
      /** A Ready order leaves the pick-up screen after this, if it is not Done before. */
      statusReadyMinutes: e.STATUS_SCREEN_READY_MINUTES,
      /** Open streams of the pick-up screen from one address (then 429). */
      statusStreamsPerIp: e.STATUS_SCREEN_MAX_STREAMS_PER_IP,
      /** Open orders one dine-in table may have at once (then 429: ask the staff). */
      tableOpenOrders: e.TABLE_OPEN_ORDERS,
      /** What a guest at a table may order without an account (docs/shop-rules.md#orders-from-the-table). */
      guests: {
        /** Guest orders one table takes in GUEST_WINDOW_SECONDS (then 429); 0: no limit. */
        perTable: e.GUEST_ORDERS_PER_TABLE,
        /** Guest orders from one address in GUEST_WINDOW_SECONDS, every table together (then 429); 0: no limit. */
        perAddress: e.GUEST_ORDERS_PER_IP,
        /** Items (the lines' quantities) in one guest order at most. */
        maxItems: e.GUEST_ORDER_MAX_ITEMS,
      },
    },
    /**
     * Payments by QRIS and bank transfer through Midtrans (docs/shop-rules.md#payments): on when the
     * server key is set. The key never leaves the server: it is not in any answer or log line.
     */
    payments: {
      midtrans: e.MIDTRANS_SERVER_KEY
        ? { serverKey: e.MIDTRANS_SERVER_KEY, apiUrl: e.MIDTRANS_API_URL ?? 'https://api.sandbox.midtrans.com' }
        : undefined,
      /** An order not paid this long after it was placed is cancelled. */
      expirySeconds: e.PAYMENT_EXPIRY_SECONDS,
    },
    /**
     * The print queue's worker (docs/shop-rules.md#receipts-and-printers): how long a printer has to
     * answer, the waits between attempts (2 s, 4 s, … at most 60 s). Not from the environment; tests
     * shorten the waits.
     */
    printing: {
      connectTimeoutMs: 3000,
      retryBaseMs: 2000,
      retryCapMs: 60_000,
      pollMs: 2000,
      reprintWindowMs: 5000,
      maxAttempts: 60,
      /**
       * Set: the shop's printers are out of the server's reach, and a print agent in the shop takes
       * the jobs with this key (npm run print-agent); the server's worker sends nothing itself.
       */
      agentKey: e.PRINT_AGENT_KEY,
    },
    /** The time of the shop's business; tests replace it with a fixed clock. */
    clock: systemClock as Clock,
  };
}

export type Config = ReturnType<typeof loadConfig>;

/**
 * What a start-up should warn about: settings that work on a developer's machine but fail a real
 * shop's customers. Each says what goes wrong and which variable fixes it.
 */
export function startupWarnings(config: Pick<Config, 'mail' | 'publicUrl' | 'production' | 'google'>): string[] {
  const warnings: string[] = [];
  if (!config.mail.smtpUrl) {
    warnings.push('SMTP_URL is not set: password reset links are written to this log instead of e-mailed (set SMTP_URL and MAIL_FROM)');
  }
  // Links that leave this machine (mails, Google's return) must not point at localhost.
  if (!config.publicUrl && (config.production || config.mail.smtpUrl || config.google)) {
    warnings.push(
      'PUBLIC_URL is not set: reset e-mails and Google sign-in send customers to the address this server listens on, ' +
        'which they cannot reach behind a proxy (set PUBLIC_URL, e.g. https://kopisenja.example)',
    );
  }
  return warnings;
}

/**
 * How a forgotten password is reset (GET /shop's password_reset): by e-mail with SMTP_URL; without
 * it the link goes to the log, which only a developer's shop can offer as a way: a shop in
 * production asks its customers to ask at the counter instead.
 */
export function passwordResetWay(config: Pick<Config, 'mail' | 'production'>): PasswordResetWay {
  if (config.mail.smtpUrl) return 'email';
  return config.production ? 'ask_the_shop' : 'server_log';
}

/** `.env` in the working folder, when there is one, fills variables the environment does not set. */
export function loadEnvFile(cwd = process.cwd()): void {
  const file = path.join(cwd, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}
