import { ADDONS_CATEGORY_ID, type Locale, type Meta, PRODUCT_SORTS, type Product, type ProductQuery, type ProductSort } from '@kopi/shared';
import { andInto, type Bitset, BitsetFamily, countBits, eachBit, hasBit } from '../../lib/bitsets.ts';
import { offsetOf, pageMeta } from '../../lib/reply.ts';
import { NameSearch } from './name-search.ts';
import { type ProductRow, toProductAnswer } from './product-answer.ts';
import { SlotList } from './slot-list.ts';

// The menu in memory (docs/decisions/menu-index.md): the catalogue is the busiest call of the shop, and visitors spread
// over every page, search and filter, which no page cache can hold. The index keeps every product
// on sale once, in one list per sort order (all products, and each category), so that a page is a
// slice; a search is a set of products (name-search.ts) walked in the list's order. Each
// product's JSON is made once per language, and pages are strings assembled from those pieces. A
// search finds a product by its name in either language (docs/shop-rules.md#the-menu-in-two-languages).

/** A product on the menu with what its sort orders need. */
export interface MenuRow extends ProductRow {
  units_sold: number;
  /** created_at in microseconds since 1970: "newest" orders as PostgreSQL's timestamp does. */
  created_us: number;
}

interface Entry {
  id: number;
  /** Its bit in the search and category sets; reused after a product leaves the menu. */
  slot: number;
  category: number;
  price: number;
  unitsSold: number;
  createdUs: number;
  row: MenuRow;
  /** The product's answer in each language, and its JSON, made once. */
  product: Record<Locale, Product>;
  json: Record<Locale, string>;
  /** One product's answer (with both languages' texts), made when first asked for. */
  detail: Partial<Record<Locale, string>>;
}

// The sort orders of the catalogue; each ends on the id, so that every order is total and a page
// boundary never moves between two equal products. Where every category is listed, the add-ons (extras
// for a drink, not ordered alone) come after the rest by price, rather than lead Lower Price among the
// drinks (docs/decisions/spec-fidelity.md#rough-edges-dead-ends-words-and-dates); in one category it changes nothing.
const addonsLast = (a: Entry, b: Entry) => Number(a.category === ADDONS_CATEGORY_ID) - Number(b.category === ADDONS_CATEGORY_ID);
const COMPARE: Record<ProductSort, (a: Entry, b: Entry) => number> = {
  popular: (a, b) => b.unitsSold - a.unitsSold || a.id - b.id,
  cheapest: (a, b) => addonsLast(a, b) || a.price - b.price || a.id - b.id,
  priciest: (a, b) => addonsLast(a, b) || b.price - a.price || b.id - a.id,
  newest: (a, b) => b.createdUs - a.createdUs || a.id - b.id,
};

/** Below this many matches, sorting them is cheaper than walking a whole list for them. */
const FEW_MATCHES = 200;
const ALL = 0; // the lists of every category

type Lists = Record<ProductSort, SlotList>;

function pageJson(items: readonly Entry[], meta: Meta, locale: Locale): string {
  let data = '';
  for (let i = 0; i < items.length; i++) data += i === 0 ? items[i]!.json[locale] : `,${items[i]!.json[locale]}`;
  const msg = items.length ? 'Products found' : 'No products match';
  return `{"msg":"${msg}","data":[${data}],"meta":${JSON.stringify(meta)}}`;
}

export class MenuIndex {
  readonly #byId = new Map<number, Entry>();
  readonly #bySlot: (Entry | undefined)[] = [];
  readonly #freeSlots: number[] = [];
  /** Lists by category id (ALL for every product), one per sort order. */
  readonly #lists = new Map<number, Lists>();
  readonly #categories = new BitsetFamily<number>();
  readonly #names = new NameSearch();

  get size(): number {
    return this.#byId.size;
  }

