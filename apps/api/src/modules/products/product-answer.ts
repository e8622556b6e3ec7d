import { nameOf, type Product, SIZES, type Station } from '@kopi/shared';

/** A product on the menu as the database reads it (see loadMenuRows). */
export interface ProductRow {
  id: number;
  product_name: string;
  /** The Reguler price. */
  price: number;
  image: string;
  description: string;
  category_id: number;
  category_name: string;
  /** The sizes it is sold in with their prices, by size id. */
  sizes: { size_id: number; price: number }[];
  sold_out: boolean;
  station: Station;
}

/**
 * The one place where a product row becomes the API's product answer (docs/architecture.md#the-api-contract): the menu
 * index serialises what this returns once per product, and every list and detail is made of it.
 * Fields are picked one by one so that nothing else a row carries (sales, dates) leaks out.
 */
export function toProductAnswer(row: ProductRow): Product {
  return {
    id: row.id,
    product_name: row.product_name,
    price: row.price,
    image: row.image,
    description: row.description,
    category_id: row.category_id,
    category_name: row.category_name,
    sizes: row.sizes.map((size) => ({ size_id: size.size_id, size_name: nameOf(SIZES, size.size_id) ?? 'Unknown', price: size.price })),
    sold_out: row.sold_out,
    station: row.station,
  };
}
