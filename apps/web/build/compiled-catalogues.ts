import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { type Plugin, runnerImport } from 'vite';

// `import { messages } from 'virtual:catalogue/id'` gives the screens' Indonesian texts, compiled;
// `virtual:catalogue/id/staff` the staff screens' own (the admin part), which only a staff member's
// page loads; `virtual:catalogue/id/account` the account pages' (sign-in, sign-up, password, profile),
// which load with those pages. A production build compiles the ICU messages here, so the page ships neither the raw
// texts nor Lingui's compiler (7 KB gzipped); each language and part is its own module, so only the
// active one loads. The dev server compiles in the browser instead, so an edited catalogue shows on reload.

const PREFIX = 'virtual:catalogue/';
const RESOLVED = `\0${PREFIX}`;
const LANGUAGES = ['en', 'id'];

const i18nFile = (path: string) => fileURLToPath(new URL(`../../../packages/shared/src/i18n/${path}.ts`, import.meta.url));

type Part = 'screens' | 'staff' | 'account';

/** The account pages' keys, by their first word. */
const ACCOUNT_PREFIXES = ['auth', 'forgot', 'reset', 'google', 'profile', 'member', 'form'];
const isAccountKey = (key: string) => ACCOUNT_PREFIXES.includes(key.split('.')[0] ?? '');

/** "id" → every screen text but the staff's and the account pages'; "id/staff", "id/account" → those. */
function parse(id: string): { locale: string; part: Part } {
  const [locale = '', part = 'screens'] = id.split('/');
  if (!LANGUAGES.includes(locale) || !['screens', 'staff', 'account'].includes(part)) throw new Error(`No catalogue "${id}"`);
  return { locale, part: part as Part };
}

/** The texts of a part, from the screens' (web) and the staff's (admin) catalogues. */
function partOf(part: Part, web: Record<string, string>, admin: Record<string, string>): Record<string, string> {
  if (part === 'staff') return admin;
  return Object.fromEntries(Object.entries(web).filter(([key]) => !(key in admin) && isAccountKey(key) === (part === 'account')));
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
          `const prefixes = ${JSON.stringify(ACCOUNT_PREFIXES)};`,
          `const part = ${JSON.stringify(part)};`,
          'const raw = part === "staff" ? admin : Object.fromEntries(Object.entries(web).filter(([key]) => !(key in admin) && prefixes.includes(key.split(".")[0]) === (part === "account")));',
          'export const messages = Object.fromEntries(Object.entries(raw).map(([key, text]) => [key, compileMessage(text)]));',
        ].join('\n');
      }
      const webPath = i18nFile(`${locale}/web`);
      const adminPath = i18nFile(`${locale}/admin`);
      this.addWatchFile(webPath);
      this.addWatchFile(adminPath);
      const { admin } = await load<{ admin: Record<string, string> }>(adminPath);
      const { messages } = await load<{ messages: Record<string, string> }>(webPath);
      const texts = partOf(part, messages, admin);
      const compiled = Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, compileMessage(text)]));
      return `export const messages = ${JSON.stringify(compiled)};`;
    },
  };
}
