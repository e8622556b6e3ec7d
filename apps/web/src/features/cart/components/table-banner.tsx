import { setTableSeat, useTableSeat } from '../../../lib/table-seat';

/**
 * On the menu and the cart after a table's QR code was scanned: the order is Dine In at that table
 * (docs/shop-rules.md#orders-from-the-table). "Not at this table?" orders as usual again.
 */
export function TableBanner({ className = '' }: { className?: string }) {
  const seat = useTableSeat();
  if (!seat) return null;
  return (
    <div
      className={`flex flex-wrap items-center justify-between gap-x-3 rounded-2xl bg-leaf px-4 py-1 text-white print:hidden ${className}`}
      data-testid="table-banner"
    >
      <p className="font-semibold">
        Dine In · <span data-testid="table-name">{seat.name}</span>
      </p>
      <button type="button" className="min-h-11 rounded-lg px-2 text-sm underline hover:text-honey" onClick={() => setTableSeat(null)}>
        Not at this table?
      </button>
    </div>
  );
}
