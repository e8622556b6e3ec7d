import { DEFAULT_HOURS_IN_WORDS, type Locale } from '@kopi/shared';
import { useLocale } from './i18n';
import { meta, usePageMeta } from './shop-name';

/**
 * The shop's hours in words in a language: the server writes them, from the owner's settings, into
 * <meta name="shop-hours"> (English) and <meta name="shop-hours-id"> (docs/shop-rules.md#opening-hours-and-slots),
 * so that every page states the hours the shop keeps; the default hours read as the spec's sentence.
 * Read when asked, not once: the owner may change them while the server runs.
 */
export const shopHoursIn = (locale: Locale): string =>
  meta(locale === 'id' ? 'shop-hours-id' : 'shop-hours') ?? DEFAULT_HOURS_IN_WORDS[locale];

/** The shop's hours in words, in the page's language. */
export function useShopHours(): string {
  usePageMeta();
  return shopHoursIn(useLocale());
}
