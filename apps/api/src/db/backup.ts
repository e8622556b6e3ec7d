import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { listTables, qualified, quoteIdent, type Table } from './catalog.ts';
import { type Database, type Db, rows } from './client.ts';
import { appliedVersion, knownMigrations, type Migration, migrateTo, tablesFilledByMigrations } from './migrations.ts';

// A backup is a gzipped stream of JSON lines, the same for PGlite and PostgreSQL, so a shop moves
// from one to the other (docs/decisions/backup-format.md):
//   {"format":"kopi-senja-backup","version":1,"schema":{tag,when},"takenAt":…,"from":…,"tables":[{name,columns}]}
//   {"table":"users","row":{…}}          one line per row, tables in foreign-key order, bytea as base64
//   {"table":"users","rows":3}           after each table: how many rows it had
//   {"end":true,"rows":1234}             last line: a file without it was cut short
// Rows are read through a cursor and written as they come, so a large shop never sits in memory.

const BACKUP_FORMAT = 'kopi-senja-backup';
const FORMAT_VERSION = 1;

/** A backup or a restore that cannot go ahead; the message says why and what to do. */
export class BackupRefused extends Error {}

interface Header {
  format: string;
  version: number;
  schema: Migration;
  takenAt: string;
  from: Database['kind'];
  tables: { name: string; columns: Table['columns'] }[];
}

type Line = { table: string; row: string } | { table: string; rows: number } | { end: true; rows: number };

export interface BackupSummary {
  schema: string;
  tables: { name: string; rows: number }[];
  rows: number;
}

const isBytea = (type: string) => type === 'bytea';

/** How many rows a cursor fetch brings: few for tables of pictures, many for the rest. */
const batchOf = (table: Table) => (table.columns.some((c) => isBytea(c.type)) ? 8 : 1000);

