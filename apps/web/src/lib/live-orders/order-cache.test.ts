import { STATUS } from '@kopi/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyOrder, boardFrom, boardWith, forgetKnownOrders, type LiveOrder, orderKeys } from './order-cache';
import { readEvent } from './stream-event';
import { testOrder } from './test-order';

function order(id: number, status: number, updatedAt: string, extra: Partial<LiveOrder> = {}): LiveOrder {
  return testOrder(id, status, { updated_at: updatedAt, ...extra });
}

const T1 = '2026-11-23T10:00:00.000Z';
const T2 = '2026-11-23T10:05:00.000Z';

describe('the board', () => {
  it('puts a new open order in, due first, and is unchanged by the same event twice', () => {
    forgetKnownOrders();
    const early = order(2, STATUS.pending, T1, { scheduled_for: '2026-11-23T09:00:00.000Z' });
    const board = boardWith([order(1, STATUS.pending, T1)], early);
    expect(board.map((o) => o.id)).toEqual([2, 1]);
    expect(boardWith(board, early)).toBe(board);
  });

  it('takes a newer status, keeps a newer one against an older event, and drops a finished order', () => {
    forgetKnownOrders();
    const board = [order(1, STATUS.pending, T1)];
    const preparing = boardWith(board, order(1, STATUS.preparing, T2));
    expect(preparing[0]?.status_id).toBe(STATUS.preparing);
    expect(boardWith(preparing, order(1, STATUS.pending, T1))).toBe(preparing);
    expect(boardWith(preparing, order(1, STATUS.done, '2026-11-23T10:06:00.000Z'))).toEqual([]);
    expect(boardWith(preparing, order(5, STATUS.done, T2))).toBe(preparing);
  });

  it('a board fetched while an event arrived keeps what the event said', () => {
    forgetKnownOrders();
    const qc = new QueryClient();
    applyOrder(qc, order(3, STATUS.ready, T2));
    const fetched = boardFrom([order(3, STATUS.pending, T1), order(4, STATUS.pending, T1)]);
    expect(fetched.map((o) => [o.id, o.status_id])).toEqual([
      [3, STATUS.ready],
      [4, STATUS.pending],
    ]);
  });
});

describe('applyOrder', () => {
  it('updates the order page and History, never with an older copy', () => {
    forgetKnownOrders();
    const qc = new QueryClient();
    qc.setQueryData(orderKeys.detail(1), order(1, STATUS.pending, T1, { events: [] }));
    qc.setQueryData([...orderKeys.history, 1], { msg: '', data: [order(1, STATUS.pending, T1), order(2, STATUS.done, T1)] });
    qc.setQueryData(orderKeys.board, [order(1, STATUS.pending, T1)]);

    applyOrder(qc, order(1, STATUS.ready, T2));
    applyOrder(qc, order(1, STATUS.preparing, '2026-11-23T10:01:00.000Z')); // late, older
    expect(qc.getQueryData<LiveOrder>(orderKeys.detail(1))?.status_id).toBe(STATUS.ready);
    const history = qc.getQueryData<{ data: LiveOrder[] }>([...orderKeys.history, 1]);
    expect(history?.data.map((o) => o.status_id)).toEqual([STATUS.ready, STATUS.done]);
    expect(qc.getQueryData<LiveOrder[]>(orderKeys.board)?.map((o) => o.status_id)).toEqual([STATUS.ready]);
    // An order no screen shows is not added to the cache.
    applyOrder(qc, order(7, STATUS.pending, T1));
    expect(qc.getQueryData(orderKeys.detail(7))).toBeUndefined();
  });
});

describe('an event of the stream', () => {
  it('is read when it follows the contract, and refused otherwise', () => {
    const order = { ...testOrder(3, STATUS.pending), events: [] };
    const event = readEvent(JSON.stringify({ type: 'created', event_id: 9, order }));
    expect(event.order.id).toBe(3);
    expect(event.event_id).toBe(9);
    expect(() => readEvent(JSON.stringify({ type: 'moved', event_id: 9, order }))).toThrow();
    expect(() => readEvent(JSON.stringify({ type: 'status', event_id: 9, order: { id: 3 } }))).toThrow();
    expect(() => readEvent(JSON.stringify({ type: 'status', order }))).toThrow();
  });
});
