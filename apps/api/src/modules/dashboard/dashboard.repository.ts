import { EVENT_KIND, ROLES, STATUS } from '@kopi/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows, sqlArray } from '../../db/client.ts';

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
 * starts and the current period's end), in one range scan of transactions_created_idx; an order
 * awaiting its payment, or cancelled before it was paid, is not counted.
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
        where created_at >= ${at(bounds[0]!)} and created_at < ${at(bounds[bounds.length - 1]!)} and counted
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

/** Pending → Ready of the orders placed in a bucket: the sum in microseconds and how many. */
export interface PrepFigures {
  micros: number;
  count: number;
}

/**
 * Preparation time of the orders placed in each bucket between consecutive `bounds`: an order is
 * placed when its Pending event is written, and its preparation ends at a Ready event after it. An
 * order moved to Done without Ready is left out: its Done time includes the wait for the customer,
 * not only the making. Two index-only scans of order_events_status_at_cover_idx joined by order
 * answer, without the tables; moves only (kind 0: an undo and the move it took back are left out). Sums are whole microseconds, so that days add up exactly.
 */
export async function prepByBucket(db: Db, bounds: readonly Date[]): Promise<PrepFigures[]> {
  const found = await rows<{ bucket: number; micros: string; count: number }>(
    db,
    sql`select width_bucket(p.at, ${instants(bounds)}) as bucket,
          sum((extract(epoch from r.at - p.at) * 1000000)::bigint)::bigint as micros, count(*)::int as count
        from order_events p
        join order_events r on r.transaction_id = p.transaction_id and r.status_id = ${STATUS.ready} and r.kind = ${EVENT_KIND.move}
          and r.at >= p.at and r.at >= ${at(bounds[0]!)}
        where p.status_id = ${STATUS.pending} and p.kind = ${EVENT_KIND.move} and p.at >= ${at(bounds[0]!)} and p.at < ${at(bounds[bounds.length - 1]!)}
        group by 1`,
  );
  const buckets = Array.from({ length: bounds.length - 1 }, () => ({ micros: 0, count: 0 }));
  for (const row of found) buckets[row.bucket - 1] = { micros: Number(row.micros), count: row.count };
  return buckets;
}

export interface BestSeller {
  product_id: number;
  product_name: string;
  image: string;
  units: number;
  revenue: number;
}

/**
 * Closed days read from the summary, [from, to) as shop dates of `zone`; an empty range reads none.
 * `covered` is how many of those days have their summary in the statement's snapshot: fewer than
 * asked means a day was dropped meanwhile, and the figure must be computed again.
 */
export interface SummaryDays {
  zone: string;
  from: string;
  to: string;
}

const coveredDays = (days: SummaryDays) =>
  sql`(select count(*)::int from dashboard_days where zone = ${days.zone} and day >= ${days.from}::date and day < ${days.to}::date)`;

/**
 * The 5 products with the most units in the Done orders placed in a period: its closed `days` and
 * the orders placed in `live`, together. The closed days' sums are read from their running total
 * (`dashboard_ranges`, one row per zone and `period`, ranked as best sellers are) while it is still
 * that of the days as they are (as many, none written again since: the same highest version);
 * otherwise they are summed from the days and the running total is written again, in the same
 * statement.
 */
