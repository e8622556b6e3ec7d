import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { type Plugin, runnerImport } from 'vite';

// `import { messages } from 'virtual:catalogue/id'` gives the screens' Indonesian texts, compiled;
// `virtual:catalogue/id/staff` the staff screens' own (the admin part), which only a staff member's
// page loads. A production build compiles the ICU messages here, so the page ships neither the raw
// texts nor Lingui's compiler (7 KB gzipped); each language and part is its own module, so only the
// active one loads. The dev server compiles in the browser instead, so an edited catalogue shows on reload.

const PREFIX = 'virtual:catalogue/';
const RESOLVED = `\0${PREFIX}`;
const LANGUAGES = ['en', 'id'];

const i18nFile = (path: string) => fileURLToPath(new URL(`../../../packages/shared/src/i18n/${path}.ts`, import.meta.url));

/** "id" → every screen text but the staff's; "id/staff" → the staff's. */
function parse(id: string): { locale: string; staff: boolean } {
  const [locale = '', part] = id.split('/');
  if (!LANGUAGES.includes(locale) || (part !== undefined && part !== 'staff')) throw new Error(`No catalogue "${id}"`);
  return { locale, staff: part === 'staff' };
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
      const { locale, staff } = parse(id.slice(RESOLVED.length));
      if (!building) {
        const source = staff
          ? `import { admin as raw } from '@kopi/shared/i18n/${locale}/admin';`
          : `import { messages as all } from '@kopi/shared/i18n/${locale}/web';\nimport { admin } from '@kopi/shared/i18n/${locale}/admin';\nconst raw = Object.fromEntries(Object.entries(all).filter(([key]) => !(key in admin)));`;
        return [
          `import { compileMessage } from '@lingui/message-utils/compileMessage';`,
          source,
          'export const messages = Object.fromEntries(Object.entries(raw).map(([key, text]) => [key, compileMessage(text)]));',
        ].join('\n');
      }
      const webPath = i18nFile(`${locale}/web`);
      const adminPath = i18nFile(`${locale}/admin`);
      this.addWatchFile(webPath);
      this.addWatchFile(adminPath);
      const { admin } = await load<{ admin: Record<string, string> }>(adminPath);
      const { messages } = await load<{ messages: Record<string, string> }>(webPath);
      const texts = staff ? admin : Object.fromEntries(Object.entries(messages).filter(([key]) => !(key in admin)));
      const compiled = Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, compileMessage(text)]));
      return `export const messages = ${JSON.stringify(compiled)};`;
    },
  };
}
