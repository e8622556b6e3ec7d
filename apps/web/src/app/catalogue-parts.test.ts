import { fileURLToPath } from 'node:url';
import { admin } from '@kopi/shared/i18n/en/admin';
import { messages } from '@kopi/shared/i18n/en/web';
import { describe, expect, it } from 'vitest';
import { type Part, partOf } from '../../build/catalogue-parts';
import { closure, keysNamed, moduleGraph } from '../../build/module-graph';
import { PAGE_TEXTS, READING_TEXTS } from './page-texts';

// A page loads the parts of the catalogue it shows (apps/web/build/catalogue-parts.ts); a text named
// by its code and left out of them would show its key instead of words. This reads which modules
// each page runs and which texts their code names, and checks them against the parts it loads.

const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const WEB = path('..');
const SHARED = path('../../../../packages/shared/src');
const graph = moduleGraph(WEB, SHARED);
const ROUTER = path('./router.tsx');

/** The pages as router.tsx makes them: `page(() => import('./routes/x'), 'XPage'[, parts])`. */
const pages = [...(graph.text.get(ROUTER) ?? '').matchAll(/page\(\(\) => import\('(\.\/routes\/[\w-]+)'\), '(\w+)'(?:, ([^)]*))?\)/g)].map(
  ([, module = '', name = '', parts]) => ({
    name,
    module: path(`${module}.tsx`),
    parts: (parts === undefined
      ? PAGE_TEXTS
      : parts === 'READING_TEXTS'
        ? READING_TEXTS
        : [...parts.matchAll(/'(\w+)'/g)].map((match) => match[1])) as Part[],
  }),
);
const pageModules = new Set(pages.map((page) => page.module));

/** Every module the app runs before and beside its pages (the top bar, the footer, the live orders…). */
const shell = closure(graph, [path('../main.tsx')], { later: true, stop: pageModules });
const isSchema = (module: string) => module.includes('/shared/src/schemas/');
const shellButSchemas = new Set([...shell].filter((module) => !isSchema(module)));
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
    expect(pages.find((page) => page.name === 'PaymentPage')?.parts).toEqual(['pages', 'forms']);
    expect(pages.find((page) => page.name === 'LoginPage')?.parts).toEqual(['pages', 'forms', 'account']);
    expect(shell.has(path('../components/layout/footer.tsx'))).toBe(true);
    expect(keysNamed(graph.text.get(path('../components/layout/footer.tsx')) ?? '', keys)).toContain('footer.about');
  });

  it('finds a key named after a comment with an apostrophe and between two templates with values', () => {
    // Code as a module's text: the `$` and `{` of its templates written apart, as they are not this test's own.
    const code = ["// the shop's cart", 'const a = `x $' + '{b} y`;', "t('footer.about');", 'const c = `z $' + '{d}`;'].join('\n');
    expect([...keysNamed(code, keys)]).toEqual(['footer.about']);
  });

  it('hold every text the shell names in the first part, which loads before anything is drawn', () => {
    // The live orders read their events with the shared schemas, whose keys only a form shows: no form is in the shell.
    expect([...shell].some((module) => module.endsWith('/lib/schema-resolver.ts'))).toBe(false);
    expect(misplaced(shellButSchemas, ['screens'])).toEqual([]);
  });

  it.each(pages)('hold every text $name names in the parts it loads', ({ module, parts }) => {
    // The shared schemas the shell's live orders read events with are followed here: a page's form shows their messages.
    const own = closure(graph, [module], { later: true, stop: shellButSchemas });
    expect(misplaced(own, ['screens', ...parts])).toEqual([]);
  });
});
