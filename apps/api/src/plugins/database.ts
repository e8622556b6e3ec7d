import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { type Database, type Db, openDatabase } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shop's database (migrated and seeded when empty by app.ts before anything reads it). */
    database: Database;
    /** Its query builder: what repositories take. */
    db: Db;
  }
}

export interface DatabasePluginOptions {
  config: Config;
  /** A database opened by the caller (tests): used as it is and left open on close. */
  given?: Database;
}

/**
 * Opens the database the config names (or takes the one given); app.ts then brings it to the current
 * schema and seeds an empty one (prepare.ts). It is closed last on shutdown, after everything that uses it.
 */
export const databasePlugin = fp(async (app: FastifyInstance, { config, given }: DatabasePluginOptions) => {
  const database =
    given ??
    (await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      // The embedded database's thread died: no request can be answered any more. Stop, so that
      // whatever supervises the shop restarts it (PGlite recovers its folder when it opens again).
      onCrash: (error) => {
        console.error('The embedded database stopped:', error);
        process.exit(1);
      },
    }));
  app.decorate('database', database);
  app.decorate('db', database.db);
  if (given) return;
  // An overlapping restart on the embedded database waits for this process to let go of it.
  app.addHook('preClose', async () => {
    await database.draining?.();
  });
  app.addHook('onClose', () => database.close());
});
