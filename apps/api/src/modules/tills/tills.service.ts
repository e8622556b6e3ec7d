import { createHash, randomBytes } from 'node:crypto';
import { STAFF_ROLES, type Till, type TillDevice } from '@kopi/shared';
import type { Db } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { phrase } from '../../lib/i18n.ts';
import type { AuthService, RateLimiter } from '../auth/auth.service.ts';
import { verifyPin } from '../staff/staff.service.ts';
import { findTillByKeyHash, insertTill, listTills, membersWithPin, softDeleteTill } from './tills.repository.ts';

// Shared counter devices (docs/shop-rules.md#staff-and-roles). An Admin signs a device in as a till
// once: it keeps a key (256 random bits, stored hashed). From then on the staff switch it on by their
// name and PIN: a session of that member on that till, which lasts one shift at most.

/** A session opened on a till lasts this long at most: a shift. */
export const TILL_SESSION_SECONDS = 12 * 3600;

const hashOf = (key: string) => createHash('sha256').update(key).digest('base64url');

/** POST /tills: a till named, and its key, shown once (the device keeps it). */
export async function registerTill(db: Db, name: string): Promise<{ till: Till; device_key: string }> {
  const device_key = randomBytes(32).toString('base64url');
  const till = await insertTill(db, name, hashOf(device_key));
  if (!till) throw conflict(phrase('server.tillNameTaken', { name }));
  return { till, device_key };
}

export const tills = listTills;

export async function deleteTill(db: Db, id: number): Promise<void> {
  if (!(await softDeleteTill(db, id))) throw notFound('server.tillNotFound');
}

/** The till whose key a device sent; an unknown or deleted one is a 401 (the device signs in again). */
export async function tillOfKey(db: Db, key: string | undefined): Promise<Till> {
  const till = key ? await findTillByKeyHash(db, hashOf(key)) : undefined;
  if (!till) throw new AppError('till_unknown', 'server.tillUnknown');
  return till;
}

/** GET /tills/device: the device's till and the names that may switch it on (every active member with a PIN). */
export async function deviceStaff(db: Db, till: Till): Promise<TillDevice> {
  return { till, staff: await membersWithPin(db, STAFF_ROLES) };
}

/**
 * POST /tills/device/unlock: a member switches the device on with their PIN (five wrong lock that
 * name on this till for five minutes): a session of theirs on this till, for one shift at most.
 */
export async function unlockTill(db: Db, limiter: RateLimiter, auth: AuthService, till: Till, userId: number, pin: string) {
  const member = await verifyPin(db, limiter, `till:${till.id}`, userId, pin);
  const token = await auth.issueToken(member.id, member.role, member.epoch, { till: till.id, ttlSeconds: TILL_SESSION_SECONDS });
  return { token, user: { id: member.id, name: member.name, role: member.role }, till };
}
