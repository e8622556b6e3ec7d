import { ADDONS_CATEGORY_ID, type Locale, PRODUCT_SORTS, type ProductQuery, type ProductSort } from '@kopi/shared';
import { describe, expect, it } from 'vitest';
import { pageMeta } from '../src/lib/reply.ts';
import { MenuIndex, type MenuRow } from '../src/modules/products/menu-index.ts';
import { toProductAnswer } from '../src/modules/products/product-answer.ts';
import { onPostgres } from './helpers.ts';

// The menu index against the obvious way of answering (filter, sort, slice the whole menu), on a
// random menu that keeps changing: every answer must be the same, page, order and meta alike.

function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const WORDS = ['Kopi', 'Susu', 'Latte', 'Es', 'Teh', 'Tarik', 'Matcha', 'Gula', 'Aren', 'Café', 'Mocha', '100%', 'a_b'];
const CATEGORY_NAMES = ['Foods', 'Coffee', 'Non Coffee', 'Add Ons'];
/** Indonesian names: a product has one or not; a search finds it by either name. */
const INDONESIAN_WORDS = ['Roti', 'Pisang', 'Dingin', 'Susu', 'Panas'];

/** The reference: what the SQL of the catalogue answered before the index. */
const addonsLast = (a: MenuRow, b: MenuRow) => Number(a.category_id === ADDONS_CATEGORY_ID) - Number(b.category_id === ADDONS_CATEGORY_ID);

function expected(menu: Map<number, MenuRow>, query: ProductQuery, locale: Locale) {
  const compare: Record<ProductSort, (a: MenuRow, b: MenuRow) => number> = {
    popular: (a, b) => b.units_sold - a.units_sold || a.id - b.id,
    // Add-ons after the rest by price where several categories are listed.
    cheapest: (a, b) => addonsLast(a, b) || a.price - b.price || a.id - b.id,
    priciest: (a, b) => addonsLast(a, b) || b.price - a.price || b.id - a.id,
    newest: (a, b) => b.created_us - a.created_us || a.id - b.id,
  };
  const found = [...menu.values()]
    .filter((row) => query.categories === undefined || row.category_id === query.categories)
    .filter(
      (row) =>
        query.search === undefined ||
        [row.product_name, row.indonesian_name].some((name) => name.toLowerCase().includes(query.search!.toLowerCase())),
    )
    .sort(compare[query.sort]);
  const offset = (query.page - 1) * query.limit;
  const data = found.slice(offset, offset + query.limit).map((row) => toProductAnswer(row, locale));
  return { msg: data.length ? 'Products found' : 'No products match', data, meta: pageMeta(query.page, query.limit, found.length) };
}

