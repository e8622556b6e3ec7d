import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate, openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a dump of a migrated database to load; PostgreSQL: the template database's URL. */
    template: string;
    /**
     * PostgreSQL: the database to connect to when copying or dropping one. Never the template itself:
     * CREATE DATABASE … TEMPLATE fails while any other session is connected to the template.
     */
    maintenance: string;
  }
}

/** Migrates one template per run; every test file starts from a copy of it (docs/architecture.md#tests-and-targets). */
export default async function setup(project: TestProject) {
  // A project's `env` reaches its test workers, not this set-up: tell the two apart by the project's name.
  if (project.name === 'api-postgres') return setupPostgres(project);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kopi-template-'));
  const database = await openDatabase({});
  await migrate(database);
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('template', file);
  return () => rm(dir, { recursive: true, force: true });
}

async function setupPostgres(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL!;
  const name = `kopi_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const templateUrl = withDatabase(url, name);
  const database = await openDatabase({ url: templateUrl, poolSize: 1 });
  await migrate(database);
  await database.close();
  project.provide('template', templateUrl);
  project.provide('maintenance', url);
  return async () => {
    const leftovers = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'kopi_test_${process.pid}_%'`,
    );
    for (const { datname } of leftovers.rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
