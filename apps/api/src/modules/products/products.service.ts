import { MSG, type Product, ProductFieldsSchema, ProductPatchSchema, type ProductQuery } from '@kopi/shared';
import type { Db } from '../../db/client.ts';
import { createAnswerCache, type EncodedAnswer, type Encoding } from '../../lib/compression.ts';
import { badRequest, notFound, parseOrThrow } from '../../plugins/errors.ts';
import type { FormInput } from '../../plugins/multipart.ts';
import { prepareOptionalUpload, prepareUpload, storeImage } from '../images/images.service.ts';
import { MenuIndex } from './menu-index.ts';
import { insertProduct, loadMenuRows, softDeleteProduct, updateProduct } from './products.repository.ts';

const productNotFound = () => notFound('Product not found');

/**
 * The menu as visitors read it, answered from memory (issue #10, see menu-index.ts). It is read
 * whole at start, and each write made through this instance reads the products it changed again,
 * so that this instance's next answer has it.
 */
export function createMenu(db: Db) {
  const index = new MenuIndex();
  // Compressed pages, kept until the menu changes; "popular" pages apart, as each order moves them.
  const pages = createAnswerCache();
  const popularPages = createAnswerCache();
  const changed = () => {
    pages.clear();
    popularPages.clear();
  };
  return {
    /** Reads every product on sale: one query. */
    async load(): Promise<void> {
      index.replaceAll(await loadMenuRows(db));
      changed();
    },
    /** Reads these products again after a write: changed ones are replaced, gone ones removed. */
    async refresh(ids: readonly number[]): Promise<void> {
      const found = await loadMenuRows(db, ids);
      for (const id of ids) if (!found.some((row) => row.id === id)) index.remove(id);
      for (const row of found) index.upsert(row);
      changed();
    },
    /** Units sold changed by an order made through this instance; "popular" follows at once. */
    sold(lines: readonly { product_id: number; qty: number }[], sign: 1 | -1 = 1): void {
      for (const line of lines) index.sold(line.product_id, sign * line.qty);
      popularPages.clear();
    },
    /** The answer of GET /products/get, compressed in `encoding` when worth it. */
    listAnswer(query: ProductQuery, encoding: Encoding | undefined): EncodedAnswer {
      // The search comes last: the only free text in the key cannot be mistaken for another field.
      const key = `${query.sort}|${query.categories ?? ''}|${query.page}|${query.limit}|${query.search ?? ''}`;
      return (query.sort === 'popular' ? popularPages : pages).get(key, encoding, () => index.pageJson(query));
    },
    /** The JSON answer of GET /products/:id. */
    detailJson(id: number): string {
      const json = index.productJson(id);
      if (json === undefined) throw productNotFound();
      return `{"msg":"Product found","data":${json}}`;
    },
    product(id: number): Product {
      const product = index.product(id);
      if (!product) throw productNotFound();
      return product;
    },
    get size(): number {
      return index.size;
    },
  };
}
export type Menu = ReturnType<typeof createMenu>;

export async function createProduct(db: Db, menu: Menu, form: FormInput): Promise<Product> {
  // Fields first, then the picture: a bad form stores nothing, not even its picture.
  const fields = parseOrThrow(ProductFieldsSchema, form.fields);
  if (!form.image) throw badRequest(MSG.productPictureRequired, [{ field: 'images', message: MSG.productPictureRequired }]);
  const image = await prepareUpload(form.image);
  const id = await db.transaction(async (tx) => insertProduct(tx as Db, { ...fields, image: await storeImage(tx as Db, image) }));
  await menu.refresh([id]);
  return menu.product(id);
}

export async function editProduct(db: Db, menu: Menu, id: number, form: FormInput): Promise<Product> {
  const patch = parseOrThrow(ProductPatchSchema, form.fields);
  const image = await prepareOptionalUpload(form.image);
  if (Object.keys(patch).length === 0 && !image) throw badRequest('Nothing to change: send at least one field');
  const updated = await db.transaction(async (tx) =>
    updateProduct(tx as Db, id, image ? { ...patch, image: await storeImage(tx as Db, image) } : patch),
  );
  if (!updated) throw productNotFound();
  await menu.refresh([id]);
  return menu.product(id);
}

export async function deleteProduct(db: Db, menu: Menu, id: number): Promise<void> {
  if (!(await softDeleteProduct(db, id))) throw productNotFound();
  await menu.refresh([id]);
}
