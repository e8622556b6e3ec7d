import { setTableSeat, useTableSeat } from '../../lib/table-seat';

/** Says at which table this tab orders, after a table's QR code was scanned; leaving it orders as usual again. */
export function TableBanner() {
  const seat = useTableSeat();
  if (!seat) return null;
  return (
    <div className="bg-leaf text-white print:hidden" data-testid="table-banner">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-1">
        <p className="font-semibold">
          Dine In · <span data-testid="table-name">{seat.name}</span>
        </p>
        <button type="button" className="min-h-11 rounded-lg px-2 text-sm underline hover:text-honey" onClick={() => setTableSeat(null)}>
          Not at this table?
        </button>
      </div>
    </div>
  );
}
