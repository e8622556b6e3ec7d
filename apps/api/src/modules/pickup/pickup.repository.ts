import { STATUS, type StatusId } from '@kopi/shared';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.ts';

/**
 * The pick-up screen's orders: Preparing ones oldest first, and Ready ones (until `readyMinutes`
 * after they became Ready) in the order they became so; only each one's number and a first name.
 */
export async function loadPickupBoard(db: Db, readyMinutes: number): Promise<{ status_id: StatusId; number: number; name: string }[]> {
  return rows(
    db,
    sql`select t.status_id, t.number,
          coalesce(split_part(trim(t.guest_name), ' ', 1), nullif(split_part(trim(u.first_name), ' ', 1), ''),
                   nullif(split_part(trim(u.display_name), ' ', 1), ''), '') as name
        from transactions t left join users u on u.id = t.user_id
        where t.status_id = ${STATUS.preparing}
           or (t.status_id = ${STATUS.ready} and t.updated_at > now() - make_interval(mins => ${readyMinutes}))
        order by t.status_id, case when t.status_id = ${STATUS.ready} then t.updated_at else t.created_at end, t.id`,
  );
}
