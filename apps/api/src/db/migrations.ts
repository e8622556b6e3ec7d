import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, type Db, migrate, migrationsFolder, rows } from './client.ts';

// The committed migrations as a list of versions: what a database is at, and migrating it to a
// given one (a backup is restored at the version it was taken at; see docs/decisions/backup-format.md).

export interface Migration {
  /** File name without .sql, e.g. 0001_image_variants: the schema version a backup names. */
  tag: string;
  /** The journal's timestamp; drizzle records it in drizzle.__drizzle_migrations.created_at. */
  when: number;
}

interface Journal {
  entries: (Migration & { idx: number })[];
}

async function readJournal(folder: string): Promise<Journal & Record<string, unknown>> {
  return JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8'));
}

/** Every migration this code knows, oldest first. */
export async function knownMigrations(folder = migrationsFolder()): Promise<Migration[]> {
  return (await readJournal(folder)).entries.map(({ tag, when }) => ({ tag, when }));
}

/** The last migration applied to the database, or undefined for a database never migrated. */
export async function appliedVersion(db: Db): Promise<Migration | undefined> {
  const [table] = await rows<{ exists: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`);
  if (!table?.exists) return undefined;
  const [last] = await rows<{ created_at: string | number }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (!last) return undefined;
  const when = Number(last.created_at);
  const known = (await knownMigrations()).find((m) => m.when === when);
  // A database migrated by a newer Kopi Senja has a version this code cannot name.
  return known ?? { tag: `unknown (${when})`, when };
}

/**
 * Migrates the database up to and including `target`, no further: drizzle's migrator runs on a
 * copy of the migrations folder whose journal stops there.
 */
export async function migrateTo(database: Database, target: Migration): Promise<void> {
  const folder = migrationsFolder();
  const journal = await readJournal(folder);
  const upTo = journal.entries.filter((entry) => entry.when <= target.when);
  const temporary = await mkdtemp(path.join(os.tmpdir(), 'kopi-migrations-'));
  try {
    await mkdir(path.join(temporary, 'meta'));
    await writeFile(path.join(temporary, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: upTo }));
    for (const entry of upTo) await copyFile(path.join(folder, `${entry.tag}.sql`), path.join(temporary, `${entry.tag}.sql`));
    // The functions of apps/api/sql are written for the current schema: the server applies them
    // when it migrates the rest of the way (the versions' own are in their migrations).
    await migrate(database, database.db, temporary, false);
  } finally {
    await rm(temporary, { recursive: true, force: true });
  }
}

/**
 * Tables the migrations themselves put rows in (the fixed categories, …), up to `target`: an
 * otherwise empty database has rows there, and a restore replaces them with the backup's.
 */
export async function tablesFilledByMigrations(target: Migration): Promise<Set<string>> {
  const folder = migrationsFolder();
  const tables = new Set<string>();
  for (const entry of await knownMigrations(folder)) {
    if (entry.when > target.when) continue;
    const text = await readFile(path.join(folder, `${entry.tag}.sql`), 'utf8');
    for (const match of text.matchAll(/insert\s+into\s+(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi)) tables.add(match[1]!.toLowerCase());
  }
  return tables;
}
