import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { type Plugin, runnerImport } from 'vite';
import { PARTS, type Part, textsOf } from './catalogue-parts';

// `import { messages } from 'virtual:catalogue/id'` gives the Indonesian texts of every page and of
// the landing page, compiled; `virtual:catalogue/id/pages` the other pages', `…/account`, `…/staff`,
// `…/till` and `…/settings` those parts' (catalogue-parts.ts says which text is in which part).
// A production build compiles the ICU messages here, so the page ships neither the raw
// texts nor Lingui's compiler (7 KB gzipped); each language and part is its own module, so only the
// active one loads. The dev server compiles in the browser instead, so an edited catalogue shows on reload.

const PREFIX = 'virtual:catalogue/';
const RESOLVED = `\0${PREFIX}`;
const LANGUAGES = ['en', 'id'];

const i18nFile = (path: string) => fileURLToPath(new URL(`../../../packages/shared/src/i18n/${path}.ts`, import.meta.url));
const PARTS_MODULE = fileURLToPath(new URL('./catalogue-parts.ts', import.meta.url));

/** "id" → the texts of every page and the landing page; "id/pages", "id/staff"… → that part's. */
function parse(id: string): { locale: string; part: Part } {
  const [locale = '', part = 'screens'] = id.split('/');
  if (!LANGUAGES.includes(locale) || !PARTS.includes(part as Part)) throw new Error(`No catalogue "${id}"`);
  return { locale, part: part as Part };
}

async function load<T>(path: string): Promise<T> {
  return (await runnerImport<T>(path, { configFile: false, logLevel: 'error' })).module;
}

export function compiledCatalogues(): Plugin {
  let building = false;
  return {
    name: 'kopi-compiled-catalogues',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId(id) {
      if (!id.startsWith(PREFIX)) return undefined;
      parse(id.slice(PREFIX.length));
      return RESOLVED + id.slice(PREFIX.length);
    },
    async load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const { locale, part } = parse(id.slice(RESOLVED.length));
      if (!building) {
        return [
          `import { compileMessage } from '@lingui/message-utils/compileMessage';`,
          `import { messages as web } from '@kopi/shared/i18n/${locale}/web';`,
          `import { admin } from '@kopi/shared/i18n/${locale}/admin';`,
          `import { textsOf } from ${JSON.stringify(`/@fs${PARTS_MODULE}`)};`,
          `const texts = textsOf(${JSON.stringify(part)}, web, admin);`,
          'export const messages = Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, compileMessage(text)]));',
        ].join('\n');
      }
      const webPath = i18nFile(`${locale}/web`);
      const adminPath = i18nFile(`${locale}/admin`);
      this.addWatchFile(webPath);
      this.addWatchFile(adminPath);
      const { admin } = await load<{ admin: Record<string, string> }>(adminPath);
      const { messages } = await load<{ messages: Record<string, string> }>(webPath);
      const texts = textsOf(part, messages, admin);
      const compiled = Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, compileMessage(text)]));
      return `export const messages = ${JSON.stringify(compiled)};`;
    },
  };
}
