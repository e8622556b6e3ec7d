import { randomUUID } from 'node:crypto';
import {
  isDrink,
  type Locale,
  PRICE_MAX,
  type Product,
  type ProductFields,
  ProductFieldsSchema,
  ProductPatchSchema,
  type ProductQuery,
  SIZE,
  SIZE_STEP,
  stationOfCategory,
} from '@kopi/shared';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Listener } from '../../db/listen.ts';
import { createAnswerCache, type EncodedAnswer, type Encoding } from '../../lib/compression.ts';
import { badRequest, fieldRefused, notFound, parseOrThrow } from '../../lib/errors.ts';
import type { FormInput } from '../../lib/form-input.ts';
import { phrase } from '../../lib/i18n.ts';
import { prepareOptionalUpload, prepareUpload, storeImage } from '../images/images.service.ts';
import { MenuIndex } from './menu-index.ts';
import {
  announceMenuChange,
  findProductPricing,
  insertProduct,
  loadMenuRows,
  loadUnitsSold,
  MENU_CHANNEL,
  rollUpSales,
  type SizePrice,
  softDeleteProduct,
  updateProduct,
} from './products.repository.ts';

const productNotFound = () => notFound('server.productNotFound');

/** Units sold are announced to the other instances at most this often: "popular" may lag this much. */
export const SOLD_ANNOUNCE_MS = 1000;
/** Ids per notification: PostgreSQL takes payloads of up to 8,000 bytes. */
const IDS_PER_NOTICE = 500;
/** Product answers kept compressed per generation of the cache (two generations: up to twice this). */
const DETAILS_PER_GENERATION = 5000;
/** A failed read of the menu is tried again after this long. */
const RETRY_MS = 1000;

type MenuLog = Pick<FastifyBaseLogger, 'error' | 'warn'>;

/** What one notification on MENU_CHANNEL carries (see announceMenuChange). */
const MenuChangeSchema = z.object({
  from: z.string(),
  products: z.array(z.number().int()).optional(),
  sold: z.array(z.number().int()).optional(),
});

function chunks(ids: readonly number[]): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_NOTICE) out.push(ids.slice(i, i + IDS_PER_NOTICE));
  return out;
}

/**
 * The menu as visitors read it, answered from memory (see menu-index.ts and
 * docs/decisions/menu-index.md). It is read whole at start. A write announces the products it
 * changed on MENU_CHANNEL inside its transaction (`announce`), and every instance reads those
 * products again when it hears of it; the instance that wrote reads them at once (`refresh`), so
 * that its answer to the write has them. Units sold are counted here at once for orders made
 * through this instance, and announced to the others in batches (SOLD_ANNOUNCE_MS).
 *
 * Every read of the database goes through one queue, one pass at a time: a read that started
 * before a change was committed can never overwrite what a later read brought.
 */
