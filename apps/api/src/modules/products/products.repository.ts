import { type ProductFields, type ProductPatch, stationOfCategory } from '@kopi/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, rows, sqlArray } from '../../db/client.ts';
import { notify } from '../../db/listen.ts';
import { productSizes, products } from '../../db/schema.ts';
import type { MenuRow } from './menu-index.ts';

export interface SizePrice {
  size_id: number;
  price: number;
}

/** A product's sizes and prices as JSON, from a product `p`: Reguler first (the menu_prices view, apps/api/sql). */
const SIZES_JSON = sql`(select json_agg(json_build_object('size_id', m.size_id, 'price', m.price) order by m.size_id)
  from menu_prices m where m.product_id = p.id)`;

/**
 * The products on sale, all of them (the menu index at start: one query) or those of `ids`
 * (after a write; a product not answered has left the menu). The rows come as one JSON text:
 * 10,000 rows of nine columns took PGlite ~3 times longer to hand over one by one. The sizes are
 * grouped once and joined (the whole menu read faster so than with one lookup per product).
 */
export async function loadMenuRows(db: Db, ids?: readonly number[]): Promise<MenuRow[]> {
  const only = (column: string) => (ids ? sql`where ${sql.raw(column)} = any(${sqlArray(ids, 'int[]')})` : sql``);
  const [result] = await rows<{ menu: string }>(
    db,
    sql`select coalesce(json_agg(m), '[]')::text as menu from (
          select p.id, p.product_name, p.price, p.image, p.description, p.indonesian_name, p.indonesian_description,
            p.category_id, c.name as category_name,
            s.sizes, p.sold_out, p.station,
            u.units_sold, (extract(epoch from p.created_at) * 1000000)::float8 as created_us
          from (select * from products ${only('id')}) p
          join categories c on c.id = p.category_id
          join product_units_sold u on u.product_id = p.id
          left join (select product_id, json_agg(json_build_object('size_id', size_id, 'price', price) order by size_id) as sizes
                     from menu_prices ${only('product_id')} group by product_id) s on s.product_id = p.id
          where p.deleted_at is null) m`,
  );
  return JSON.parse(result!.menu) as MenuRow[];
}

type StoredFields = Omit<ProductFields, 'price_l' | 'price_xl'> & { image: string };

/** Stores a product and the sizes it is sold in; made at its category's station unless another is given. */
export async function insertProduct(db: Db, fields: StoredFields, sizes: readonly SizePrice[]): Promise<number> {
  const station = fields.station ?? stationOfCategory(fields.category_id);
  const [row] = await db
    .insert(products)
    .values({ ...fields, station })
    .returning({ id: products.id });
  const id = row!.id;
  await db.insert(productSizes).values(sizes.map((size) => ({ product_id: id, ...size })));
  return id;
}

/** What an edit of a product on the menu starts from, locked until the edit's transaction ends. */
export async function findProductPricing(
  db: Db,
  id: number,
): Promise<{ category_id: number; price: number; sizes: SizePrice[] } | undefined> {
  const [row] = await rows<{ category_id: number; price: number; sizes: SizePrice[] }>(
    db,
    sql`select p.category_id, p.price, ${SIZES_JSON} as sizes from products p where p.id = ${id} and p.deleted_at is null for update`,
  );
  return row;
}

/** Updates only the given columns of a product on the menu, and its sizes when given; false when there is none. */
export async function updateProduct(
  db: Db,
  id: number,
  patch: Omit<ProductPatch, 'price_l' | 'price_xl'> & { image?: string },
  sizes?: readonly SizePrice[],
): Promise<boolean> {
  const changed = Object.keys(patch).length
    ? await db
        .update(products)
        .set(patch)
        .where(and(eq(products.id, id), isNull(products.deleted_at)))
        .returning({ id: products.id })
    : [{ id }];
  if (changed.length === 0) return false;
  if (sizes) {
    await db.delete(productSizes).where(eq(productSizes.product_id, id));
    await db.insert(productSizes).values(sizes.map((size) => ({ product_id: id, ...size })));
  }
  return true;
}

/** Takes a product off the menu; past orders keep pointing at it. */
export async function softDeleteProduct(db: Db, id: number): Promise<boolean> {
  const changed = await db
    .update(products)
    .set({ deleted_at: sql`now()` })
    .where(and(eq(products.id, id), isNull(products.deleted_at)))
    .returning({ id: products.id });
  return changed.length > 0;
}

/** Units sold of these products on the menu, as the orders of every instance counted them (product_units_sold.sql). */
export async function loadUnitsSold(db: Db, ids: readonly number[]): Promise<{ id: number; units_sold: number }[]> {
  return rows<{ id: number; units_sold: number }>(
    db,
    sql`select p.id, u.units_sold from products p join product_units_sold u on u.product_id = p.id
        where p.id = any(${sqlArray(ids, 'int[]')}) and p.deleted_at is null`,
  );
}

/**
 * Adds the orders' sales waiting in product_sales to products.units_sold (roll_up_product_sales in
 * product_units_sold.sql). Answers false when another instance was rolling up at that moment.
 */
export async function rollUpSales(db: Db): Promise<boolean> {
  const [row] = await rows<{ rolled: boolean }>(db, sql`select roll_up_product_sales() as rolled`);
  return row?.rolled === true;
}

/** The channel on which every instance hears of changes to the menu (docs/decisions/menu-index.md). */
export const MENU_CHANNEL = 'menu_changes';

/**
 * Tells every instance (this one included) that products changed, when the transaction `db`
 * belongs to commits: `products` were written (read them again), `sold` sold or gave back units.
 */
export async function announceMenuChange(db: Db, change: { from: string; products?: number[]; sold?: number[] }): Promise<void> {
  await notify(db, MENU_CHANNEL, JSON.stringify(change));
}
