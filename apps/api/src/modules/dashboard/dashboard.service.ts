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
  type TaxFigures,
  type TaxReport,
  type TaxReportQuery,
} from '@kopi/shared';
import type { Db } from '../../db/client.ts';
import { csvRow } from '../../lib/csv.ts';
import { type MessageKey, phrase, type Translator } from '../../lib/i18n.ts';
import { monthlyRevenueGoal, type ShopSettings } from '../shop/shop.service.ts';
import {
  type BestSeller,
  type BucketFigures,
  bestSellers,
  bestStaff,
  bucketFigures,
  insertSummaryDays,
  lockDays,
  type NewSummaryDay,
  ordersByHour,
  type PrepFigures,
  prepByBucket,
  type Range,
  type ReportCursor,
  reportBatch,
  reportLineCount,
  revenueIn,
  type StaffFigure,
  type SummaryDays,
  staffByBucket,
  summaryDays,
  taxRows,
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

/**
 * Hour buckets counted from `start` (ordersByHour's) as orders per hour of the shop's clock, 0 to
 * 23, for each of the days between consecutive `dayBounds`: a day of 23 or 25 hours is counted right.
 */
function hoursByDay(
  found: readonly { bucket: number; orders: number }[],
  start: Date,
  dayBounds: readonly Date[],
  timezone: string,
): number[][] {
  const days = Array.from({ length: dayBounds.length - 1 }, () => new Array<number>(24).fill(0));
  for (const { bucket, orders } of found) {
    const instant = new Date(start.getTime() + (bucket - 1) * HOUR);
    let day = 0;
    while (day < days.length - 1 && instant >= dayBounds[day + 1]!) day++;
    days[day]![shopDateTime(instant, timezone).hour]! += orders;
  }
  return days;
}

/** The shop dates from `from` to before `to`. */
function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date < to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

const NO_PREP: PrepFigures = { micros: 0, count: 0 };
const addPrep = (a: PrepFigures, b: PrepFigures): PrepFigures => ({ micros: a.micros + b.micros, count: a.count + b.count });
const minutesOf = (prep: PrepFigures) => (prep.count === 0 ? null : prep.micros / prep.count / 60_000_000);

function figures(bucket: BucketFigures, range: Range, prep: PrepFigures, timezone: string): PeriodFigures {
  const minutes = minutesOf(prep);
  return {
    start: isoInZone(range.start, timezone),
    end: isoInZone(range.end, timezone),
    orders: bucket.orders,
    done: bucket.done,
    cancelled: bucket.cancelled,
    revenue: bucket.revenue,
    average_ticket: bucket.done ? Math.round(bucket.revenue / bucket.done) : 0,
    prep_minutes_avg: minutes === null ? null : Math.round(minutes * 10) / 10,
  };
}

/** What a dashboard shows, in the shop's dates and instants. */
interface Plan {
  period: DashboardPeriod;
  timezone: string;
  /** The series' first days and the day after the current period, as dates and as instants. */
  dates: string[];
  bounds: Date[];
  current: Range;
  previous: Range;
  /** The goal's month. */
  month: { dates: [string, string]; range: Range };
  today: string;
  todayStart: Date;
}

function planOf(period: DashboardPeriod, now: Date, timezone: string): Plan {
  const { dates, bounds } = periodBounds(period, now, timezone);
  const n = bounds.length - 1;
  const month = periodBounds('monthly', now, timezone);
  const today = shopDateTime(now, timezone).date;
  return {
    period,
    timezone,
    dates,
    bounds,
    current: { start: bounds[n - 1]!, end: bounds[n]! },
    previous: { start: bounds[n - 2]!, end: bounds[n - 1]! },
    month: { dates: [month.dates.at(-2)!, month.dates.at(-1)!], range: { start: month.bounds.at(-2)!, end: month.bounds.at(-1)! } },
    today,
    todayStart: startOfShopDay(today, timezone),
  };
}

/** The figures a dashboard is made of, however they were summed. */
interface Figures {
  /** The series' buckets, oldest first; the last is the current period. */
  buckets: BucketFigures[];
  prep: { current: PrepFigures; previous: PrepFigures };
  sellers: BestSeller[];
  /** The current period's orders per hour of the shop's clock. */
  hours: number[];
  staff: StaffFigure | undefined;
  monthRevenue: number;
  goal: number;
}

function answer(plan: Plan, f: Figures): Dashboard {
  const { timezone, bounds } = plan;
  const n = bounds.length - 1;
  return {
    period: plan.period,
    timezone,
    current: figures(f.buckets[n - 1]!, plan.current, f.prep.current, timezone),
    previous: figures(f.buckets[n - 2]!, plan.previous, f.prep.previous, timezone),
    series: f.buckets.map((bucket, i) => ({
      start: isoInZone(bounds[i]!, timezone),
      orders: bucket.orders,
      revenue: bucket.revenue,
      cancelled: bucket.cancelled,
    })),
    best_sellers: f.sellers,
    busiest_hours: f.hours.map((orders, hour) => ({ hour, orders })),
    best_staff: f.staff ?? null,
    goal: {
      monthly_revenue_goal: f.goal,
      month_revenue: f.monthRevenue,
      progress_percent: Math.floor((f.monthRevenue * 100) / f.goal),
    },
  };
}

/** Every figure from the orders themselves, over whole periods (the reference the summary must equal). */
async function liveFigures(db: Db, plan: Plan): Promise<Figures> {
  const { current, previous, bounds, timezone } = plan;
  const none: SummaryDays = { zone: timezone, from: plan.today, to: plan.today };
  // Independent queries: on PostgreSQL they run side by side on the pool's connections.
  const [buckets, prep, sellers, hours, staff, goal, monthRevenue] = await Promise.all([
    bucketFigures(db, bounds),
    prepByBucket(db, [previous.start, current.start, current.end]),
    bestSellers(db, none, current, plan.period, 0),
    ordersByHour(db, current),
    bestStaff(db, none, current),
    monthlyRevenueGoal(db),
    plan.period === 'monthly' ? undefined : revenueIn(db, plan.month.range),
  ]);
  return {
    buckets,
    prep: { previous: prep[0]!, current: prep[1]! },
    sellers: sellers.sellers,
    hours: hoursByDay(hours, current.start, [current.start, current.end], timezone)[0]!,
    staff: staff.staff,
    monthRevenue: monthRevenue ?? buckets[bounds.length - 2]!.revenue,
    goal,
  };
}

/**
 * Writes the summary of closed days that lack it, in runs of consecutive days, each in one
 * transaction holding its days' locks (migration 0015); a run whose days an uncommitted change
 * touches is left for the next dashboard.
 */
async function buildSummary(db: Db, timezone: string, missing: readonly string[]): Promise<void> {
  const runs: string[][] = [];
  for (const date of missing) {
    const run = runs.at(-1);
    if (run && addDays(run.at(-1)!, 1) === date) run.push(date);
    else runs.push([date]);
  }
  for (const run of runs) {
    const bounds = [...run, addDays(run.at(-1)!, 1)].map((date) => startOfShopDay(date, timezone));
    const range: Range = { start: bounds[0]!, end: bounds.at(-1)! };
    await db.transaction(async (trx) => {
      const tx = trx as Db;
      if (!(await lockDays(tx, range.start, range.end))) return;
      // One after another: inside a transaction they share one connection.
      const totals = await bucketFigures(tx, bounds);
      const prep = await prepByBucket(tx, bounds);
      const hours = hoursByDay(await ordersByHour(tx, range), range.start, bounds, timezone);
      const staff = await staffByBucket(tx, bounds);
      const days: NewSummaryDay[] = run.map((day, i) => ({
        day,
        start: bounds[i]!,
        end: bounds[i + 1]!,
        ...totals[i]!,
        prep_micros: prep[i]!.micros,
        prep_count: prep[i]!.count,
        hours: hours[i]!,
        staff_ids: staff.filter((s) => s.bucket === i + 1).map((s) => s.user_id),
        staff_orders: staff.filter((s) => s.bucket === i + 1).map((s) => s.orders),
      }));
      await insertSummaryDays(tx, timezone, days, bounds);
    });
  }
}

/**
 * The same figures from the summary of the closed days (built here when a day lacks it) and the
 * orders of today and after, live; undefined when a day's summary could not be had or was dropped
 * while it was read (an old order moved meanwhile): the caller then computes everything live.
 */
async function summedFigures(db: Db, plan: Plan): Promise<Figures | undefined> {
  const { timezone, dates, bounds, current, today, todayStart } = plan;
  const n = bounds.length - 1;
  const currentStart = dates[n - 1]!;
  // Closed days: from the series' first (or the month's) to yesterday. Open ones: today to the
  // end of the current period or of the month, whichever is later.
  const closed: SummaryDays = { zone: timezone, from: [dates[0]!, plan.month.dates[0]].sort()[0]!, to: today };
  const openDates = datesBetween(today, [dates[n]!, plan.month.dates[1]].sort()[1]!);
  const openBounds = [...openDates, addDays(openDates.at(-1)!, 1)].map((date) => startOfShopDay(date, timezone));
  const currentDays: SummaryDays = { zone: timezone, from: [currentStart, today].sort()[0]!, to: today };
  const expected = datesBetween(closed.from, closed.to);
  const live: Range = { start: todayStart, end: current.end };

  const currentCount = datesBetween(currentDays.from, currentDays.to).length;
  const periodParts = () =>
    Promise.all([summaryDays(db, closed), bestSellers(db, currentDays, live, plan.period, currentCount), bestStaff(db, currentDays, live)]);
  const [parts, openTotals, openPrep, openHours, goal] = await Promise.all([
    periodParts(),
    bucketFigures(db, openBounds),
    prepByBucket(db, openBounds),
    ordersByHour(db, live),
    monthlyRevenueGoal(db),
  ]);
  let [summary, sellers, staff] = parts;
  if (summary.length < expected.length) {
    const have = new Set(summary.map((day) => day.day));
    await buildSummary(
      db,
      timezone,
      expected.filter((date) => !have.has(date)),
    );
    [summary, sellers, staff] = await periodParts();
  }
  if (summary.length < expected.length || sellers.covered < currentCount || staff.covered < currentCount) return undefined;

  // Every day's figures by date, closed and open alike.
  const byDate = new Map<string, { totals: BucketFigures; prep: PrepFigures }>();
  for (const day of summary) byDate.set(day.day, { totals: day, prep: { micros: day.prep_micros, count: day.prep_count } });
  for (const [i, date] of openDates.entries()) byDate.set(date, { totals: openTotals[i]!, prep: openPrep[i]! });
  const sum = (from: string, to: string) => {
    const totals = { orders: 0, done: 0, cancelled: 0, revenue: 0 };
    let prep = NO_PREP;
    for (const [date, day] of byDate) {
      if (date < from || date >= to) continue;
      totals.orders += day.totals.orders;
      totals.done += day.totals.done;
      totals.cancelled += day.totals.cancelled;
      totals.revenue += day.totals.revenue;
      prep = addPrep(prep, day.prep);
    }
    return { totals, prep };
  };
  const buckets = Array.from({ length: n }, (_, i) => sum(dates[i]!, dates[i + 1]!).totals);
  const hours = hoursByDay(openHours, live.start, [live.start, live.end], timezone)[0]!;
  for (const day of summary) {
    if (day.day < currentStart) continue;
    for (const [hour, orders] of day.hours.entries()) hours[hour]! += orders;
  }
  return {
    buckets,
    prep: { previous: sum(dates[n - 2]!, dates[n - 1]!).prep, current: sum(dates[n - 1]!, dates[n]!).prep },
    sellers: sellers.sellers,
    hours,
    staff: staff.staff,
    monthRevenue: sum(plan.month.dates[0], plan.month.dates[1]).totals.revenue,
    goal,
  };
}

/**
 * GET /dashboard?period= : from the summary of closed days and today's orders, or, with
 * `{ summary: false }` (and whenever the summary cannot be had), from the orders alone.
 */
export async function dashboard(
  db: Db,
  shop: ShopSettings,
  period: DashboardPeriod,
  options: { summary: boolean } = { summary: true },
): Promise<Dashboard> {
  const plan = planOf(period, shop.clock.now(), shop.timezone);
  const summed = options.summary ? await summedFigures(db, plan) : undefined;
  return answer(plan, summed ?? (await liveFigures(db, plan)));
}

/** The report's columns, named in the language of whoever downloads it. */
const REPORT_HEADER: readonly MessageKey[] = [
  'server.reportOrderId',
  'server.reportPlacedAt',
  'server.reportCustomer',
  'server.reportStatus',
  'server.reportDelivery',
  'server.reportPayment',
  'server.reportProduct',
  'server.reportSize',
  'server.reportAddons',
  'server.reportQty',
  'server.reportUnitPrice',
  'server.reportLineTotal',
  'server.reportDiscount',
  'server.reportService',
  'server.reportTax',
  'server.reportTotal',
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
export async function report(db: Db, shop: ShopSettings, period: DashboardPeriod, t: Translator): Promise<Report> {
  const { timezone } = shop;
  const { dates, bounds } = periodBounds(period, shop.clock.now(), timezone);
  const n = bounds.length - 1;
  const range: Range = { start: bounds[n - 1]!, end: bounds[n]! };
  const lines = await reportLineCount(db, range);

  async function* produce(): AsyncGenerator<string> {
    // A UTF-8 byte order mark, so that Excel reads names beyond ASCII right; the header names the zone.
    yield `\uFEFF${csvRow(REPORT_HEADER.map((key) => t(phrase(key, { zone: timezone }))))}`;
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
          Number(line.service),
          Number(line.tax),
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

// The tax report (docs/shop-rules.md#the-tax-report): what a regional tax office asks of a shop
// for PBJT, per shop day or month and order type, summed from what each Done order stored, so
// that it equals the sum of the receipts to the rupiah.

const NO_TAX: TaxFigures = { orders: 0, net: 0, service: 0, tax_base: 0, tax: 0, shipping: 0, total: 0 };
const FIGURE_KEYS = Object.keys(NO_TAX) as (keyof TaxFigures)[];

function addFigures(a: TaxFigures, b: TaxFigures): TaxFigures {
  const sum = { ...a };
  for (const key of FIGURE_KEYS) sum[key] += b[key];
  return sum;
}

export async function taxReport(db: Db, shop: ShopSettings, query: TaxReportQuery): Promise<TaxReport> {
  // Without dates: the current month up to today, in the shop's zone.
  const today = shopDateTime(shop.clock.now(), shop.timezone).date;
  const from = query.from ?? `${today.slice(0, 7)}-01`;
  const to = query.to ?? today;
  const found = await taxRows(db, from, to, query.by);
  const byDelivery = new Map<number, TaxFigures>();
  let totals = NO_TAX;
  for (const { period: _period, delivery_id, ...figures } of found) {
    byDelivery.set(delivery_id, addFigures(byDelivery.get(delivery_id) ?? NO_TAX, figures));
    totals = addFigures(totals, figures);
  }
  return {
    from,
    to,
    by: query.by,
    timezone: shop.timezone,
    rows: found,
    by_delivery: [...byDelivery].sort(([a], [b]) => a - b).map(([delivery_id, figures]) => ({ delivery_id, ...figures })),
    totals,
  };
}

/** GET /dashboard/tax.csv: the same report, a row per period and order type, then a total per order type and one for all. */
export function taxReportCsv(report: TaxReport, t: Translator): { filename: string; body: string } {
  const header: MessageKey[] = [
    report.by === 'day' ? 'server.taxDay' : 'server.taxMonth',
    'server.taxOrderType',
    'server.taxOrders',
    'server.taxNet',
    'server.taxService',
    'server.taxBase',
    'server.taxAmount',
    'server.taxShipping',
    'server.taxTotal',
  ];
  const cells = (figures: TaxFigures) => FIGURE_KEYS.map((key) => figures[key]);
  const period = (row: { period: string }) => (report.by === 'month' ? row.period.slice(0, 7) : row.period);
  const range = `${report.from}..${report.to}`;
  const body = [
    `\uFEFF${csvRow(header.map((key) => t(phrase(key))))}`,
    ...report.rows.map((row) => csvRow([period(row), nameOrId(DELIVERY_METHODS, row.delivery_id), ...cells(row)])),
    ...report.by_delivery.map((row) => csvRow([range, nameOrId(DELIVERY_METHODS, row.delivery_id), ...cells(row)])),
    csvRow([range, t(phrase('server.taxAllTypes')), ...cells(report.totals)]),
  ].join('');
  return { filename: `kopi-senja-tax-${report.from}-${report.to}.csv`, body };
}
