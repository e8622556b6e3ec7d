import { Readable } from 'node:stream';
import {
  addDays,
  type Dashboard,
  type DashboardPeriod,
  DELIVERY_METHODS,
  isoInZone,
  nameOf,
  PAYMENT_METHODS,
  type PeriodFigures,
  SERIES_LENGTH,
  SIZES,
  shopDateTime,
  startOfShopDay,
  statusName,
} from '@kopi/shared';
import type { Db } from '../../db/client.ts';
import { csvRow } from '../../lib/csv.ts';
import { monthlyRevenueGoal, type ShopSettings } from '../shop/shop.service.ts';
import {
  type BucketFigures,
  bestSellers,
  bestStaff,
  bucketFigures,
  ordersByHour,
  prepMinutes,
  type Range,
  type ReportCursor,
  reportBatch,
  reportLineCount,
  revenueIn,
} from './dashboard.repository.ts';

// The owner's dashboard and its report (docs/shop-rules.md#the-owners-dashboard). Days, weeks (from
// Monday) and months are the shop's, in SHOP_TIMEZONE, read from config.clock.

/** The shop date `months` calendar months after the first of `date`'s month. */
function addMonths(date: string, months: number): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + months, 1)).toISOString().slice(0, 10);
}

/** The shop date on which the period holding `today` starts, and the date `n` periods after a start. */
const PERIOD_DATES: Record<DashboardPeriod, { startOf(today: string, weekday: number): string; step(date: string, n: number): string }> = {
  daily: { startOf: (today) => today, step: (date, n) => addDays(date, n) },
  // Weeks start on Monday: weekday is 0 for Sunday, 1 for Monday.
  weekly: { startOf: (today, weekday) => addDays(today, -((weekday + 6) % 7)), step: (date, n) => addDays(date, 7 * n) },
  monthly: { startOf: (today) => `${today.slice(0, 7)}-01`, step: (date, n) => addMonths(date, n) },
};

/**
 * The series' first days, oldest first (the last is the current period), and the day after the
 * current period, as shop dates; each becomes the instant the shop's day begins.
 */
export function periodBounds(period: DashboardPeriod, now: Date, timezone: string): { dates: string[]; bounds: Date[] } {
  const { date: today, weekday } = shopDateTime(now, timezone);
  const rule = PERIOD_DATES[period];
  const current = rule.startOf(today, weekday);
  const count = SERIES_LENGTH[period];
  const dates = Array.from({ length: count + 1 }, (_, i) => rule.step(current, i - count + 1));
  return { dates, bounds: dates.map((date) => startOfShopDay(date, timezone)) };
}

const HOUR = 3_600_000;

/** The instants an hour apart from a range's start to its end: the hours of the shop's clock. */
function hourBounds(range: Range): Date[] {
  const bounds: Date[] = [];
  for (let t = range.start.getTime(); t < range.end.getTime(); t += HOUR) bounds.push(new Date(t));
  bounds.push(range.end);
  return bounds;
}

function figures(bucket: BucketFigures, range: Range, prep: number | null, timezone: string): PeriodFigures {
  return {
    start: isoInZone(range.start, timezone),
    end: isoInZone(range.end, timezone),
    ...bucket,
    average_ticket: bucket.done ? Math.round(bucket.revenue / bucket.done) : 0,
    prep_minutes_avg: prep === null ? null : Math.round(prep * 10) / 10,
  };
}

