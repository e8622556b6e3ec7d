import { randomUUID } from 'node:crypto';
import type { Role } from '@kopi/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { expect } from 'vitest';
import type { TestShop } from './helpers.ts';

/** Rows of a raw query, on PGlite and node-postgres alike. */
export async function query<T>(shop: TestShop, statement: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await shop.database.db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/** The shop's real signing key (the settings row the server created at start-up). */
async function signingKey(shop: TestShop): Promise<Uint8Array> {
  const [row] = await query<{ value: string }>(shop, sql`select value from settings where key = 'jwt_secret'`);
  if (!row) throw new Error('no jwt_secret in settings');
  return new TextEncoder().encode(row.value);
}

/**
 * A token signed HS256 with the shop's real key. `jti`/`exp` default to a fresh id and one hour
 * from now; pass null to leave the claim out.
 */
export async function signedToken(
  shop: TestShop,
  claims: Record<string, unknown>,
  options: { jti?: string | null; exp?: number | null } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(now - 60);
  const jti = options.jti === undefined ? randomUUID() : options.jti;
  const exp = options.exp === undefined ? now + 3600 : options.exp;
  if (jti !== null) jwt.setJti(jti);
  if (exp !== null) jwt.setExpirationTime(exp);
  return jwt.sign(await signingKey(shop));
}

/** A token signed with the shop's real key whose expiry has passed. */
export async function expiredToken(shop: TestShop, id: number, role: Role): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return signedToken(shop, { id, role }, { exp: now - 3600 });
}

/** docs/architecture.md#the-api-contract: a client error has its status and the body {msg, code, errors?} — never a 500. */
export function expectClientError(res: LightMyRequestResponse, status: number, code?: string): { msg: string; code: string } {
  expect(res.statusCode, `${res.statusCode} ${res.body}`).toBe(status);
  const body = res.json();
  expect(body).toEqual(expect.objectContaining({ msg: expect.any(String), code: expect.any(String) }));
  expect(body.msg.length).toBeGreaterThan(0);
  if (code) expect(body.code).toBe(code);
  return body;
}

/** A Door-less, promo-less order line for one product. */
export const orderBody = (productId: number, overrides: Record<string, unknown> = {}) => ({
  product_id: productId,
  qty: 1,
  size_id: 1,
  delivery_id: 1,
  payment_id: 1,
  ...overrides,
});
