import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadConfig, loadEnvFile } from './config.ts';
import { BackupRefused, type BackupSummary, restoreBackup, writeBackup } from './db/backup.ts';
import { type Database, DatabaseBusy, migrate, openDatabase } from './db/client.ts';
import { appliedVersion } from './db/migrations.ts';
import { isEmpty, seedDemo } from './seed/seed.ts';

// The operator's commands, on the database the configuration names (DATABASE_URL, else the
// embedded one in DATA_DIR), as `npm run db:migrate`, `db:seed`, `backup -- <file>`, `restore -- <file>`.

/** A command that cannot go ahead: its message is all the operator needs (no stack trace). */
class Refused extends Error {}

const USAGE = `Usage: cli.ts <command>
  migrate          apply the committed migrations
  seed             migrate, then fill an empty database with the demo shop
  backup <file>    write the whole shop to <file> (gzipped JSON lines)
  restore <file>   restore a backup into an empty database`;

function where(database: Database, dataDir: string): string {
  return database.kind === 'postgres' ? 'the PostgreSQL database of DATABASE_URL' : `the embedded database in ${dataDir}`;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function describe(summary: BackupSummary): string {
  const tables = summary.tables.map((t) => `${t.name} ${t.rows}`).join(', ');
  return `${summary.rows} rows at migration ${summary.schema} (${tables})`;
}

const commands: Record<string, (database: Database, place: string, file: string | undefined) => Promise<string>> = {
  async migrate(database, place) {
    await migrate(database);
    return `Migrated ${place} to ${(await appliedVersion(database.db))?.tag}.`;
  },

  async seed(database, place) {
    await migrate(database);
    if (!(await isEmpty(database.db)))
      throw new Refused(`${capitalized(place)} already holds a shop (accounts or products): the demo goes only into an empty one.`);
    await database.db.transaction(async (tx) => seedDemo(tx as typeof database.db));
    return `Filled ${place} with the demo shop.`;
  },

  async backup(database, place, file) {
    if (!file) throw new Refused('Name the file to write: npm run backup -- <file>');
    const started = performance.now();
    const summary = await writeBackup(database, file);
    const { size } = await stat(file);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    return `Backed up ${place} to ${file}: ${describe(summary)}; ${(size / 1_048_576).toFixed(2)} MiB in ${seconds} s.`;
  },

  async restore(database, place, file) {
    if (!file) throw new Refused('Name the backup to restore: npm run restore -- <file>');
    const started = performance.now();
    const summary = await restoreBackup(database, file);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    return `Restored ${file} into ${place}: ${describe(summary)} in ${seconds} s. The server migrates it further when it starts.`;
  },
};

async function main(): Promise<number> {
  const [name, given] = process.argv.slice(2);
  const file = given === undefined ? undefined : path.resolve(given);
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.error(USAGE);
    return 2;
  }
  loadEnvFile();
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    console.log(await command(database, where(database, config.dataDir), file));
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof Refused || error instanceof BackupRefused || error instanceof DatabaseBusy) console.error(error.message);
    else if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
    else console.error(error);
    process.exit(1);
  },
);
