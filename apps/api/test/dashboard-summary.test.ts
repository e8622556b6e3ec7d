import { type DashboardPeriod, STATUS } from '@kopi/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, rows, sqlArray } from '../src/db/client.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { dashboard } from '../src/modules/dashboard/dashboard.service.ts';
import { shopSettings } from '../src/modules/shop/shop.service.ts';
import { api, createTestShop, onPostgres, signUpAs, type TestShop, testConfig } from './helpers.ts';

// The dashboard's summary of closed days (docs/decisions/dashboard-in-sql.md) must answer exactly
// what the orders answer: every figure with the summary equals the one computed from the orders
// alone, on a fixed clock at period boundaries, in a zone with daylight saving too, and after an
// order of a closed day moved.

const clock = fixedClock('2026-12-02T03:00:00Z');
const PERIODS: DashboardPeriod[] = ['daily', 'weekly', 'monthly'];

let shop: TestShop;
let owner: { id: number; token: string };
let barista: { id: number; token: string };
let customer: { id: number; token: string };
const products: number[] = [];

const settings = (timezone: string) => shopSettings(testConfig({ clock, shopTimezone: timezone }));
const summed = (period: DashboardPeriod, timezone = 'Asia/Jakarta') => dashboard(shop.database.db, settings(timezone), period);
const live = (period: DashboardPeriod, timezone = 'Asia/Jakarta') =>
  dashboard(shop.database.db, settings(timezone), period, { summary: false });

/** The summary's day rows of a zone, as dates. */
async function summaryDates(timezone = 'Asia/Jakarta'): Promise<string[]> {
  const found = await rows<{ day: string }>(
    shop.database.db,
    sql`select day::text as day from dashboard_days where zone = ${timezone} order by day`,
  );
  return found.map((row) => row.day);
}

beforeAll(async () => {
  shop = await createTestShop({ clock });
  owner = await signUpAs(shop, 'Admin', { display_name: 'Sari Owner' });
  barista = await signUpAs(shop, 'Admin', { display_name: 'Dimas Barista' });
  customer = await signUpAs(shop, 'User', { display_name: 'Ayu' });
  const db = shop.database.db;
  for (const [i, name] of ['Caffe Latte', 'Croissant', 'Cookie', 'Matcha', 'Americano', 'Mocha', 'Teh Tarik'].entries()) {
    const [row] = await rows<{ id: number }>(
      db,
      sql`insert into products (product_name, price, category_id, description, image)
          values (${name}, ${10_000 + i * 1_000}, 2, 'test', 'images/test.webp') returning id`,
    );
    products.push(row!.id);
  }
  // 3,000 orders every 37 minutes (plus a few) from 1 October to mid-December 2026, at every hour
  // of the day: one in five Pending, one in five Cancelled, the rest Done — a third through Ready
  // within the hour, a third straight to Done, a third Ready up to 90 minutes later (often after
  // midnight). Done moves by the two admins, and some by a customer (not staff).
  await db.execute(sql`insert into transactions (user_id, status_id, delivery_id, payment_id, subtotal, total, created_at)
    select ${customer.id}, case g % 5 when 0 then ${STATUS.pending}::int when 1 then ${STATUS.cancelled}::int else ${STATUS.done}::int end,
           1, 1, 0, 0, '2026-10-01T00:00:00+07:00'::timestamptz + make_interval(mins => g * 37 + g % 7 * 3, secs => (g % 13) * 1.5)
    from generate_series(1, 3000) g`);
  await db.execute(sql`insert into transaction_items (transaction_id, product_id, size_id, qty, unit_price, line_total)
    select t.id, ${sqlArray(products, 'int[]')}[1 + (t.id * k) % 7], 1, 1 + (t.id + k) % 3, 10000 + k * 500, (10000 + k * 500) * (1 + (t.id + k) % 3)
    from transactions t, generate_series(1, 2) k where k = 1 or t.id % 3 = 0`);
  await db.execute(sql`update transactions t set subtotal = s.total, total = s.total
    from (select transaction_id, sum(line_total) as total from transaction_items group by 1) s where s.transaction_id = t.id`);
  await db.execute(sql`insert into order_events (transaction_id, status_id, at, by_user_id)
    select id, ${STATUS.pending}::int, created_at, ${customer.id}::int from transactions
    union all
    select id, ${STATUS.ready}::int, created_at + make_interval(mins => case when id % 3 = 0 then 5 + id % 40 else id % 90 end),
           ${barista.id}::int from transactions where status_id = ${STATUS.done} and id % 3 <> 1
    union all
    select id, ${STATUS.done}::int, created_at + make_interval(mins => 95 + id % 20),
           case when id % 11 = 0 then ${customer.id}::int when id % 2 = 0 then ${owner.id}::int else ${barista.id}::int end
    from transactions where status_id = ${STATUS.done}
    union all
    select id, ${STATUS.cancelled}::int, created_at + make_interval(mins => 3), ${owner.id}::int from transactions where status_id = ${STATUS.cancelled}`);
});
afterAll(() => shop.close());

