import { STATUS } from '@kopi/shared';
import { describe, expect, it } from 'vitest';
import type { LiveOrder } from '../../lib/live-orders/order-cache';
import { testOrder } from '../../lib/live-orders/test-order';
import { allDayCounts, formatStageTime, lateLevel, ordersAt, selectAfterKey, splitLater, undoLeftMs } from './board-model';

const T0 = Date.parse('2026-11-23T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

type Line = LiveOrder['items'][number];
function line(id: number, extra: Partial<Line> = {}): Line {
  return {
    id,
    product_id: 1,
    product_name: 'Kopi Susu Gula Aren',
    indonesian_name: 'Es Kopi Susu Gula Aren',
    image: '',
    size_id: 2,
    size_name: 'Large',
    qty: 1,
    unit_price: 0,
    addons: [],
    line_total: 0,
    station: 'bar',
    done_at: null,
    ...extra,
  };
}

function order(id: number, status: number, items: Line[], extra: Partial<LiveOrder> = {}): LiveOrder {
  return testOrder(id, status, { items, created_at: iso(T0), updated_at: iso(T0), ...extra });
}

function event(id: number, status: number, at: number, kind: 'move' | 'undo' | 'undone' = 'move') {
  return { id, status_id: status, status_name: String(status), at: iso(at), by: null, reason: null, kind };
}

describe('stations', () => {
  it("keeps only the station's lines, and no order without any", () => {
    const both = order(1, STATUS.pending, [line(1), line(2, { station: 'kitchen', product_name: 'Roti' })]);
    const kitchenOnly = order(2, STATUS.pending, [line(3, { station: 'kitchen' })]);
    const bar = ordersAt([both, kitchenOnly], 'bar');
    expect(bar.map((o) => o.id)).toEqual([1]);
    expect(bar[0]!.items.map((l) => l.id)).toEqual([1]);
    expect(ordersAt([both, kitchenOnly], null)).toHaveLength(2);
  });
});

describe('all day', () => {
  it('counts qty per product and size over the lines still to make of the orders being made', () => {
    const orders = [
      order(1, STATUS.pending, [line(1, { qty: 3 }), line(2, { size_id: 1, size_name: 'Reguler' })]),
      order(2, STATUS.preparing, [line(3), line(4, { done_at: iso(T0) })]),
      order(3, STATUS.ready, [line(5, { qty: 5 })]),
    ];
    expect(allDayCounts(orders).map((c) => `${c.qty} × ${c.label}`)).toEqual(['4 × Kopi Susu Gula Aren L', '1 × Kopi Susu Gula Aren R']);
  });
});

describe('late cards', () => {
  it('turns amber past half of the limit in its stage and red past all of it', () => {
    const preparing = order(1, STATUS.preparing, [], { events: [event(1, STATUS.pending, T0 - 60_000), event(2, STATUS.preparing, T0)] });
    expect(lateLevel(preparing, T0 + 4 * 60_000, 10)).toBe('ok');
    expect(lateLevel(preparing, T0 + 5 * 60_000, 10)).toBe('amber');
    expect(lateLevel(preparing, T0 + 10 * 60_000, 10)).toBe('red');
  });

  it('does not count a Pending order for later as late before its time', () => {
    const later = order(1, STATUS.pending, [], { scheduled_for: iso(T0 + 60 * 60_000) });
    expect(lateLevel(later, T0 + 30 * 60_000, 10)).toBe('ok');
    expect(lateLevel(later, T0 + 66 * 60_000, 10)).toBe('amber');
  });

  it('says the time in words', () => {
    expect(formatStageTime(42_000)).toBe('42 s');
    expect(formatStageTime(12 * 60_000 + 5_000)).toBe('12 min');
    expect(formatStageTime(65 * 60_000)).toBe('1 h 5 min');
  });
});

describe('undo', () => {
  it('is offered for 60 s after a move, not after the first event nor after an undo', () => {
    const moved = order(1, STATUS.preparing, [], { events: [event(1, STATUS.pending, T0 - 5_000), event(2, STATUS.preparing, T0)] });
    expect(undoLeftMs(moved, T0 + 20_000)).toBe(40_000);
    expect(undoLeftMs(moved, T0 + 61_000)).toBe(0);
    expect(undoLeftMs(order(2, STATUS.pending, [], { events: [event(3, STATUS.pending, T0)] }), T0)).toBe(0);
    const undone = order(3, STATUS.pending, [], {
      events: [
        event(4, STATUS.pending, T0 - 9_000),
        event(5, STATUS.preparing, T0 - 5_000, 'undone'),
        event(6, STATUS.pending, T0, 'undo'),
      ],
    });
    expect(undoLeftMs(undone, T0 + 1_000)).toBe(0);
  });

  it('is never offered for a move that took or gave back money', () => {
    const payment = (status: 'paid' | 'refunded' | 'none') => ({ ...testOrder(0, STATUS.pending).payment, status });
    // Paid by QRIS: Awaiting payment → Pending is the gateway's (and Pending is never undone anyway).
    const paidThenCancelled = order(1, STATUS.cancelled, [], {
      payment: payment('refunded'),
      events: [event(1, STATUS.awaitingPayment, T0 - 9_000), event(2, STATUS.pending, T0 - 5_000), event(3, STATUS.cancelled, T0)],
    });
    expect(undoLeftMs(paidThenCancelled, T0 + 1_000)).toBe(0);
    expect(undoLeftMs({ ...paidThenCancelled, events: undefined, updated_at: iso(T0) }, T0 + 1_000)).toBe(0);
    const cashCancelled = order(2, STATUS.cancelled, [], {
      payment: payment('none'),
      events: [event(4, STATUS.pending, T0 - 5_000), event(5, STATUS.cancelled, T0)],
    });
    expect(undoLeftMs(cashCancelled, T0 + 1_000)).toBe(59_000);
  });

  it("reads a list's copy by its updated_at", () => {
    expect(undoLeftMs(order(1, STATUS.ready, [], { updated_at: iso(T0 + 10_000) }), T0 + 30_000)).toBe(40_000);
    expect(undoLeftMs(order(2, STATUS.pending, [], { updated_at: iso(T0 + 10_000) }), T0 + 11_000)).toBe(0);
  });
});

describe('the bump bar', () => {
  const grid = [[11, 12, 13], [21], [], [41, 42]];

  it('numbers the cards column after column', () => {
    expect(selectAfterKey(grid, null, '1')).toBe(11);
    expect(selectAfterKey(grid, null, '4')).toBe(21);
    expect(selectAfterKey(grid, null, '6')).toBe(42);
    expect(selectAfterKey(grid, 12, '9')).toBe(12);
  });

  it('moves up and down within a column, and stops at its ends', () => {
    expect(selectAfterKey(grid, 11, 'ArrowDown')).toBe(12);
    expect(selectAfterKey(grid, 13, 'ArrowDown')).toBe(13);
    expect(selectAfterKey(grid, 11, 'ArrowUp')).toBe(11);
  });

  it('moves sideways to the nearest column with cards, keeping the row where it can', () => {
    expect(selectAfterKey(grid, 13, 'ArrowRight')).toBe(21);
    expect(selectAfterKey(grid, 21, 'ArrowRight')).toBe(41);
    expect(selectAfterKey(grid, 42, 'ArrowLeft')).toBe(21);
    expect(selectAfterKey(grid, 41, 'ArrowRight')).toBe(41);
  });

  it('starts from the first card, and ignores other keys', () => {
    expect(selectAfterKey(grid, null, 'ArrowDown')).toBe(11);
    expect(selectAfterKey(grid, 99, 'ArrowLeft')).toBe(11);
    expect(selectAfterKey(grid, 12, 'x')).toBe(12);
  });
});

describe('splitLater', () => {
  const at = (minutes: number) => iso(T0 + minutes * 60_000);
  it('keeps a Pending order for a later slot in the Later lane until its lead time, soonest first', () => {
    const asap = order(1, STATUS.pending, []);
    const soon = order(2, STATUS.pending, [], { scheduled_for: at(15) });
    const monday = order(3, STATUS.pending, [], { scheduled_for: at(3 * 24 * 60) });
    const afternoon = order(4, STATUS.pending, [], { scheduled_for: at(16) });
    // Started already (a cook who asked first): it is being made, not later.
    const started = order(5, STATUS.preparing, [], { scheduled_for: at(120) });
    const { current, later } = splitLater([asap, soon, monday, afternoon, started], T0, 15);
    expect(current.map((o) => o.id)).toEqual([1, 2, 5]);
    expect(later.map((o) => o.id)).toEqual([4, 3]);
    // A minute on, the 16-minute one comes into Pending by itself; a lead of 0 keeps each until its time.
    expect(splitLater([afternoon], T0 + 60_000, 15).current).toHaveLength(1);
    expect(splitLater([soon], T0, 0).later).toHaveLength(1);
  });
});
