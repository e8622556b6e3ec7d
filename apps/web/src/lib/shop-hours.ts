import { LANDING, type Locale } from '@kopi/shared';
import { hoursInIndonesian } from './hours-in-indonesian';
import { useLocale } from './i18n';
import { meta } from './shop-name';

/**
 * The server writes OPENING_HOURS in words into <meta name="shop-hours"> (docs/shop-rules.md#opening-hours-and-slots),
 * so that every page states the hours the shop keeps; the default hours read as the spec's sentence.
 */
export const SHOP_HOURS = meta('shop-hours') ?? LANDING.deliveryHours;

export const shopHoursIn = (locale: Locale, words = SHOP_HOURS): string => (locale === 'id' ? hoursInIndonesian(words) : words);

/** The shop's hours in words, in the page's language. */
export function useShopHours(): string {
  return shopHoursIn(useLocale());
}