export function createMenu(db: Db, log: MenuLog = console) {
  const instance = randomUUID();
  const index = new MenuIndex();
  // Compressed pages, kept until the menu changes; "popular" pages apart, as each order moves them.
  const pages = createAnswerCache();
  const popularPages = createAnswerCache();
  // Compressed product answers (those of 1 KB or more: a long description), kept until the menu
  // changes, so that Brotli runs once per product rather than once per request.
  const details = createAnswerCache(DETAILS_PER_GENERATION, { keepPlain: false });
  const changed = () => {
    pages.clear();
    popularPages.clear();
    details.clear();
  };

  // What is waiting to be read again: the whole menu, products, or their units sold.
  let reloadAll = false;
  const rowsToRead = new Set<number>();
  const soldToRead = new Set<number>();
  let running: Promise<void> | undefined;
  let failure: Error | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  const take = (set: Set<number>) => {
    const ids = [...set];
    set.clear();
    return ids;
  };
  const pending = () => reloadAll || rowsToRead.size > 0 || soldToRead.size > 0;

  /** One pass: everything asked for until now, in one query per kind. */
  const readPass = async () => {
    if (reloadAll) {
      // A whole read is newer than any single one asked for before it started.
      reloadAll = false;
      rowsToRead.clear();
      soldToRead.clear();
      try {
        index.replaceAll(await loadMenuRows(db));
      } catch (error) {
        reloadAll = true;
        throw error;
      }
      changed();
      return;
    }
    const ids = take(rowsToRead);
    const sold = take(soldToRead).filter((id) => !ids.includes(id));
    try {
      if (ids.length > 0) {
        const found = await loadMenuRows(db, ids);
        const byId = new Set(found.map((row) => row.id));
        for (const id of ids) if (!byId.has(id)) index.remove(id);
        for (const row of found) index.upsert(row);
        changed();
      }
      if (sold.length > 0) {
        for (const row of await loadUnitsSold(db, sold)) index.setUnitsSold(row.id, row.units_sold);
        popularPages.clear();
      }
    } catch (error) {
      for (const id of ids) rowsToRead.add(id);
      for (const id of sold) soldToRead.add(id);
      throw error;
    }
  };

  /** Reads until nothing waits; a failure stops the queue and tries again after RETRY_MS. */
  const drain = (): Promise<void> => {
    running ??= (async () => {
      try {
        while (pending() && !closed) await readPass();
        failure = undefined;
      } catch (error) {
        failure = error as Error;
        log.error({ err: error }, 'menu index: reading the menu failed; trying again');
        retry ??= setTimeout(() => {
          retry = undefined;
          void drain();
        }, RETRY_MS);
        retry.unref();
      } finally {
        running = undefined;
      }
    })();
    return running;
  };

  // Units sold through this instance, waiting to be announced to the others.
  const soldToAnnounce = new Set<number>();
  let announceTimer: NodeJS.Timeout | undefined;
  /**
   * Orders leave their sales in product_sales (docs/decisions/order-database-work.md): they are
   * added to products.units_sold here, before they are announced, so the table stays small.
   * Readers count what waits there too, so a roll-up that fails (or one instance that stops
   * before it) changes no figure: the next one takes those rows.
   */
  const rollUp = () =>
    rollUpSales(db).catch((error) => log.error({ err: error }, 'menu index: rolling up units sold failed; the next roll-up takes them'));
  const announceSold = async () => {
    clearTimeout(announceTimer);
    announceTimer = undefined;
    if (soldToAnnounce.size === 0) return;
    await rollUp();
    for (const ids of chunks(take(soldToAnnounce))) {
      // The orders are committed already: this runs on its own, outside any transaction.
      await announceMenuChange(db, { from: instance, sold: ids }).catch((error) =>
        log.error({ err: error }, 'menu index: announcing units sold failed; other instances see them at their next start'),
      );
    }
  };

  /** The JSON answer of GET /products/:id in `locale`, with the product's texts in both languages. */
  const detailJson = (id: number, locale: Locale): string => {
    const json = index.productJson(id, locale);
    if (json === undefined) throw productNotFound();
    return `{"msg":"Product found","data":${json}}`;
  };

  return {
    /** Reads every product on sale: one query. */
    async load(): Promise<void> {
      await rollUp(); // what an instance that stopped left waiting
      reloadAll = true;
      await drain();
      if (failure) throw failure;
    },
    /**
     * Hears the other instances' changes from now on; after a gap in what the listener heard
     * (a lost connection), the whole menu is read again.
     */
    async follow(listener: Listener): Promise<void> {
      await listener.subscribe(
        MENU_CHANNEL,
        (payload) => {
          const parsed = MenuChangeSchema.safeParse(JSON.parse(payload));
          if (!parsed.success) {
            log.warn({ payload: payload.slice(0, 200) }, 'menu index: a notification it cannot read');
            return;
          }
          const change = parsed.data;
          if (change.from === instance) return; // this instance has it already
          for (const id of change.products ?? []) rowsToRead.add(id);
          for (const id of change.sold ?? []) soldToRead.add(id);
          void drain();
        },
        () => {
          reloadAll = true;
          void drain();
        },
      );
    },
    /** Announces, inside the write's transaction `tx`, that these products changed. */
    async announce(tx: Db, ids: readonly number[]): Promise<void> {
      for (const chunk of chunks(ids)) await announceMenuChange(tx, { from: instance, products: chunk });
    },
    /** Reads these products again after a write through this instance: changed ones are replaced, gone ones removed. */
    async refresh(ids: readonly number[]): Promise<void> {
      for (const id of ids) rowsToRead.add(id);
      await drain();
      if (ids.some((id) => rowsToRead.has(id))) throw failure ?? new Error('the menu index did not read the products again');
    },
    /**
     * Units sold changed by an order made (or, with -1, cancelled) through this instance:
     * "popular" follows here at once, and on the other instances within SOLD_ANNOUNCE_MS.
     */
    sold(lines: readonly { product_id: number; qty: number }[], sign: 1 | -1 = 1): void {
      for (const line of lines) {
        index.sold(line.product_id, sign * line.qty);
        soldToAnnounce.add(line.product_id);
      }
      popularPages.clear();
      if (!announceTimer && !closed) {
        announceTimer = setTimeout(() => void announceSold(), SOLD_ANNOUNCE_MS);
        announceTimer.unref();
      }
    },
    /** Announces what is still waiting and stops reading; call before the database closes. */
    async close(): Promise<void> {
      closed = true;
      clearTimeout(retry);
      await announceSold();
      await running;
    },
    /** The answer of GET /products/get in `locale`, compressed in `encoding` when worth it. */
    listAnswer(query: ProductQuery, encoding: Encoding | undefined, locale: Locale): EncodedAnswer {
      // The search comes last: the only free text in the key cannot be mistaken for another field.
      const key = `${locale}|${query.sort}|${query.categories ?? ''}|${query.page}|${query.limit}|${query.search ?? ''}`;
      return (query.sort === 'popular' ? popularPages : pages).get(key, encoding, () => index.pageJson(query, locale));
    },
    detailJson,
    /** The answer of GET /products/:id in `locale`, compressed in `encoding` when worth it. */
    detailAnswer(id: number, locale: Locale, encoding: Encoding | undefined): EncodedAnswer {
      return details.get(`${locale}|${id}`, encoding, () => detailJson(id, locale));
    },
    /** The answer to an admin's write: the product with its texts in both languages. */
    product(id: number, locale: Locale): Product {
      const json = index.productJson(id, locale);
      if (json === undefined) throw productNotFound();
      return JSON.parse(json) as Product;
    },
    /** The product as this instance's menu has it, in `locale`, or undefined when it is not on it (orders price from it). */
    find(id: number, locale: Locale = 'en'): Product | undefined {
      return index.product(id, locale);
    },
    get size(): number {
      return index.size;
    },
  };
}
export type Menu = ReturnType<typeof createMenu>;

