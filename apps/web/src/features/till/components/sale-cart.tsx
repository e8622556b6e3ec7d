import { formatIDR, type Quote } from '@kopi/shared';
import { Spinner } from '../../../components/ui/spinner';
import { useT } from '../../../lib/i18n';
import { DELIVERY_CHOICE_KEYS, nameOf, SIZE_KEYS } from '../../../lib/names';
import { type Delivery, lineKey, type SaleLine } from '../sale-model';

const STEP =
  'flex size-11 shrink-0 items-center justify-center rounded-xl bg-white text-xl font-bold ring-1 ring-roast/30 hover:bg-crema disabled:opacity-40';

/** The sale's lines with −/+ and remove, Dine In or Pick Up, a name for the pick-up screen, and the server's total. */
export function SaleCart({
  lines,
  quote,
  pricing,
  disabled,
  onQty,
  delivery,
  onDelivery,
  guestName,
  onGuestName,
}: {
  lines: readonly SaleLine[];
  quote: Quote | undefined;
  pricing: boolean;
  disabled: boolean;
  onQty: (key: string, qty: number) => void;
  delivery: Delivery;
  onDelivery: (delivery: Delivery) => void;
  guestName: string;
  onGuestName: (name: string) => void;
}) {
  const t = useT();
  const choice = (value: Delivery) => (
    <button
      type="button"
      aria-pressed={delivery === value}
      disabled={disabled}
      className={`min-h-11 flex-1 rounded-xl px-3 font-semibold ring-1 ring-roast/30 ${delivery === value ? 'bg-espresso text-crema' : 'bg-white'}`}
      onClick={() => onDelivery(value)}
    >
      {nameOf(t, DELIVERY_CHOICE_KEYS, value, '')}
    </button>
  );

  return (
    <div className="space-y-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-roast/15">
      <h2 className="font-bold">{t('admin.till.cart')}</h2>
      {lines.length === 0 ? (
        <p className="py-4 text-center text-roast">{t('admin.till.cartEmpty')}</p>
      ) : (
        <ul className="max-h-[40vh] divide-y divide-roast/10 overflow-y-auto px-0.5 lg:max-h-[30vh]">
          {lines.map((line, index) => {
            const key = lineKey(line);
            const priced = quote?.lines[index];
            return (
              <li key={key} className="py-1.5">
                <div className="flex items-baseline gap-2">
                  <p className="min-w-0 flex-1 truncate font-semibold">{line.product.product_name}</p>
                  {priced && <span className="shrink-0 font-semibold">{formatIDR(priced.line_total)}</span>}
                </div>
                <div className="flex items-center gap-2">
                  <p className="min-w-0 flex-1 truncate text-sm text-roast">
                    {[
                      line.product.sizes.length > 1 ? nameOf(t, SIZE_KEYS, line.sizeId, '') : '',
                      ...line.addons.map((a) => `+${a.product.product_name}${a.qty > 1 ? ` ×${a.qty}` : ''}`),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                  <button
                    type="button"
                    className={STEP}
                    disabled={disabled}
                    aria-label={t('admin.till.less', { name: line.product.product_name })}
                    onClick={() => onQty(key, line.qty - 1)}
                  >
                    −
                  </button>
                  <span className="w-6 text-center font-bold">{line.qty}</span>
                  <button
                    type="button"
                    className={STEP}
                    disabled={disabled}
                    aria-label={t('admin.till.more', { name: line.product.product_name })}
                    onClick={() => onQty(key, line.qty + 1)}
                  >
                    +
                  </button>
                  <button
                    type="button"
                    className={`${STEP} text-berry`}
                    disabled={disabled}
                    aria-label={t('admin.till.remove', { name: line.product.product_name })}
                    onClick={() => onQty(key, 0)}
                  >
                    ×
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex gap-2">
        {choice(1)}
        {choice(3)}
      </div>
      <label className="block">
        <span className="sr-only">{t('admin.till.guestName')}</span>
        <input
          className="block min-h-11 w-full rounded-xl border border-roast/40 bg-white px-3"
          placeholder={t('admin.till.guestName')}
          maxLength={40}
          value={guestName}
          disabled={disabled}
          onChange={(event) => onGuestName(event.target.value)}
        />
      </label>
      <div className="flex items-baseline justify-between border-t border-roast/15 pt-2">
        <span className="text-lg font-bold">{t('admin.till.total')}</span>
        <span className="flex items-center gap-2 text-2xl font-bold" data-testid="till-total">
          {pricing && <Spinner className="size-4" />}
          {quote ? formatIDR(quote.total) : lines.length ? '…' : formatIDR(0)}
        </span>
      </div>
      {quote && (quote.service > 0 || quote.tax > 0) && (
        <p className="text-right text-sm text-roast">
          {[
            quote.service > 0 ? t('admin.till.service', { amount: formatIDR(quote.service) }) : '',
            quote.tax > 0
              ? t(quote.rates.prices_include_tax ? 'admin.till.taxIncluded' : 'admin.till.tax', {
                  name: quote.rates.tax_name,
                  amount: formatIDR(quote.tax),
                })
              : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
    </div>
  );
}
