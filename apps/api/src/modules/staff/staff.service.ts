import { type CreateStaffInput, ROLES, type Role, STAFF_ROLES, type StaffMember, type UpdateStaffInput } from '@kopi/shared';
import type { Db } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { phrase } from '../../lib/i18n.ts';
import type { RateLimiter } from '../auth/auth.service.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { findAccountByEmail, findMember, findPin, insertMember, listStaff, lockActiveAdmins, updateMember } from './staff.repository.ts';

// Staff who each do their own job (docs/shop-rules.md#staff-and-roles): the owner adds members (or
// gives an account a role), changes their role or PIN, deactivates them; a PIN opens a shared
// counter device, and an Admin's PIN approves a refund at the counter.

/** Wrong PINs for one name on one device before it is locked, and for how long. */
export const PIN_TRIES = 5;
export const PIN_LOCK_SECONDS = 300;

const isStaff = (role: string) => (STAFF_ROLES as readonly string[]).includes(role);

export function staffList(db: Db): Promise<StaffMember[]> {
  return listStaff(db);
}

/** POST /staff: a new member, or an account (a customer's) given a role; a member already is a 409. */
export async function addMember(db: Db, input: CreateStaffInput): Promise<StaffMember> {
  const pin_hash = await hashPassword(input.pin);
  const id = await db.transaction(async (trx) => {
    const tx = trx as Db;
    const account = await findAccountByEmail(tx, input.email);
    if (!account) return insertMember(tx, { email: input.email, first_name: input.first_name, role: input.role, pin_hash });
    if (isStaff(account.role)) throw conflict(phrase('server.staffExists', { email: input.email }));
    // A customer becomes a member: their sessions end, so that every screen reads the new role.
    await updateMember(tx, account.id, { role: input.role, pin_hash }, true);
    return account.id;
  });
  return (await findMember(db, id))!;
}

/**
 * PATCH /staff/:id: a role (User takes it away), a PIN, active or not, a name. A change of role or a
 * deactivation ends the member's sessions and streams at once. The last active Admin is never demoted
 * nor deactivated (409): the shop would have no owner.
 */
export async function changeMember(db: Db, id: number, change: UpdateStaffInput): Promise<StaffMember> {
  const pin_hash = change.pin ? await hashPassword(change.pin) : undefined;
  await db.transaction(async (trx) => {
    const tx = trx as Db;
    const member = await findMember(tx, id);
    if (!member || (!isStaff(member.role) && change.role === undefined)) throw notFound('server.staffNotFound');
    const endsAdmin =
      member.role === ROLES.admin && member.active && ((change.role && change.role !== ROLES.admin) || change.active === false);
    if (endsAdmin && (await lockActiveAdmins(tx)).filter((admin) => admin !== id).length === 0) {
      throw conflict('server.lastAdmin');
    }
    const roleChanges = change.role !== undefined && change.role !== member.role;
    const deactivates = change.active === false && member.active;
    await updateMember(
      tx,
      id,
      { role: change.role, pin_hash, active: change.active, first_name: change.first_name },
      roleChanges || deactivates,
    );
  });
  return (await findMember(db, id))!;
}

/** A member who typed their PIN right: who they are now. */
export interface Verified {
  id: number;
  name: string;
  role: Role;
  epoch: number;
}

/**
 * Checks a member's PIN typed on a device (`where`: the till, or the approval asked there). Five
 * wrong in a row lock that name there for five minutes (429); a right one forgets the wrong ones.
 * A wrong PIN, an unknown or deactivated member, or one without a PIN are one answer (401), which
 * says what five wrong ones do.
 */
export async function verifyPin(db: Db, limiter: RateLimiter, where: string, userId: number, pin: string): Promise<Verified> {
  const key = `pin:${where}:user:${userId}`;
  await limiter.refuseIfUsedUp(key, PIN_TRIES, PIN_LOCK_SECONDS);
  const member = await findPin(db, userId);
  const ok = !!member?.pin_hash && member.active && isStaff(member.role) && (await verifyPassword(member.pin_hash, pin));
  if (!ok || !member) {
    await limiter.count(key, PIN_LOCK_SECONDS);
    throw new AppError('pin_wrong', phrase('server.pinWrong'));
  }
  await limiter.reset(key);
  return { id: member.id, name: member.name, role: member.role as Role, epoch: member.session_epoch };
}
