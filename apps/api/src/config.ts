import path from 'node:path';

// The only reader of process.env (DESIGN §6). Everything else receives a Config.

export interface Config {
  port: number;
  host: string;
  /** postgres://… for a PostgreSQL server; undefined means the embedded PGlite in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  jwtSecret?: string;
  tokenTtlSeconds: number;
  adminEmail?: string;
  adminPassword?: string;
  seedDemo: boolean;
  shopName: string;
  googleClientId?: string;
  /** Folder of the built SPA; served when it exists. */
  webDist?: string;
  logLevel: string;
  authRateLimit: { perIp: number; perEmail: number; windowSeconds: number };
  /** How long a visitor's view of the menu may be cached (0 turns the cache off). */
  menuCacheMs: number;
  /** Behind a load balancer: read the client's address from X-Forwarded-For. */
  trustProxy: boolean;
}

export class ConfigError extends Error {}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

function boolean(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}

function optional(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const databaseUrl = optional(env, 'DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const jwtSecret = optional(env, 'JWT_SECRET');
  if (jwtSecret && jwtSecret.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');
  const adminEmail = optional(env, 'ADMIN_EMAIL');
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (!!adminEmail !== !!adminPassword) throw new ConfigError('Set ADMIN_EMAIL and ADMIN_PASSWORD together');
  if (adminPassword && adminPassword.length < 8) throw new ConfigError('ADMIN_PASSWORD must be at least 8 characters');

  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host: optional(env, 'HOST') ?? '0.0.0.0',
    databaseUrl,
    dataDir: path.resolve(cwd, optional(env, 'DATA_DIR') ?? 'data'),
    jwtSecret,
    tokenTtlSeconds: integer(env, 'TOKEN_TTL_SECONDS', 7 * 24 * 3600, 60, 365 * 24 * 3600),
    adminEmail: adminEmail?.toLowerCase(),
    adminPassword,
    // The demo shop is on by default on the embedded database, off by default on a real server.
    seedDemo: boolean(env, 'SEED_DEMO', !databaseUrl),
    shopName: optional(env, 'SHOP_NAME') ?? 'Kopi Senja',
    googleClientId: optional(env, 'GOOGLE_CLIENT_ID'),
    webDist: optional(env, 'WEB_DIST') ? path.resolve(cwd, env.WEB_DIST as string) : undefined,
    logLevel: optional(env, 'LOG_LEVEL') ?? 'info',
    authRateLimit: {
      perIp: integer(env, 'AUTH_RATE_LIMIT_PER_IP', 50, 1, 1_000_000),
      perEmail: integer(env, 'AUTH_RATE_LIMIT_PER_EMAIL', 10, 1, 1_000_000),
      windowSeconds: integer(env, 'AUTH_RATE_LIMIT_WINDOW_SECONDS', 900, 1, 86_400),
    },
    trustProxy: boolean(env, 'TRUST_PROXY', false),
    menuCacheMs: integer(env, 'MENU_CACHE_SECONDS', 2, 0, 3600) * 1000,
  };
}
