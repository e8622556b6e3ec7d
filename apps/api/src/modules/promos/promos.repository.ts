import type { Promo, PromoFields, PromoPatch } from '@kopi/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.ts';
import { promos } from '../../db/schema.ts';

/** A promo is active through the last day of its duration (the shop's dates are calendar days). */
const ACTIVE = sql`(duration >= current_date)`;
const COLUMNS = sql`id, promo_name, code, description, discount, duration::text as duration, min_price, image, ${ACTIVE} as active`;

export async function listPromos(db: Db, includeExpired: boolean): Promise<Promo[]> {
  return rows<Promo>(
    db,
    sql`select ${COLUMNS} from promos where deleted_at is null
        ${includeExpired ? sql`` : sql`and ${ACTIVE}`}
        order by ${ACTIVE} desc, duration, id`,
  );
}

export async function findPromo(db: Db, id: number): Promise<Promo | undefined> {
  const [promo] = await rows<Promo>(db, sql`select ${COLUMNS} from promos where id = ${id} and deleted_at is null`);
  return promo;
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
