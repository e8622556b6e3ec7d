import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rows } from '../src/db/client.ts';
import { createListener, type Listener } from '../src/db/listen.ts';
import { MENU_CHANNEL, rollUpSales } from '../src/modules/products/products.repository.ts';
import { createMenu, type Menu } from '../src/modules/products/products.service.ts';
import { openTestDatabase } from './helpers.ts';

// The menu index hears of changes made by other instances on MENU_CHANNEL (docs/decisions/menu-index.md),
// on both databases: PostgreSQL's NOTIFY, PGlite's in-process one. Here "another instance" is
// SQL that writes and notifies as one would; instances.test.ts runs two real instances.

/** Waits until `condition` holds, for at most `ms`. */
async function until(condition: () => boolean, ms = 5000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > ms) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the menu index follows the other instances', () => {
  let database: Database & { url?: string };
  let listener: Listener;
  let menu: Menu;
  let gap: (() => void) | undefined;
  const warnings: string[] = [];
  const ids: number[] = [];

  const priceOf = (id: number) => (JSON.parse(menu.detailJson(id, 'en')) as { data: { price: number } }).data.price;
  const popular = () =>
    (
      JSON.parse(menu.listAnswer({ sort: 'popular', page: 1, limit: 10, search: 'follower' }, undefined, 'en').body as string) as {
        data: { id: number }[];
      }
    ).data.map((p) => p.id);
  /** Writes as another instance would: the change and its announcement in one transaction. */
  const asAnotherInstance = async (change: string, payload: object) => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(change));
      await tx.execute(sql`select pg_notify(${MENU_CHANNEL}, ${JSON.stringify({ from: 'another', ...payload })})`);
    });
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    for (const name of ['Follower One', 'Follower Two']) {
      const [row] = await rows<{ id: number }>(
        database.db,
        sql`insert into products (product_name, price, category_id, description, image)
            values (${name}, 20000, 1, 'A product the test changes', 'images/none.webp') returning id`,
      );
      ids.push(row!.id);
    }
    const real = createListener(database, { log: { warn() {}, info() {}, error() {} } });
    // The real listener, with its gap handler kept so that the test can play a lost connection.
    listener = {
      ...real,
      connected: true,
      close: () => real.close(),
      subscribe: (channel, handler, onGap) => {
        gap = onGap;
        return real.subscribe(channel, handler, onGap);
      },
    };
    menu = createMenu(database.db, { error: () => {}, warn: (_object: unknown, message?: string) => void warnings.push(String(message)) });
    await menu.follow(listener);
    await menu.load();
  });
  afterAll(async () => {
    await menu.close();
    await listener.close();
    await database.close();
  });

  it('reads a product again when another instance announces it', async () => {
    expect(priceOf(ids[0]!)).toBe(20000);
    await asAnotherInstance(`update products set price = 27000 where id = ${ids[0]}`, { products: [ids[0]] });
    await until(() => priceOf(ids[0]!) === 27000);
  });

  it('takes a product off when another instance deleted it', async () => {
    await asAnotherInstance(`update products set deleted_at = now() where id = ${ids[0]}`, { products: [ids[0]] });
    await until(() => menu.size > 0 && !popular().includes(ids[0]!));
    expect(() => menu.detailJson(ids[0]!, 'en')).toThrow('Product not found');
    await asAnotherInstance(`update products set deleted_at = null where id = ${ids[0]}`, { products: [ids[0]] });
    await until(() => popular().includes(ids[0]!));
  });

  it('follows another instance\'s units sold in "popular"', async () => {
    expect(popular()).toEqual([ids[0], ids[1]]);
    await asAnotherInstance(`update products set units_sold = units_sold + 5 where id = ${ids[1]}`, { sold: [ids[1]] });
    await until(() => popular()[0] === ids[1]);
  });

  it('counts the sales an instance left in product_sales, and rolls each of them up once', async () => {
    // ids[1] has 5 sold (the test before). Orders of another instance that stopped before its
    // roll-up: 9 of ids[0] sold, then 2 given back by a cancellation, still waiting in product_sales.
    await asAnotherInstance(`insert into product_sales (product_id, qty) values (${ids[0]}, 9), (${ids[0]}, -2)`, { sold: [ids[0]] });
    await until(() => popular()[0] === ids[0]);
    const stored = async () =>
      rows<{ units_sold: number; waiting: number }>(
        database.db,
        sql`select units_sold, (select count(*)::int from product_sales where product_id = ${ids[0]}) as waiting from products where id = ${ids[0]}`,
      );
    expect(await stored()).toEqual([{ units_sold: 0, waiting: 2 }]);
    // Two instances rolling up at once: each row is added once.
    await Promise.all([rollUpSales(database.db), rollUpSales(database.db)]);
    expect(await stored()).toEqual([{ units_sold: 7, waiting: 0 }]);
    // More given back than was counted (units set by hand meanwhile) leaves 0, never fewer.
    await database.db.execute(sql`insert into product_sales (product_id, qty) values (${ids[0]}, -10)`);
    const [pending] = await rows<{ units_sold: number }>(
      database.db,
      sql`select units_sold from product_units_sold where product_id = ${ids[0]}`,
    );
    expect(pending!.units_sold).toBe(0);
    expect(await rollUpSales(database.db)).toBe(true);
    expect(await stored()).toEqual([{ units_sold: 0, waiting: 0 }]);
  });

  it('reads the whole menu again after a gap in what it heard', async () => {
    // Changed without an announcement, as if the notification was lost with the connection.
    await database.db.execute(sql`update products set price = 31000 where id = ${ids[1]}`);
    await new Promise((r) => setTimeout(r, 100));
    expect(priceOf(ids[1]!)).toBe(20000);
    gap!();
    await until(() => priceOf(ids[1]!) === 31000);
  });

  it('ignores a notification it cannot read, and goes on hearing the next ones', async () => {
    await database.db.execute(sql`select pg_notify(${MENU_CHANNEL}, '{"products":"all"}')`);
    await until(() => warnings.includes('menu index: a notification it cannot read'));
    await asAnotherInstance(`update products set price = 32000 where id = ${ids[1]}`, { products: [ids[1]] });
    await until(() => priceOf(ids[1]!) === 32000);
  });
});
