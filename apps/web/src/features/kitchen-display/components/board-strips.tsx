import { STATUS } from '@kopi/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { currentLocale, useT } from '../../../lib/i18n';
import type { LiveOrder } from '../../../lib/live-orders/order-cache';
import { formatMoment } from '../../../lib/shop-moment';
import { SHOP_TIMEZONE } from '../../../lib/shop-name';
import { toast } from '../../../lib/toast';
import { useUndoMove } from '../api/board';
import type { AllDayCount } from '../board-model';
import { useBoardMove } from './board-move';

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

function LaterOrder({ order }: { order: LiveOrder }) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const move = useBoardMove(order, { moved: () => setAsking(false), failed: () => setAsking(false) });
  const time = formatMoment(new Date(order.scheduled_for!), SHOP_TIMEZONE, currentLocale(), t);
  return (
    // Wraps inside itself on a phone: a long time and a line of items never push the board sideways.
    <li
      className="flex max-w-full flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-white py-1 pr-1 pl-3 shadow-sm"
      data-testid="later-order"
      data-order-id={order.id}
    >
      <span className="font-bold">#{order.number}</span>
      <span className="text-sm font-semibold whitespace-nowrap">{time}</span>
      <span className="max-w-40 min-w-0 truncate text-sm text-roast">
        {order.items.map((line) => `${line.qty} × ${line.product_name}`).join(', ')}
      </span>
      <Button variant="ghost" className="min-h-11 px-3 py-1 text-sm" onClick={() => setAsking(true)}>
        {t('admin.board.startNow')}
        <span className="sr-only"> #{order.number}</span>
      </Button>
      <ConfirmDialog
        open={asking}
        message={t('admin.board.startNowConfirm', { number: order.number, time })}
        confirmLabel={t('admin.board.startNow')}
        cancelLabel={t('admin.board.keepLater')}
        busy={move.isPending}
        onConfirm={() => move.mutate({ id: order.id, statusId: STATUS.preparing })}
        onCancel={() => setAsking(false)}
      />
    </li>
  );
}

/**
 * Orders for a later slot (docs/shop-rules.md#the-counter): apart from the columns, folded under one
 * line (a Saturday may hold a whole Monday of pre-orders, which must not push the board down), soonest
 * first, each with its time; it comes into Pending by itself `leadMinutes` before its time. Starting
 * one sooner asks first, since its customer is told it is being made.
 */
export function LaterStrip({ orders, leadMinutes }: { orders: LiveOrder[]; leadMinutes: number }) {
  const t = useT();
  if (orders.length === 0) return null;
  return (
    <details className="rounded-2xl bg-honey/20 p-2" data-testid="later-lane">
      <summary className="flex min-h-11 cursor-pointer flex-wrap items-center gap-x-2 px-1" data-testid="later-toggle">
        <span className="font-sans text-sm font-bold tracking-wide uppercase">{t('admin.board.later')}</span>
        <span className="text-sm">{t('admin.board.laterCount', { count: orders.length, lead: leadMinutes })}</span>
      </summary>
      <ul className="mt-2 flex flex-wrap gap-2">
        {orders.map((order) => (
          <LaterOrder key={order.id} order={order} />
        ))}
      </ul>
    </details>
  );
}
