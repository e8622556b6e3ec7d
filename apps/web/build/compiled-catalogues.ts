import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { type Plugin, runnerImport } from 'vite';

// `import { messages } from 'virtual:catalogue/id'` gives the screens' Indonesian texts, compiled.
// A production build compiles the ICU messages here, so the page ships neither the raw texts nor
// Lingui's compiler (7 KB gzipped); each language is its own module, so only the active one loads.
// The dev server compiles in the browser instead, so an edited catalogue shows on reload.

const PREFIX = 'virtual:catalogue/';
const RESOLVED = `\0${PREFIX}`;
const LANGUAGES = ['en', 'id'];

const cataloguePath = (locale: string) => fileURLToPath(new URL(`../../../packages/shared/src/i18n/${locale}/web.ts`, import.meta.url));

export function compiledCatalogues(): Plugin {
  let building = false;
  return {
    name: 'kopi-compiled-catalogues',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId(id) {
      if (!id.startsWith(PREFIX)) return undefined;
      const locale = id.slice(PREFIX.length);
      if (!LANGUAGES.includes(locale)) throw new Error(`No catalogue for the language "${locale}"`);
      return RESOLVED + locale;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const locale = id.slice(RESOLVED.length);
      if (!building) {
        return [
          `import { compileMessage } from '@lingui/message-utils/compileMessage';`,
          `import { messages as raw } from '@kopi/shared/i18n/${locale}/web';`,
          'export const messages = Object.fromEntries(Object.entries(raw).map(([key, text]) => [key, compileMessage(text)]));',
        ].join('\n');
      }
      const path = cataloguePath(locale);
      this.addWatchFile(path);
      const { module } = await runnerImport<{ messages: Record<string, string> }>(path, { configFile: false, logLevel: 'error' });
      const compiled = Object.fromEntries(Object.entries(module.messages).map(([key, text]) => [key, compileMessage(text)]));
      return `export const messages = ${JSON.stringify(compiled)};`;
    },
  };
}
