import { moveMovedMoney, SIZES, STATIONS, STATUS, type Station, type StatusId, UNDO_SECONDS } from '@kopi/shared';
import type { LiveOrder } from '../../lib/live-orders/order-cache';
import type { Translate } from '../../lib/shop-moment';

// The kitchen display's arithmetic, apart from React so that it is tested on its own
// (docs/shop-rules.md#the-counter): stations, the "all day" counts, late cards, undo's window and
// the bump bar's selection.

/** How long after a move the board offers to take it back: the server's limit. */
const UNDO_WINDOW_MS = UNDO_SECONDS * 1000;

export function stationOf(value: string | null): Station | null {
  return (STATIONS as readonly string[]).includes(value ?? '') ? (value as Station) : null;
}

/** The orders as a station sees them: only its lines, and no order without any. */
export function ordersAt(orders: LiveOrder[], station: Station | null): LiveOrder[] {
  if (!station) return orders;
  return orders.flatMap((order) => {
    const items = order.items.filter((line) => line.station === station);
    return items.length > 0 ? [{ ...order, items }] : [];
  });
}

/**
 * The orders for now and those for later: a Pending order scheduled more than `leadMinutes` ahead of
 * `now` waits in the Later lane (soonest first), out of the columns, the "all day" counts and the
 * bump bar, and comes into Pending by itself as its time approaches (docs/shop-rules.md#the-counter).
 */
export function splitLater(orders: LiveOrder[], now: number, leadMinutes: number): { current: LiveOrder[]; later: LiveOrder[] } {
  const current: LiveOrder[] = [];
  const later: LiveOrder[] = [];
  for (const order of orders) {
    const due = order.scheduled_for ? Date.parse(order.scheduled_for) : null;
    if (order.status_id === STATUS.pending && due !== null && due - leadMinutes * 60_000 > now) later.push(order);
    else current.push(order);
  }
  later.sort((a, b) => Date.parse(a.scheduled_for!) - Date.parse(b.scheduled_for!) || a.id - b.id);
  return { current, later };
}

export interface AllDayCount {
  key: string;
  label: string;
  qty: number;
}

const sizeShort = (sizeId: number, name: string) => SIZES.find((s) => s.id === sizeId)?.short ?? name;

/**
 * What is still to make: qty per product and size over the lines not ticked of the orders being
 * made (Pending, Preparing). A Ready order is made, whatever its ticks say. Most first.
 */
export function allDayCounts(orders: LiveOrder[]): AllDayCount[] {
  const counts = new Map<string, AllDayCount>();
  for (const order of orders) {
    if (order.status_id !== STATUS.pending && order.status_id !== STATUS.preparing) continue;
    for (const line of order.items) {
      if (line.done_at) continue;
      const key = `${line.product_id}:${line.size_id}`;
      const count = counts.get(key) ?? { key, label: `${line.product_name} ${sizeShort(line.size_id, line.size_name)}`, qty: 0 };
      count.qty += line.qty;
      counts.set(key, count);
    }
  }
  return [...counts.values()].sort((a, b) => b.qty - a.qty || a.label.localeCompare(b.label));
}

/** When the order entered its current stage: its last move's (or undo's) time. */
export function stageSince(order: LiveOrder): number {
  return Date.parse(order.events?.at(-1)?.at ?? order.updated_at);
}

export type LateLevel = 'ok' | 'amber' | 'red';

/**
 * Amber past half of `lateAfterMinutes` in the stage, red past all of it. A Pending order for a
 * later time is not late before that time.
 */
export function lateLevel(order: LiveOrder, now: number, lateAfterMinutes: number): LateLevel {
  let since = stageSince(order);
  if (order.status_id === STATUS.pending && order.scheduled_for) since = Math.max(since, Date.parse(order.scheduled_for));
  const late = lateAfterMinutes * 60_000;
  const waited = now - since;
  if (waited >= late) return 'red';
  if (waited >= late / 2) return 'amber';
  return 'ok';
}

