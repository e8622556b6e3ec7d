import { addDays, STATUS, shopDate, startOfShopDay } from '@kopi/shared';
import { sql } from 'drizzle-orm';
import { type Db, rows, sqlArray } from '../src/db/client.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { renderArt } from '../src/seed/seed.ts';

export const BENCH_PASSWORD = 'bench-password-1';
const NAMES = [
  'Caffe Latte',
  'Kopi Susu',
  'Matcha Latte',
  'Croissant',
  'Americano',
  'Mocha',
  'Teh Tarik',
  'Roti Bakar',
  'Cold Brew',
  'Pisang Goreng',
];

/** The name of the g-th product (1-based), as the insert below writes it: the bench draws search terms from it. */
export const benchProductName = (g: number) => `${NAMES[g % NAMES.length]} ${g}`;
/** The category of the g-th product (1-based), as the insert below writes it. */
export const benchCategory = (g: number) => 1 + (g % 4);

/** The bench's admins: they move the orders, and the dashboard's calls sign in as the first. */
export const BENCH_ADMINS = 5;
export const benchAdminEmail = (i: number) => `benchadmin${i}@bench.local`;

/** A busy coffee shop's day. */
export const ORDERS_PER_DAY = 1_000;

/** How a day's orders fall by the hour of the shop's clock (open 07:00–22:00): a morning and a lunch peak. */
const HOURLY_WEIGHTS: Record<number, number> = {
  7: 6,
  8: 10,
  9: 8,
  10: 6,
  11: 6,
  12: 9,
  13: 8,
  14: 5,
  15: 7,
  16: 8,
  17: 6,
  18: 5,
  19: 5,
  20: 4,
  21: 3,
};

/** `n` instants of a day, as seconds after midnight in ascending order, spread by HOURLY_WEIGHTS. */
export function daySlots(n: number): number[] {
  const hours = Object.entries(HOURLY_WEIGHTS).map(([hour, weight]) => ({ hour: Number(hour), weight }));
  const total = hours.reduce((sum, h) => sum + h.weight, 0);
  return Array.from({ length: n }, (_, i) => {
    let u = ((i + 0.5) / n) * total;
    for (const { hour, weight } of hours) {
      if (u < weight) return Math.floor(hour * 3600 + (u / weight) * 3600);
      u -= weight;
    }
    return 22 * 3600 - 1;
  });
}

/**
 * The bench's large shop (docs/architecture.md#tests-and-targets): 10,000 products, 1,000 customers,
 * 100,000 orders over 100 of the shop's days with their events (Pending when placed; a Done order
 * was Ready 3–15 minutes later and Done 20–29 minutes later, a cancelled one Cancelled 1–5 minutes
 * later, by one of the bench's admins) — written by SQL, in seconds. `timezone` is the shop's
 * (SHOP_TIMEZONE), whose days the history follows.
 */
