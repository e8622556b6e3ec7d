import { formatIDR } from '@kopi/shared';
import type { ReactNode } from 'react';
import { imageSources } from '../../../lib/image-url';

export interface SummaryLine {
  key: string;
  name: string;
  image: string;
  qty: number;
  sizeLabel: string;
  price: number;
}

export interface SummaryTotals {
  subtotal: number;
  discount?: number;
  tax: number;
  shipping: number;
  total: number;
  status?: string;
}

interface SummaryLinesProps {
  lines: SummaryLine[];
  /** Controls under a line (the cart's quantity and Remove), given the line's position. */
  renderActions?: (index: number) => ReactNode;
}

export function SummaryLines({ lines, renderActions }: SummaryLinesProps) {
  return (
    <ul className="divide-y divide-roast/10">
      {lines.map((line, index) => (
        <li key={line.key} className="flex items-center gap-4 py-3" data-testid="summary-line">
          <img {...imageSources(line.image, 160)} alt="" className="size-16 shrink-0 rounded-xl bg-crema object-cover" />
          <div className="min-w-0 flex-1">
            <p className="font-bold">{line.name}</p>
            <p className="text-sm text-roast">
              x {line.qty} · {line.sizeLabel}
            </p>
            {renderActions?.(index)}
          </div>
          <p className="font-semibold whitespace-nowrap">{formatIDR(line.price)}</p>
        </li>
      ))}
    </ul>
  );
}

/** spec §2: SUBTOTAL, TAX & FEES, SHIPPING (STATUS ORDER on Manage order) and TOTAL. */
export function SummaryTotalsTable({ totals }: { totals: SummaryTotals }) {
  const rows: [string, string][] = [
    ['SUBTOTAL', formatIDR(totals.subtotal)],
    ...(totals.discount ? ([['DISCOUNT', `- ${formatIDR(totals.discount)}`]] as [string, string][]) : []),
    ['TAX & FEES', formatIDR(totals.tax)],
    ['SHIPPING', formatIDR(totals.shipping)],
    ...(totals.status ? ([['STATUS ORDER', totals.status]] as [string, string][]) : []),
  ];
  return (
    <dl className="space-y-2 border-t border-roast/15 pt-4">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4 text-sm">
          <dt className="text-roast">{label}</dt>
          <dd className="font-semibold">{value}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 pt-2 text-xl font-bold">
        <dt>TOTAL</dt>
        <dd data-testid="summary-total">{formatIDR(totals.total)}</dd>
      </div>
    </dl>
  );
}
