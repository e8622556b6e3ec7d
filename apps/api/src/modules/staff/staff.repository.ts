import { STAFF_ROLES, type StaffMember } from '@kopi/shared';
import { sql } from 'drizzle-orm';
import { type Db, rows, sqlArray } from '../../db/client.ts';

// The staff: accounts with a role beside the customer's, their PINs and whether they are active
// (docs/shop-rules.md#staff-and-roles).

const NAME = sql`coalesce(nullif(u.first_name, ''), nullif(u.display_name, ''), split_part(u.email, '@', 1))`;
const MEMBER_COLUMNS = sql`u.id, u.email, ${NAME} as name, u.role, u.active, u.pin_hash is not null as has_pin,
  to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`;
const STAFF = sqlArray(STAFF_ROLES, 'text[]');

/** The members of staff, Admins first, then by name. */
export async function listStaff(db: Db): Promise<StaffMember[]> {
  return rows<StaffMember>(
    db,
    sql`select ${MEMBER_COLUMNS} from users u where u.role = any(${STAFF})
        order by array_position(${STAFF}, u.role), lower(${NAME}), u.id`,
  );
}

export async function findMember(db: Db, id: number): Promise<StaffMember | undefined> {
  const [row] = await rows<StaffMember>(db, sql`select ${MEMBER_COLUMNS} from users u where u.id = ${id}`);
  return row;
}

/** An account by its e-mail: its id and role (a customer's, or a member's). */
export async function findAccountByEmail(db: Db, email: string): Promise<{ id: number; role: string } | undefined> {
  const [row] = await rows<{ id: number; role: string }>(db, sql`select id, role from users where email = ${email}`);
  return row;
}

/** A new member without a password (they sign in with their PIN on a till, or set one by a reset link). */
export async function insertMember(db: Db, member: { email: string; first_name: string; role: string; pin_hash: string }): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`insert into users (email, first_name, role, pin_hash) values (${member.email}, ${member.first_name}, ${member.role}, ${member.pin_hash})
        returning id`,
  );
  return row!.id;
}

/**
 * Changes a member; `endSessions` moves the account's session epoch, which ends its sessions and
 * streams on every instance (docs/decisions/session-epoch.md). False when there is no such account.
 */
export async function updateMember(
  db: Db,
  id: number,
  change: { role?: string; pin_hash?: string; active?: boolean; first_name?: string },
  endSessions: boolean,
): Promise<boolean> {
  const changed = await rows(
    db,
    sql`update users set role = coalesce(${change.role ?? null}, role), pin_hash = coalesce(${change.pin_hash ?? null}, pin_hash),
          active = coalesce(${change.active ?? null}::boolean, active), first_name = coalesce(${change.first_name ?? null}, first_name),
          session_epoch = session_epoch + ${endSessions ? 1 : 0}
        where id = ${id} returning id`,
  );
  return changed.length > 0;
}

/** The active Admins, locked until the end of the transaction: two demotions at once cannot both leave none. */
export async function lockActiveAdmins(db: Db): Promise<number[]> {
  const found = await rows<{ id: number }>(db, sql`select id from users where role = 'Admin' and active order by id for update`);
  return found.map((row) => row.id);
}

/** What checking a member's PIN needs: its hash, and who they are now. */
export async function findPin(
  db: Db,
  id: number,
): Promise<{ id: number; name: string; role: string; active: boolean; pin_hash: string | null; session_epoch: number } | undefined> {
  const [row] = await rows<{ id: number; name: string; role: string; active: boolean; pin_hash: string | null; session_epoch: number }>(
    db,
    sql`select u.id, ${NAME} as name, u.role, u.active, u.pin_hash, u.session_epoch from users u where u.id = ${id}`,
  );
  return row;
}
