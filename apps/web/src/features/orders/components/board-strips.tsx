import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useUndoMove } from '../api/board';
import type { LiveOrder } from '../api/order-cache';
import type { AllDayCount } from '../board-model';

/** What is still to make at this station, most first ("4 × Kopi Susu Gula Aren L"). */
export function AllDayStrip({ counts }: { counts: AllDayCount[] }) {
  const t = useT();
  return (
    <section aria-labelledby="board-all-day" className="flex flex-wrap items-center gap-2 rounded-2xl bg-white p-3 shadow-sm">
      <h2 id="board-all-day" className="font-sans text-sm font-bold tracking-wide uppercase">
        {t('admin.board.allDay')}
      </h2>
      {counts.length === 0 ? (
        <p className="text-sm text-roast">{t('admin.board.allDayEmpty')}</p>
      ) : (
        // On a phone one row that scrolls sideways, so the columns' tabs stay near the top.
        <ul className="-mx-1 flex max-w-full gap-2 overflow-x-auto px-1 md:flex-wrap" data-testid="all-day">
          {counts.map((count) => (
            <li key={count.key} className="shrink-0 rounded-full bg-crema px-3 py-1 text-sm whitespace-nowrap">
              <span className="font-bold">{count.qty} ×</span> {count.label}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RecentOrder({ order }: { order: LiveOrder }) {
  const t = useT();
  const undo = useUndoMove({
    onSuccess: (back) =>
      toast.success(t('admin.board.undone', { number: back.number, status: back.status_name }), { toastId: `undone-${back.id}` }),
    onError: (error) => toast.error(`#${order.number}: ${errorMessage(error)}`, { toastId: `undo-failed-${order.id}` }),
  });
  return (
    <li className="flex items-center gap-2 rounded-xl bg-white py-1 pr-1 pl-3 shadow-sm">
      <span className="font-bold">#{order.number}</span>
      <span className="max-w-32 truncate text-sm">{order.customer.display_name}</span>
      <Button variant="ghost" className="min-h-11 px-3 py-1 text-sm" busy={undo.isPending} onClick={() => undo.mutate(order.id)}>
        {t('admin.board.undo')}
        <span className="sr-only"> #{order.number}</span>
      </Button>
    </li>
  );
}

/** Orders marked Done in the last minute, each with its Undo (a bumped ticket called back). */
export function RecentlyDoneStrip({ orders }: { orders: LiveOrder[] }) {
  const t = useT();
  if (orders.length === 0) return null;
  return (
    <section
      aria-labelledby="board-recently-done"
      className="flex flex-wrap items-center gap-2 rounded-2xl bg-crema/60 p-2"
      data-testid="recently-done"
    >
      <h2 id="board-recently-done" className="px-1 font-sans text-sm font-bold tracking-wide uppercase">
        {t('admin.board.recentlyDone')}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {orders.map((order) => (
          <RecentOrder key={order.id} order={order} />
        ))}
      </ul>
    </section>
  );
}
