export type { Translation } from './catalogue.ts';
export { type CommonKey, type IssueLike, type IssueValues, isMessageKey, issueMessage, issueText, zodLocale } from './issues.ts';
export { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALE_NAMES, LOCALES, type Locale, pickLocale } from './locale.ts';
