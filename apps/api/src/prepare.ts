import type { Config } from './config.ts';
import { type Database, migrate } from './db/client.ts';
import { ensureAdmin, isEmpty, seedDemo } from './seed/seed.ts';

/** Start-up: migrate, seed the demo shop into an empty database, make sure the configured admin exists. */
export async function prepareDatabase(
  database: Database,
  config: Pick<Config, 'seedDemo' | 'adminEmail' | 'adminPassword' | 'shopTimezone'>,
) {
  await database.exclusive(async (db) => {
    await migrate(database, db);
    if (config.seedDemo && (await isEmpty(db))) await db.transaction(async (tx) => seedDemo(tx as typeof db, config.shopTimezone));
    if (config.adminEmail && config.adminPassword) await ensureAdmin(db, config.adminEmail, config.adminPassword);
  });
}
