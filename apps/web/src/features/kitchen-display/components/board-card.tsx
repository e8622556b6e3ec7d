import { can, DOOR_DELIVERY_ID, formatIDR, PAYMENT, STATUS, STATUSES, type StatusId } from '@kopi/shared';
import { type Ref, useState } from 'react';
import { CancelOrderDialog } from '../../../components/cancel-order-dialog';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { currentLocale, type MessageKey, t as translate, useT } from '../../../lib/i18n';
import type { LiveOrder } from '../../../lib/live-orders/order-cache';
import { DELIVERY_TITLE_KEYS, nameOf, SIZE_KEYS, statusKey } from '../../../lib/names';
import { useSession } from '../../../lib/session';
import { formatMoment } from '../../../lib/shop-moment';
import { SHOP_TIMEZONE } from '../../../lib/shop-name';
import { toast } from '../../../lib/toast';
import { useTickLine, useUndoMove } from '../api/board';
import { formatStageTime, lateLevel, stageSince, timeUnits } from '../board-model';
import { useBoardMove } from './board-move';

/** The board's one-click move to each status (the moves themselves come from STATUSES). */
const MOVE_LABELS: Partial<Record<StatusId, MessageKey>> = {
  [STATUS.preparing]: 'admin.board.startPreparing',
  [STATUS.ready]: 'admin.board.markReady',
  [STATUS.done]: 'admin.board.markDone',
};

function moveLabel(to: StatusId, t: typeof translate): string {
  const key = MOVE_LABELS[to];
  return key ? t(key) : t('admin.board.moveTo', { status: t(statusKey(to)) });
}

/** The moves an admin may make from a status (STATUSES), the first of them being "on". */
function movesFrom(status: number): StatusId[] {
  const next: readonly StatusId[] = STATUSES.find((s) => s.id === status)?.next ?? [];
  return next.filter((to) => to !== STATUS.cancelled);
}

export function addonNames(line: LiveOrder['items'][number]): string[] {
  return (line.addons ?? []).map((addon) => `${addon.qty > 1 ? `${addon.qty} × ` : ''}${addon.product_name}`);
}

/** A table's name as said aloud: "Table 7" for a bare number, else the name itself ("Terrace"). */
function tableName(name: string, t: typeof translate): string {
  return /^\d+$/.test(name) ? t('admin.board.table', { name }) : name;
}

/** The name a barista calls out: the table's for an order from a table, with the customer's (or guest's) name. */
export function whoFor(order: LiveOrder, t: typeof translate = translate): string {
  return order.table ? `${tableName(order.table.name, t)} · ${order.customer.display_name}` : order.customer.display_name;
}

const LATE_STYLE = {
  ok: { card: 'bg-white ring-1 ring-roast/10', timer: 'text-roast' },
  amber: { card: 'bg-honey/25 ring-2 ring-caramel', timer: 'text-caramel-dark font-bold' },
  red: { card: 'bg-berry/10 ring-2 ring-berry', timer: 'text-berry font-bold' },
} as const;

interface BoardCardProps {
  order: LiveOrder;
  now: number;
  /** How long its last move can still be undone, in ms (0: not). */
  undoLeft: number;
  lateAfterMinutes: number;
  /** Its bump-bar key (1–9), if it has one. */
  keyNumber?: number;
  selected: boolean;
  onSelect: () => void;
  cardRef?: Ref<HTMLElement>;
}

