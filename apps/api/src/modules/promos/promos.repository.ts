import { type Promo, type PromoFields, type PromoPatch, STATUS } from '@kopi/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.ts';
import { promos } from '../../db/schema.ts';

/**
 * A promo is active through its last day, `today` being the shop's date (docs/shop-rules.md#coupons),
 * never the database server's.
 */
const active = (today: string) => sql`(duration >= ${today}::date)`;
const columns = (today: string) =>
  sql`id, promo_name, code, description, indonesian_name, indonesian_description, discount, duration::text as duration, min_price,
      delivery_ids::int[] as delivery_ids, new_customers_only, members_only, image, ${active(today)} as active`;

/** A promo as the database reads it: its texts in both languages, the English under the spec's names. */
export type PromoRow = Omit<Promo, 'texts'> & { indonesian_name: string; indonesian_description: string };

export async function listPromos(db: Db, includeExpired: boolean, today: string): Promise<PromoRow[]> {
  return rows<PromoRow>(
    db,
    sql`select ${columns(today)} from promos where deleted_at is null
        ${includeExpired ? sql`` : sql`and ${active(today)}`}
        order by ${active(today)} desc, duration, id`,
  );
}

export async function findPromo(db: Db, id: number, today: string): Promise<PromoRow | undefined> {
  const [promo] = await rows<PromoRow>(db, sql`select ${columns(today)} from promos where id = ${id} and deleted_at is null`);
  return promo;
}

/** What the rules of a coupon ask about the customer who uses it. */
export interface CustomerFacts {
  /** Orders that were not cancelled: none makes this a first order. */
  orders: number;
  /** The total of the customer's Done orders (docs/shop-rules.md#the-member-card). */
  spent: number;
  /** Whether an order of the customer since `dayStart` (not cancelled) used a coupon. */
  used_coupon_today: boolean;
}

/**
 * The promo (undefined when there is none on offer by that id) and the facts its rules need about the
 * customer, in one round trip: the order path stays as short as it was.
 */
export async function loadPromoCheck(
  db: Db,
  promoId: number,
  userId: number,
  today: string,
  dayStart: Date,
): Promise<{ promo: PromoRow | undefined; facts: CustomerFacts }> {
  const [row] = await rows<{ promo: PromoRow | null } & Omit<CustomerFacts, 'spent'> & { spent: string | number }>(
    db,
    sql`select
          (select row_to_json(p) from (select ${columns(today)} from promos where id = ${promoId} and deleted_at is null) p) as promo,
          count(*) filter (where t.status_id <> ${STATUS.cancelled})::int as orders,
          coalesce(sum(t.total) filter (where t.status_id = ${STATUS.done}), 0) as spent,
          coalesce(bool_or(t.promo_id is not null and t.status_id <> ${STATUS.cancelled}
                           and t.created_at >= ${dayStart.toISOString()}::timestamptz), false) as used_coupon_today
        from transactions t where t.user_id = ${userId}`,
  );
  const { promo, spent, ...facts } = row!;
  return { promo: promo ?? undefined, facts: { ...facts, spent: Number(spent) } };
}

export async function codeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  const [row] = await rows<{ taken: boolean }>(
    db,
    sql`select exists(select 1 from promos where code = ${code} and deleted_at is null
        ${exceptId ? sql`and id <> ${exceptId}` : sql``}) as taken`,
  );
  return row!.taken;
}

export async function insertPromo(db: Db, fields: PromoFields & { image: string }): Promise<number> {
  const [row] = await db.insert(promos).values(fields).returning({ id: promos.id });
  return row!.id;
}

export async function updatePromo(db: Db, id: number, patch: PromoPatch & { image?: string }): Promise<boolean> {
  const changed = await db
    .update(promos)
    .set(patch)
    .where(and(eq(promos.id, id), isNull(promos.deleted_at)))
    .returning({ id: promos.id });
  return changed.length > 0;
}

export async function softDeletePromo(db: Db, id: number): Promise<boolean> {
  const changed = await db
    .update(promos)
    .set({ deleted_at: sql`now()` })
    .where(and(eq(promos.id, id), isNull(promos.deleted_at)))
    .returning({ id: promos.id });
  return changed.length > 0;
}
