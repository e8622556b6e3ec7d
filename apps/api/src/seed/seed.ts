import {
  DOOR_DELIVERY_ID,
  isDrink,
  lineTotal,
  NO_TAX,
  STATUS,
  type StatusId,
  shopDate,
  startOfShopDay,
  stationOfCategory,
} from '@kopi/shared';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { type Db, rows } from '../db/client.ts';
import { productSizes, products, promos } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { sha256Of, storeImage } from '../modules/images/images.service.ts';
import { backdateOrder, numberOrdersByDay } from '../modules/orders/demo.repository.ts';
import { placeOrder } from '../modules/orders/placing.repository.ts';
import { sizePrices } from '../modules/products/products.service.ts';
import { insertUser, upsertAdmin } from '../modules/users/users.repository.ts';
import { type Art, drawArt } from './seed-art.ts';
import {
  DEMO_ADDON_NAMES,
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  DEMO_PRODUCTS,
  DEMO_PRODUCTS_IN_INDONESIAN,
  DEMO_PROMOS,
  DEMO_REGULARS,
} from './seed-data.ts';

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await rows<{ empty: boolean }>(
    db,
    sql`select not exists(select 1 from users) and not exists(select 1 from products) as empty`,
  );
  return row!.empty;
}

/** ADMIN_EMAIL / ADMIN_PASSWORD: that account exists after start and is an Admin. */
export async function ensureAdmin(db: Db, email: string, password: string): Promise<void> {
  await upsertAdmin(db, email, await hashPassword(password));
}

export async function renderArt(db: Db, art: Art): Promise<string> {
  const bytes = await sharp(Buffer.from(drawArt(art)))
    .webp({ quality: 82 })
    .toBuffer();
  return storeImage(db, { bytes, sha256: sha256Of(bytes) });
}

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Fills an empty database with a demo shop: accounts, the menu with pictures, promos, past orders. */
export async function seedDemo(db: Db, timeZone = 'Asia/Jakarta'): Promise<void> {
  const adminId = await insertUser(db, {
    email: DEMO_ADMIN.email,
    password_hash: await hashPassword(DEMO_ADMIN.password),
    role: 'Admin',
    display_name: DEMO_ADMIN.display_name,
  });
  const { email, password, ...profile } = DEMO_CUSTOMER;
  const customerId = await insertUser(db, {
    email,
    password_hash: await hashPassword(password),
    role: 'User',
    display_name: profile.display_name,
    phone: profile.phone,
  });
  await db.execute(sql`update users set first_name = ${profile.first_name}, last_name = ${profile.last_name}, address = ${profile.address},
    gender = ${profile.gender}, birthday = ${profile.birthday} where id = ${customerId}`);
  // Regulars cannot log in with a known password: they only give the queue some history.
  const regularIds: number[] = [];
  for (const regular of DEMO_REGULARS) {
    regularIds.push(await insertUser(db, { ...regular, password_hash: await hashPassword(crypto.randomUUID()), role: 'User' }));
  }

  const productIds: number[] = [];
  const sizes: { size_id: number; price: number }[][] = [];
  for (const [index, item] of DEMO_PRODUCTS.entries()) {
    const [row] = await db
      .insert(products)
      .values({
        product_name: item.name,
        price: item.price,
        category_id: item.category,
        // Seeded after the migrations, so their default ('bar') would make the Foods bar products too.
        station: stationOfCategory(item.category),
        description: item.description,
        indonesian_name: DEMO_PRODUCTS_IN_INDONESIAN[item.name]?.name ?? '',
        indonesian_description: DEMO_PRODUCTS_IN_INDONESIAN[item.name]?.description ?? '',
        image: await renderArt(db, item.art),
        sold_out: item.sold_out ?? false,
        // Older items first, so "newest" differs from the menu's order.
        created_at: sql`now() - make_interval(days => ${DEMO_PRODUCTS.length - index})`,
      })
      .returning({ id: products.id });
    productIds.push(row!.id);
    sizes.push(sizePrices(item.category, item.price, item.sizes ?? {}));
    await db.insert(productSizes).values(sizes[index]!.map((size) => ({ product_id: row!.id, ...size })));
  }

  for (const promo of DEMO_PROMOS) {
    const { days, color, accent, ...fields } = promo;
    await db.insert(promos).values({
      ...fields,
      duration: dayOffset(days),
      image: await renderArt(db, { kind: 'coupon', color, accent, background: ['#f3d9b1', '#c98b4d'], label: `${promo.discount}%` }),
    });
  }

  await seedOrders(db, timeZone, { adminId, customerId, regularIds, productIds, sizes });
}

