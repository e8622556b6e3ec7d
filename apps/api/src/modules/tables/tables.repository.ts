import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.ts';
import { diningTables } from '../../db/schema.ts';

/** A dine-in table as it is stored; `created_at` ISO 8601 in UTC. */
export interface TableRow {
  id: number;
  name: string;
  token: string;
  created_at: string;
}

const COLUMNS = sql`id, name, token, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`;

/** The tables in use, by name. */
export async function listTables(db: Db): Promise<TableRow[]> {
  return rows<TableRow>(db, sql`select ${COLUMNS} from dining_tables where deleted_at is null order by lower(name), id`);
}

/** Stores a table; undefined when a table in use has that name already (in any letter case). */
export async function insertTable(db: Db, name: string, token: string): Promise<TableRow | undefined> {
  const [row] = await rows<TableRow>(
    db,
    sql`insert into dining_tables (name, token) values (${name}, ${token})
        on conflict (lower(name)) where deleted_at is null do nothing returning ${COLUMNS}`,
  );
  return row;
}

/** Takes a table out of use: its QR code stops working, its orders keep its name. False when there is none. */
export async function softDeleteTable(db: Db, id: number): Promise<boolean> {
  const changed = await db
    .update(diningTables)
    .set({ deleted_at: sql`now()` })
    .where(and(eq(diningTables.id, id), isNull(diningTables.deleted_at)))
    .returning({ id: diningTables.id });
  return changed.length > 0;
}

/** Gives a table in use a new token (its old QR code stops working at once); undefined when there is none. */
export async function replaceTableToken(db: Db, id: number, token: string): Promise<TableRow | undefined> {
  const [row] = await rows<TableRow>(
    db,
    sql`update dining_tables set token = ${token} where id = ${id} and deleted_at is null returning ${COLUMNS}`,
  );
  return row;
}

/** The table in use whose QR code carries `token`. */
export async function findTableByToken(db: Db, token: string): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: diningTables.id, name: diningTables.name })
    .from(diningTables)
    .where(and(eq(diningTables.token, token), isNull(diningTables.deleted_at)));
  return row;
}
