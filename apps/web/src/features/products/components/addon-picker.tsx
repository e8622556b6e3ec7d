import { ADDON_KINDS_MAX, ADDON_QTY_MAX, formatIDR, type Product as MenuProduct } from '@kopi/shared';
import { QtyStepper } from '../../../components/ui/qty-stepper';
import { useT } from '../../../lib/i18n';
import { useHydrated } from '../../../lib/use-hydrated';

export interface ChosenAddon {
  product: MenuProduct;
  qty: number;
}

interface AddonPickerProps {
  /** The Add Ons products on the menu. */
  addons: MenuProduct[];
  value: ChosenAddon[];
  onChange: (chosen: ChosenAddon[]) => void;
  disabled?: boolean;
}

/** "Make it yours": add-ons in a drink, at most 3 kinds and 1–3 of each (docs/shop-rules.md#prices-and-sizes). */
export function AddonPicker({ addons, value, onChange, disabled = false }: AddonPickerProps) {
  // A choice made before the scripts run on a page the server rendered would be undone as they take over.
  const hydrated = useHydrated();
  const full = value.length >= ADDON_KINDS_MAX;
  const t = useT();
  const chosenQty = (id: number) => value.find((chosen) => chosen.product.id === id)?.qty;

  function toggle(product: MenuProduct, on: boolean) {
    onChange(on ? [...value, { product, qty: 1 }] : value.filter((chosen) => chosen.product.id !== product.id));
  }

  function setQty(product: MenuProduct, qty: number) {
    onChange(value.map((chosen) => (chosen.product.id === product.id ? { ...chosen, qty } : chosen)));
  }

  return (
    <fieldset disabled={disabled || !hydrated} className="rounded-2xl bg-white p-4 ring-1 ring-roast/15">
      <legend className="px-1 font-semibold text-roast">{t('addons.makeItYours')}</legend>
      <p className="mb-3 text-sm text-roast" id="addon-hint">
        {full ? t('addons.full') : t('addons.hint')}
      </p>
      <ul className="divide-y divide-roast/10">
        {addons.map((addon) => {
          const qty = chosenQty(addon.id);
          const chosen = qty !== undefined;
          return (
            <li key={addon.id} className="flex min-h-14 flex-wrap items-center justify-between gap-3 py-2" data-testid="addon-option">
              <label className={`flex min-w-0 flex-1 items-center gap-3 ${addon.sold_out ? 'opacity-60' : 'cursor-pointer'}`}>
                <input
                  type="checkbox"
                  checked={chosen}
                  disabled={addon.sold_out || (!chosen && full)}
                  onChange={(event) => toggle(addon, event.target.checked)}
                  aria-describedby="addon-hint"
                  className="shrink-0 accent-caramel"
                />
                <span className="min-w-0">
                  <span className="block font-semibold">{addon.product_name}</span>
                  <span className="block text-sm text-caramel-dark">
                    + {formatIDR(addon.price)}
                    {addon.sold_out && <> · {t('soldOut')}</>}
                  </span>
                </span>
              </label>
              {chosen && (
                <QtyStepper
                  label={t('addons.quantity', { name: addon.product_name })}
                  value={qty}
                  min={1}
                  max={ADDON_QTY_MAX}
                  onChange={(next) => setQty(addon, next)}
                />
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