describe.skipIf(onPostgres)('the menu index', () => {
  it('answers every page, search, filter and sort as the full scan does, through adds, edits, sales and removals', () => {
    const random = seeded(7);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const index = new MenuIndex();
    const menu = new Map<number, MenuRow>();
    let nextId = 1;
    const makeRow = (id: number): MenuRow => {
      const category_id = 1 + Math.floor(random() * 4);
      return {
        id,
        product_name: `${Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(WORDS)).join(' ')} ${id}`,
        price: 1000 * (1 + Math.floor(random() * 20)), // many equal prices: the id must break ties
        image: `images/${id}.webp`,
        description: `Product ${id}`,
        indonesian_name: random() < 0.5 ? '' : `${pick(INDONESIAN_WORDS)} ${id}`,
        indonesian_description: random() < 0.5 ? '' : `Produk ${id}`,
        category_id,
        category_name: CATEGORY_NAMES[category_id - 1]!,
        sizes: [{ size_id: 1, price: 1000 }],
        sold_out: random() < 0.1,
        station: 'bar' as const,
        units_sold: Math.floor(random() * 5),
        created_us: 1_700_000_000_000_000 + Math.floor(random() * 50) * 1000, // equal instants too
      };
    };
    for (let i = 0; i < 300; i++) {
      const row = makeRow(nextId++);
      menu.set(row.id, row);
    }
    index.replaceAll([...menu.values()]);

    const randomQuery = (): ProductQuery => {
      const limit = pick([1, 5, 12, 50]);
      const search =
        random() < 0.6
          ? pick(['', 'k', 'ko', 'kop', 'kopi s', 'LATTE', 'tarik 1', 'é', '100%', 'a_b', 'zzz', '1', '2 ', 'roti', 'SUSU', 'din'])
          : '';
      return {
        sort: pick(PRODUCT_SORTS),
        limit,
        page: 1 + Math.floor(random() * (random() < 0.8 ? 3 : 40)),
        categories: random() < 0.4 ? pick([1, 2, 3, 4] as const) : undefined,
        search: search === '' ? undefined : search,
      };
    };

    let compared = 0;
    for (let round = 0; round < 400; round++) {
      const change = random();
      const ids = [...menu.keys()];
      if (change < 0.25) {
        const row = makeRow(nextId++);
        menu.set(row.id, row);
        index.upsert(row);
      } else if (change < 0.45 && ids.length) {
        const id = pick(ids);
        const row = { ...makeRow(id), units_sold: menu.get(id)!.units_sold }; // edit: name, price, category may change
        menu.set(id, row);
        index.upsert(row);
      } else if (change < 0.6 && ids.length) {
        const id = pick(ids);
        menu.delete(id);
        index.remove(id);
      } else if (ids.length) {
        const id = pick(ids);
        const delta = Math.floor(random() * 7) - 2;
        menu.set(id, { ...menu.get(id)!, units_sold: Math.max(0, menu.get(id)!.units_sold + delta) });
        index.sold(id, delta);
      }
      for (let q = 0; q < 10; q++) {
        const query = randomQuery();
        const locale = pick(['en', 'id'] as const);
        expect(JSON.parse(index.pageJson(query, locale)), `${locale} ${JSON.stringify(query)}`).toEqual(expected(menu, query, locale));
        compared++;
      }
    }
    expect(compared).toBe(4000);
    expect(index.size).toBe(menu.size);
  });

  it('answers a product by id until it leaves the menu', () => {
    const index = new MenuIndex();
    const row: MenuRow = {
      id: 5,
      product_name: 'Kopi "Senja"',
      price: 25000,
      image: 'images/a.webp',
      description: 'With a quote " and a \\ backslash',
      indonesian_name: 'Kopi "Senja" Dingin',
      indonesian_description: '',
      category_id: 2,
      category_name: 'Coffee',
      sizes: [
        { size_id: 1, price: 25000 },
        { size_id: 2, price: 30000 },
        { size_id: 3, price: 33000 },
      ],
      sold_out: false,
      station: 'bar',
      units_sold: 0,
      created_us: 0,
    };
    index.upsert(row);
    expect(JSON.parse(index.productJson(5, 'en')!)).toEqual(toProductAnswer(row, 'en', true));
    // In Indonesian: its Indonesian name, the English description where it has no Indonesian one, the category said in Indonesian.
    expect(JSON.parse(index.productJson(5, 'id')!)).toMatchObject({
      product_name: 'Kopi "Senja" Dingin',
      description: row.description,
      category_name: 'Kopi',
      texts: { en: { name: 'Kopi "Senja"', description: row.description }, id: { name: 'Kopi "Senja" Dingin', description: '' } },
    });
    expect(index.product(5, 'en')).toMatchObject({
      price: 25000,
      sold_out: false,
      sizes: [
        { size_id: 1, size_name: 'Reguler', price: 25000 },
        { size_id: 2, size_name: 'Large', price: 30000 },
        { size_id: 3, size_name: 'Extra Large', price: 33000 },
      ],
    });
    expect(index.productJson(6, 'en')).toBeUndefined();
    index.remove(5);
    expect(index.productJson(5, 'id')).toBeUndefined();
    expect(JSON.parse(index.pageJson({ sort: 'popular', page: 1, limit: 12 }, 'en'))).toMatchObject({ data: [], meta: { totalData: 0 } });
  });

  it('grows past the first 2,048 products', () => {
    const index = new MenuIndex();
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      id: i + 1,
      product_name: `Roti ${i + 1}`,
      price: 1000 + i,
      image: 'images/r.webp',
      description: 'Bread',
      indonesian_name: '',
      indonesian_description: '',
      category_id: 1 + (i % 4),
      category_name: CATEGORY_NAMES[i % 4]!,
      sizes: [{ size_id: 1, price: 1000 }],
      sold_out: false,
      station: 'bar' as const,
      units_sold: 0,
      created_us: i,
    }));
    index.replaceAll(rows.slice(0, 1000));
    for (const row of rows.slice(1000)) index.upsert(row);
    const last = JSON.parse(index.pageJson({ sort: 'priciest', page: 1, limit: 1, search: 'roti 5000', categories: 4 }, 'en'));
    expect(last.data.map((p: { id: number }) => p.id)).toEqual([5000]);
    expect(JSON.parse(index.pageJson({ sort: 'cheapest', page: 1, limit: 12, search: 'roti' }, 'en')).meta.totalData).toBe(5000);
  });
});