export async function seedBigShop(
  db: Db,
  timezone = process.env.SHOP_TIMEZONE ?? 'Asia/Jakarta',
  sizes = { products: 10_000, customers: 1_000, orders: 100_000 },
) {
  const images: string[] = [];
  for (const [i, color] of ['#8b5a2b', '#7fa653', '#c98b4d', '#5e3520', '#e05a6d'].entries()) {
    images.push(await renderArt(db, { kind: i % 2 ? 'glass' : 'cup', color, accent: '#f5e6d0', background: ['#f3d9b1', '#c98b4d'] }));
  }
  const hash = await hashPassword(BENCH_PASSWORD);
  // product_name is benchProductName(g); category_id is 1 + g % 4.
  await db.execute(sql`insert into products (product_name, price, category_id, description, image, units_sold, created_at)
    select ${sqlArray(NAMES, 'text[]')}[1 + g % ${NAMES.length}] || ' ' || g, 5000 + (g * 37 % 60) * 1000, 1 + g % 4,
           'Benchmark product number ' || g, ${sqlArray(images, 'text[]')}[1 + g % ${images.length}], 0, now() - make_interval(secs => g)
    from generate_series(1, ${sizes.products}) g`);
  // Sizes as the menu prices them (docs/shop-rules.md#prices-and-sizes): drinks in R, L and XL, the rest in R.
  await db.execute(sql`insert into product_sizes (product_id, size_id, price)
    select p.id, s.size_id, p.price + s.step from products p
    join (values (1, 0), (2, 5000), (3, 8000)) as s(size_id, step) on s.size_id = 1 or p.category_id in (2, 3)`);
  await db.execute(sql`insert into users (email, password_hash, role, display_name)
    select 'bench' || g || '@bench.local', ${hash}, 'User', 'Bench ' || g from generate_series(1, ${sizes.customers}) g`);
  // The barista whose board holds the live streams (bench/streams.ts).
  await db.execute(
    sql`insert into users (email, password_hash, role, display_name) values ('barista@bench.local', ${hash}, 'Admin', 'Bench Barista')`,
  );
  await db.execute(sql`insert into users (email, password_hash, role, display_name)
    select 'benchadmin' || g || '@bench.local', ${hash}, 'Admin', 'Barista ' || g from generate_series(1, ${BENCH_ADMINS}) g`);
  const [range] = await rows<{ first_user: number; first_product: number }>(
    db,
    sql`select (select min(id) from users where email like 'bench%') as first_user, (select min(id) from products) as first_product`,
  );
  const { first_user, first_product } = range!;
  // The dashboard's summary is empty while the shop is seeded, so its triggers (migration 0015), which
  // only drop summed days, would drop nothing: they are off for the bulk inserts, which they would
  // slow down a lot on PGlite (one call per row).
  const dashboardTriggers = async (action: 'enable' | 'disable') => {
    for (const name of [
      'transactions_dashboard',
      'transactions_dashboard_moved',
      'transaction_items_dashboard',
      'order_events_dashboard',
    ]) {
      await db.execute(sql.raw(`alter table ${name.split('_dashboard')[0]} ${action} trigger ${name}`));
    }
  };
  // The orders' history (docs/decisions/dashboard-in-sql.md): a busy shop's ~1,000 orders a day for
  // `days` days ending now, each day shaped by the hour (the day's slots below), today holding a
  // whole day's worth placed between midnight and now. Orders of the last 30 minutes are still
  // Pending; of the rest, one in 40 was cancelled and the others were made and picked up.
  const days = Math.ceil(sizes.orders / ORDERS_PER_DAY);
  await dashboardTriggers('disable');
  const now = new Date();
  const today = shopDate(now, timezone);
  const dayStarts = Array.from({ length: days }, (_, k) => startOfShopDay(addDays(today, k - days + 1), timezone).toISOString());
  const slots = daySlots(ORDERS_PER_DAY);
  // Today's slots are compressed into the part of the day gone by, so the last one is now.
  const todayScale = (now.getTime() - Date.parse(dayStarts[days - 1]!)) / 1000 / slots[slots.length - 1]!;
  await db.execute(sql`insert into transactions (user_id, status_id, delivery_id, payment_id, subtotal, total, created_at)
    with day as materialized (select start, n from unnest(${sqlArray(dayStarts, 'text[]')}::timestamptz[]) with ordinality as d(start, n)),
      slot as materialized (select secs, n from unnest(${sqlArray(slots, 'int[]')}) with ordinality as s(secs, n)),
      placed as (
        select g, day.start + make_interval(secs => slot.secs * case when day.n = ${days} then ${todayScale}::float8 else 1 end) as at
        from generate_series(1, ${sizes.orders}) g
        join day on day.n = ${days} - (${sizes.orders} - g) / ${ORDERS_PER_DAY}
        join slot on slot.n = ${ORDERS_PER_DAY} - (${sizes.orders} - g) % ${ORDERS_PER_DAY})
    select ${first_user} + g % ${sizes.customers},
           case when at > now() - interval '30 minutes' then ${STATUS.pending}::int when g % 40 = 0 then ${STATUS.cancelled}::int else ${STATUS.done}::int end,
           1 + g % 3, 1 + g % 3, 0, 0, at
    from placed order by at`);
  await db.execute(sql`insert into transaction_items (transaction_id, product_id, size_id, qty, unit_price, line_total)
    select t.id, p.id, 1 + t.id % 3, 1 + t.id % 3, p.price, p.price * (1 + t.id % 3)
    from transactions t join products p on p.id = ${first_product} + (t.id * 31) % ${sizes.products}`);
  await db.execute(sql`update transactions t set subtotal = i.line_total, total = i.line_total
    from transaction_items i where i.transaction_id = t.id`);
  const [admins] = await rows<{ first: number }>(db, sql`select min(id) as first from users where email like 'benchadmin%'`);
  await db.execute(sql`insert into order_events (transaction_id, status_id, at, by_user_id)
    select id, ${STATUS.pending}::int, created_at, null from transactions
    union all
    select id, ${STATUS.ready}::int, created_at + make_interval(mins => 3 + id % 13), ${admins!.first} + id % ${BENCH_ADMINS}
    from transactions where status_id = ${STATUS.done}
    union all
    select id, ${STATUS.done}::int, created_at + make_interval(mins => 20 + id % 10), ${admins!.first} + id % ${BENCH_ADMINS}
    from transactions where status_id = ${STATUS.done}
    union all
    select id, ${STATUS.cancelled}::int, created_at + make_interval(mins => 1 + id % 5), ${admins!.first} + id % ${BENCH_ADMINS}
    from transactions where status_id = ${STATUS.cancelled}
    order by 3`);
  await dashboardTriggers('enable');
  await db.execute(sql`update products p set units_sold = s.units from
    (select product_id, sum(qty)::int as units from transaction_items group by product_id) s where s.product_id = p.id`);
  // A shop with 100 days of history has been vacuumed by autovacuum: the visibility map is set, so
  // index-only scans read no table pages, as they would in that shop.
  await db.execute(sql`vacuum analyze`);
  return { firstProduct: first_product, products: sizes.products, customers: sizes.customers };
}
