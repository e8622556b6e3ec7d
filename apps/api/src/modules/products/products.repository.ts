import type { Product, ProductFields, ProductPatch, ProductQuery, ProductSort } from '@kopi/shared';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { offsetOf } from '../../lib/reply.ts';

// Sort orders by name from a fixed list: a client never writes SQL (issue #2, safety).
const ORDER_BY: Record<ProductSort, SQL> = {
  popular: sql`p.units_sold desc, p.id`,
  cheapest: sql`p.price, p.id`,
  priciest: sql`p.price desc, p.id desc`,
  newest: sql`p.created_at desc, p.id`,
};

const COLUMNS = sql`p.id, p.product_name, p.price, p.image, p.description, p.category_id, c.name as category_name`;

/** `%` and `_` typed by a customer are letters to look for, not wildcards. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function menuFilter(query: Pick<ProductQuery, 'search' | 'categories'>): SQL {
  const conditions = [sql`p.deleted_at is null`];
  if (query.search) conditions.push(sql`p.search_name like ${`%${escapeLike(query.search.toLowerCase())}%`}`);
  if (query.categories) conditions.push(sql`p.category_id = ${query.categories}`);
  return sql.join(conditions, sql` and `);
}

export async function pageProducts(db: Db, query: ProductQuery): Promise<Product[]> {
  return rows<Product>(
    db,
    sql`select ${COLUMNS} from products p join categories c on c.id = p.category_id
        where ${menuFilter(query)} order by ${ORDER_BY[query.sort]}
        limit ${query.limit} offset ${offsetOf(query.page, query.limit)}`,
  );
}

export async function countProducts(db: Db, filter: Pick<ProductQuery, 'search' | 'categories'>): Promise<number> {
  const [count] = await rows<{ total: number }>(db, sql`select count(*)::int as total from products p where ${menuFilter(filter)}`);
  return count!.total;
}

export async function findProduct(db: Db, id: number): Promise<Product | undefined> {
  const [product] = await rows<Product>(
    db,
    sql`select ${COLUMNS} from products p join categories c on c.id = p.category_id where p.id = ${id} and p.deleted_at is null`,
  );
  return product;
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