export async function bestSellers(
  db: Db,
  days: SummaryDays,
  live: Range,
  period: string,
  expectedDays: number,
): Promise<{ covered: number; sellers: BestSeller[] }> {
  const inDays = sql`zone = ${days.zone} and day >= ${days.from}::date and day < ${days.to}::date`;
  const found = await rows<Omit<BestSeller, 'revenue'> & { revenue: string | null; covered: number }>(
    db,
    sql`with d as (select count(*)::int as n, coalesce(max(version), 0)::bigint as v from dashboard_days where ${inDays}),
        r as (
          select g.product_ids, g.product_units, g.product_revenue from dashboard_ranges g, d
          where g.zone = ${days.zone} and g.period = ${period} and g.first_day = ${days.from}::date and g.end_day = ${days.to}::date
            and g.days = d.n and g.max_version = d.v),
        s as (
          select p.product_id, sum(p.units)::int as units, sum(p.revenue)::bigint as revenue
          from dashboard_days, unnest(product_ids, product_units, product_revenue) as p(product_id, units, revenue)
          where ${inDays} and not exists (select 1 from r)
          group by p.product_id),
        l as (
          -- Each order's lines by its index (offset 0 keeps the planner from hashing every line
          -- of the shop for a day's orders).
          select i.product_id, sum(i.qty)::int as units, sum(i.line_total)::bigint as revenue
          from transactions t
          cross join lateral (select product_id, qty, line_total from transaction_items i where i.transaction_id = t.id offset 0) i
          where t.created_at >= ${at(live.start)} and t.created_at < ${at(live.end)} and t.status_id = ${STATUS.done}
          group by i.product_id),
        kept as (
          insert into dashboard_ranges (zone, period, first_day, end_day, days, max_version, product_ids, product_units, product_revenue)
          select ${days.zone}, ${period}, ${days.from}::date, ${days.to}::date, d.n, d.v,
                 coalesce((select array_agg(product_id order by units desc, revenue desc, product_id) from s), '{}'),
                 coalesce((select array_agg(units order by units desc, revenue desc, product_id) from s), '{}'),
                 coalesce((select array_agg(revenue order by units desc, revenue desc, product_id) from s), '{}')
          from d where d.n = ${expectedDays} and d.n > 0 and not exists (select 1 from r)
          on conflict (zone, period) do update set first_day = excluded.first_day, end_day = excluded.end_day, days = excluded.days,
            max_version = excluded.max_version, product_ids = excluded.product_ids, product_units = excluded.product_units,
            product_revenue = excluded.product_revenue)
        select d.n as covered, top.product_id, p.product_name, p.image, top.units, top.revenue
        from d
        left join (
          select u.product_id, sum(u.units)::int as units, sum(u.revenue)::bigint as revenue
          from (
            -- The running total is ranked as best sellers are: a product not sold live can only be
            -- in the top 5 if it is within the first 5 + (products sold live) of it.
            select p.product_id, p.units, p.revenue
            from r, unnest(r.product_ids, r.product_units, r.product_revenue) with ordinality as p(product_id, units, revenue, rank)
            where p.rank <= 5 + (select count(*) from l) or p.product_id in (select product_id from l)
            union all
            select product_id, units, revenue from s
            union all
            select product_id, units, revenue from l
          ) u
          group by u.product_id
          order by units desc, revenue desc, u.product_id
          limit 5
        ) top on true
        left join products p on p.id = top.product_id
        order by top.units desc, top.revenue desc, top.product_id`,
  );
  return {
    covered: found[0]?.covered ?? 0,
    sellers: found
      .filter((row) => row.product_id !== null && row.product_name !== null)
      .map(({ covered: _, ...row }) => ({ ...row, revenue: Number(row.revenue) })),
  };
}

/**
 * Orders placed in each hour of a range, counted from its start (`bucket` 1 is the first hour):
 * arithmetic on the instant, cheaper than converting every row to the shop's zone. Hours without an
 * order are left out.
 */
export async function ordersByHour(db: Db, range: Range): Promise<{ bucket: number; orders: number }[]> {
  return rows(
    db,
    sql`select floor((extract(epoch from created_at) - ${range.start.getTime() / 1000}::numeric) / 3600)::int + 1 as bucket,
          count(*)::int as orders
        from transactions where created_at >= ${at(range.start)} and created_at < ${at(range.end)} and counted
        group by 1`,
  );
}

export interface StaffFigure {
  id: number;
  display_name: string;
  image: string | null;
  orders: number;
}

/**
 * The staff member (any role but the customer's) with the most Done events in a period (the lower id on a tie), or undefined: the
 * summary of its closed `days` and the events of `live`, together. Whether a user is staff is
 * read now, as their name and picture are: a Barista or a Cashier who marks orders done counts, as the "done" figure does.
 */
