import { formatIDR, formatRate, type Locale, type Order, type OrderRates, productNameIn } from '@kopi/shared';
import type { ReactNode } from 'react';
import { useLocale, useT } from '../lib/i18n';
import { imageSources } from '../lib/image-url';
import { nameOf, SIZE_KEYS, STATUS_KEYS } from '../lib/names';

export interface SummaryLine {
  key: string;
  name: string;
  image: string;
  qty: number;
  sizeLabel: string;
  /** The add-ons in each drink of the line, with their unit prices. */
  addons: { id: number; name: string; qty: number; unitPrice: number }[];
  price: number;
}

export interface SummaryTotals {
  subtotal: number;
  discount?: number;
  /** The service charge; 0 for an order type that does not pay it. */
  service: number;
  tax: number;
  shipping: number;
  total: number;
  /** The tax and service the amounts were priced with: their lines say their names and rates. */
  rates: OrderRates;
  status?: string;
}

/** A percentage as the page's language writes it: 7.25 → "7.25" / "7,25". */

/**
 * The bill's fees (docs/shop-rules.md#tax-service-and-the-bill) under TAX & FEES, which adds what is
 * added to the subtotal: the service charge and an added tax. A tax the prices include is named
 * too, as the part of the total that is tax.
 */
function feeLines(totals: SummaryTotals, t: ReturnType<typeof useT>, locale: Locale): [string, string][] {
  const { rates } = totals;
  const lines: [string, string][] = [];
  if (totals.service > 0) lines.push([t('summary.service', { rate: formatRate(rates.service_rate, locale) }), formatIDR(totals.service)]);
  if (rates.tax_rate > 0) {
    const key = rates.prices_include_tax ? 'summary.taxIncluded' : 'summary.taxAdded';
    lines.push([t(key, { name: rates.tax_name, rate: formatRate(rates.tax_rate, locale) }), formatIDR(totals.tax)]);
  }
  return lines;
}

interface SummaryLinesProps {
  lines: SummaryLine[];
  /** Controls under a line (the cart's quantity and Remove), given the line's position. */
  renderActions?: (index: number) => ReactNode;
}

export function SummaryLines({ lines, renderActions }: SummaryLinesProps) {
  const t = useT();
  return (
    <ul className="divide-y divide-roast/10">
      {lines.map((line, index) => (
        <li key={line.key} className="py-3" data-testid="summary-line">
          <div className="flex items-center gap-4">
            <img {...imageSources(line.image, 160)} alt="" className="size-16 shrink-0 rounded-xl bg-crema object-cover" />
            <div className="min-w-0 flex-1">
              <p className="font-bold">{line.name}</p>
              <p className="text-sm text-roast">
                x {line.qty} · {line.sizeLabel}
              </p>
              {line.addons.length > 0 && (
                <ul className="text-sm text-roast" aria-label={t('summary.addonsIn', { name: line.name })} data-testid="line-addons">
                  {line.addons.map((addon) => (
                    <li key={addon.id}>
                      + {addon.name} × {addon.qty} <span className="text-roast/80">({formatIDR(addon.unitPrice)})</span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <p className="font-semibold whitespace-nowrap">{formatIDR(line.price)}</p>
          </div>
          {/* Under the whole line, not beside the price: the 44 px steppers need the card's full width on a phone. */}
          {renderActions && <div className="sm:pl-20">{renderActions(index)}</div>}
        </li>
      ))}
    </ul>
  );
}

/** docs/decisions/spec-fidelity.md#kept-word-for-word: SUBTOTAL, TAX & FEES, SHIPPING (STATUS ORDER on Manage order) and TOTAL. */
export function SummaryTotalsTable({ totals }: { totals: SummaryTotals }) {
  const t = useT();
  const locale = useLocale();
  const added = totals.service + (totals.rates.prices_include_tax ? 0 : totals.tax);
  const rows: [string, string, boolean?][] = [
    [t('summary.subtotal'), formatIDR(totals.subtotal)],
    ...(totals.discount ? ([[t('summary.discount'), `- ${formatIDR(totals.discount)}`]] as [string, string][]) : []),
    [t('summary.tax'), formatIDR(added)],
    ...feeLines(totals, t, locale).map(([label, value]): [string, string, boolean] => [label, value, true]),
    [t('summary.shipping'), formatIDR(totals.shipping)],
    ...(totals.status ? ([[t('summary.status'), totals.status]] as [string, string][]) : []),
  ];
  return (
    <dl className="space-y-2 border-t border-roast/15 pt-4">
      {rows.map(([label, value, fee]) => (
        <div
          key={label}
          className={`flex justify-between gap-4 text-sm ${fee ? 'pl-4 text-roast' : ''}`}
          data-testid={fee ? 'summary-fee' : undefined}
        >
          <dt className={fee ? '' : 'text-roast'}>{label}</dt>
          <dd className={fee ? '' : 'font-semibold'}>{value}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 pt-2 text-xl font-bold">
        <dt>{t('summary.total')}</dt>
        <dd data-testid="summary-total">{formatIDR(totals.total)}</dd>
      </div>
    </dl>
  );
}

/** A stored order's lines and totals, as the server priced them (the order page and Manage order). */
export function StoredOrderSummary({ order }: { order: Order }) {
  const t = useT();
  // The products' names in the page's language (docs/shop-rules.md#the-menu-in-two-languages).
  const locale = useLocale();
  return (
    <>
      <SummaryLines
        lines={order.items.map((item, index) => ({
          // One product and size may be two lines with other add-ons: the position tells them apart.
          key: `${index}-${item.product_id}-${item.size_id}`,
          name: productNameIn(locale, item),
          image: item.image,
          qty: item.qty,
          sizeLabel: nameOf(t, SIZE_KEYS, item.size_id, item.size_name),
          addons: item.addons.map((addon) => ({
            id: addon.product_id,
            name: productNameIn(locale, addon),
            qty: addon.qty,
            unitPrice: addon.unit_price,
          })),
          price: item.line_total,
        }))}
      />
      <SummaryTotalsTable
        totals={{
          subtotal: order.subtotal,
          discount: order.discount,
          service: order.service,
          tax: order.tax,
          shipping: order.shipping,
          rates: order.rates,
          status: nameOf(t, STATUS_KEYS, order.status_id, order.status_name),
          total: order.total,
        }}
      />
    </>
  );
}
