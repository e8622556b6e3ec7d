import { CATEGORIES, type Locale, nameOf, type Product, SIZES, type Station } from '@kopi/shared';
import { say } from '../../lib/i18n.ts';
import { inLanguage, menuTexts } from '../../lib/menu-language.ts';

/** A product on the menu as the database reads it (see loadMenuRows). */
export interface ProductRow {
  id: number;
  /** The English name and description, as the spec's form asks for them. */
  product_name: string;
  description: string;
  /** For Indonesian pages; '' shows the English (docs/shop-rules.md#the-menu-in-two-languages). */
  indonesian_name: string;
  indonesian_description: string;
  /** The Reguler price. */
  price: number;
  image: string;
  category_id: number;
  category_name: string;
  /** The sizes it is sold in with their prices, by size id. */
  sizes: { size_id: number; price: number }[];
  sold_out: boolean;
  station: Station;
}

/** A category's name in `locale` (the shop's catalogue says it); one the shop does not know keeps the database's. */
function categoryName(locale: Locale, id: number, stored: string): string {
  const category = CATEGORIES.find((c) => c.id === id);
  return category ? say(locale, category.key) : stored;
}

/**
 * The one place where a product row becomes the API's product answer (docs/architecture.md#the-api-contract): the menu
 * index serialises what this returns once per product and language, and every list and detail is made of it.
 * Fields are picked one by one so that nothing else a row carries (sales, dates) leaks out; `texts` only
 * for one product's answer (the edit form's), not in every page of the menu.
 */
export function toProductAnswer(row: ProductRow, locale: Locale, withTexts = false): Product {
  const product: Product = {
    id: row.id,
    product_name: inLanguage(locale, row.product_name, row.indonesian_name),
    price: row.price,
    image: row.image,
    description: inLanguage(locale, row.description, row.indonesian_description),
    category_id: row.category_id,
    category_name: categoryName(locale, row.category_id, row.category_name),
    sizes: row.sizes.map((size) => ({ size_id: size.size_id, size_name: nameOf(SIZES, size.size_id) ?? 'Unknown', price: size.price })),
    sold_out: row.sold_out,
    station: row.station,
  };
  if (withTexts) {
    product.texts = menuTexts({
      name: row.product_name,
      description: row.description,
      indonesian_name: row.indonesian_name,
      indonesian_description: row.indonesian_description,
    });
  }
  return product;
}
