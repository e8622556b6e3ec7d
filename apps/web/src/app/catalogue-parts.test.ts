import { fileURLToPath } from 'node:url';
import { admin } from '@kopi/shared/i18n/en/admin';
import { messages } from '@kopi/shared/i18n/en/web';
import { describe, expect, it } from 'vitest';
import { type Part, partOf } from '../../build/catalogue-parts';
import { closure, keysNamed, moduleGraph } from '../../build/module-graph';

// A page loads the parts of the catalogue it shows (apps/web/build/catalogue-parts.ts); a text named
// by its code and left out of them would show its key instead of words. This reads which modules
// each page runs and which texts their code names, and checks them against the parts it loads.

const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const WEB = path('..');
const SHARED = path('../../../../packages/shared/src');
const graph = moduleGraph(WEB, SHARED);
const ROUTER = path('./router.tsx');

/** The pages as router.tsx makes them: `page(() => import('./routes/x'), 'XPage', [parts])`. */
const pages = [
  ...(graph.text.get(ROUTER) ?? '').matchAll(/page\(\(\) => import\('(\.\/routes\/[\w-]+)'\), '(\w+)'(?:, \[([^\]]*)\])?\)/g),
].map(([, module = '', name = '', parts]) => ({
  name,
  module: path(`${module}.tsx`),
  parts: (parts === undefined ? ['pages'] : [...parts.matchAll(/'(\w+)'/g)].map((match) => match[1])) as Part[],
}));
const pageModules = new Set(pages.map((page) => page.module));

/** Every module the app runs before and beside its pages (the top bar, the footer, the live orders…). */
const shell = closure(graph, [path('../main.tsx')], { later: true, stop: pageModules });
// The staff's texts come with a staff member's session, whatever the page: only the others are checked here.
const keys = Object.keys(messages).filter((key) => !Object.hasOwn(admin, key));

function misplaced(modules: Iterable<string>, parts: Part[]): string[] {
  const wrong = new Set<string>();
  for (const module of modules) {
    for (const key of keysNamed(graph.text.get(module) ?? '', keys)) {
      if (!parts.includes(partOf(key, admin)))
        wrong.add(`${key} (${partOf(key, admin)}), named in ${module.slice(module.indexOf('/src/'))}`);
    }
  }
  return [...wrong].sort();
}

describe("the catalogue's parts", () => {
  it('reads the pages from the router', () => {
    expect(pages.length).toBeGreaterThan(25);
    expect(pages.find((page) => page.name === 'HomePage')?.parts).toEqual([]);
    expect(pages.find((page) => page.name === 'CataloguePage')?.parts).toEqual(['pages']);
    expect(shell.has(path('../components/layout/footer.tsx'))).toBe(true);
    expect(keysNamed(graph.text.get(path('../components/layout/footer.tsx')) ?? '', keys)).toContain('footer.about');
  });

  it('hold every text the shell names in the first part, which loads before anything is drawn', () => {
    // The live orders read their events with the shared schemas, whose keys only a form shows: no form is in the shell.
    const schemas = [...shell].filter((module) => module.includes('/shared/src/schemas/'));
    expect([...shell].some((module) => module.endsWith('/lib/schema-resolver.ts'))).toBe(false);
    expect(
      misplaced(
        [...shell].filter((module) => !schemas.includes(module)),
        ['screens'],
      ),
    ).toEqual([]);
  });

  it.each(pages)('hold every text $name names in the parts it loads', ({ module, parts }) => {
    const own = closure(graph, [module], { later: true, stop: shell });
    expect(misplaced(own, ['screens', ...parts])).toEqual([]);
  });
});
