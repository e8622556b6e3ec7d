import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { onPostgres } from './helpers.ts';

// docs/architecture.md is the map a newcomer reads first: every file or folder it names in code
// spans must exist, or the map has drifted. A name is looked for as the end of a path in the
// repository (the map writes paths from the root, from apps/api/src, or a file's bare name), with
// `{a,b}` standing for each and `*` for any characters.

const root = path.resolve(import.meta.dirname, '../../..');

/** The repository's files and folders, from the root, as git knows them (what a clone has). */
function repositoryPaths(): string[] {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  const folders = new Set<string>();
  for (const file of files) for (let dir = path.dirname(file); dir !== '.'; dir = path.dirname(dir)) folders.add(`${dir}/`);
  return [...files, ...folders];
}

/** `a.{x,y}.ts` → `a.x.ts`, `a.y.ts`. */
function expand(name: string): string[] {
  const brace = /\{([^{}]*)\}/.exec(name);
  if (!brace) return [name];
  return brace[1]!.split(',').flatMap((part) => expand(name.slice(0, brace.index) + part + name.slice(brace.index + brace[0].length)));
}

/** The names of files and folders in a Markdown text's code spans (a file with an extension, or a path with a slash). */
export function namedPaths(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!.replace(/[:#].*$/, ''));
  return spans.filter(
    (span) =>
      /^[\w.*{},/-]+$/.test(span) &&
      !span.startsWith('/') &&
      !/^https?:/.test(span) &&
      (/\.(ts|tsx|js|mjs|sql|md|json|css|html)$/.test(span) || (span.includes('/') && /^[a-z]/.test(span) && !span.includes('*/'))),
  );
}

const exists = (name: string, paths: readonly string[]) => {
  const pattern = new RegExp(`(^|/)${name.replace(/[.+?^$()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}/?$`);
  return paths.some((known) => pattern.test(known));
};

describe.skipIf(onPostgres)('docs/architecture.md', () => {
  it('names only files and folders that exist', async () => {
    const paths = repositoryPaths();
    const named = namedPaths(await readFile(path.join(root, 'docs/architecture.md'), 'utf8'));
    expect(named.length).toBeGreaterThan(100);
    const missing = [...new Set(named.flatMap(expand))].filter((name) => !exists(name, paths));
    expect(missing).toEqual([]);
  });

  it('reads the names as the map writes them', () => {
    expect(namedPaths('see `apps/api/src/modules/orders/moves.service.ts` and `sse-parser.ts`, not `GET /x` or `a b`')).toEqual([
      'apps/api/src/modules/orders/moves.service.ts',
      'sse-parser.ts',
    ]);
    expect(expand('dashboard.{routes,service}.ts')).toEqual(['dashboard.routes.ts', 'dashboard.service.ts']);
    expect(exists('modules/orders/', ['apps/api/src/modules/orders/'])).toBe(true);
    expect(exists('dashboard_*.sql', ['apps/api/sql/dashboard_forget.sql'])).toBe(true);
    expect(exists('transactions.repository.ts', ['apps/api/src/modules/orders/moves.repository.ts'])).toBe(false);
  });
});