/** How a duration's units are written: "45 s", "12 min", "1 h" (Indonesian "45 dtk", "12 mnt", "1 j"). */
export interface TimeUnits {
  seconds: (n: number) => string;
  minutes: (n: number) => string;
  hours: (n: number) => string;
}

export const ENGLISH_UNITS: TimeUnits = { seconds: (n) => `${n} s`, minutes: (n) => `${n} min`, hours: (n) => `${n} h` };

/** The units in the page's language. */
export function timeUnits(t: Translate): TimeUnits {
  return {
    seconds: (n) => t('admin.unit.seconds', { n }),
    minutes: (n) => t('admin.unit.minutes', { n }),
    hours: (n) => t('admin.unit.hours', { n }),
  };
}

/** "45 s", "12 min", "1 h 5 min". */
export function formatStageTime(ms: number, units: TimeUnits = ENGLISH_UNITS): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return units.seconds(seconds);
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return units.minutes(minutes);
  return `${units.hours(Math.floor(minutes / 60))}${minutes % 60 ? ` ${units.minutes(minutes % 60)}` : ''}`;
}

/**
 * How long the order's last move can still be undone, in ms (0: not at all), `serverNow` being the
 * server's clock as well as the board knows it. Only a move can be undone, not an order's first event
 * nor an undo, nor a move that took or gave back money (the server refuses it). A list's copy has no
 * history: its `updated_at` is its last move's time.
 */
export function undoLeftMs(order: LiveOrder, serverNow: number): number {
  // An order gets back to Pending only by an undo, which cannot itself be undone.
  if (order.status_id === STATUS.pending) return 0;
  let at: string;
  if (order.events) {
    const moves = order.events.filter((event) => event.kind !== 'undone');
    const last = moves.at(-1);
    if (!last || order.events.length < 2 || last.kind !== 'move') return 0;
    if (moveMovedMoney({ before: moves.at(-2)?.status_id as StatusId | undefined, to: last.status_id as StatusId }, order.payment.status))
      return 0;
    at = last.at;
  } else {
    if (moveMovedMoney({ to: order.status_id as StatusId }, order.payment.status)) return 0;
    if (order.updated_at === order.created_at) return 0;
    at = order.updated_at;
  }
  return Math.max(0, UNDO_WINDOW_MS - (serverNow - Date.parse(at)));
}

/** The board's cards by column, left to right, each column top to bottom (order ids). */
export type CardGrid = number[][];

function position(grid: CardGrid, id: number | null): { column: number; row: number } | null {
  if (id === null) return null;
  for (let column = 0; column < grid.length; column += 1) {
    const row = grid[column]!.indexOf(id);
    if (row >= 0) return { column, row };
  }
  return null;
}

/** The card numbered `n` (1–9): the columns read one after the other. */
export function cardNumbered(grid: CardGrid, n: number): number | null {
  return grid.flat()[n - 1] ?? null;
}

/**
 * The bump bar's selection after a key: 1–9 picks a card, the arrows move between columns (to the
 * nearest one with cards, same row or its last) and within one. Anything else keeps it.
 */
export function selectAfterKey(grid: CardGrid, selected: number | null, key: string): number | null {
  if (/^[1-9]$/.test(key)) return cardNumbered(grid, Number(key)) ?? selected;
  if (!['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'].includes(key)) return selected;
  const at = position(grid, selected);
  if (!at) return cardNumbered(grid, 1);
  const column = grid[at.column]!;
  if (key === 'ArrowUp') return column[Math.max(0, at.row - 1)]!;
  if (key === 'ArrowDown') return column[Math.min(column.length - 1, at.row + 1)]!;
  const step = key === 'ArrowLeft' ? -1 : 1;
  for (let c = at.column + step; c >= 0 && c < grid.length; c += step) {
    const cards = grid[c]!;
    if (cards.length > 0) return cards[Math.min(at.row, cards.length - 1)]!;
  }
  return selected;
}
