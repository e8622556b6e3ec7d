import type { Locale } from './i18n/locale.ts';
import type { Product } from './schemas/product.ts';
import type { Promo } from './schemas/promo.ts';
import type { Shop } from './schemas/shop.ts';

// The contract between the API's page server (apps/api/src/plugins/first-view/) and the web's server
// build (apps/web/src/entry-server.tsx), which renders the first view of the pages a customer lands on
// (docs/decisions/first-view.md). Written once here: the web's module `satisfies` it, the API reads
// the built module as it.

/** What a first view needs from the menu: a page of it, one product, or nothing. */
export type FirstViewNeed =
  | { page: 'home' }
  | { page: 'catalogue'; query: { search?: string; categories?: number; sort: string; page: number } }
  | { page: 'detail'; id: number };

/** The menu's answers the page shows, as the API's routes give them. */
export interface FirstViewData {
  /** GET /products/get's answer for the page's query. */
  list?: { data: Product[]; meta?: unknown };
  /** GET /products/:id's answer. */
  product?: Product;
  /** The add-ons a drink can take ("Make it yours"), as the detail page asks for them. */
  addons?: Product[];
  /** GET /shop's answer: a product's "Set time" is drawn from it. */
  shop?: Shop;
  /** GET /promos/get's answer to a visitor: the menu's "Promo for you". */
  promos?: Promo[];
}

/** What the web's server build offers the API. */
export interface FirstViewRenderer {
  /** The source file of each page rendered there: the server preloads its chunk (from Vite's manifest). */
  FIRST_VIEW_SOURCES: Record<FirstViewNeed['page'], string>;
  /** The first-view page at `url` (path and query), or undefined when the page is left to the browser. */
  firstViewOf(url: string): FirstViewNeed | undefined;
  renderFirstView(url: string, need: FirstViewNeed, locale: Locale, data: FirstViewData): Promise<{ html: string; queries: unknown }>;
  /** The picture the page paints largest, preloaded with the page. */
  lcpImageOf(need: FirstViewNeed, data: FirstViewData): { src: string; srcSet: string } | undefined;
}