/** One order on the kitchen display: its number, what to make line by line, how long it has waited; one tap moves it on. */
export function BoardCard({ order, now, undoLeft, lateAfterMinutes, keyNumber, selected, onSelect, cardRef }: BoardCardProps) {
  const t = useT();
  const session = useSession();
  const [cancelling, setCancelling] = useState(false);
  const move = useBoardMove(order, { moved: () => setCancelling(false) });
  const tick = useTickLine({
    onError: (error) =>
      toast.error(t('admin.board.lineTickFailed', { number: order.number, error: errorMessage(error) }), {
        toastId: `tick-failed-${order.id}`,
      }),
  });
  const undo = useUndoMove({
    onSuccess: (back) =>
      toast.success(t('admin.board.undone', { number: back.number, status: back.status_name }), { toastId: `undone-${back.id}` }),
    onError: (error) => toast.error(`#${order.number}: ${errorMessage(error)}`, { toastId: `undo-failed-${order.id}` }),
  });
  const [onward, ...others] = movesFrom(order.status_id);
  // Cancelling is the counter's, never a Barista's (docs/shop-rules.md#staff-and-roles).
  const canCancel =
    can(session?.role, 'counter') && (STATUSES.find((s) => s.id === order.status_id)?.next.some((to) => to === STATUS.cancelled) ?? false);
  const moving = move.isPending ? move.variables.statusId : undefined;
  const headingId = `board-order-${order.id}`;
  const stage = t(statusKey(order.status_id));
  const inStage = formatStageTime(now - stageSince(order), timeUnits(t));
  const late = lateLevel(order, now, lateAfterMinutes);
  const style = LATE_STYLE[late];

  return (
    <li>
      <article
        ref={cardRef}
        id={`board-card-${order.id}`}
        tabIndex={-1}
        aria-labelledby={headingId}
        aria-current={selected ? 'true' : undefined}
        data-order-id={order.id}
        data-late={late}
        onPointerDown={onSelect}
        className={`space-y-2 rounded-2xl p-4 shadow-sm ${style.card} ${selected ? 'outline-4 outline-offset-2 outline-espresso outline-solid' : 'outline-none'}`}
        data-testid="board-card"
      >
        <header className="flex items-start justify-between gap-2">
          <h3 id={headingId} className="min-w-0 font-sans">
            <span className="block text-3xl leading-none font-black tracking-tight">#{order.number}</span>
            <span className="mt-1 block truncate text-base font-semibold">{whoFor(order, t)}</span>
          </h3>
          <div className="flex shrink-0 flex-col items-end gap-1 text-right">
            {keyNumber !== undefined && (
              <span
                aria-hidden="true"
                className="rounded-md bg-espresso px-1.5 font-sans text-xs font-bold text-crema"
                data-testid="card-key"
              >
                {keyNumber}
              </span>
            )}
            <p className={`text-sm tabular-nums ${style.timer}`} data-testid="stage-timer">
              <span aria-hidden={late !== 'ok'}>{t('admin.board.inStage', { time: inStage, stage })}</span>
              {late !== 'ok' && (
                <span className="sr-only">
                  {t(late === 'red' ? 'admin.board.late' : 'admin.board.nearlyLate', { time: inStage, stage })}
                </span>
              )}
            </p>
          </div>
        </header>
        <ul className="space-y-1">
          {order.items.map((line) => {
            const done = line.done_at !== null;
            const pending = tick.isPending && tick.variables.itemId === line.id;
            return (
              <li key={line.id}>
                <button
                  type="button"
                  aria-pressed={done}
                  disabled={pending || order.status_id === STATUS.done}
                  onClick={() => tick.mutate({ order, itemId: line.id, done: !done })}
                  className={`flex min-h-11 w-full items-start gap-2 rounded-xl px-2 py-1.5 text-left hover:bg-crema/70 ${done ? 'text-roast' : ''}`}
                  data-testid="board-line"
                >
                  <span
                    aria-hidden="true"
                    className={`mt-0.5 grid size-6 shrink-0 place-items-center rounded-md border-2 text-sm font-black ${done ? 'border-leaf bg-leaf text-white' : 'border-roast/60 bg-white'}`}
                  >
                    {done ? '✓' : ''}
                  </span>
                  <span className={`min-w-0 ${done ? 'line-through decoration-2' : ''}`}>
                    <span className="font-bold">{line.qty} ×</span> {line.product_name}{' '}
                    <span className="text-roast">({nameOf(t, SIZE_KEYS, line.size_id, line.size_name)})</span>
                    {addonNames(line).length > 0 && <span className="block text-sm text-roast">+ {addonNames(line).join(', ')}</span>}
                  </span>
                  <span className="sr-only">, {t(done ? 'admin.board.lineDone' : 'admin.board.lineToMake')}</span>
                </button>
              </li>
            );
          })}
        </ul>
        <p className="text-sm">
          <span className="rounded-full bg-crema px-2 py-0.5 font-semibold">
            {nameOf(t, DELIVERY_TITLE_KEYS, order.delivery_id, order.delivery_name)}
          </span>{' '}
          {order.scheduled_for ? (
            <strong>
              {t('admin.board.scheduledFor', { time: formatMoment(new Date(order.scheduled_for), SHOP_TIMEZONE, currentLocale(), t) })}
            </strong>
          ) : (
            <span>{t('schedule.asap')}</span>
          )}
        </p>
        {order.delivery_id === DOOR_DELIVERY_ID && order.address && (
          <p className="text-sm">{t('admin.board.address', { address: order.address })}</p>
        )}
        {/* Card or cash: paid at the counter or on delivery, not online (docs/shop-rules.md#payments). */}
        {order.payment.status === 'none' && (
          <p className="text-sm font-bold text-caramel-dark" data-testid="board-collect">
            {order.payment_id === PAYMENT.cash
              ? t('admin.board.toCollect', { amount: formatIDR(order.total) })
              : t('admin.board.collectPayment')}
          </p>
        )}
        {/* Every move is at least 44 × 44 px: tapped in a hurry, often with a wet hand. The move on has a row of
            its own, on one line in a tablet's column; Undo and Cancel share the next. */}
        <div className="flex flex-wrap gap-2 pt-1">
          {onward !== undefined && (
            <Button
              className="min-h-11 w-full px-3 py-2"
              busy={moving === onward}
              disabled={move.isPending}
              data-onward=""
              onClick={() => move.mutate({ id: order.id, statusId: onward })}
            >
              {moveLabel(onward, t)}
              <span className="sr-only"> #{order.number}</span>
            </Button>
          )}
          {undoLeft > 0 && (
            <Button
              variant="secondary"
              className="min-h-11 flex-auto px-3 py-2"
              busy={undo.isPending}
              onClick={() => undo.mutate(order.id)}
            >
              {t('admin.board.undo')}
              <span className="sr-only"> #{order.number}</span>
            </Button>
          )}
          {canCancel && (
            <Button variant="ghost" className="min-h-11 flex-auto px-3 py-2" disabled={move.isPending} onClick={() => setCancelling(true)}>
              {t('admin.board.cancelOrder')}
              <span className="sr-only"> #{order.number}</span>
            </Button>
          )}
        </div>
        {others.length > 0 && (
          <details className="text-sm">
            <summary className="cursor-pointer rounded py-3 text-roast">{t('admin.board.moreMoves')}</summary>
            <div className="mt-2 flex flex-wrap gap-2">
              {others.map((to) => (
                <Button
                  key={to}
                  variant="ghost"
                  className="min-h-11 px-3 py-1.5 text-sm"
                  busy={moving === to}
                  disabled={move.isPending}
                  onClick={() => move.mutate({ id: order.id, statusId: to })}
                >
                  {moveLabel(to, t)}
                  <span className="sr-only"> #{order.number}</span>
                </Button>
              ))}
            </div>
          </details>
        )}
      </article>
      <CancelOrderDialog
        open={cancelling}
        title={t('admin.board.cancelTitle', { number: order.number, who: whoFor(order, t) })}
        reasonRequired
        busy={move.isPending}
        error={cancelling && move.isError ? errorMessage(move.error) : undefined}
        onConfirm={(reason) => move.mutate({ id: order.id, statusId: STATUS.cancelled, reason })}
        onClose={() => {
          setCancelling(false);
          move.reset();
        }}
      />
    </li>
  );
}
