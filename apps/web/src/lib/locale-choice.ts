import { isLocale, LOCALE_COOKIE, type Locale, pickLocale } from '@kopi/shared';

// Which language a page starts in: the one the person chose on this device (kept in localStorage,
// and in a cookie so the server's first HTML is already in it), else the browser's languages.

/** The localStorage key shares the cookie's name: one name for one choice. */
export const LOCALE_STORAGE_KEY = LOCALE_COOKIE;
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** What the choice is read from and written to; the page's own by default, a stand-in in unit tests. */
export interface LocaleSources {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  cookies: { get: () => string; set: (cookie: string) => void };
  languages: readonly string[];
}

const pageSources = (): LocaleSources => ({
  storage: localStorage,
  cookies: {
    get: () => document.cookie,
    set: (cookie) => {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari
      document.cookie = cookie;
    },
  },
  languages: navigator.languages,
});

function cookieLocale(cookieHeader: string): Locale | null {
  for (const pair of cookieHeader.split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === LOCALE_COOKIE && isLocale(value)) return value;
  }
  return null;
}

/** The language chosen on this device, if any. */
export function chosenLocale(sources: LocaleSources = pageSources()): Locale | null {
  const stored = sources.storage.getItem(LOCALE_STORAGE_KEY);
  if (isLocale(stored)) return stored;
  return cookieLocale(sources.cookies.get());
}

/** The language a page opens in. */
export function initialLocale(sources: LocaleSources = pageSources()): Locale {
  return chosenLocale(sources) ?? pickLocale(sources.languages);
}

/** The cookie that tells the server's first HTML the language (every path, a year, not sent by other sites' requests). */
export const localeCookie = (locale: Locale): string => `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;

/** Keeps a chosen language on this device. */
export function rememberLocale(locale: Locale, sources: LocaleSources = pageSources()): void {
  sources.storage.setItem(LOCALE_STORAGE_KEY, locale);
  sources.cookies.set(localeCookie(locale));
}
