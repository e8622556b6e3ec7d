import type { Till } from '@kopi/shared';
import { sql } from 'drizzle-orm';
import { type Db, rows, sqlArray } from '../../db/client.ts';

// Shared counter devices (docs/shop-rules.md#staff-and-roles): a name, and the sha256 of the key the
// device keeps.

const COLUMNS = sql`id, name, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`;

/** A new till; undefined when a till in use has that name already (in any letter case). */
export async function insertTill(db: Db, name: string, keyHash: string): Promise<Till | undefined> {
  const [row] = await rows<Till>(
    db,
    sql`insert into tills (name, key_hash) values (${name}, ${keyHash})
        on conflict (lower(name)) where deleted_at is null do nothing returning ${COLUMNS}`,
  );
  return row;
}

export async function listTills(db: Db): Promise<Till[]> {
  return rows<Till>(db, sql`select ${COLUMNS} from tills where deleted_at is null order by lower(name), id`);
}

/** Takes a till out of use: its key stops working at once. False when there is none. */
export async function softDeleteTill(db: Db, id: number): Promise<boolean> {
  const changed = await rows(db, sql`update tills set deleted_at = now() where id = ${id} and deleted_at is null returning id`);
  return changed.length > 0;
}

/** The till in use whose key hashes to `keyHash`. */
export async function findTillByKeyHash(db: Db, keyHash: string): Promise<Till | undefined> {
  const [row] = await rows<Till>(db, sql`select ${COLUMNS} from tills where key_hash = ${keyHash} and deleted_at is null`);
  return row;
}

/** Whether a till is in use. */
export async function tillInUse(db: Db, id: number): Promise<boolean> {
  const [row] = await rows(db, sql`select 1 from tills where id = ${id} and deleted_at is null`);
  return !!row;
}

/** The members who may switch a device on: active, with a PIN, of the roles given. */
export async function membersWithPin(db: Db, roles: readonly string[]): Promise<{ id: number; name: string; role: string }[]> {
  return rows(
    db,
    sql`select u.id, coalesce(nullif(u.first_name, ''), nullif(u.display_name, ''), split_part(u.email, '@', 1)) as name, u.role
        from users u where u.active and u.pin_hash is not null and u.role = any(${sqlArray(roles, 'text[]')})
        order by lower(coalesce(nullif(u.first_name, ''), nullif(u.display_name, ''), u.email)), u.id`,
  );
}
