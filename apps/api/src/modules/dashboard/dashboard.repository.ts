import { ROLES, STATUS } from '@kopi/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.ts';

// The dashboard's figures, computed by the database over the indexes of migration 0011
// (docs/shop-rules.md#the-owners-dashboard). Every period is a half-open range [start, end) of
// instants the service computed in the shop's zone; an order belongs to the period it was placed in.

export interface Range {
  start: Date;
  end: Date;
}

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/**
 * An array of instants as typed parameters: a constant to the planner. (A text[] cast to
 * timestamptz[] is only stable, so it would be parsed again for every row.)
 */
const instants = (values: readonly Date[]) => sql`array[${sql.join(values.map(at), sql`, `)}]`;

export interface BucketFigures {
  orders: number;
  done: number;
  cancelled: number;
  revenue: number;
}

/**
 * Orders, Done, Cancelled and revenue of each bucket between consecutive `bounds` (the series'
 * starts and the current period's end), in one range scan of transactions_created_idx.
 */
export async function bucketFigures(db: Db, bounds: readonly Date[]): Promise<BucketFigures[]> {
  const found = await rows<{ bucket: number; orders: number; done: number; cancelled: number; revenue: string }>(
    db,
    sql`select width_bucket(created_at, ${instants(bounds)}) as bucket,
          count(*)::int as orders,
          count(*) filter (where status_id = ${STATUS.done})::int as done,
          count(*) filter (where status_id = ${STATUS.cancelled})::int as cancelled,
          coalesce(sum(total) filter (where status_id = ${STATUS.done}), 0)::bigint as revenue
        from transactions
        where created_at >= ${at(bounds[0]!)} and created_at < ${at(bounds[bounds.length - 1]!)}
        group by 1`,
  );
  const buckets = Array.from({ length: bounds.length - 1 }, () => ({ orders: 0, done: 0, cancelled: 0, revenue: 0 }));
  for (const row of found) {
    buckets[row.bucket - 1] = { orders: row.orders, done: row.done, cancelled: row.cancelled, revenue: Number(row.revenue) };
  }
  return buckets;
}

/** Revenue of the Done orders placed in a range (the goal's month). */
export async function revenueIn(db: Db, range: Range): Promise<number> {
  const [row] = await rows<{ revenue: string }>(
    db,
    sql`select coalesce(sum(total), 0)::bigint as revenue from transactions
        where created_at >= ${at(range.start)} and created_at < ${at(range.end)} and status_id = ${STATUS.done}`,
  );
  return Number(row!.revenue);
}

/**
 * Mean minutes from an order's Pending event to its Ready event, for the orders placed in the
 * previous and in the current range (consecutive); null where no order was Ready. An order moved
 * to Done without Ready is left out: its Done time includes the wait for the customer, not only the
 * making. An order is placed when its Pending event is written, so two index-only scans of
 * order_events_status_at_cover_idx joined by order answer, without the tables.
 */
export async function prepMinutes(db: Db, previous: Range, current: Range): Promise<{ current: number | null; previous: number | null }> {
  const minutes = sql`extract(epoch from r.at - p.at) / 60`;
  const [row] = await rows<{ current: number | null; previous: number | null }>(
    db,
    sql`select avg(${minutes}) filter (where p.at >= ${at(current.start)})::float8 as current,
               avg(${minutes}) filter (where p.at < ${at(current.start)})::float8 as previous
        from order_events p
        join order_events r on r.transaction_id = p.transaction_id and r.status_id = ${STATUS.ready} and r.at >= ${at(previous.start)}
        where p.status_id = ${STATUS.pending} and p.at >= ${at(previous.start)} and p.at < ${at(current.end)}`,
  );
  return { current: row?.current ?? null, previous: row?.previous ?? null };
}

export interface BestSeller {
  product_id: number;
  product_name: string;
  image: string;
  units: number;
  revenue: number;
}

/** The 5 products with the most units in the Done orders placed in a range. */
export async function bestSellers(db: Db, range: Range): Promise<BestSeller[]> {
  const found = await rows<Omit<BestSeller, 'revenue'> & { revenue: string }>(
    db,
    sql`select s.product_id, p.product_name, p.image, s.units, s.revenue
        from (
          select i.product_id, sum(i.qty)::int as units, sum(i.line_total)::bigint as revenue
          from transactions t join transaction_items i on i.transaction_id = t.id
          where t.created_at >= ${at(range.start)} and t.created_at < ${at(range.end)} and t.status_id = ${STATUS.done}
          group by i.product_id
          order by units desc, revenue desc, i.product_id
          limit 5
        ) s join products p on p.id = s.product_id
        order by s.units desc, s.revenue desc, s.product_id`,
  );
  return found.map((row) => ({ ...row, revenue: Number(row.revenue) }));
}

