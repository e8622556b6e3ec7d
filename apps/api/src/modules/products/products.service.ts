import { type Meta, MSG, type Product, ProductFieldsSchema, ProductPatchSchema, type ProductQuery } from '@kopi/shared';
import type { Db } from '../../db/client.ts';
import { pageMeta } from '../../lib/reply.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import { badRequest, notFound, parseOrThrow } from '../../plugins/errors.ts';
import type { FormInput } from '../../plugins/multipart.ts';
import { prepareOptionalUpload, prepareUpload, storeImage } from '../images/images.service.ts';
import { countProducts, findProduct, insertProduct, pageProducts, softDeleteProduct, updateProduct } from './products.repository.ts';

const productNotFound = () => notFound('Product not found');

interface MenuPage {
  items: Product[];
  meta: Meta;
}

export async function getProduct(db: Db, id: number): Promise<Product> {
  const product = await findProduct(db, id);
  if (!product) throw productNotFound();
  return product;
}

/**
 * The menu as visitors read it, cached for a few seconds (DESIGN §8: the catalogue is the busiest
 * call). Changes made through this instance clear the cache at once; other instances and the
 * "popular" order catch up within the cache's lifetime.
 */
export function createMenuReader(db: Db, cacheMs: number) {
  // Pages are kept as the JSON the API answers: a cached read costs no query and no serialisation.
  const pages = createTtlCache<string>(cacheMs);
  // Counts are kept per filter, not per page: paging through a category counts it once.
  const counts = createTtlCache<number>(cacheMs);
  const products = createTtlCache<Product | undefined>(cacheMs);

  async function loadPage(query: ProductQuery): Promise<MenuPage> {
    const filter = { search: query.search, categories: query.categories };
    const [items, total] = await Promise.all([
      pageProducts(db, query),
      counts.get(JSON.stringify(filter), () => countProducts(db, filter)),
    ]);
    return { items, meta: pageMeta(query.page, query.limit, total) };
  }

  return {
    listJson: (query: ProductQuery) =>
      pages.get(JSON.stringify(query), async () => {
        const { items, meta } = await loadPage(query);
        return JSON.stringify({ msg: items.length ? 'Products found' : 'No products match', data: items, meta });
      }),
    async get(id: number): Promise<Product> {
      const product = await products.get(String(id), () => findProduct(db, id));
      if (!product) throw productNotFound();
      return product;
    },
    changed(): void {
      pages.clear();
      counts.clear();
      products.clear();
    },
  };
}
export type MenuReader = ReturnType<typeof createMenuReader>;

export async function createProduct(db: Db, form: FormInput): Promise<Product> {
  // Fields first, then the picture: a bad form stores nothing, not even its picture.
  const fields = parseOrThrow(ProductFieldsSchema, form.fields);
  if (!form.image) throw badRequest(MSG.productPictureRequired, [{ field: 'images', message: MSG.productPictureRequired }]);
  const image = await prepareUpload(form.image);
  const id = await db.transaction(async (tx) => insertProduct(tx as Db, { ...fields, image: await storeImage(tx as Db, image) }));
  return getProduct(db, id);
}

export async function editProduct(db: Db, id: number, form: FormInput): Promise<Product> {
  const patch = parseOrThrow(ProductPatchSchema, form.fields);
  const image = await prepareOptionalUpload(form.image);
  if (Object.keys(patch).length === 0 && !image) throw badRequest('Nothing to change: send at least one field');
  const updated = await db.transaction(async (tx) =>
    updateProduct(tx as Db, id, image ? { ...patch, image: await storeImage(tx as Db, image) } : patch),
  );
  if (!updated) throw productNotFound();
  return getProduct(db, id);
}

export async function deleteProduct(db: Db, id: number): Promise<void> {
  if (!(await softDeleteProduct(db, id))) throw productNotFound();
}
