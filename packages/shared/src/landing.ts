import { MEMBER_CARD_GOAL } from './constants.ts';
import type { Locale } from './i18n/locale.ts';

// Apart from messages.ts, which brings the English common texts: the landing page shows these
// figures without loading them (docs/benchmarks.md#first-load-javascript).

/**
 * The default opening hours (DEFAULT_OPENING_HOURS) in words, written out: a page that shows the
 * hours when the server's <meta name="shop-hours"> is missing carries neither the parser nor the
 * wording code (hours-in-words.test.ts holds them equal to what hoursInWords says).
 */
export const DEFAULT_HOURS_IN_WORDS: Readonly<Record<Locale, string>> = {
  en: 'Monday to Friday, 1 - 7 pm',
  id: 'Senin sampai Jumat, 13.00–19.00',
};

/** docs/shop-rules.md#landing-figures: the landing page figures. */
export const LANDING = {
  staff: '90+',
  stores: '30+',
  customers: '800+',
  favouritePrices: [25000, 30000, 40000],
  memberCardMinimum: MEMBER_CARD_GOAL,
  deliveryHours: DEFAULT_HOURS_IN_WORDS.en,
} as const;