  /** Replaces the whole menu (at start): sorts once per order, each category's lists follow from it. */
  replaceAll(rows: readonly MenuRow[]): void {
    for (const id of [...this.#byId.keys()]) this.remove(id);
    const slots = rows.map((row) => this.#entry(row).slot);
    const all = this.#listsOf(ALL);
    for (const sort of PRODUCT_SORTS) {
      all[sort].replaceAll(slots);
      const byCategory = new Map<number, number[]>();
      for (let i = 0; i < all[sort].length; i++) {
        const slot = all[sort].at(i);
        const category = this.#bySlot[slot]!.category;
        if (!byCategory.has(category)) byCategory.set(category, []);
        byCategory.get(category)!.push(slot);
      }
      for (const [category, list] of byCategory) this.#listsOf(category)[sort].replaceAll(list, { sorted: true });
    }
  }

  /** Adds a product to the menu or replaces what the index knows of it. */
  upsert(row: MenuRow): void {
    this.remove(row.id);
    const entry = this.#entry(row);
    for (const key of [ALL, entry.category]) for (const sort of PRODUCT_SORTS) this.#listsOf(key)[sort].insert(entry.slot);
  }

  /** Takes a product off the menu; a product the index does not hold is left alone. */
  remove(id: number): void {
    const entry = this.#byId.get(id);
    if (!entry) return;
    for (const key of [ALL, entry.category]) for (const sort of PRODUCT_SORTS) this.#listsOf(key)[sort].remove(entry.slot);
    this.#names.remove(entry.slot);
    this.#categories.remove(entry.category, entry.slot);
    this.#bySlot[entry.slot] = undefined;
    this.#freeSlots.push(entry.slot);
    this.#byId.delete(id);
  }

  /** A product's units sold changed by `delta`: it moves in the "popular" lists only. */
  sold(id: number, delta: number): void {
    const entry = this.#byId.get(id);
    if (entry) this.setUnitsSold(id, entry.unitsSold + delta);
  }

  /** A product's units sold are now `units` (as the database counts them): it moves in the "popular" lists only. */
  setUnitsSold(id: number, units: number): void {
    const entry = this.#byId.get(id);
    const next = Math.max(0, units);
    if (!entry || entry.unitsSold === next) return;
    const lists = [this.#listsOf(ALL).popular, this.#listsOf(entry.category).popular];
    for (const list of lists) list.remove(entry.slot);
    entry.unitsSold = next;
    for (const list of lists) list.insert(entry.slot);
  }

  product(id: number, locale: Locale): Product | undefined {
    return this.#byId.get(id)?.product[locale];
  }

  /** The product's JSON as the detail answer carries it: with its texts in both languages. */
  productJson(id: number, locale: Locale): string | undefined {
    const entry = this.#byId.get(id);
    if (!entry) return undefined;
    entry.detail[locale] ??= JSON.stringify(toProductAnswer(entry.row, locale, true));
    return entry.detail[locale];
  }

  /** One page of the catalogue, as the JSON answer of GET /products/get in `locale`. */
  pageJson(query: ProductQuery, locale: Locale): string {
    const list = this.#listsOf(query.categories ?? ALL)[query.sort];
    const offset = offsetOf(query.page, query.limit);
    if (query.search === undefined) {
      const items = Array.from(list.slice(offset, offset + query.limit), (slot) => this.#bySlot[slot]!);
      return pageJson(items, pageMeta(query.page, query.limit, list.length), locale);
    }
    const matches = this.#names.find(query.search);
    if (matches && query.categories !== undefined) {
      const category = this.#categories.get(query.categories);
      if (category) andInto(matches, category);
      else matches.fill(0);
    }
    const total = matches ? countBits(matches) : 0;
    const items = matches && total > offset ? this.#pageOfMatches(list, matches, total, query.sort, offset, query.limit) : [];
    return pageJson(items, pageMeta(query.page, query.limit, total), locale);
  }

  #pageOfMatches(list: SlotList, matches: Bitset, total: number, sort: ProductSort, offset: number, limit: number): Entry[] {
    if (total <= FEW_MATCHES) {
      const found: Entry[] = [];
      eachBit(matches, (slot) => {
        found.push(this.#bySlot[slot]!);
        return true;
      });
      return found.sort(COMPARE[sort]).slice(offset, offset + limit);
    }
    const page: Entry[] = [];
    let skipped = 0;
    for (let i = 0; i < list.length && page.length < limit; i++) {
      const slot = list.at(i);
      if (!hasBit(matches, slot)) continue;
      if (skipped < offset) skipped++;
      else page.push(this.#bySlot[slot]!);
    }
    return page;
  }

  #entry(row: MenuRow): Entry {
    const slot = this.#freeSlots.pop() ?? this.#bySlot.length;
    const english = toProductAnswer(row, 'en');
    const inIndonesian = toProductAnswer(row, 'id');
    const entry: Entry = {
      id: row.id,
      slot,
      category: row.category_id,
      price: row.price,
      unitsSold: row.units_sold,
      createdUs: row.created_us,
      row,
      product: { en: english, id: inIndonesian },
      json: { en: JSON.stringify(english), id: JSON.stringify(inIndonesian) },
      detail: {},
    };
    this.#bySlot[slot] = entry;
    this.#byId.set(entry.id, entry);
    // Both names in one text, apart by a line break: a person's search term is one line.
    this.#names.add(slot, row.indonesian_name === '' ? row.product_name : `${row.product_name}\n${row.indonesian_name}`);
    this.#categories.add(row.category_id, slot);
    return entry;
  }

  #listsOf(key: number): Lists {
    let lists = this.#lists.get(key);
    if (!lists) {
      const bySlot = this.#bySlot;
      const list = (sort: ProductSort) => new SlotList((a, b) => COMPARE[sort](bySlot[a]!, bySlot[b]!));
      lists = { popular: list('popular'), cheapest: list('cheapest'), priciest: list('priciest'), newest: list('newest') };
      this.#lists.set(key, lists);
    }
    return lists;
  }
}
