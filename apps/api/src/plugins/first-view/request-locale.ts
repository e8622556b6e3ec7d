import { isLocale, LOCALE_COOKIE, type Locale, pickLocale } from '@kopi/shared';

/** The value of one cookie in a Cookie header; undefined when it is not there. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/**
 * The language a page is sent in: the one the person chose (its cookie, when it names a language
 * the shop speaks), else the browser's Accept-Language (docs/decisions/first-view.md#languages).
 */
export function requestLocale(headers: { cookie?: string; 'accept-language'?: string }): Locale {
  const chosen = cookieValue(headers.cookie, LOCALE_COOKIE);
  return isLocale(chosen) ? chosen : pickLocale(headers['accept-language']);
}