/**
 * Orders placed in each hour between consecutive `hours` (the current period's hour boundaries):
 * a binary search per row, half the cost of converting every row to the shop's zone. Hours without
 * an order are left out; `bucket` is 1 for the first hour.
 */
export async function ordersByHour(db: Db, hours: readonly Date[]): Promise<{ bucket: number; orders: number }[]> {
  return rows(
    db,
    sql`select width_bucket(created_at, ${instants(hours)}) as bucket, count(*)::int as orders
        from transactions where created_at >= ${at(hours[0]!)} and created_at < ${at(hours[hours.length - 1]!)}
        group by 1`,
  );
}

export interface StaffFigure {
  id: number;
  display_name: string;
  image: string | null;
  orders: number;
}

/** The admin with the most Done events in a range (the lower id on a tie), or undefined. */
export async function bestStaff(db: Db, range: Range): Promise<StaffFigure | undefined> {
  const [row] = await rows<StaffFigure>(
    db,
    sql`select u.id, coalesce(nullif(u.display_name, ''), split_part(u.email, '@', 1)) as display_name, u.image, s.orders
        from (
          select by_user_id, count(*)::int as orders from order_events
          where status_id = ${STATUS.done} and at >= ${at(range.start)} and at < ${at(range.end)} and by_user_id is not null
          group by by_user_id
        ) s join users u on u.id = s.by_user_id and u.role = ${ROLES.admin}
        order by s.orders desc, u.id
        limit 1`,
  );
  return row;
}

/** One line of the report, as the CSV writes it. */
export interface ReportLine {
  order_id: number;
  cursor_at: string;
  placed_at: string;
  customer: string;
  status_id: number;
  delivery_id: number;
  payment_id: number;
  product_name: string;
  size_id: number;
  add_ons: string;
  qty: number;
  unit_price: number;
  line_total: string;
  discount: string;
  total: string;
}

/** The add-ons of a line (alias `i`) as one cell, in the order they were added: "Oat Milk ×2; Extra Shot". */
function lineAddOns(): SQL {
  return sql`coalesce((
    select string_agg(ap.product_name || case when a.qty > 1 then ' ×' || a.qty else '' end, '; ' order by a.id)
    from transaction_item_addons a join products ap on ap.id = a.product_id
    where a.transaction_item_id = i.id
  ), '')`;
}

export interface ReportCursor {
  at: string;
  id: number;
}

/**
 * The lines of up to `orders` orders placed in a range after `after` (keyset on created_at, id), in
 * the order they were placed. Each batch is one query, so no connection is held between batches
 * and a report of any size never sits in memory (docs/shop-rules.md#the-report).
 */
export async function reportBatch(
  db: Db,
  range: Range,
  timezone: string,
  after: ReportCursor | null,
  orders: number,
): Promise<ReportLine[]> {
  const keyset = after ? sql`and (created_at, id) > (${after.at}::timestamptz, ${after.id})` : sql``;
  return rows<ReportLine>(
    db,
    sql`select t.id as order_id, t.created_at::text as cursor_at,
               to_char(t.created_at at time zone ${timezone}, 'YYYY-MM-DD HH24:MI:SS') as placed_at,
               coalesce(nullif(u.display_name, ''), u.email) as customer,
               t.status_id, t.delivery_id, t.payment_id, p.product_name, i.size_id, ${lineAddOns()} as add_ons,
               i.qty, i.unit_price, i.line_total, t.discount, t.total
        from (
          select * from transactions
          where created_at >= ${at(range.start)} and created_at < ${at(range.end)} ${keyset}
          order by created_at, id
          limit ${orders}
        ) t
        join users u on u.id = t.user_id
        join transaction_items i on i.transaction_id = t.id
        join products p on p.id = i.product_id
        order by t.created_at, t.id, i.id`,
  );
}

/** How many lines the report of a range has (the download's progress reads it). */
export async function reportLineCount(db: Db, range: Range): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from transactions t join transaction_items i on i.transaction_id = t.id
        where t.created_at >= ${at(range.start)} and t.created_at < ${at(range.end)}`,
  );
  return row!.n;
}
