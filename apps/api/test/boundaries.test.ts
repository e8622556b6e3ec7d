import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { onPostgres } from './helpers.ts';

// The layout's rules (docs/architecture.md#the-rules-a-change-keeps), read from the import lines of
// the source, so that a change that breaks one is told which file and which import.

const root = path.resolve(import.meta.dirname, '../../..');
const at = (...parts: string[]) => path.join(root, ...parts);

/**
 * Breaches that stand today in files other engineers are rewriting: the lead removes each line
 * once it is fixed there. The test fails on any breach not listed, and on a
 * listed one that is gone, so this list only ever shrinks.
 */
const KNOWN: string[] = [];

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every module a source text imports (static, dynamic and re-exports), as written. */
function specifiersIn(text: string): string[] {
  const found = text.matchAll(/(?:^|\n)\s*(?:import|export)\s(?:[^'";]*?\sfrom\s)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g);
  return [...found].map((m) => (m[1] ?? m[2])!);
}

const importsOf = async (file: string) => specifiersIn(await readFile(file, 'utf8'));

/** The orders' tables, as SQL and as db/schema.ts names them. */
const ORDER_TABLES = ['transactions', 'transaction_items', 'transaction_item_addons', 'order_events'];
const ORDER_SCHEMA_NAMES = ['transactions', 'transactionItems', 'transactionItemAddons', 'orderEvents'];

/** The orders' tables a source text writes: an insert, update or delete in SQL, or through Drizzle's builder. */
function writesOfOrders(text: string): string[] {
  const inSql = text.matchAll(new RegExp(`\\b(?:insert\\s+into|update|delete\\s+from)\\s+"?(${ORDER_TABLES.join('|')})"?(?![\\w.])`, 'gi'));
  const inDrizzle = text.matchAll(new RegExp(`\\.(?:insert|update|delete)\\(\\s*(${ORDER_SCHEMA_NAMES.join('|')})\\s*\\)`, 'g'));
  return [...inSql, ...inDrizzle].map((m) => m[1]!);
}

const relative = (file: string) => path.relative(root, file);

async function breaches(): Promise<string[]> {
  const found: string[] = [];

  // Web: a feature never imports another feature; pages compose them in app/routes.
  for (const file of await sourceFiles(at('apps/web/src/features'))) {
    const own = relative(file).split('/')[4];
    for (const spec of await importsOf(file)) {
      if (!spec.startsWith('.')) continue;
      const target = relative(path.resolve(path.dirname(file), spec));
      const other = /^apps\/web\/src\/features\/([^/]+)/.exec(target)?.[1];
      if (other && other !== own) found.push(`${relative(file)} imports the ${other} feature (${spec})`);
    }
  }

  // API: a module asks another module's service, never its repository; services and routes leave
  // SQL to repositories; routes never reach a repository.
  for (const file of await sourceFiles(at('apps/api/src/modules'))) {
    const name = relative(file);
    const own = name.split('/')[4];
    const kind = /\.(routes|service|repository)\.ts$/.exec(name)?.[1];
    for (const spec of await importsOf(file)) {
      const target = spec.startsWith('.') ? relative(path.resolve(path.dirname(file), spec)) : spec;
      const repository = /^apps\/api\/src\/modules\/([^/]+)\/[^/]+\.repository\.ts$/.exec(target)?.[1];
      if (repository && repository !== own) found.push(`${name} imports the ${repository} module's repository (${spec})`);
      else if (repository && kind === 'routes') found.push(`${name} reaches its repository (${spec}): ask the service`);
      if (kind !== 'repository' && (target === 'drizzle-orm' || target.startsWith('drizzle-orm/'))) {
        found.push(`${name} writes SQL (imports ${target})`);
      }
      if (kind !== 'repository' && target === 'apps/api/src/db/schema.ts') found.push(`${name} reads the tables (${spec})`);
      // Plugins serve routes: a service or a repository takes what it needs from lib/ and its own module.
      if ((kind === 'service' || kind === 'repository') && target.startsWith('apps/api/src/plugins/')) {
        found.push(`${name} reaches a plugin (${spec})`);
      }
    }
  }
  // API layers below the modules: lib/ (helpers, errors) imports neither plugins nor modules, and
  // db/ (the database, its migrations and backups) imports no module.
  // Plugins serve every route and are handed what they read: they import no module. On the web,
  // features never reach the pages that compose them (app/), and lib/ never reaches a feature.
  for (const [layer, forbidden] of [
    ['apps/api/src/lib', ['apps/api/src/plugins/', 'apps/api/src/modules/']],
    ['apps/api/src/db', ['apps/api/src/modules/', 'apps/api/src/plugins/']],
    ['apps/api/src/plugins', ['apps/api/src/modules/']],
    ['apps/web/src/features', ['apps/web/src/app/']],
    ['apps/web/src/lib', ['apps/web/src/features/', 'apps/web/src/app/']],
  ] as const) {
    for (const file of await sourceFiles(at(layer))) {
      for (const spec of await importsOf(file)) {
        if (!spec.startsWith('.')) continue;
        const target = relative(path.resolve(path.dirname(file), spec));
        const above = forbidden.find((prefix) => target.startsWith(prefix));
        if (above) found.push(`${relative(file)} imports ${above.split('/').at(-2)}/ (${spec})`);
      }
    }
  }
  // Orders have one writer (docs/architecture.md#the-rules-a-change-keeps): only the orders module's
  // repositories (and the database's own functions in apps/api/sql) write its tables, in SQL or
  // through Drizzle; the payments, the seed and everything else ask that module.
  for (const file of await sourceFiles(at('apps/api/src'))) {
    const name = relative(file);
    if (/^apps\/api\/src\/modules\/orders\/[^/]+\.repository\.ts$/.test(name)) continue;
    for (const write of writesOfOrders(await readFile(file, 'utf8'))) found.push(`${name} writes ${write}: ask the orders module`);
  }
  // Web: shared components (components/) never import a feature; pages compose them.
  for (const file of await sourceFiles(at('apps/web/src/components'))) {
    for (const spec of await importsOf(file)) {
      if (!spec.startsWith('.')) continue;
      const feature = /^apps\/web\/src\/features\/([^/]+)/.exec(relative(path.resolve(path.dirname(file), spec)))?.[1];
      if (feature) found.push(`${relative(file)} imports the ${feature} feature (${spec})`);
    }
  }
  return found.sort();
}

describe.skipIf(onPostgres)('the boundaries of the layout', () => {
  it('hold everywhere, besides the known breaches still to fix', async () => {
    const found = await breaches();
    expect(
      found.filter((breach) => !KNOWN.includes(breach)),
      'new breaches',
    ).toEqual([]);
    expect(
      KNOWN.filter((breach) => !found.includes(breach)),
      'fixed: take them off KNOWN',
    ).toEqual([]);
  });

  it('sees a write of the orders in every form it takes', () => {
    expect(writesOfOrders('sql`update transactions set status_id = 1`')).toEqual(['transactions']);
    expect(writesOfOrders('with moved as (\n update transactions t set x = 1)')).toEqual(['transactions']);
    expect(writesOfOrders('INSERT INTO "order_events" (a) values (1)')).toEqual(['order_events']);
    expect(writesOfOrders('delete from transaction_items where id = 1')).toEqual(['transaction_items']);
    expect(writesOfOrders('await db.update(transactions).set({})')).toEqual(['transactions']);
    expect(writesOfOrders('db.insert( orderEvents )')).toEqual(['orderEvents']);
    // Reads are not writes, nor are other tables that begin alike.
    expect(writesOfOrders('select * from transactions t join order_events e on true')).toEqual([]);
    expect(writesOfOrders('update transactions_archive set x = 1; update payments set y = 2')).toEqual([]);
  });

  it('sees an import in every form it takes', () => {
    // The reader itself can fail: a made-up breach in every form an import takes is caught.
    const probe = at('apps/api/src/modules/orders/orders.service.ts');
    const lines = [
      "import { findPromo } from '../promos/promos.repository.ts';",
      "export { x } from '../promos/promos.repository.ts';",
      "const m = await import('../promos/promos.repository.ts');",
      "import {\n  a,\n  b,\n} from '../promos/promos.repository.ts';",
    ];
    for (const line of lines) {
      expect(specifiersIn(line).map((spec) => relative(path.resolve(path.dirname(probe), spec)))).toEqual([
        'apps/api/src/modules/promos/promos.repository.ts',
      ]);
    }
  });
});
