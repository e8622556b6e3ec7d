import { OPEN_STATUSES, STATUS } from '@kopi/shared';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import type { LiveOrder } from '../../../lib/live-orders/order-cache';
import { statusKey } from '../../../lib/names';
import { useMediaQuery } from '../../../lib/use-media-query';
import { BoardCard } from './board-card';
import { BoardTabs, boardPanelId, boardTabId } from './board-tabs';

/** Under Tailwind's md breakpoint (768 px) three columns do not fit side by side. */
const NARROW = '(width < 48rem)';
const SWIPE_PX = 60;

/**
 * Pending, Preparing and Ready side by side; on a phone one at a time, behind tabs that show each
 * column's count, switched by a tap or a sideways swipe (docs/decisions/spec-fidelity.md#rough-edges-the-counter-and-small-screens).
 */
interface BoardColumnsProps {
  orders: LiveOrder[];
  now: number;
  lateAfterMinutes: number;
  undoLeft: (order: LiveOrder) => number;
  /** The bump bar's selected order, and each card's key (1–9). */
  selectedId: number | null;
  keyNumbers: Map<number, number>;
  onSelect: (id: number) => void;
}

export function BoardColumns({ orders, now, lateAfterMinutes, undoLeft, selectedId, keyNumbers, onSelect }: BoardColumnsProps) {
  const t = useT();
  const narrow = useMediaQuery(NARROW);
  const [selected, setSelected] = useState<number>(STATUS.pending);
  const selectedStatus = orders.find((o) => o.id === selectedId)?.status_id;

  // On a phone, the card picked by a key (or moved on) shows its column's tab.
  useEffect(() => {
    if (narrow && selectedStatus !== undefined) setSelected(selectedStatus);
  }, [narrow, selectedStatus]);
  const swipeStart = useRef<{ x: number; y: number } | null>(null);

  const columns = OPEN_STATUSES.map((status) => ({ status, orders: orders.filter((o) => o.status_id === status) }));
  const counts = Object.fromEntries(columns.map((c) => [c.status, c.orders.length]));
  const step = (by: number) => {
    const at = OPEN_STATUSES.indexOf(selected as (typeof OPEN_STATUSES)[number]);
    const to = OPEN_STATUSES[at + by];
    if (to !== undefined) setSelected(to);
  };

  return (
    <div className="space-y-3">
      {narrow && <BoardTabs statuses={OPEN_STATUSES} counts={counts} selected={selected} onSelect={setSelected} />}
      <div
        className="grid touch-pan-y gap-4 md:grid-cols-3"
        onPointerDown={(event) => {
          swipeStart.current = narrow && event.pointerType === 'touch' ? { x: event.clientX, y: event.clientY } : null;
        }}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
        onPointerUp={(event) => {
          // A sideways swipe shows the next column (left) or the previous one (right); a scroll or a tap does not.
          const start = swipeStart.current;
          swipeStart.current = null;
          if (!start) return;
          const dx = event.clientX - start.x;
          if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(event.clientY - start.y)) return;
          step(dx < 0 ? 1 : -1);
        }}
      >
        {columns.map((column) => {
          const headingId = `board-column-${column.status}`;
          return (
            <section
              key={column.status}
              id={boardPanelId(column.status)}
              {...(narrow
                ? { role: 'tabpanel', 'aria-labelledby': boardTabId(column.status), hidden: column.status !== selected }
                : { 'aria-labelledby': headingId })}
              className="min-w-0 rounded-3xl bg-crema/60 p-3"
              data-testid={`board-column-${column.status}`}
            >
              {/* On a phone the tab already says the column and its count. */}
              <h2 id={headingId} className={narrow ? 'sr-only' : 'mb-3 flex items-center justify-between px-1 text-xl font-bold'}>
                {t(statusKey(column.status))}
                <span className="rounded-full bg-white px-2.5 py-0.5 font-sans text-base">{column.orders.length}</span>
              </h2>
              {column.orders.length === 0 ? (
                <p className="px-1 pb-2 text-sm text-roast">{t('admin.board.emptyColumn')}</p>
              ) : (
                <ol className="space-y-3">
                  {column.orders.map((order) => (
                    <BoardCard
                      key={order.id}
                      order={order}
                      now={now}
                      lateAfterMinutes={lateAfterMinutes}
                      undoLeft={undoLeft(order)}
                      keyNumber={keyNumbers.get(order.id)}
                      selected={order.id === selectedId}
                      onSelect={() => onSelect(order.id)}
                    />
                  ))}
                </ol>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}
