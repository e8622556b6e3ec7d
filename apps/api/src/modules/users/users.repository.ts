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

export interface ProfileRow extends Omit<Profile, 'member' | 'member_progress'> {
  /** The total of the customer's Done orders. */
  spent: number;
  /** When their Done orders first reached `goal` (ISO 8601), or null. */
  reached_at: string | null;
}

/**
 * The profile with "Has been ordered N products" (units in the customer's orders that were not
 * cancelled) and what the member card needs (docs/shop-rules.md#the-member-card): the Done orders'
 * total, and the moment it reached `goal`, adding them up in the order they were done (the Done
 * event's time; an order done before events were recorded counts at its last update).
 */
export async function findProfile(db: Db, id: number, goal: number): Promise<ProfileRow | undefined> {
  const [profile] = await rows<Omit<ProfileRow, 'spent'> & { spent: string | number }>(
    db,
    sql`select u.id, u.email, u.role, u.display_name, u.first_name, u.last_name, u.address, u.phone,
          u.birthday::text as birthday, u.gender, u.image, u.locale,
          coalesce((select sum(i.qty) from transactions t join transaction_items i on i.transaction_id = t.id
                    where t.user_id = u.id and t.status_id <> ${STATUS.cancelled}), 0)::int as orders_count,
          m.spent, to_char(m.reached_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as reached_at
        from users u
        cross join lateral (
          select coalesce(max(r.running), 0) as spent, min(r.done_at) filter (where r.running >= ${goal}) as reached_at
          from (select d.done_at, sum(d.total) over (order by d.done_at, d.id) as running
                from (select t.id, t.total,
                        coalesce((select max(e.at) from order_events e where e.transaction_id = t.id and e.status_id = ${STATUS.done}),
                                 t.updated_at) as done_at
                      from transactions t where t.user_id = u.id and t.status_id = ${STATUS.done}) d) r) m
        where u.id = ${id}`,
  );
  return profile && { ...profile, spent: Number(profile.spent) };
}

export async function updateProfile(db: Db, id: number, patch: ProfilePatch & { image?: string }): Promise<void> {
  await db.update(users).set(patch).where(eq(users.id, id));
}
