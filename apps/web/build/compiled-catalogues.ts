import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { type Plugin, runnerImport } from 'vite';

// `import { messages } from 'virtual:catalogue/id'` gives the screens' Indonesian texts, compiled;
// `virtual:catalogue/id/staff` the staff screens' own (the admin part), which only a staff member's
// page loads; `virtual:catalogue/id/account` the account pages' (sign-in, sign-up, password, profile),
// which load with those pages; `virtual:catalogue/id/till` and `…/settings` the till's and the settings'
// own (their keys out of the staff part, which every staff page loads), which load with those pages.
// A production build compiles the ICU messages here, so the page ships neither the raw
// texts nor Lingui's compiler (7 KB gzipped); each language and part is its own module, so only the
// active one loads. The dev server compiles in the browser instead, so an edited catalogue shows on reload.

const PREFIX = 'virtual:catalogue/';
const RESOLVED = `\0${PREFIX}`;
const LANGUAGES = ['en', 'id'];

const i18nFile = (path: string) => fileURLToPath(new URL(`../../../packages/shared/src/i18n/${path}.ts`, import.meta.url));

type Part = 'screens' | 'staff' | 'account' | 'till' | 'settings';
const PARTS: Part[] = ['screens', 'staff', 'account', 'till', 'settings'];

/** The account pages' keys, by their first word. */
const ACCOUNT_PREFIXES = ['auth', 'forgot', 'reset', 'google', 'profile', 'member', 'form'];
const isAccountKey = (key: string) => ACCOUNT_PREFIXES.includes(key.split('.')[0] ?? '');

/** The staff pages with texts of their own, by their keys' prefix; their links in the top bar stay in the staff part. */
const PAGE_PARTS: Record<string, string> = { till: 'admin.till.', settings: 'admin.settings.' };
const KEPT_IN_STAFF = ['admin.till.nav', 'admin.settings.nav'];
/** The page part a staff key belongs to; undefined: the staff part. */
const pagePartOf = (key: string) =>
  KEPT_IN_STAFF.includes(key) ? undefined : Object.keys(PAGE_PARTS).find((page) => key.startsWith(PAGE_PARTS[page]!));

/** "id" → every screen text but the staff's and the account pages'; "id/staff", "id/account" → those. */
function parse(id: string): { locale: string; part: Part } {
  const [locale = '', part = 'screens'] = id.split('/');
  if (!LANGUAGES.includes(locale) || !PARTS.includes(part as Part)) throw new Error(`No catalogue "${id}"`);
  return { locale, part: part as Part };
}

/** The texts of a part, from the screens' (web) and the staff's (admin) catalogues. */
function partOf(part: Part, web: Record<string, string>, admin: Record<string, string>): Record<string, string> {
  if (part === 'staff') return Object.fromEntries(Object.entries(admin).filter(([key]) => pagePartOf(key) === undefined));
  if (part in PAGE_PARTS) return Object.fromEntries(Object.entries(admin).filter(([key]) => pagePartOf(key) === part));
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
          `const pageParts = ${JSON.stringify(PAGE_PARTS)};`,
          `const kept = ${JSON.stringify(KEPT_IN_STAFF)};`,
          `const part = ${JSON.stringify(part)};`,
          'const pagePartOf = (key) => (kept.includes(key) ? undefined : Object.keys(pageParts).find((page) => key.startsWith(pageParts[page])));',
          'const raw = part === "staff" ? Object.fromEntries(Object.entries(admin).filter(([key]) => pagePartOf(key) === undefined))',
          '  : part in pageParts ? Object.fromEntries(Object.entries(admin).filter(([key]) => pagePartOf(key) === part))',
          '  : Object.fromEntries(Object.entries(web).filter(([key]) => !(key in admin) && prefixes.includes(key.split(".")[0]) === (part === "account")));',
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
