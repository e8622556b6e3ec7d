import { STATUS, type StatusId } from '@kopi/shared';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.ts';

/** An order on the pick-up screen, with the names it could be called by (the screen shows one first name). */
export interface PickupRow {
  status_id: StatusId;
  number: number;
  guest_name: string | null;
  first_name: string | null;
  display_name: string | null;
}

/**
 * The pick-up screen's orders: Preparing ones oldest first, and Ready ones (until `readyMinutes`
 * after they became Ready) in the order they became so, with their customer's names.
 */
export async function loadPickupBoard(db: Db, readyMinutes: number): Promise<PickupRow[]> {
  return rows(
    db,
    sql`select t.status_id, t.number, t.guest_name, u.first_name, u.display_name
        from transactions t left join users u on u.id = t.user_id
        where t.status_id = ${STATUS.preparing}
           or (t.status_id = ${STATUS.ready} and t.updated_at > now() - make_interval(mins => ${readyMinutes}))
        order by t.status_id, case when t.status_id = ${STATUS.ready} then t.updated_at else t.created_at end, t.id`,
  );
}
