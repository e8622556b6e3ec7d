import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, rows } from './client.ts';

// The database's functions and triggers as source files (apps/api/sql, one file per function with
// its triggers, each `CREATE OR REPLACE`): the one place that holds the current text of each. They
// are applied after the numbered migrations, on every migrate, each file whose text changed since it
// was last applied (as Flyway's repeatable migrations are); `drizzle.schema_sources` (migration 0017) keeps
// the hash of what the database runs. Numbered migrations hold schema and data changes only, and
// the drop of a function whose signature changes (CREATE OR REPLACE cannot change it).
//
// A file may hold several statements, separated by `--> statement-breakpoint` lines, as a
// migration does. The ids a file uses are written with the name of their constant beside them
// (`4 /* ADDONS_CATEGORY_ID */`): sql-sources.test.ts checks them against packages/shared.

export interface SqlSource {
  /** The file's name, e.g. place_order.sql. */
  name: string;
  text: string;
  sha256: string;
}

/** The sql folder beside the migrations folder `migrations` (apps/api/drizzle → apps/api/sql). */
export const sqlSourcesFolder = (migrations: string) => path.join(path.dirname(migrations), 'sql');

/** Every source file of `folder`, by name. */
export async function readSqlSources(folder: string): Promise<SqlSource[]> {
  const names = (await readdir(folder)).filter((name) => name.endsWith('.sql')).sort();
  return Promise.all(
    names.map(async (name) => {
      const text = await readFile(path.join(folder, name), 'utf8');
      return { name, text, sha256: createHash('sha256').update(text).digest('hex') };
    }),
  );
}

/**
 * Applies, in one transaction, every source whose text differs from the one the database last
 * applied (all of them on a new database); answers the names applied.
 */
export async function applySqlSources(db: Db, folder: string): Promise<string[]> {
  const sources = await readSqlSources(folder);
  return db.transaction(async (trx) => {
    const tx = trx as Db;
    const applied = new Map(
      (await rows<{ name: string; sha256: string }>(tx, sql`select name, sha256 from drizzle.schema_sources`)).map((r) => [
        r.name,
        r.sha256,
      ]),
    );
    const changed = sources.filter((source) => applied.get(source.name) !== source.sha256);
    for (const source of changed) {
      for (const statement of source.text.split(/^--> statement-breakpoint$/m)) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`insert into drizzle.schema_sources (name, sha256) values (${source.name}, ${source.sha256})
        on conflict (name) do update set sha256 = excluded.sha256, applied_at = now()`);
    }
    return changed.map((source) => source.name);
  });
}