export async function bestStaff(db: Db, days: SummaryDays, live: Range): Promise<{ covered: number; staff?: StaffFigure }> {
  const [row] = await rows<Partial<StaffFigure> & { covered: number }>(
    db,
    sql`select c.covered, s.id, s.display_name, s.image, s.orders
        from (select ${coveredDays(days)} as covered) c
        left join (
          select u.id, coalesce(nullif(u.display_name, ''), split_part(u.email, '@', 1)) as display_name, u.image, s.orders
          from (
            select x.user_id, sum(x.orders)::int as orders
            from (
              select s.user_id, s.orders
              from dashboard_days d, unnest(d.staff_ids, d.staff_orders) as s(user_id, orders)
              where d.zone = ${days.zone} and d.day >= ${days.from}::date and d.day < ${days.to}::date
              union all
              select by_user_id, 1 from order_events
              where status_id = ${STATUS.done} and kind = ${EVENT_KIND.move} and at >= ${at(live.start)} and at < ${at(live.end)} and by_user_id is not null
            ) x
            group by x.user_id
          ) s join users u on u.id = s.user_id and u.role <> ${ROLES.user}
          order by s.orders desc, u.id
          limit 1
        ) s on true`,
  );
  const staff = row?.id === undefined || row.id === null ? undefined : (row as StaffFigure & { covered: number });
  return {
    covered: row?.covered ?? 0,
    staff: staff && { id: staff.id, display_name: staff.display_name, image: staff.image, orders: staff.orders },
  };
}

/** One closed day of the summary, as the dashboard reads it. */
export interface DayFigures extends BucketFigures {
  day: string;
  prep_micros: number;
  prep_count: number;
  /** Orders placed in each hour of the shop's clock, 0 to 23. */
  hours: number[];
}

/** The summary's days of `zone` from `from` to before `to` (shop dates), oldest first. */
export async function summaryDays(db: Db, days: SummaryDays): Promise<DayFigures[]> {
  const found = await rows<Omit<DayFigures, 'revenue' | 'prep_micros'> & { revenue: string; prep_micros: string }>(
    db,
    sql`select day::text as day, orders, done, cancelled, revenue, prep_micros, prep_count, hours
        from dashboard_days where zone = ${days.zone} and day >= ${days.from}::date and day < ${days.to}::date
        order by day`,
  );
  return found.map((row) => ({ ...row, revenue: Number(row.revenue), prep_micros: Number(row.prep_micros) }));
}

const DAY_LOCK = 727_277; // with a UTC date (days since 1970): see migration 0015's dashboard_forget
const DAY_MS = 86_400_000;

/**
 * Takes, for the rest of the transaction, the exclusive locks on the UTC dates from `start` to
 * before `end`, without waiting: false when a transaction changing an order of those dates holds
 * one (its change is not committed yet, so the days cannot be summed now). Taken before the days
 * are read, so a change committed later waits for this transaction and then drops what it wrote.
 */
export async function lockDays(db: Db, start: Date, end: Date): Promise<boolean> {
  const keys: number[] = [];
  for (let key = Math.floor(start.getTime() / DAY_MS); key <= Math.floor((end.getTime() - 1) / DAY_MS); key++) keys.push(key);
  const [row] = await rows<{ locked: boolean }>(
    db,
    sql`select bool_and(pg_try_advisory_xact_lock(${DAY_LOCK}, k)) as locked from unnest(${sqlArray(keys, 'int[]')}) as k`,
  );
  return row?.locked === true;
}

/** Done events of each user in each bucket between consecutive `bounds`. */
export async function staffByBucket(db: Db, bounds: readonly Date[]): Promise<{ bucket: number; user_id: number; orders: number }[]> {
  return rows(
    db,
    sql`select width_bucket(at, ${instants(bounds)}) as bucket, by_user_id as user_id, count(*)::int as orders
        from order_events
        where status_id = ${STATUS.done} and kind = ${EVENT_KIND.move} and at >= ${at(bounds[0]!)} and at < ${at(bounds[bounds.length - 1]!)} and by_user_id is not null
        group by 1, 2`,
  );
}

/** A closed day's summary as it is written: its figures, its instants and its Done events by user. */
export interface NewSummaryDay extends DayFigures {
  start: Date;
  end: Date;
  staff_ids: number[];
  staff_orders: number[];
}

/**
 * Writes the summary of consecutive days (`days[i]` from `bounds[i]` to `bounds[i + 1]`), the
 * products' units summed here from the Done orders' lines. A day already written (by another
 * dashboard meanwhile) is left as it is: both sums are of the same committed orders.
 */
