import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// Which modules a page runs, and which of the catalogue's keys their code names, read from the
// source as the bundler reads it: a static import runs with its module, an `import()` later on the
// same page. `@kopi/shared` is followed to the files that export the names imported from it. Used by
// src/app/catalogue-parts.test.ts. Regular expressions are enough for the way this code imports
// (`import … from '…'` and `import('…')` with a written path); where they read too much, a page is
// held to more texts, never fewer.

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolveRelative(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  if (/\.(ts|tsx)$/.test(base) && existsSync(base)) return base;
  return EXTENSIONS.map((ext) => base + ext).find((path) => existsSync(path));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter(
      (entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'),
    )
    .map((entry) => join(entry.parentPath, entry.name));
}

export interface ModuleGraph {
  /** Modules a module imports statically (they run with it). */
  staticImports: Map<string, Set<string>>;
  /** Modules a module imports with `import()` (they load later, on the same page). */
  dynamicImports: Map<string, Set<string>>;
  text: Map<string, string>;
}

/** The shared package's files by the names they export (the barrel `@kopi/shared` re-exports them all). */
function sharedExports(sharedSrc: string): Map<string, string> {
  const byName = new Map<string, string>();
  for (const path of sourceFiles(sharedSrc)) {
    if (relative(sharedSrc, path).startsWith('i18n/en') || relative(sharedSrc, path).startsWith('i18n/id')) continue;
    const text = readFileSync(path, 'utf8');
    for (const match of text.matchAll(
      /export\s+(?:declare\s+)?(?:const|let|function\*?|async function|class|type|interface|enum)\s+([A-Za-z_$][\w$]*)/g,
    )) {
      byName.set(match[1] as string, path);
    }
  }
  return byName;
}

export function moduleGraph(webSrc: string, sharedSrc: string): ModuleGraph {
  const exported = sharedExports(sharedSrc);
  const graph: ModuleGraph = { staticImports: new Map(), dynamicImports: new Map(), text: new Map() };
  const files = [...sourceFiles(webSrc), ...sourceFiles(sharedSrc)];
  for (const path of files) {
    const text = readFileSync(path, 'utf8');
    graph.text.set(path, text);
    const statics = new Set<string>();
    const dynamics = new Set<string>();
    // import { a, b } from 'x' / import x from 'x' / export { a } from 'x' / export * from 'x' / import 'x'
    for (const match of text.matchAll(/^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*(?:from\s+)?['"]([^'"]+)['"]/gm)) {
      const [, , typeOnly, names = '', specifier = ''] = match;
      if (typeOnly) continue;
      if (specifier === '@kopi/shared') {
        const wanted = names
          .replace(/[{}]/g, '')
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name !== '' && !name.startsWith('type '))
          .map((name) => name.split(/\s/)[0] as string);
        for (const name of wanted) {
          const file = exported.get(name);
          if (file) statics.add(file);
        }
      } else if (specifier.startsWith('.')) {
        const file = resolveRelative(path, specifier);
        if (file) statics.add(file);
      }
    }
    for (const match of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      const specifier = match[1] as string;
      if (!specifier.startsWith('.')) continue;
      const file = resolveRelative(path, specifier);
      if (file) dynamics.add(file);
    }
    graph.staticImports.set(path, statics);
    graph.dynamicImports.set(path, dynamics);
  }
  return graph;
}

/** The modules that run with `roots`, and, with `later`, the ones they load with `import()` too (except `stop`). */
export function closure(graph: ModuleGraph, roots: string[], options: { later: boolean; stop?: Set<string> }): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const path = queue.pop() as string;
    if (seen.has(path) || options.stop?.has(path)) continue;
    seen.add(path);
    queue.push(...(graph.staticImports.get(path) ?? []));
    if (options.later) queue.push(...(graph.dynamicImports.get(path) ?? []));
  }
  return seen;
}

/**
 * The catalogue keys a module's code names: a string that is a key, or the start of a template that
 * makes one. Each quoted word is looked at alone, never a span from one quote to the next: an
 * apostrophe in a comment or a template with `${…}` would otherwise pair with the wrong quote and
 * hide the keys between them.
 */
export function keysNamed(text: string, keys: readonly string[]): Set<string> {
  const named = new Set<string>();
  const known = new Set(keys);
  for (const match of text.matchAll(/(['"`])([A-Za-z][\w.]*)\1/g)) {
    const value = match[2] as string;
    if (known.has(value)) named.add(value);
  }
  for (const match of text.matchAll(/`([A-Za-z][\w.]*\.)\$\{/g)) {
    const prefix = match[1] as string;
    for (const key of keys) if (key.startsWith(prefix)) named.add(key);
  }
  return named;
}
