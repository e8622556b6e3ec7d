import { DEFAULT_MONTHLY_REVENUE_GOAL, SLOT_MINUTES, STATUS } from '@kopi/shared';
import { sql } from 'drizzle-orm';
import { type Db, rows, sqlArray } from '../../db/client.ts';

const SLOT_LOCK = 727_276; // with the slot's start in minutes: serialises the orders of one slot

/**
 * Held until the end of the transaction, so that two orders for one slot cannot both see its last
 * free place. The key is the slot's start in minutes since 1970, far below 2^31 for centuries.
 */
export async function lockSlot(db: Db, start: Date): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${SLOT_LOCK}, ${Math.floor(start.getTime() / 60_000)})`);
}

/** How many orders each slot (given by its start) holds; cancelled orders free their place. */
export async function countSlotOrders(db: Db, starts: readonly Date[]): Promise<Map<number, number>> {
  if (starts.length === 0) return new Map();
  const found = await rows<{ start: string; orders: number }>(
    db,
    sql`select to_char(s.start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as start, count(t.id)::int as orders
        from unnest(${sqlArray(
          starts.map((start) => start.toISOString()),
          'text[]',
        )}::timestamptz[]) as s(start)
        left join transactions t on t.scheduled_for >= s.start
          and t.scheduled_for < s.start + make_interval(mins => ${SLOT_MINUTES})
          and t.status_id <> ${STATUS.cancelled}
        group by s.start`,
  );
  return new Map(found.map((row) => [Date.parse(row.start), row.orders]));
}

/** The owner's monthly revenue goal, integer rupiah: shop_settings' row once an admin set it, else the default. */
export async function readMonthlyRevenueGoal(db: Db): Promise<number> {
  const [row] = await rows<{ goal: string }>(db, sql`select monthly_revenue_goal as goal from shop_settings where id = 1`);
  return Number(row?.goal ?? DEFAULT_MONTHLY_REVENUE_GOAL);
}

export async function writeMonthlyRevenueGoal(db: Db, goal: number, at: Date): Promise<number> {
  const [row] = await rows<{ goal: string }>(
    db,
    sql`insert into shop_settings (id, monthly_revenue_goal, updated_at) values (1, ${goal}, ${at.toISOString()})
        on conflict (id) do update set monthly_revenue_goal = excluded.monthly_revenue_goal, updated_at = excluded.updated_at
        returning monthly_revenue_goal as goal`,
  );
  return Number(row!.goal);
}

/** The channel on which a change of the owner's settings is announced: every instance reads them again. */
export const SHOP_SETTINGS_CHANNEL = 'shop_settings';

/** The settings document as the database keeps it (null before a first start wrote one). */
export async function readSettings(db: Db): Promise<unknown> {
  const [row] = await rows<{ settings: unknown }>(db, sql`select settings from shop_settings where id = 1`);
  const settings = row?.settings ?? null;
  return typeof settings === 'string' ? JSON.parse(settings) : settings;
}

/** Writes a first settings document, unless the shop has one already: the first values of a new shop. */
export async function initSettings(db: Db, settings: object): Promise<void> {
  await db.execute(sql`insert into shop_settings (id, settings) values (1, ${JSON.stringify(settings)}::jsonb)
    on conflict (id) do update set settings = coalesce(shop_settings.settings, excluded.settings)`);
}

/** The settings as stored, their row locked until the end of the transaction (null when there is none yet). */
export async function lockSettings(db: Db): Promise<unknown> {
  const [row] = await rows<{ settings: unknown }>(db, sql`select settings from shop_settings where id = 1 for update`);
  const settings = row?.settings ?? null;
  return typeof settings === 'string' ? JSON.parse(settings) : settings;
}

/** Stores the settings and announces them to every instance, in one statement. */
export async function writeSettings(db: Db, settings: object, at: Date): Promise<void> {
  await db.execute(sql`with saved as (
      insert into shop_settings (id, settings, updated_at) values (1, ${JSON.stringify(settings)}::jsonb, ${at.toISOString()})
      on conflict (id) do update set settings = excluded.settings, updated_at = excluded.updated_at returning id)
    select pg_notify(${SHOP_SETTINGS_CHANNEL}, '{}') from saved`);
}
