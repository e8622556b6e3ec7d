import { formatShopMoment, type Shop } from '@kopi/shared';
import { useLocale, useT } from '../../../lib/i18n';
import { setTableSeat, useTableSeat } from '../../../lib/table-seat';

/**
 * At a table while the shop is closed, what to tell the guest: closed, and when it opens (the
 * customer's "We are closed now. We open on …", without "choose a time": a table's order is wanted
 * now). The server still refuses such an order; the screens only say so before the guest tries
 * (docs/decisions/spec-fidelity.md#rough-edges-dead-ends-words-and-dates). Null when not at a table or open.
 * `info` is GET /shop's answer, which the page asks for (a feature does not reach the shop's).
 */
export function useClosedAtTable(info: Shop | undefined): string | null {
  const seat = useTableSeat();
  const t = useT();
  const locale = useLocale();
  if (!seat || !info || info.open_now) return null;
  return info.next_opening
    ? t('table.closedOpensOn', { when: formatShopMoment(new Date(info.next_opening), info.timezone, locale) })
    : t('schedule.closedNow');
}

/**
 * On the menu and the cart after a table's QR code was scanned: the order is Dine In at that table
 * (docs/shop-rules.md#orders-from-the-table). "Not at this table?" orders as usual again. While the
 * shop is closed it says so, and when it opens.
 */
export function TableBanner({ closed, className = '' }: { closed: string | null; className?: string }) {
  const seat = useTableSeat();
  const t = useT();
  if (!seat) return null;
  return (
    <div className={`space-y-1 print:hidden ${className}`}>
      <div
        className="flex flex-wrap items-center justify-between gap-x-3 rounded-2xl bg-leaf px-4 py-1 text-white"
        data-testid="table-banner"
      >
        <p className="font-semibold">
          {t('table.dineIn')} · <span data-testid="table-name">{seat.name}</span>
        </p>
        <button type="button" className="min-h-11 rounded-lg px-2 text-sm underline hover:text-honey" onClick={() => setTableSeat(null)}>
          {t('table.notHere')}
        </button>
      </div>
      {closed && (
        <p role="status" className="rounded-2xl bg-crema px-4 py-3 font-semibold text-espresso" data-testid="table-closed">
          {closed} {t('table.closedNoOrders')}
        </p>
      )}
    </div>
  );
}

/** Under a checkout button that is disabled because the shop is closed: why. */
export function ClosedAtTableReason({ id, closed }: { id: string; closed: string | null }) {
  const t = useT();
  if (!closed) return null;
  return (
    <p id={id} className="text-sm font-medium text-berry" data-testid="table-closed-reason">
      {t('table.closedNoOrders')}
    </p>
  );
}
