import type { ProductFields, ProductPatch } from '@kopi/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, rows, sqlArray } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import type { MenuRow } from './menu-index.ts';

/** Every column the menu index needs, from a product `p` and its category `c`. */
const MENU_COLUMNS = sql`p.id, p.product_name, p.price, p.image, p.description, p.category_id, c.name as category_name,
  p.units_sold, (extract(epoch from p.created_at) * 1000000)::float8 as created_us`;

/**
 * The products on sale, all of them (the menu index at start: one query) or those of `ids`
 * (after a write; a product not answered has left the menu). The rows come as one JSON text:
 * 10,000 rows of nine columns took PGlite ~3 times longer to hand over one by one.
 */
export async function loadMenuRows(db: Db, ids?: readonly number[]): Promise<MenuRow[]> {
  const which = ids ? sql`and p.id = any(${sqlArray(ids, 'int[]')})` : sql``;
  const [result] = await rows<{ menu: string }>(
    db,
    sql`select coalesce(json_agg(m), '[]')::text as menu from (
          select ${MENU_COLUMNS} from products p join categories c on c.id = p.category_id where p.deleted_at is null ${which}) m`,
  );
  return JSON.parse(result!.menu) as MenuRow[];
}

export async function insertProduct(db: Db, fields: ProductFields & { image: string }): Promise<number> {
  const [row] = await db.insert(products).values(fields).returning({ id: products.id });
  return row!.id;
}

/** Updates only the given columns of a product on the menu; false when there is none. */
export async function updateProduct(db: Db, id: number, patch: ProductPatch & { image?: string }): Promise<boolean> {
  const changed = await db
    .update(products)
    .set(patch)
    .where(and(eq(products.id, id), isNull(products.deleted_at)))
    .returning({ id: products.id });
  return changed.length > 0;
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