export async function insertSummaryDays(db: Db, zone: string, days: readonly NewSummaryDay[], bounds: readonly Date[]): Promise<void> {
  const dayRows = days.map(({ start, end, ...day }, i) => ({ ...day, n: i + 1, start: start.toISOString(), end: end.toISOString() }));
  await db.execute(sql`insert into dashboard_days (zone, day, day_start, day_end, orders, done, cancelled, revenue, prep_micros, prep_count,
      hours, product_ids, product_units, product_revenue, staff_ids, staff_orders)
    select ${zone}, r.day, r.start, r."end", r.orders, r.done, r.cancelled, r.revenue, r.prep_micros, r.prep_count, r.hours,
           coalesce(p.ids, '{}'), coalesce(p.units, '{}'), coalesce(p.revenue, '{}'), r.staff_ids, r.staff_orders
    from json_to_recordset(${JSON.stringify(dayRows)}::json) as r(n int, day date, start timestamptz, "end" timestamptz, orders int, done int,
      cancelled int, revenue bigint, prep_micros bigint, prep_count int, hours int[], staff_ids int[], staff_orders int[])
    left join (
      select s.bucket, array_agg(s.product_id order by s.product_id) as ids, array_agg(s.units order by s.product_id) as units,
             array_agg(s.revenue order by s.product_id) as revenue
      from (
        select width_bucket(t.created_at, ${instants(bounds)}) as bucket, i.product_id, sum(i.qty)::int as units,
               sum(i.line_total)::bigint as revenue
        from transactions t join transaction_items i on i.transaction_id = t.id
        where t.created_at >= ${at(bounds[0]!)} and t.created_at < ${at(bounds[bounds.length - 1]!)} and t.status_id = ${STATUS.done}
        group by 1, 2
      ) s
      group by s.bucket
    ) p on p.bucket = r.n
    on conflict do nothing`);
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
  service: string;
  tax: string;
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
               coalesce(nullif(u.display_name, ''), u.email, t.guest_name, '') as customer,
               t.status_id, t.delivery_id, t.payment_id, p.product_name, i.size_id, ${lineAddOns()} as add_ons,
               i.qty, i.unit_price, i.line_total, t.discount, t.service, t.tax, t.total
        from (
          select * from transactions
          where created_at >= ${at(range.start)} and created_at < ${at(range.end)} ${keyset}
          order by created_at, id
          limit ${orders}
        ) t
        -- A guest's order at a table and a sale at the till have no account: they are named by their guest name.
        left join users u on u.id = t.user_id
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

/** One row of the tax report: a period (a shop day or a month's first day) and an order type. */
export interface TaxRow {
  period: string;
  delivery_id: number;
  orders: number;
  net: number;
  service: number;
  tax_base: number;
  tax: number;
  shipping: number;
  total: number;
}

/**
 * The tax report's figures (docs/shop-rules.md#the-tax-report): the Done orders placed on the shop
 * days `from`..`to` (both included; `shop_day` is already the shop's date, so no zone is read here),
 * summed per day or month and order type, from what each order stored (its receipt's figures).
 * The tax base is net + service without the tax: with prices that include the tax, the tax is
 * taken out of it. A range scan of transactions_number (shop_day, number).
 */
export async function taxRows(db: Db, from: string, to: string, unit: 'day' | 'month'): Promise<TaxRow[]> {
  const found = await rows<Record<keyof TaxRow, string | number>>(
    db,
    sql`select to_char(date_trunc(${unit}, shop_day::timestamp), 'YYYY-MM-DD') as period, delivery_id,
          count(*)::int as orders,
          sum(subtotal - discount)::bigint as net,
          sum(service)::bigint as service,
          sum(subtotal - discount + service - case when prices_include_tax then tax else 0 end)::bigint as tax_base,
          sum(tax)::bigint as tax,
          sum(shipping)::bigint as shipping,
          sum(total)::bigint as total
        from transactions
        where shop_day >= ${from}::date and shop_day <= ${to}::date and status_id = ${STATUS.done}
        group by 1, 2
        order by 1, 2`,
  );
  return found.map((row) => ({
    period: String(row.period),
    delivery_id: Number(row.delivery_id),
    orders: Number(row.orders),
    net: Number(row.net),
    service: Number(row.service),
    tax_base: Number(row.tax_base),
    tax: Number(row.tax),
    shipping: Number(row.shipping),
    total: Number(row.total),
  }));
}
