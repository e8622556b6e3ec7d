import type { Locale } from './i18n/locale.ts';

// Kept out of the order's schemas (schemas/transaction.ts): a page that only shows an order must not
// load zod with them (docs/benchmarks.md#first-load-javascript).

/** An order line's or add-on's product name on a page in `locale` (docs/shop-rules.md#the-menu-in-two-languages). */
export const productNameIn = (locale: Locale, named: { product_name: string; indonesian_name?: string }): string =>
  (locale === 'id' ? named.indonesian_name : undefined) ?? named.product_name;
