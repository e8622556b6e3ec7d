import { type BillRates, DELIVERY_METHODS, DINE_IN_ID, formatIDR, formatRate, priceOrder } from '@kopi/shared';
import { useLocale, useT } from '../../../lib/i18n';
import { DELIVERY_KEYS, nameOf } from '../../../lib/names';

/** The example's order: one line of Rp 100.000. */
export const EXAMPLE_AMOUNT = 100_000;
const PICK_UP_ID = DELIVERY_METHODS[2].id;

/** A percentage as the page's language writes it: 7.25 → "7.25" / "7,25". */

/**
 * What the rates mean, on a bill of Rp 100.000 dine-in and picked up, priced by the very rule the
 * server prices every order with (priceOrder, docs/shop-rules.md#tax-service-and-the-bill).
 * `rates` undefined: a rate on the form is not one the shop could keep.
 */
export function ExampleBill({ rates }: { rates: BillRates | undefined }) {
  const t = useT();
  const locale = useLocale();
  return (
    <section aria-labelledby="example-bill-heading" className="self-start rounded-3xl bg-crema/70 p-6" data-testid="example-bill">
      <h2 id="example-bill-heading" className="text-xl font-bold">
        {t('admin.settings.example')}
      </h2>
      {rates ? (
        <>
          <p className="mt-1 text-sm text-roast">{t('admin.settings.exampleHint', { amount: formatIDR(EXAMPLE_AMOUNT) })}</p>
          <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
            {[DINE_IN_ID, PICK_UP_ID].map((deliveryId) => {
              const bill = priceOrder([{ unit_price: EXAMPLE_AMOUNT, qty: 1 }], { rates, deliveryId });
              const name = nameOf(t, DELIVERY_KEYS, deliveryId, '');
              const lines: [string, string, string][] = [['subtotal', t('summary.subtotal'), formatIDR(bill.subtotal)]];
              if (bill.service > 0) {
                lines.push(['service', t('summary.service', { rate: formatRate(rates.service_rate, locale) }), formatIDR(bill.service)]);
              }
              if (rates.tax_rate > 0) {
                const key = rates.prices_include_tax ? 'summary.taxIncluded' : 'summary.taxAdded';
                lines.push(['tax', t(key, { name: rates.tax_name, rate: formatRate(rates.tax_rate, locale) }), formatIDR(bill.tax)]);
              }
              return (
                <div key={deliveryId} className="rounded-2xl bg-white p-4 shadow-sm" data-testid={`example-${deliveryId}`}>
                  <h3 className="font-semibold">{name}</h3>
                  <dl className="mt-2 space-y-1 text-sm">
                    {lines.map(([id, label, amount]) => (
                      <div key={id} className="flex justify-between gap-3" data-testid={`example-${id}`}>
                        <dt>{label}</dt>
                        <dd className="whitespace-nowrap">{amount}</dd>
                      </div>
                    ))}
                    <div className="flex justify-between gap-3 border-t border-roast/20 pt-1 font-bold" data-testid="example-total">
                      <dt>{t('summary.total')}</dt>
                      <dd className="whitespace-nowrap">{formatIDR(bill.total)}</dd>
                    </div>
                  </dl>
                </div>
              );
            })}
          </div>
        </>
      ) : (
        <p className="mt-2 text-sm text-roast">{t('admin.settings.exampleInvalid')}</p>
      )}
    </section>
  );
}