/** The open queue's orders are at most this old (in days), in the order they were placed. */
const QUEUE_SPAN_DAYS = 0.25;

/**
 * How long ago (in days) an order of the open queue, meant `daysAgo` ago, was placed: within today on
 * the shop's clock, however early the shop is started, and in the same order. An order of yesterday
 * would take yesterday's numbers, and the board would show two #1.
 */
export function queueAge(daysAgo: number, now: Date, timeZone: string): number {
  const todaySoFar = (now.getTime() - startOfShopDay(shopDate(now, timeZone), timeZone).getTime()) / 86_400_000;
  return Math.min(daysAgo, (todaySoFar * daysAgo) / QUEUE_SPAN_DAYS);
}

/** Past orders: the customer's history, a queue of pending orders, and sales that make "popular" real. */
async function seedOrders(
  db: Db,
  timeZone: string,
  ids: { adminId: number; customerId: number; regularIds: number[]; productIds: number[]; sizes: { size_id: number; price: number }[][] },
) {
  const buyers = [ids.customerId, ...ids.regularIds];
  // A fixed pseudo-random walk, so every demo shop is the same.
  let state = 7;
  const next = (n: number) => {
    state = (state * 48271) % 2147483647;
    return state % n;
  };
  const orders: { userId: number; status: number; daysAgo: number }[] = [
    { userId: ids.customerId, status: STATUS.done, daysAgo: 9 },
    { userId: ids.customerId, status: STATUS.done, daysAgo: 4 },
    { userId: ids.customerId, status: STATUS.cancelled, daysAgo: 3 },
    { userId: ids.regularIds[0]!, status: STATUS.pending, daysAgo: 0.2 },
    { userId: ids.regularIds[1]!, status: STATUS.pending, daysAgo: 0.1 },
  ];
  for (let i = 0; i < 30; i++) orders.push({ userId: buyers[next(buyers.length)]!, status: STATUS.done, daysAgo: 10 + next(50) });
  const now = new Date();
  for (const order of orders) if (order.status === STATUS.pending) order.daysAgo = queueAge(order.daysAgo, now, timeZone);

  // Favourites sell more: the first coffees and foods lead the "popular" sort.
  const favourites = [0, 1, 4, 6, 16, 17];
  const addOns = DEMO_ADDON_NAMES.map((name) => DEMO_PRODUCTS.findIndex((item) => item.name === name));
  let drinks = 0;
  for (const order of orders) {
    const count = 1 + next(2);
    const lines = Array.from({ length: count }, () => {
      const index = next(3) > 0 ? favourites[next(favourites.length)]! : next(ids.productIds.length);
      const item = DEMO_PRODUCTS[index]!;
      const qty = 1 + next(3);
      // Foods and add-ons come in Reguler only; every third drink has an add-on in it.
      const drawn = 1 + next(3);
      const size = isDrink(item.category) ? ids.sizes[index]!.find((s) => s.size_id === drawn)! : ids.sizes[index]![0]!;
      const addon = isDrink(item.category) && drinks++ % 3 === 0 ? addOns[drinks % addOns.length]! : undefined;
      const addons = addon === undefined ? [] : [{ product_id: ids.productIds[addon]!, qty: 1, unit_price: DEMO_PRODUCTS[addon]!.price }];
      const line = { product_id: ids.productIds[index]!, size_id: size.size_id, qty, unit_price: size.price, addons };
      return { ...line, line_total: lineTotal(line) };
    });
    const subtotal = lines.reduce((sum, line) => sum + line.line_total, 0);
    const delivery_id = 1 + next(3);
    const placed = await placeOrder(
      db,
      {
        source: 'online',
        user_id: order.userId,
        table: null,
        guest_name: null,
        order_token: null,
        delivery_id,
        payment_id: 1 + next(3),
        promo_id: null,
        address: delivery_id === DOOR_DELIVERY_ID ? 'Jl. Braga No. 12, Bandung' : null,
        scheduled_for: null,
        subtotal,
        discount: 0,
        service: 0,
        tax: 0,
        shipping: 0,
        total: subtotal,
        // The demo shop charges no tax or service (its owner sets them on /settings).
        rates: NO_TAX,
        idempotency_key: null,
        lines,
      },
      { timeZone },
    );
    if (!('stored' in placed)) throw new Error('the demo orders are priced as the demo menu is');
    await backdateOrder(db, placed.stored.id, order.status as StatusId, Math.round(order.daysAgo * 86400), ids.adminId);
  }
  // The orders were placed in the past: each takes its number on its own day, as it would have.
  await numberOrdersByDay(db, timeZone);
}
