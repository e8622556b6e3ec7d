import { sql } from 'drizzle-orm';
import { type Db, rows, sqlArray } from '../src/db/client.ts';
import { renderArt } from '../src/db/seed.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';

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

/**
 * The bench's large shop (docs/architecture.md#tests-and-targets): 10,000 products, 1,000 customers, 100,000 orders with their events (Pending
 * when placed; a Done order was Ready 3–15 minutes later and Done 20–29 minutes later, by one of
 * the bench's admins) — written by SQL, in seconds.
 */
export async function seedBigShop(db: Db, sizes = { products: 10_000, customers: 1_000, orders: 100_000 }) {
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
  await db.execute(sql`insert into transactions (user_id, status_id, delivery_id, payment_id, subtotal, total, created_at)
    select ${first_user} + g % ${sizes.customers}, case when g % 100 = 0 then 1 else 2 end, 1 + g % 3, 1 + g % 3, 0, 0,
           now() - make_interval(secs => ${sizes.orders} - g)
    from generate_series(1, ${sizes.orders}) g`);
  await db.execute(sql`insert into transaction_items (transaction_id, product_id, size_id, qty, unit_price, line_total)
    select t.id, p.id, 1 + t.id % 3, 1 + t.id % 3, p.price, p.price * (1 + t.id % 3)
    from transactions t join products p on p.id = ${first_product} + (t.id * 31) % ${sizes.products}`);
  await db.execute(sql`update transactions t set subtotal = i.line_total, total = i.line_total
    from transaction_items i where i.transaction_id = t.id`);
  const [admins] = await rows<{ first: number }>(db, sql`select min(id) as first from users where email like 'benchadmin%'`);
  await db.execute(sql`insert into order_events (transaction_id, status_id, at, by_user_id)
    select id, 1, created_at, null from transactions
    union all
    select id, 5, created_at + make_interval(mins => 3 + id % 13), ${admins!.first} + id % ${BENCH_ADMINS} from transactions where status_id = 2
    union all
    select id, 2, created_at + make_interval(mins => 20 + id % 10), ${admins!.first} + id % ${BENCH_ADMINS} from transactions where status_id = 2
    order by 3`);
  await db.execute(sql`update products p set units_sold = s.units from
    (select product_id, sum(qty)::int as units from transaction_items group by product_id) s where s.product_id = p.id`);
  await db.execute(sql`analyze`);
  return { firstProduct: first_product, products: sizes.products, customers: sizes.customers };
}