const refuse = fieldRefused;

/**
 * The sizes a product is sold in and their prices (docs/shop-rules.md#prices-and-sizes): Foods and
 * Add Ons in Reguler only; drinks also in Large and Extra Large, at the prices given, else at the
 * prices they had moved by the change of the Reguler price, else at Reguler plus the shop's steps.
 * A bigger size never costs less than a smaller one.
 */
export function sizePrices(
  category: number,
  price: number,
  given: { price_l?: number; price_xl?: number },
  before?: { price: number; sizes: readonly SizePrice[] },
): SizePrice[] {
  if (!isDrink(category)) {
    const field = given.price_l !== undefined ? 'price_l' : given.price_xl !== undefined ? 'price_xl' : undefined;
    if (field) throw refuse(field, 'server.sizesForDrinksOnly');
    return [{ size_id: SIZE.regular, price }];
  }
  const priceOf = (sizeId: number, givenPrice: number | undefined, step: number) => {
    if (givenPrice !== undefined) return givenPrice;
    const had = before?.sizes.find((size) => size.size_id === sizeId);
    return had ? had.price + (price - before!.price) : price + step;
  };
  const large = priceOf(SIZE.large, given.price_l, SIZE_STEP.large);
  const extraLarge = priceOf(SIZE.extraLarge, given.price_xl, SIZE_STEP.extraLarge);
  if (large < price) throw refuse('price_l', 'server.largeBelowRegular');
  if (extraLarge < large) throw refuse('price_xl', 'server.extraLargeBelowLarge');
  if (extraLarge > PRICE_MAX) throw refuse('price_xl', phrase('server.extraLargePriceRange', { max: PRICE_MAX }));
  return [
    { size_id: SIZE.regular, price },
    { size_id: SIZE.large, price: large },
    { size_id: SIZE.extraLarge, price: extraLarge },
  ];
}

/** The product's own columns: the size prices are stored apart. */
function productColumns<T extends Partial<ProductFields>>(fields: T): Omit<T, 'price_l' | 'price_xl'> {
  const { price_l: _large, price_xl: _extraLarge, ...columns } = fields;
  return columns;
}

export async function createProduct(db: Db, menu: Menu, form: FormInput, locale: Locale): Promise<Product> {
  // Fields first, then the picture: a bad form stores nothing, not even its picture.
  const fields = parseOrThrow(ProductFieldsSchema, form.fields);
  const sizes = sizePrices(fields.category_id, fields.price, fields);
  if (!form.image) throw fieldRefused('images', 'productPictureRequired');
  const image = await prepareUpload(form.image);
  const id = await db.transaction(async (trx) => {
    const tx = trx as Db;
    const id = await insertProduct(tx, { ...productColumns(fields), image: await storeImage(tx, image) }, sizes);
    await menu.announce(tx, [id]);
    return id;
  });
  await menu.refresh([id]);
  return menu.product(id, locale);
}

export async function editProduct(db: Db, menu: Menu, id: number, form: FormInput, locale: Locale): Promise<Product> {
  const patch = parseOrThrow(ProductPatchSchema, form.fields);
  const image = await prepareOptionalUpload(form.image);
  if (Object.keys(patch).length === 0 && !image) throw badRequest('server.nothingToChange');
  const pricing =
    patch.price !== undefined || patch.category_id !== undefined || patch.price_l !== undefined || patch.price_xl !== undefined;
  const updated = await db.transaction(async (trx) => {
    const tx = trx as Db;
    const before = await findProductPricing(tx, id);
    if (!before) return false;
    // Sizes are worked out again only when a price or the category changes.
    const sizes = pricing ? sizePrices(patch.category_id ?? before.category_id, patch.price ?? before.price, patch, before) : undefined;
    // A product moved to another category is made at that category's station, unless the edit says where.
    const columns = productColumns(
      patch.category_id !== undefined && patch.station === undefined ? { ...patch, station: stationOfCategory(patch.category_id) } : patch,
    );
    const done = await updateProduct(tx, id, image ? { ...columns, image: await storeImage(tx, image) } : columns, sizes);
    if (done) await menu.announce(tx, [id]);
    return done;
  });
  if (!updated) throw productNotFound();
  await menu.refresh([id]);
  return menu.product(id, locale);
}

export async function deleteProduct(db: Db, menu: Menu, id: number): Promise<void> {
  const deleted = await db.transaction(async (trx) => {
    const tx = trx as Db;
    const done = await softDeleteProduct(tx, id);
    if (done) await menu.announce(tx, [id]);
    return done;
  });
  if (!deleted) throw productNotFound();
  await menu.refresh([id]);
}
