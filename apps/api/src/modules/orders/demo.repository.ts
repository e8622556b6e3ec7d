import { EVENT_KIND, STATUS, type StatusId } from '@kopi/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

// The demo shop's past orders (seed/seed.ts): placed as any order is, then set in the past. Only the
// seed of an empty database calls these.

/** An order just placed is given its status and its time `secondsAgo`, as if it had been placed then. */
export async function backdateOrder(db: Db, id: number, status: StatusId, secondsAgo: number, byUserId: number): Promise<void> {
  await db.execute(sql`update transactions set status_id = ${status}, created_at = now() - make_interval(secs => ${secondsAgo})
    where id = ${id}`);
  // Its history goes back with it, and a finished order was finished by someone, a quarter of an hour
  // later: the dashboard's "done" and its best staff read the same orders
  // (docs/decisions/spec-fidelity.md#rough-edges-dead-ends-words-and-dates).
  await db.execute(sql`update order_events set at = at - make_interval(secs => ${secondsAgo}) where transaction_id = ${id}`);
  if (status === STATUS.done || status === STATUS.cancelled) {
    await db.execute(sql`insert into order_events (transaction_id, status_id, at, by_user_id, kind)
      values (${id}, ${status}, now() - make_interval(secs => ${secondsAgo}) + interval '15 minutes', ${byUserId}, ${EVENT_KIND.move})`);
  }
}

/**
 * Every order takes its number on its own shop day (in `timeZone`), as it would have, and each day's
 * next order its last number plus one (apps/api/sql/number_order.sql).
 */
export async function numberOrdersByDay(db: Db, timeZone: string): Promise<void> {
  await db.execute(sql`update transactions set number = -id`);
  await db.execute(sql`update transactions t set shop_day = n.day, number = n.number
    from (select id, (created_at at time zone ${timeZone})::date as day,
            row_number() over (partition by (created_at at time zone ${timeZone})::date order by created_at, id) as number
          from transactions) n
    where n.id = t.id`);
  await db.execute(sql`delete from order_numbers`);
  await db.execute(sql`insert into order_numbers (shop_day, base)
    select shop_day, (select last_value from order_number_seq) - max(number) from transactions group by shop_day`);
}
