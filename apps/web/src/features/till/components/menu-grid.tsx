import { ADDONS_CATEGORY_ID, CATEGORIES, formatIDR, type Product } from '@kopi/shared';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { CATEGORY_KEYS, nameOf } from '../../../lib/names';
import { hasOptions } from '../sale-model';

const SELLING = CATEGORIES.filter((category) => category.id !== ADDONS_CATEGORY_ID);
// Drinks first: most of a coffee shop's sales.
const ORDER = [2, 3, 1];

const CHIP = 'min-h-11 rounded-full px-4 font-semibold ring-1 ring-roast/30';

/** The menu as big tiles by category, with search: a tap adds the product at its default size; "Options" picks size and add-ons. */
export function MenuGrid({
  products,
  disabled,
  onAdd,
  onOptions,
}: {
  products: readonly Product[];
  disabled: boolean;
  onAdd: (product: Product) => void;
  onOptions: (product: Product) => void;
}) {
  const t = useT();
  const [category, setCategory] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const words = search.trim().toLowerCase();
  const shown = products.filter(
    (product) =>
      product.category_id !== ADDONS_CATEGORY_ID &&
      (category === null || product.category_id === category) &&
      (!words || product.product_name.toLowerCase().includes(words)),
  );
  const groups = [...SELLING]
    .sort((a, b) => ORDER.indexOf(a.id) - ORDER.indexOf(b.id))
    .map((group) => ({ ...group, products: shown.filter((product) => product.category_id === group.id) }))
    .filter((group) => group.products.length > 0);

  const chip = (id: number | null, label: string) => (
    <button
      key={id ?? 'all'}
      type="button"
      aria-pressed={category === id}
      className={`${CHIP} ${category === id ? 'bg-espresso text-crema' : 'bg-white'}`}
      onClick={() => setCategory(id)}
    >
      {label}
    </button>
  );

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="search"
          aria-label={t('admin.till.search')}
          placeholder={t('admin.till.search')}
          className="min-h-11 min-w-0 flex-1 basis-48 rounded-xl border border-roast/40 bg-white px-3"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <div className="flex flex-wrap gap-2">
          {chip(null, t('admin.till.all'))}
          {[...SELLING]
            .sort((a, b) => ORDER.indexOf(a.id) - ORDER.indexOf(b.id))
            .map((c) => chip(c.id, nameOf(t, CATEGORY_KEYS, c.id, c.name)))}
        </div>
      </div>
      {groups.length === 0 && <p className="p-4 text-roast">{t('admin.till.nothingFound')}</p>}
      {groups.map((group) => (
        <section key={group.id} aria-label={nameOf(t, CATEGORY_KEYS, group.id, group.name)}>
          <h2 className="mb-2 text-sm font-bold tracking-wide text-roast uppercase">{nameOf(t, CATEGORY_KEYS, group.id, group.name)}</h2>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-4">
            {group.products.map((product) => (
              <li key={product.id} className="relative">
                <button
                  type="button"
                  className="flex min-h-24 w-full flex-col items-start justify-between rounded-2xl bg-white p-3 pr-12 text-left shadow-sm ring-1 ring-roast/20 hover:bg-crema active:bg-honey disabled:opacity-50"
                  disabled={disabled || product.sold_out}
                  onClick={() => onAdd(product)}
                >
                  <span className="line-clamp-2 text-base leading-tight font-bold break-words sm:text-lg">{product.product_name}</span>
                  <span className="text-roast">{product.sold_out ? t('admin.till.soldOut') : formatIDR(product.price)}</span>
                </button>
                {hasOptions(product) && !product.sold_out && (
                  <button
                    type="button"
                    className="absolute top-1 right-1 flex size-11 items-center justify-center rounded-xl text-xl font-bold text-roast hover:bg-crema disabled:opacity-50"
                    aria-label={t('admin.till.optionsFor', { name: product.product_name })}
                    disabled={disabled}
                    onClick={() => onOptions(product)}
                  >
                    ⋯
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
