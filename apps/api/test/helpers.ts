import { readFile } from 'node:fs/promises';
import { API_BASE, parseOpeningHours, type Role, TOKEN_HEADER } from '@kopi/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import type { LogStream } from '../src/fastify-options.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { insertUser } from '../src/modules/users/users.repository.ts';
import { withDatabase } from './global-setup.ts';

export const onPostgres = process.env.TEST_DB === 'postgres';

/** A fresh database for one test file, copied from the migrated template. */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const template = inject('template');
  if (!onPostgres) {
    const dump = new Blob([await readFile(template)]);
    return openDatabase({ loadDataDir: dump });
  }
  const templateName = new URL(template).pathname.slice(1);
  const name = `${templateName.replace('template', 'test')}_${Math.random().toString(36).slice(2, 10)}`;
  const maintenance = inject('maintenance');
  const admin = new pg.Client({ connectionString: maintenance });
  await admin.connect();
  await admin.query(`create database ${name} template ${templateName}`);
  await admin.end();
  const url = withDatabase(template, name);
  const database = await openDatabase({ url, poolSize: 10 });
  return {
    ...database,
    url,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: maintenance });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    logLevel: 'silent',
    seedDemo: false,
    webDist: '/nonexistent',
    // Orders "as soon as possible" are taken at any hour the suite runs; shop.test.ts tests the hours.
    openingHours: parseOpeningHours('mon-sun 00:00-24:00'),
    // A suite places orders faster than any customer; hardening.test.ts tests the per-minute limit.
    orderRateLimitPerMinute: 0,
    ...overrides,
  };
}

export interface TestShop {
  app: FastifyInstance;
  database: Database & { url?: string };
  close(): Promise<void>;
}

/** A shop on a fresh copy of the test database; `logStream` receives its log (as JSON lines). */
export async function createTestShop(overrides: Partial<Config> = {}, options: { logStream?: LogStream } = {}): Promise<TestShop> {
  const database = await openTestDatabase();
  const app = await buildApp(testConfig(overrides), database, options);
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

let userCount = 0;

/** Creates an account straight in the database and logs in through the API. */
export async function signUpAs(shop: TestShop, role: Role = 'User', extra: { display_name?: string } = {}) {
  userCount += 1;
  const email = `${role.toLowerCase()}${userCount}-${Math.random().toString(36).slice(2, 7)}@test.local`;
  const password = 'correct-horse-battery';
  const id = await insertUser(shop.database.db, { email, password_hash: await hashPassword(password), role, ...extra });
  const res = await api(shop, 'POST', '/auth', { body: { email, password } });
  return { id, email, password, token: res.json().data.token as string };
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  form?: { payload: Buffer; headers: Record<string, string> };
}

export async function api(
  shop: TestShop,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers, ...options.form?.headers };
  if (options.token !== undefined) headers[TOKEN_HEADER] = options.token;
  return shop.app.inject({
    method,
    url:
      path.startsWith('/') &&
      !path.startsWith(API_BASE) &&
      !path.startsWith('/images') &&
      !path.startsWith('/health') &&
      !path.startsWith('/ready')
        ? `${API_BASE}${path}`
        : path,
    headers,
    ...(options.form ? { payload: options.form.payload } : options.body !== undefined ? { payload: options.body as object } : {}),
  });
}

export interface UploadFile {
  name: string;
  type: string;
  bytes: Buffer;
}

/** A multipart/form-data body as a browser would send it. */
export async function multipart(fields: Record<string, string | number>, file?: UploadFile) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, String(value));
  if (file) data.append('images', new Blob([file.bytes], { type: file.type }), file.name);
  const encoded = new Response(data);
  return { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } };
}

export async function pngFile(name = 'photo.png', color = '#8b5a2b'): Promise<UploadFile> {
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name, type: 'image/png', bytes };
}

export async function jpegFile(name = 'photo.jpg'): Promise<UploadFile> {
  const bytes = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#c98b4d' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
    .toBuffer();
  return { name, type: 'image/jpeg', bytes };
}

export const productFields = (overrides: Record<string, string | number> = {}) => ({
  product_name: 'Es Kopi Test',
  price: 27000,
  category_id: 2,
  description: 'A test coffee',
  ...overrides,
});

export async function addProduct(shop: TestShop, adminToken: string, overrides: Record<string, string | number> = {}) {
  const res = await api(shop, 'POST', '/products', { token: adminToken, form: await multipart(productFields(overrides), await pngFile()) });
  if (res.statusCode !== 201) throw new Error(`addProduct failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; price: number; image: string; product_name: string };
}

export const promoFields = (overrides: Record<string, string | number> = {}) => ({
  promo_name: 'Test Promo',
  code: `T${Math.random().toString(36).slice(2, 8)}`,
  description: 'Ten percent off',
  discount: 10,
  duration: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  min_price: 0,
  ...overrides,
});

export async function addPromo(shop: TestShop, adminToken: string, overrides: Record<string, string | number> = {}) {
  const res = await api(shop, 'POST', '/promos', { token: adminToken, form: await multipart(promoFields(overrides), await pngFile()) });
  if (res.statusCode !== 201) throw new Error(`addPromo failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; code: string };
}

/** Counts rows of a table, to prove that a rejected request stored nothing. */
export async function countRows(
  shop: TestShop,
  table: 'products' | 'promos' | 'images' | 'transactions' | 'transaction_items' | 'users',
): Promise<number> {
  const result = (await shop.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]!.n;
}
