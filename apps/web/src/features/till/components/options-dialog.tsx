import { ADDON_KINDS_MAX, ADDON_QTY_MAX, formatIDR, type Product } from '@kopi/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { useT } from '../../../lib/i18n';
import { nameOf, SIZE_KEYS } from '../../../lib/names';
import type { SaleLine } from '../sale-model';

const STEP = 'flex size-11 items-center justify-center rounded-xl bg-white text-xl font-bold ring-1 ring-roast/30 disabled:opacity-40';

/** A drink's size and add-ons (at most three kinds, each 1–3 per drink), then added to the sale. */
export function OptionsDialog({
  product,
  addons,
  onAdd,
  onClose,
}: {
  product: Product;
  addons: readonly Product[];
  onAdd: (line: Omit<SaleLine, 'qty'>) => void;
  onClose: () => void;
}) {
  const t = useT();
  const [sizeId, setSizeId] = useState(product.sizes[0]?.size_id ?? 1);
  const [chosen, setChosen] = useState<Record<number, number>>({});
  const kinds = Object.values(chosen).filter((qty) => qty > 0).length;
  const change = (id: number, qty: number) => setChosen((current) => ({ ...current, [id]: qty }));

  return (
    <ModalDialog open onClose={onClose} aria-label={product.product_name} className="w-[min(94vw,30rem)] backdrop:bg-espresso/40">
      <div className="space-y-4">
        <h2 className="text-xl font-bold">{product.product_name}</h2>
        <fieldset>
          <legend className="mb-2 font-semibold">{t('admin.till.size')}</legend>
          <div className="flex flex-wrap gap-2">
            {product.sizes.map((size) => (
              <button
                key={size.size_id}
                type="button"
                aria-pressed={sizeId === size.size_id}
                className={`min-h-12 flex-1 rounded-xl px-3 font-semibold ring-1 ring-roast/30 ${sizeId === size.size_id ? 'bg-espresso text-crema' : 'bg-white'}`}
                onClick={() => setSizeId(size.size_id)}
              >
                {nameOf(t, SIZE_KEYS, size.size_id, size.size_name)}
                <span className="block text-sm font-normal">{formatIDR(size.price)}</span>
              </button>
            ))}
          </div>
        </fieldset>
        {addons.length > 0 && (
          <fieldset>
            <legend className="mb-2 font-semibold">{t('admin.till.addons', { max: ADDON_KINDS_MAX })}</legend>
            <ul className="max-h-64 space-y-2 overflow-y-auto p-0.5">
              {addons.map((addon) => {
                const qty = chosen[addon.id] ?? 0;
                return (
                  <li key={addon.id} className="flex items-center gap-2">
                    <span className="min-w-0 flex-1">
                      {addon.product_name} <span className="text-sm text-roast">+{formatIDR(addon.price)}</span>
                    </span>
                    <button
                      type="button"
                      className={STEP}
                      aria-label={t('admin.till.less', { name: addon.product_name })}
                      disabled={qty === 0}
                      onClick={() => change(addon.id, qty - 1)}
                    >
                      −
                    </button>
                    <span className="w-6 text-center font-bold" aria-live="polite">
                      {qty}
                    </span>
                    <button
                      type="button"
                      className={STEP}
                      aria-label={t('admin.till.more', { name: addon.product_name })}
                      disabled={qty >= ADDON_QTY_MAX || (qty === 0 && kinds >= ADDON_KINDS_MAX)}
                      onClick={() => change(addon.id, qty + 1)}
                    >
                      +
                    </button>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        )}
        <div className="flex justify-end gap-3">
          <Button variant="ghost" className="min-h-11" onClick={onClose}>
            {t('admin.cancel')}
          </Button>
          <Button
            className="min-h-11"
            onClick={() =>
              onAdd({
                product,
                sizeId,
                addons: addons
                  .filter((addon) => (chosen[addon.id] ?? 0) > 0)
                  .map((addon) => ({ product: addon, qty: chosen[addon.id] ?? 0 })),
              })
            }
          >
            {t('admin.till.addToSale')}
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
