// The order events as the live streams read them (docs/decisions/order-promise.md#event-delivery):
// the newest, those after a cursor with the snapshot they were read in, and the announcement of new
// orders to every instance.
import type { EventKind, StatusId } from '@kopi/shared';
import { sql } from 'drizzle-orm';
import { type Db, intArray, rows } from '../../db/client.ts';

/** The channel on which order events are announced (migration 0013's trigger, and announceNewEvents). */
export const ORDER_EVENTS_CHANNEL = 'order_events';

/**
 * Tells every instance that new orders were stored: each reads the events it has not seen from the
 * table (migration 0014 says why new orders are not announced one by one).
 */
export async function announceNewEvents(db: Db, upTo: number): Promise<void> {
  await db.execute(sql`select pg_notify(${ORDER_EVENTS_CHANNEL}, ${JSON.stringify({ catch_up: true, up_to: upTo })})`);
}

/** The newest committed order event's id, 0 when there is none. */
export async function latestEventId(db: Db): Promise<number> {
  const [row] = await rows<{ id: string | number | null }>(db, sql`select max(id) as id from order_events`);
  return Number(row?.id ?? 0);
}

/** The newest order event's id (0 when there is none), and the `window` ids below it as read in one snapshot (see readEvents). */
export async function latestEvents(db: Db, window: number): Promise<EventRead & { latest: number }> {
  const latest = await latestEventId(db);
  return { latest, ...(await readEvents(db, Math.max(0, latest - window), [], window + 1)) };
}

export interface EventRef {
  id: number;
  transaction_id: number;
  status_id: StatusId;
  kind: EventKind;
  /** The order's customer; null for a guest's. */
  user_id: number | null;
}

/** Order events read at one moment, and which transactions could still commit more (docs/decisions/order-promise.md#event-delivery). */
export interface EventRead {
  events: EventRef[];
  /** Every transaction with an id below this one had ended when the events were read. */
  xmin: number;
  /** No transaction with this id or above had started when the events were read. */
  xmax: number;
}

/**
 * The order events with an id above `above` or among `also`, oldest first, at most `limit`, with the
 * snapshot they were read in: its xmin and xmax tell which of the ids not found may still commit.
 */
export async function readEvents(db: Db, above: number, also: readonly number[], limit: number): Promise<EventRead> {
  const [row] = await rows<{ xmin: string; xmax: string; events: EventRef[] | string }>(
    db,
    sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin, pg_snapshot_xmax(pg_current_snapshot())::text as xmax,
          coalesce((select json_agg(x order by x.id) from (
            select e.id, e.transaction_id, e.status_id, e.kind, t.user_id from order_events e join transactions t on t.id = e.transaction_id
            where e.id > ${above} or e.id = any(${intArray(also, 'bigint[]')}) order by e.id limit ${limit}) x), '[]'::json) as events`,
  );
  const events: EventRef[] = typeof row!.events === 'string' ? JSON.parse(row!.events) : row!.events;
  return { events: events.map((e) => ({ ...e, id: Number(e.id) })), xmin: Number(row!.xmin), xmax: Number(row!.xmax) };
}
