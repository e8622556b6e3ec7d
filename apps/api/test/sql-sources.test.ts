import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as shared from '@kopi/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, rows } from '../src/db/client.ts';
import { applySqlSources, readSqlSources, sqlSourcesFolder } from '../src/db/sql-sources.ts';
import { openTestDatabase } from './helpers.ts';

// The database's functions and triggers come from apps/api/sql, one current text each
// (src/db/sql-sources.ts), applied on every migrate when their text changed.

const folder = sqlSourcesFolder(migrationsFolder());
let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

describe('the SQL sources', () => {
  it('are all applied by a migrate, and a migrate with nothing changed applies none', async () => {
    const sources = await readSqlSources(folder);
    const applied = await rows<{ name: string; sha256: string }>(
      database.db,
      sql`select name, sha256 from drizzle.schema_sources order by name`,
    );
    expect(applied).toEqual(sources.map(({ name, sha256 }) => ({ name, sha256 })));
    expect(await applySqlSources(database.db, folder)).toEqual([]);
  });

  it('apply a file again when its text changes, and only that file', async () => {
    const copy = await mkdtemp(path.join(os.tmpdir(), 'kopi-sql-'));
    try {
      await cp(folder, copy, { recursive: true });
      const probe = (answer: number) =>
        `CREATE OR REPLACE FUNCTION "kopi_probe"() RETURNS integer LANGUAGE sql AS $$ SELECT ${answer} $$;\n` +
        '--> statement-breakpoint\n-- a second statement\nSELECT 1;\n';
      await writeFile(path.join(copy, 'zz_probe.sql'), probe(1));
      expect(await applySqlSources(database.db, copy)).toEqual(['zz_probe.sql']);
      await writeFile(path.join(copy, 'zz_probe.sql'), probe(2));
      expect(await applySqlSources(database.db, copy)).toEqual(['zz_probe.sql']);
      expect(await rows(database.db, sql`select kopi_probe() as answer`)).toEqual([{ answer: 2 }]);
      expect(await applySqlSources(database.db, copy)).toEqual([]);
    } finally {
      await database.db.execute(sql`drop function if exists kopi_probe()`);
      await database.db.execute(sql`delete from drizzle.schema_sources where name = 'zz_probe.sql'`);
      await rm(copy, { recursive: true, force: true });
    }
  });

  it('hold every function and trigger of the database: none lives only in a migration', async () => {
    const texts = (await readSqlSources(folder)).map((source) => source.text).join('\n');
    const functions = await rows<{ name: string }>(
      database.db,
      sql`select p.proname as name from pg_proc p where p.pronamespace = 'public'::regnamespace
            and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e') order by 1`,
    );
    const triggers = await rows<{ name: string }>(
      database.db,
      sql`select tgname as name from pg_trigger where not tgisinternal order by 1`,
    );
    expect(functions.length).toBeGreaterThan(5);
    // A function whose signature grows is dropped by its name and created anew in its file (place_order).
    for (const { name } of functions) expect(texts, name).toMatch(new RegExp(`CREATE (OR REPLACE )?FUNCTION "${name}"\\(`));
    for (const { name } of triggers) expect(texts, name).toContain(`CREATE OR REPLACE TRIGGER "${name}"`);
  });

  it('name the constant beside every id they use, and each equals packages/shared', async () => {
    const constants: Record<string, unknown> = { ...shared, 'STATUS.pending': shared.STATUS.pending };
    for (const [key, value] of Object.entries(shared.STATUS)) constants[`STATUS.${key}`] = value;
    for (const [key, value] of Object.entries(shared.SIZE)) constants[`SIZE.${key}`] = value;
    for (const [key, value] of Object.entries(shared.EVENT_KIND)) constants[`EVENT_KIND.${key}`] = value;
    for (const source of await readSqlSources(folder)) {
      const code = source.text.replace(/^\s*--.*$/gm, '');
      for (const match of code.matchAll(/(\(\s*[\d\s,]+\)|\b\d+)\s*\/\*\s*([A-Za-z_.]+)\s*\*\//g)) {
        const written = match[1]!.startsWith('(') ? match[1]!.slice(1, -1).split(',').map(Number) : Number(match[1]);
        const name = match[2]!;
        expect(name in constants, `${source.name}: ${name} is not a constant of packages/shared`).toBe(true);
        const expected = constants[name];
        expect(written, `${source.name}: ${match[0]}`).toEqual(Array.isArray(expected) ? [...expected] : expected);
      }
      // An id compared with a column of ids without its constant's name beside it.
      const bare = [
        ...code.matchAll(
          /"?(category_id|status_id|size_id|delivery_id|payment_id)"?\s*(=|<>|!=|\bIN\b|\bNOT IN\b)\s*\(?\s*\d+(?![\d\s,]*\)?\s*\/\*)/gi,
        ),
      ];
      expect(
        bare.map((m) => m[0]),
        source.name,
      ).toEqual([]);
    }
  });
});

describe('the drizzle snapshots', () => {
  it('match the schema: `npm run db:generate` on an unchanged schema writes nothing', async () => {
    const copy = await mkdtemp(path.join(os.tmpdir(), 'kopi-drizzle-'));
    try {
      await cp(migrationsFolder(), copy, { recursive: true });
      const api = path.dirname(migrationsFolder());
      const bin = path.join(api, '../../node_modules/.bin/drizzle-kit');
      const { stdout, stderr } = await promisify(execFile)(
        bin,
        ['generate', '--dialect', 'postgresql', '--schema', './src/db/schema.ts', '--out', path.relative(api, copy)],
        { cwd: api, timeout: 60_000 },
      );
      expect(`${stdout}${stderr}`).toContain('No schema changes');
      expect((await readdir(copy)).sort()).toEqual((await readdir(migrationsFolder())).sort());
      expect(await readFile(path.join(copy, 'meta', '_journal.json'), 'utf8')).toBe(
        await readFile(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
      );
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  }, 90_000);
});