/** GET /dashboard?period= */
export async function dashboard(db: Db, shop: ShopSettings, period: DashboardPeriod): Promise<Dashboard> {
  const now = shop.clock.now();
  const { timezone } = shop;
  const { bounds } = periodBounds(period, now, timezone);
  const n = bounds.length - 1;
  const current: Range = { start: bounds[n - 1]!, end: bounds[n]! };
  const previous: Range = { start: bounds[n - 2]!, end: bounds[n - 1]! };
  const month = periodBounds('monthly', now, timezone).bounds.slice(-2);
  const monthRange: Range = { start: month[0]!, end: month[1]! };

  // Independent queries: on PostgreSQL they run side by side on the pool's connections.
  const [buckets, prep, sellers, hours, staff, goal, monthRevenue] = await Promise.all([
    bucketFigures(db, bounds),
    prepMinutes(db, previous, current),
    bestSellers(db, current),
    ordersByHour(db, hourBounds(current)),
    bestStaff(db, current),
    monthlyRevenueGoal(db),
    period === 'monthly' ? undefined : revenueIn(db, monthRange),
  ]);
  const monthRevenueValue = monthRevenue ?? buckets[n - 1]!.revenue;
  // Each hour's bucket becomes its hour of the shop's day (a day of 23 or 25 hours is counted right).
  const byHour = new Map<number, number>();
  for (const { bucket, orders } of hours) {
    const hour = shopDateTime(new Date(current.start.getTime() + (bucket - 1) * HOUR), timezone).hour;
    byHour.set(hour, (byHour.get(hour) ?? 0) + orders);
  }
  return {
    period,
    timezone,
    current: figures(buckets[n - 1]!, current, prep.current, timezone),
    previous: figures(buckets[n - 2]!, previous, prep.previous, timezone),
    series: buckets.map((bucket, i) => ({
      start: isoInZone(bounds[i]!, timezone),
      orders: bucket.orders,
      revenue: bucket.revenue,
      cancelled: bucket.cancelled,
    })),
    best_sellers: sellers,
    busiest_hours: Array.from({ length: 24 }, (_, hour) => ({ hour, orders: byHour.get(hour) ?? 0 })),
    best_staff: staff ?? null,
    goal: {
      monthly_revenue_goal: goal,
      month_revenue: monthRevenueValue,
      progress_percent: Math.floor((monthRevenueValue * 100) / goal),
    },
  };
}

export const REPORT_HEADER = [
  'Order ID',
  'Placed at',
  'Customer',
  'Status',
  'Delivery',
  'Payment',
  'Product',
  'Size',
  'Add-ons',
  'Qty',
  'Unit price (IDR)',
  'Line total (IDR)',
  'Order discount (IDR)',
  'Order total (IDR)',
];

/** A fixed id's name; an id the tables do not know is written as itself. */
const nameOrId = (list: readonly { id: number; name: string }[], id: number) => nameOf(list, id) ?? String(id);

/** Orders per query: a batch of lines stays small (at most 20 lines an order). */
const REPORT_BATCH_ORDERS = 500;

export interface Report {
  filename: string;
  lines: number;
  /** The CSV, produced batch by batch as the client reads it; destroying it stops the queries. */
  stream: Readable;
}

/** GET /dashboard/report.csv?period= : the current period's order lines, every status. */
export async function report(db: Db, shop: ShopSettings, period: DashboardPeriod): Promise<Report> {
  const { timezone } = shop;
  const { dates, bounds } = periodBounds(period, shop.clock.now(), timezone);
  const n = bounds.length - 1;
  const range: Range = { start: bounds[n - 1]!, end: bounds[n]! };
  const lines = await reportLineCount(db, range);

  async function* produce(): AsyncGenerator<string> {
    // A UTF-8 byte order mark, so that Excel reads names beyond ASCII right; the header names the zone.
    yield `\uFEFF${csvRow(REPORT_HEADER.map((h) => (h === 'Placed at' ? `Placed at (${timezone})` : h)))}`;
    let after: ReportCursor | null = null;
    for (;;) {
      const batch = await reportBatch(db, range, timezone, after, REPORT_BATCH_ORDERS);
      if (batch.length === 0) return;
      let chunk = '';
      for (const line of batch) {
        chunk += csvRow([
          line.order_id,
          line.placed_at,
          line.customer,
          statusName(line.status_id),
          nameOrId(DELIVERY_METHODS, line.delivery_id),
          nameOrId(PAYMENT_METHODS, line.payment_id),
          line.product_name,
          nameOrId(SIZES, line.size_id),
          line.add_ons,
          line.qty,
          line.unit_price,
          Number(line.line_total),
          Number(line.discount),
          Number(line.total),
        ]);
      }
      yield chunk;
      const last = batch[batch.length - 1]!;
      after = { at: last.cursor_at, id: last.order_id };
    }
  }

  return { filename: `kopi-senja-${period}-${dates[n - 1]}.csv`, lines, stream: Readable.from(produce(), { objectMode: false }) };
}