/** Writes a consistent backup of the whole database to `file` (gzip); answers what it holds. */
export async function writeBackup(database: Database, file: string): Promise<BackupSummary> {
  const schema = await appliedVersion(database.db);
  if (!schema) throw new BackupRefused('This database has never been migrated: there is nothing to back up.');
  const partial = `${file}.partial`;
  const summary: BackupSummary = { schema: schema.tag, tables: [], rows: 0 };
  try {
    // One read-only snapshot: an order placed while the backup runs is either wholly in it or not at all.
    await database.db.transaction(
      async (tx) => {
        const tables = await listTables(tx as Db);
        const header: Header = {
          format: BACKUP_FORMAT,
          version: FORMAT_VERSION,
          schema,
          takenAt: new Date().toISOString(),
          from: database.kind,
          tables: tables.map(({ name, columns }) => ({ name, columns })),
        };
        async function* lines() {
          yield `${JSON.stringify(header)}\n`;
          for (const table of tables) {
            let count = 0;
            for await (const json of readRows(tx as Db, table)) {
              yield `{"table":${JSON.stringify(table.name)},"row":${json}}\n`;
              count += 1;
            }
            yield `${JSON.stringify({ table: table.name, rows: count })}\n`;
            summary.tables.push({ name: table.name, rows: count });
            summary.rows += count;
          }
          yield `${JSON.stringify({ end: true, rows: summary.rows })}\n`;
        }
        await pipeline(Readable.from(lines()), createGzip(), createWriteStream(partial));
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    // Only a finished backup takes the name asked for: a failed one never looks complete.
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
  return summary;
}

/** A table's rows as JSON text, made by PostgreSQL itself (exact numbers, dates, time zones). */
async function* readRows(tx: Db, table: Table): AsyncGenerator<string> {
  // PostgreSQL's base64 breaks a line every 76 characters: the backup holds one unbroken string.
  const columns = table.columns.map(({ name, type }) =>
    isBytea(type) ? `translate(encode(${quoteIdent(name)}, 'base64'), E'\\n', '') as ${quoteIdent(name)}` : quoteIdent(name),
  );
  const order = table.primaryKey.length ? ` order by ${table.primaryKey.map(quoteIdent).join(', ')}` : '';
  await tx.execute(
    sql.raw(`declare kopi_backup no scroll cursor for
      select row_to_json(r)::text as json from (select ${columns.join(', ')} from ${qualified(table.name)}${order}) r`),
  );
  const size = batchOf(table);
  for (;;) {
    const batch = await rows<{ json: string }>(tx, sql.raw(`fetch forward ${size} from kopi_backup`));
    for (const { json } of batch) yield json;
    if (batch.length < size) break;
  }
  await tx.execute(sql.raw('close kopi_backup'));
}

const ROW_LINE = /^\{"table":("(?:[^"\\]|\\.)*"),"row":(.*)\}$/;

/**
 * Reads a backup's lines one at a time. A row's JSON is kept as text, never parsed here: PostgreSQL
 * reads it, so a bigint or a timestamp arrives exactly as it left.
 */
async function* readLines(file: string): AsyncGenerator<Line | Header> {
  const source = createReadStream(file);
  const input = source.pipe(createGunzip());
  // pipe() does not pass on the file's errors (a missing file): the reader must see them.
  source.on('error', (error) => input.destroy(error));
  let number = 0;
  try {
    for await (const text of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
      number += 1;
      if (text === '') continue;
      const row = ROW_LINE.exec(text);
      if (row) {
        yield { table: JSON.parse(row[1]!), row: row[2]! };
        continue;
      }
      try {
        yield JSON.parse(text);
      } catch {
        throw new BackupRefused(`${file} is not a Kopi Senja backup: line ${number} is not JSON. Nothing was restored.`);
      }
    }
  } catch (error) {
    if (error instanceof BackupRefused) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT') throw new BackupRefused(`${file} does not exist.`);
    if (code?.startsWith('Z_'))
      throw new BackupRefused(`${file} is not a Kopi Senja backup (not gzip, or cut short). Nothing was restored.`);
    throw error;
  }
}

async function readHeader(file: string, lines: AsyncGenerator<Line | Header>): Promise<Header> {
  const first = await lines.next();
  const header = first.value as Header | undefined;
  if (first.done || header?.format !== BACKUP_FORMAT) throw new BackupRefused(`${file} is not a Kopi Senja backup.`);
  if (header.version !== FORMAT_VERSION) {
    throw new BackupRefused(`${file} is a backup of format ${header.version}; this Kopi Senja reads format ${FORMAT_VERSION}.`);
  }
  return header;
}

/** Why the database cannot take a restore, or undefined when it is empty enough. */
async function refusal(db: Db, schema: Migration): Promise<string | undefined> {
  const applied = await appliedVersion(db);
  if (applied && applied.when > schema.when) {
    return `The database is at migration ${applied.tag}, newer than the backup's ${schema.tag}. Restore into a new database: the server migrates it further when it starts.`;
  }
  const filledByMigrations = await tablesFilledByMigrations(schema);
  const holding: string[] = [];
  for (const table of await listTables(db)) {
    if (filledByMigrations.has(table.name)) continue;
    const [count] = await rows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${qualified(table.name)}`));
    if (count && count.n > 0) holding.push(`${table.name} (${count.n} rows)`);
  }
  if (holding.length) return `The database is not empty: ${holding.join(', ')}. A restore only goes into an empty database.`;
  return undefined;
}

/**
 * Restores a backup into an empty database: migrates it to the backup's version, inserts every row
 * in one transaction (all or nothing), and moves every sequence past the restored ids. The server
 * migrates it the rest of the way when it starts.
 */
export async function restoreBackup(database: Database, file: string): Promise<BackupSummary> {
  const lines = readLines(file);
  try {
    const header = await readHeader(file, lines);
    if (!(await knownMigrations()).some((m) => m.when === header.schema.when && m.tag === header.schema.tag)) {
      throw new BackupRefused(`${file} was taken at migration ${header.schema.tag}, which this Kopi Senja does not know: update it first.`);
    }
    const why = await refusal(database.db, header.schema);
    if (why) throw new BackupRefused(`${why} Nothing was restored.`);
    await migrateTo(database, header.schema);

    return await database.db.transaction(async (trx) => {
      const tx = trx as Db;
      const tables = new Map((await listTables(tx)).map((table) => [table.name, table]));
      for (const saved of header.tables) {
        const table = tables.get(saved.name);
        const missing = saved.columns.filter((c) => !table?.columns.some((t) => t.name === c.name));
        if (!table || missing.length) {
          throw new BackupRefused(
            `The backup's table ${saved.name} does not match this database's${table ? ` (no column ${missing[0]!.name})` : ''}.`,
          );
        }
      }
      // The rows the migrations put in (the fixed categories) make way for the backup's own.
      if (header.tables.length) await tx.execute(sql.raw(`truncate ${header.tables.map((t) => qualified(t.name)).join(', ')}`));

      const summary: BackupSummary = { schema: header.schema.tag, tables: [], rows: 0 };
      const inserter = createInserter(tx, header, tables);
      for await (const line of lines) {
        if ('row' in line) {
          await inserter.add(line.table, line.row);
        } else if ('rows' in line && 'table' in line) {
          const inserted = await inserter.finish(line.table);
          if (inserted !== line.rows)
            throw new BackupRefused(`${file}: table ${line.table} should have ${line.rows} rows, found ${inserted}.`);
          summary.tables.push({ name: line.table, rows: inserted });
          summary.rows += inserted;
        } else if ('end' in line) {
          for (const table of tables.values()) await resetSequences(tx, table);
          if (tables.has('order_numbers')) await continueOrderNumbers(tx);
          return summary;
        }
      }
      throw new BackupRefused(`${file} ends early (it was cut short): nothing was restored.`);
    });
  } finally {
    await lines.return(undefined);
  }
}

/** Inserts rows in batches of about a megabyte, each through one json_to_recordset statement. */
function createInserter(tx: Db, header: Header, tables: Map<string, Table>) {
  const BATCH_BYTES = 1_000_000;
  let current: { table: string; json: string[]; bytes: number } | undefined;
  const counts = new Map<string, number>();

  async function flush() {
    if (!current?.json.length) return;
    const saved = header.tables.find((t) => t.name === current!.table)!;
    const table = tables.get(saved.name)!;
    const typeOf = (name: string) => table.columns.find((c) => c.name === name)!.type;
    const names = saved.columns.map((c) => quoteIdent(c.name));
    // bytea travels as base64 text and is decoded here; every other value is read by its column's type.
    const values = saved.columns.map((c) => (isBytea(typeOf(c.name)) ? `decode(${quoteIdent(c.name)}, 'base64')` : quoteIdent(c.name)));
    const record = saved.columns.map((c) => `${quoteIdent(c.name)} ${isBytea(typeOf(c.name)) ? 'text' : typeOf(c.name)}`);
    try {
      await tx.execute(
        sql`${sql.raw(`insert into ${qualified(table.name)} (${names.join(', ')})${table.identityAlways ? ' overriding system value' : ''}
          select ${values.join(', ')} from json_to_recordset(`)}${`[${current.json.join(',')}]`}${sql.raw(`::json) as r(${record.join(', ')})`)}`,
      );
    } catch (error) {
      const reason = (error as { cause?: Error }).cause?.message ?? (error as Error).message;
      throw new BackupRefused(`The rows of ${table.name} could not be restored (${reason}). Nothing was restored.`);
    }
    current.json = [];
    current.bytes = 0;
  }

  return {
    async add(table: string, json: string) {
      if (current?.table !== table) {
        await flush();
        if (!tables.has(table) || !header.tables.some((t) => t.name === table)) {
          throw new BackupRefused(`The backup has rows for ${table}, which it does not describe.`);
        }
        current = { table, json: [], bytes: 0 };
      }
      current.json.push(json);
      current.bytes += json.length;
      counts.set(table, (counts.get(table) ?? 0) + 1);
      if (current.bytes >= BATCH_BYTES) await flush();
    },
    async finish(table: string): Promise<number> {
      await flush();
      return counts.get(table) ?? 0;
    },
  };
}

/**
 * Order numbers are draws from order_number_seq minus their day's base (apps/api/sql/number_order.sql),
 * and the sequence of a new database starts again at 1: it is moved past every restored day's last
 * number, so that the next order of any restored day takes a number above its day's.
 */
async function continueOrderNumbers(tx: Db): Promise<void> {
  await tx.execute(sql`select setval('order_number_seq', greatest(1, max(n.base + coalesce(t.last, 0))))
    from order_numbers n left join lateral (select max(number) as last from transactions where shop_day = n.shop_day) t on true
    having count(*) > 0`);
}

/** The next id a sequence hands out comes after every restored one. */
async function resetSequences(tx: Db, table: Table): Promise<void> {
  for (const { column, sequence } of table.sequences) {
    await tx.execute(
      sql.raw(
        `select setval('${sequence.replaceAll("'", "''")}', coalesce(max(${quoteIdent(column)}), 0) + 1, false) from ${qualified(table.name)}`,
      ),
    );
  }
}