describe('the summary of closed days', () => {
  // Instants around the shop's boundaries in Jakarta (UTC+7).
  const instants = [
    '2026-12-02T03:00:00Z', // Wednesday 2 December, 10:00
    '2026-11-30T17:00:00Z', // Tuesday 1 December, 00:00: a month and a day begin
    '2026-11-29T17:30:00Z', // Monday 30 November, 00:30: a week begins
    '2026-11-29T16:59:59Z', // Sunday 29 November, 23:59:59
    '2026-10-01T05:00:00Z', // the first day of orders
    '2027-01-15T05:00:00Z', // a month after the last order
  ];
  for (const instant of instants) {
    it(`answers what the orders answer, every period, at ${instant}`, async () => {
      clock.set(instant);
      for (const period of PERIODS) {
        const expected = await live(period);
        expect(await summed(period), period).toEqual(expected);
        // Read from the summary the second time, and still the same.
        expect(await summed(period), period).toEqual(expected);
      }
      // Yesterday (in Jakarta) is summed.
      const yesterday = new Date(new Date(instant).getTime() + 7 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
      expect(await summaryDates()).toContain(yesterday);
    });
  }

  it('reads closed days from the summary, not from the orders (a row altered by hand shows)', async () => {
    clock.set('2026-12-02T03:00:00Z');
    const expected = await summed('weekly');
    await shop.database.db.execute(
      sql`update dashboard_days set orders = orders + 1000 where zone = 'Asia/Jakarta' and day = '2026-12-01'`,
    );
    try {
      const altered = await summed('weekly');
      expect(altered.current.orders).toBe(expected.current.orders + 1000);
      expect((await live('weekly')).current.orders).toBe(expected.current.orders);
    } finally {
      await shop.database.db.execute(sql`delete from dashboard_days where zone = 'Asia/Jakarta' and day = '2026-12-01'`);
    }
    expect(await summed('weekly')).toEqual(expected);
  });

  it('ranks best sellers from the running total of closed days, with a product lifted by today’s orders', async () => {
    // March 2027, empty until now: 30 products, the n-th sold n units over the first nine days.
    clock.set('2027-03-10T05:00:00Z');
    const db = shop.database.db;
    const ranked: number[] = [];
    for (let n = 1; n <= 30; n++) {
      const [row] = await rows<{ id: number }>(
        db,
        sql`insert into products (product_name, price, category_id, description, image)
            values (${`Ranked ${n}`}, 1000, 2, 'test', 'images/test.webp') returning id`,
      );
      ranked.push(row!.id);
    }
    const order = async (product: number, qty: number, at: string) => {
      const [row] = await rows<{ id: number }>(
        db,
        sql`insert into transactions (user_id, status_id, delivery_id, payment_id, subtotal, total, created_at)
            values (${customer.id}, ${STATUS.done}, 1, 1, ${qty * 1000}, ${qty * 1000}, ${at}) returning id`,
      );
      await db.execute(sql`insert into transaction_items (transaction_id, product_id, size_id, qty, unit_price, line_total)
        values (${row!.id}, ${product}, 1, ${qty}, 1000, ${qty * 1000})`);
    };
    for (const [i, id] of ranked.entries()) await order(id, i + 1, `2027-03-0${1 + (i % 9)}T10:00:00+07:00`);
    const check = async () => {
      for (const period of PERIODS) expect(await summed(period), period).toEqual(await live(period));
    };
    await check();
    await check(); // from the running total
    // Today: the 3rd product sells 40 (43 in all, the best), the 10th one unit.
    await order(ranked[2]!, 40, '2027-03-10T09:00:00+07:00');
    await order(ranked[9]!, 1, '2027-03-10T09:30:00+07:00');
    await check();
    const monthly = await summed('monthly');
    expect(monthly.best_sellers.map((s) => s.units)).toEqual([43, 30, 29, 28, 27]);
    // A closed day changes: the running total is summed again.
    await order(ranked[0]!, 50, '2027-03-02T10:00:00+07:00');
    await check();
    expect((await summed('monthly')).best_sellers[0]).toMatchObject({ product_id: ranked[0], units: 51 });
    clock.set('2026-12-02T03:00:00Z');
  });

  it('keys the days by zone: in Berlin, across the end of daylight saving (25 October), the same figures', async () => {
    for (const instant of ['2026-10-26T10:00:00Z', '2026-10-25T22:30:00Z', '2026-11-02T09:00:00Z']) {
      clock.set(instant);
      for (const period of PERIODS) {
        expect(await summed(period, 'Europe/Berlin'), `${instant} ${period}`).toEqual(await live(period, 'Europe/Berlin'));
      }
    }
    expect(await summaryDates('Europe/Berlin')).toContain('2026-10-25');
    // Jakarta's days are still there, and still right.
    clock.set('2026-12-02T03:00:00Z');
    expect(await summed('weekly')).toEqual(await live('weekly'));
  });

  it('drops the day of an order moved after its day closed, and builds it again on the next dashboard', async () => {
    clock.set('2026-12-02T03:00:00Z');
    const before = await summed('monthly');
    // A Pending order of 1 December (yesterday, closed and summed), moved to Done today.
    const [order] = await rows<{ id: number; day: string }>(
      shop.database.db,
      sql`select id, (created_at at time zone 'Asia/Jakarta')::date::text as day from transactions
          where status_id = ${STATUS.pending} and created_at >= '2026-12-01T00:00:00+07:00' and created_at < '2026-12-02T00:00:00+07:00'
          order by id limit 1`,
    );
    expect(order!.day).toBe('2026-12-01');
    expect(await summaryDates()).toContain('2026-12-01');
    const datesBefore = await summaryDates();
    const moved = await api(shop, 'PATCH', `/transactions/${order!.id}`, { token: barista.token, body: { status_id: STATUS.done } });
    expect(moved.statusCode, moved.body).toBe(200);
    // Dropped in the move's own transaction: its order's day, and the day the database's own clock
    // stamps the move's rows in (this test fixes the server's clock, not PostgreSQL's now(): on a real
    // day that is one of the summed ones, it goes too). The other days stay.
    const [{ today }] = (await rows<{ today: string }>(
      shop.database.db,
      sql`select (now() at time zone 'Asia/Jakarta')::date::text as today`,
    )) as [{ today: string }];
    expect(await summaryDates()).not.toContain('2026-12-01');
    expect(await summaryDates()).toEqual(datesBefore.filter((day) => day !== '2026-12-01' && day !== today));

    const after = await summed('monthly');
    expect(after).toEqual(await live('monthly'));
    expect(after.current.done).toBe(before.current.done + 1);
    expect(after.current.revenue).toBeGreaterThan(before.current.revenue);
    expect(await summaryDates()).toContain('2026-12-01');
    expect(await summed('daily')).toEqual(await live('daily'));
  });

  it('drops a closed day when an event of its orders comes later: Ready after midnight, a correction, a removed line', async () => {
    clock.set('2026-12-02T03:00:00Z');
    await summed('weekly');
    const db = shop.database.db;
    // An order placed at 23:50 on 30 November, Ready at 00:10 on 1 December.
    const [late] = await rows<{ id: number }>(
      db,
      sql`insert into transactions (user_id, status_id, delivery_id, payment_id, subtotal, total, created_at)
          values (${customer.id}, ${STATUS.ready}, 1, 1, 12000, 12000, '2026-11-30T23:50:00+07:00') returning id`,
    );
    expect(await summaryDates()).not.toContain('2026-11-30');
    await summed('weekly');
    expect(await summaryDates()).toContain('2026-11-30');
    await db.execute(
      sql`insert into order_events (transaction_id, status_id, at) values (${late!.id}, ${STATUS.pending}, '2026-11-30T23:50:00+07:00')`,
    );
    await summed('weekly');
    await db.execute(
      sql`insert into order_events (transaction_id, status_id, at, by_user_id) values (${late!.id}, ${STATUS.ready}, '2026-12-01T00:10:00+07:00', ${barista.id})`,
    );
    expect(await summaryDates()).not.toContain('2026-11-30');
    const weekly = await summed('weekly');
    expect(weekly).toEqual(await live('weekly'));

    // An admin's Done move dated on a closed day counts for that day's staff.
    await summed('weekly');
    await db.execute(sql`insert into order_events (transaction_id, status_id, at, by_user_id)
      values (${late!.id}, ${STATUS.done}, '2026-11-28T10:00:00+07:00', ${owner.id})`);
    expect(await summaryDates()).not.toContain('2026-11-28');
    expect(await summed('weekly')).toEqual(await live('weekly'));

    // A line of a summed day removed, and an order deleted.
    await summed('monthly');
    const [line] = await rows<{ id: number; day: string }>(
      db,
      sql`select i.id, (t.created_at at time zone 'Asia/Jakarta')::date::text as day from transaction_items i
          join transactions t on t.id = i.transaction_id where t.status_id = ${STATUS.done} and t.created_at < '2026-11-20T00:00:00+07:00'
          order by t.created_at desc limit 1`,
    );
    expect(await summaryDates()).toContain(line!.day);
    await db.execute(sql`delete from transaction_items where id = ${line!.id}`);
    expect(await summaryDates()).not.toContain(line!.day);
    expect(await summed('monthly')).toEqual(await live('monthly'));
    await db.execute(sql`delete from transactions where id = ${late!.id}`);
    expect(await summaryDates()).not.toContain('2026-11-30');
    for (const period of PERIODS) expect(await summed(period)).toEqual(await live(period));
  });

  it('drops the days that hold the instant of an order as it is placed, its lines and first event with it', async () => {
    const db = shop.database.db;
    // Two summed days of a zone of their own: one holding the database's now (a day that closed
    // while the order was being placed), one that ended an hour before.
    const summedDay = (start: string, end: string, day: string, on: Db = db) =>
      on.execute(sql`insert into dashboard_days (zone, day, day_start, day_end, orders, done, cancelled, revenue, prep_micros, prep_count,
          hours, product_ids, product_units, product_revenue, staff_ids, staff_orders)
        values ('Test/Placing', ${day}::date, ${sql.raw(start)}, ${sql.raw(end)}, 0, 0, 0, 0, 0, 0, '{}', '{}', '{}', '{}', '{}', '{}')`);
    await summedDay(`now() - interval '1 hour'`, `now() + interval '1 hour'`, '2000-01-02');
    await summedDay(`now() - interval '25 hours'`, `now() - interval '1 hour'`, '2000-01-01');
    const placed = await api(shop, 'POST', '/transactions', {
      token: customer.token,
      body: {
        items: [
          { product_id: products[0], size_id: 1, qty: 1 },
          { product_id: products[1], size_id: 1, qty: 2 },
        ],
        delivery_id: 1,
        payment_id: 1,
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await summaryDates('Test/Placing')).toEqual(['2000-01-01']);
    // The triggers skip only what place_order itself writes: a line added after it in the same
    // transaction still drops its day.
    await summedDay(`now() - interval '1 hour'`, `now() + interval '1 hour'`, '2000-01-02');
    await db.transaction(async (tx) => {
      await tx.execute(sql`select place_order(p_user => ${customer.id}, p_delivery => 1, p_payment => 1, p_promo => null, p_address => null,
        p_scheduled_for => null, p_subtotal => 10000, p_discount => 0, p_tax => 0, p_shipping => 0, p_total => 10000,
        p_idempotency_key => null, p_products => ${sqlArray([products[0]!], 'int[]')}, p_sizes => '{1}', p_qtys => '{1}',
        p_prices => '{10000}', p_line_totals => '{10000}', p_addon_lines => '{}', p_addon_products => '{}', p_addon_qtys => '{}',
        p_addon_prices => '{}', p_limit_key => null, p_limit => null, p_window => null)`);
      await summedDay(`now() - interval '1 hour'`, `now() + interval '1 hour'`, '2000-01-03', tx as Db);
      await tx.execute(sql`insert into transaction_items (transaction_id, product_id, size_id, qty, unit_price, line_total)
        values (${placed.json().data.id}, ${products[2]}, 1, 1, 12000, 12000)`);
    });
    expect(await summaryDates('Test/Placing')).toEqual(['2000-01-01']);
    await db.execute(sql`delete from dashboard_days where zone = 'Test/Placing'`);
  });

  it.runIf(onPostgres)('leaves a day that an uncommitted change touches to the live figures, then sums it once committed', async () => {
    clock.set('2026-12-02T03:00:00Z');
    await summed('monthly');
    const [order] = await rows<{ id: number; day: string }>(
      shop.database.db,
      sql`select id, (created_at at time zone 'Asia/Jakarta')::date::text as day from transactions
          where status_id = ${STATUS.pending} and created_at >= '2026-11-10T00:00:00+07:00' order by created_at limit 1`,
    );
    // The day's summary is gone (as after an earlier move), and another connection moves an order
    // of that day without committing yet: it holds the day's lock, so the dashboard cannot build
    // the day and answers the committed orders' figures, live.
    await shop.database.db.execute(sql`delete from dashboard_days where zone = 'Asia/Jakarta' and day = ${order!.day}::date`);
    const other = new pg.Client({ connectionString: shop.database.url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('update transactions set status_id = $1 where id = $2', [STATUS.cancelled, order!.id]);
      expect(await summed('monthly')).toEqual(await live('monthly'));
      expect(await summaryDates()).not.toContain(order!.day);
      await other.query('commit');
    } finally {
      await other.end();
    }
    const after = await summed('monthly');
    expect(after).toEqual(await live('monthly'));
    expect(await summaryDates()).toContain(order!.day);
  });
});
