import { useT } from '../../../lib/i18n';
import { setTableSeat, useTableSeat } from '../../../lib/table-seat';

/**
 * On the menu and the cart after a table's QR code was scanned: the order is Dine In at that table
 * (docs/shop-rules.md#orders-from-the-table). "Not at this table?" orders as usual again.
 */
export function TableBanner({ className = '' }: { className?: string }) {
  const seat = useTableSeat();
  const t = useT();
  if (!seat) return null;
  return (
    <div
      className={`flex flex-wrap items-center justify-between gap-x-3 rounded-2xl bg-leaf px-4 py-1 text-white print:hidden ${className}`}
      data-testid="table-banner"
    >
      <p className="font-semibold">
        {t('table.dineIn')} · <span data-testid="table-name">{seat.name}</span>
      </p>
      <button type="button" className="min-h-11 rounded-lg px-2 text-sm underline hover:text-honey" onClick={() => setTableSeat(null)}>
        {t('table.notHere')}
      </button>
    </div>
  );
}
