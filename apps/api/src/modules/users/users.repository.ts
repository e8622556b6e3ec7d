import { type Profile, type ProfilePatch, type Role, STATUS } from '@kopi/shared';
import { eq, sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export async function insertUser(
  db: Db,
  user: { email: string; password_hash: string | null; phone?: string; role: Role; display_name?: string },
): Promise<number> {
  const [row] = await db.insert(users).values(user).returning({ id: users.id });
  return row!.id;
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return !!row;
}

/** Makes the account an Admin, creating it with this password when it does not exist yet. */
export async function upsertAdmin(db: Db, email: string, passwordHash: string): Promise<void> {
  await db
    .insert(users)
    .values({ email, password_hash: passwordHash, role: 'Admin', display_name: 'Admin' })
    .onConflictDoUpdate({ target: users.email, set: { role: 'Admin' } });
}

export async function listUsers(db: Db, limit: number, offset: number) {
  const [items, [count]] = await Promise.all([
    rows<{ id: number; email: string; role: string; display_name: string | null; phone: string | null; created_at: string }>(
      db,
      sql`select id, email, role, display_name, phone,
            to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
          from users order by id limit ${limit} offset ${offset}`,
    ),
    rows<{ total: number }>(db, sql`select count(*)::int as total from users`),
  ]);
  return { items, total: count!.total };
}

/** The profile with "Has been ordered N products": units in the customer's orders that were not cancelled. */
export async function findProfile(db: Db, id: number): Promise<Profile | undefined> {
  const [profile] = await rows<Profile>(
    db,
    sql`select u.id, u.email, u.role, u.display_name, u.first_name, u.last_name, u.address, u.phone,
          u.birthday::text as birthday, u.gender, u.image,
          coalesce((select sum(i.qty) from transactions t join transaction_items i on i.transaction_id = t.id
                    where t.user_id = u.id and t.status_id <> ${STATUS.cancelled}), 0)::int as orders_count
        from users u where u.id = ${id}`,
  );
  return profile;
}

export async function updateProfile(db: Db, id: number, patch: ProfilePatch & { image?: string }): Promise<void> {
  await db.update(users).set(patch).where(eq(users.id, id));
}
