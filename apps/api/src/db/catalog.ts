import { sql } from 'drizzle-orm';
import { type Db, rows } from './client.ts';

// The shop's tables as PostgreSQL's catalog describes them, so that a backup covers a table added
// by a later migration without anyone listing it by hand.

export interface Column {
  name: string;
  /** As format_type() writes it: integer, timestamp with time zone, text[], … */
  type: string;
}

export interface Table {
  name: string;
  /** Stored columns in their order; generated columns are left out (PostgreSQL recomputes them). */
  columns: Column[];
  /** Primary key columns: a table's rows are read in this order. */
  primaryKey: string[];
  /** Columns a sequence numbers (serial or identity), with that sequence. */
  sequences: { column: string; sequence: string }[];
  /** True when an identity column is GENERATED ALWAYS: inserting its value needs OVERRIDING SYSTEM VALUE. */
  identityAlways: boolean;
}

/** "name" quoted as an SQL identifier. */
export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const qualified = (table: string) => `public.${quoteIdent(table)}`;

/**
 * Every table of the public schema, each after the tables its foreign keys point to (a table
 * that refers to itself is fine: its rows come in primary-key order). A cycle between tables
 * cannot be ordered and is reported.
 */
export async function listTables(db: Db): Promise<Table[]> {
  // One after another: inside a transaction they share one connection.
  const tableRows = await rows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c
          where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
          order by c.relname`,
  );
  const columnRows = await rows<{
    table: string;
    name: string;
    type: string;
    generated: boolean;
    identity: string;
    sequence: string | null;
  }>(
    db,
    sql`select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
                 a.attgenerated <> '' as generated, a.attidentity as identity,
                 pg_get_serial_sequence(format('public.%I', c.relname), a.attname) as sequence
          from pg_attribute a join pg_class c on c.oid = a.attrelid
          where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
          order by c.relname, a.attnum`,
  );
  const keyRows = await rows<{ table: string; name: string }>(
    db,
    sql`select c.relname as table, a.attname as name
          from pg_index i join pg_class c on c.oid = i.indrelid
          cross join lateral unnest(i.indkey) with ordinality as k(attnum, position)
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
          where c.relnamespace = 'public'::regnamespace and i.indisprimary
          order by c.relname, k.position`,
  );
  const foreignRows = await rows<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent
          from pg_constraint f join pg_class child on child.oid = f.conrelid join pg_class parent on parent.oid = f.confrelid
          where f.contype = 'f' and child.relnamespace = 'public'::regnamespace`,
  );

  const tables = new Map<string, Table>(
    tableRows.map(({ name }) => [name, { name, columns: [], primaryKey: [], sequences: [], identityAlways: false }]),
  );
  for (const column of columnRows) {
    const table = tables.get(column.table);
    if (!table || column.generated) continue;
    table.columns.push({ name: column.name, type: column.type });
    if (column.sequence) table.sequences.push({ column: column.name, sequence: column.sequence });
    if (column.identity === 'a') table.identityAlways = true;
  }
  for (const key of keyRows) tables.get(key.table)?.primaryKey.push(key.name);

  const parents = new Map<string, Set<string>>([...tables.keys()].map((name) => [name, new Set<string>()]));
  for (const { child, parent } of foreignRows) if (child !== parent) parents.get(child)?.add(parent);

  // Depth-first topological order: a table is placed once every table it refers to is.
  const ordered: Table[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, path: string[]) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') throw new Error(`Foreign keys form a cycle: ${[...path, name].join(' → ')}`);
    state.set(name, 'visiting');
    for (const parent of [...(parents.get(name) ?? [])].sort()) visit(parent, [...path, name]);
    state.set(name, 'done');
    ordered.push(tables.get(name)!);
  };
  for (const name of tables.keys()) visit(name, []);
  return ordered;
}
