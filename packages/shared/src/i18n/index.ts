export type { Translation } from './catalogue.ts';
export { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALE_NAMES, LOCALES, type Locale, pickLocale } from './locale.ts';
