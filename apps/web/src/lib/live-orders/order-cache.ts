import { OPEN_STATUSES, type Order, type OrderEvent, type OrderLineSchema, type OrderStreamEvent, type StatusId } from '@kopi/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApiSuccess } from '../api-client';

// How an order's news (the live stream's events, a move's answer) reaches every screen that shows
// it: the order page, the History cards, the staff board and the Manage order queue. Every update is
// idempotent and never lets an older copy of an order replace a newer one (`updated_at`), whatever
// order the answers and events arrive in.

/** An order line, with the add-ons chosen with it (docs/shop-rules.md#prices-and-sizes). */
export type LiveOrderLine = z.infer<typeof OrderLineSchema>;

/** An order as the order page, the board and the stream see it; a list's orders come without `events`. */
export interface LiveOrder extends Order {
  events?: OrderEvent[];
}

export type { OrderStreamEvent };

export const ORDERS_KEY = ['orders'] as const;
export const orderKeys = {
  detail: (id: number) => [...ORDERS_KEY, 'detail', id] as const,
  history: [...ORDERS_KEY, 'history'] as const,
  pending: [...ORDERS_KEY, 'pending'] as const,
  board: [...ORDERS_KEY, 'board'] as const,
};

/** Whether `incoming` may replace `current`: never when it is the older of the two. */
export function isNotOlder(incoming: LiveOrder, current: LiveOrder): boolean {
  const a = Date.parse(incoming.updated_at);
  const b = Date.parse(current.updated_at);
  if (a !== b) return a > b;
  // The same instant: the copy with the longer history (a list's copy has none) wins.
  return (incoming.events?.length ?? 0) >= (current.events?.length ?? 0);
}

function merged(incoming: LiveOrder, current: LiveOrder | undefined): LiveOrder {
  return !current || isNotOlder(incoming, current) ? incoming : current;
}

// The newest copy of each order seen here (stream or answer): a list fetched while an event arrived
// must not bring back the older state. Bounded: the oldest entries go first.
const KNOWN_MAX = 500;
const known = new Map<number, LiveOrder>();

function remember(order: LiveOrder): LiveOrder {
  const best = merged(order, known.get(order.id));
  known.delete(order.id);
  known.set(order.id, best);
  if (known.size > KNOWN_MAX) known.delete(known.keys().next().value as number);
  return best;
}

/** A fetched order, or the newer copy already seen of it. */
export function freshest(order: LiveOrder): LiveOrder {
  return remember(order);
}

/** Forgets what was seen (a new session must not see the previous one's orders). */
export function forgetKnownOrders(): void {
  known.clear();
}

export function isOpen(order: Pick<Order, 'status_id'>): boolean {
  return OPEN_STATUSES.includes(order.status_id as StatusId);
}

/** When the counter should have it ready: its chosen time, else when it was placed. */
export function dueAt(order: Pick<Order, 'scheduled_for' | 'created_at'>): number {
  return Date.parse(order.scheduled_for ?? order.created_at);
}

/** The board's open orders, due first, with `order` put in, replaced or taken out. */
export function boardWith(list: LiveOrder[], order: LiveOrder): LiveOrder[] {
  const current = list.find((o) => o.id === order.id);
  const best = merged(order, current);
  if (best === current || (!current && !isOpen(best))) return list;
  const rest = list.filter((o) => o.id !== order.id);
  return sortBoard(isOpen(best) ? [...rest, best] : rest);
}

/** A freshly fetched board, with what the stream already said about its orders. */
export function boardFrom(fetched: LiveOrder[]): LiveOrder[] {
  const byId = new Map<number, LiveOrder>();
  for (const order of fetched) byId.set(order.id, freshest(order));
  for (const order of known.values()) if (!byId.has(order.id) && isOpen(order)) byId.set(order.id, order);
  return sortBoard([...byId.values()].filter(isOpen));
}

export function sortBoard(list: LiveOrder[]): LiveOrder[] {
  return [...list].sort((a, b) => dueAt(a) - dueAt(b) || a.id - b.id);
}

/** Puts an order's new state into every cached screen that shows it. */
export function applyOrder(queryClient: QueryClient, order: LiveOrder, { created = false, mine = false } = {}): void {
  const best = remember(order);
  const detail = orderKeys.detail(order.id);
  if (queryClient.getQueryData(detail) !== undefined) {
    queryClient.setQueryData<LiveOrder>(detail, (current) => merged(best, current));
  }
  queryClient.setQueriesData<ApiSuccess<LiveOrder[]>>({ queryKey: orderKeys.history }, (page) => {
    if (!page?.data.some((o) => o.id === order.id)) return page;
    return { ...page, data: page.data.map((o) => (o.id === order.id ? merged(best, o) : o)) };
  });
  // A new order of this customer's goes on top of History: its pages are read again.
  if (created && mine) void queryClient.invalidateQueries({ queryKey: orderKeys.history });
  queryClient.setQueryData<LiveOrder[]>(orderKeys.board, (list) => (list ? boardWith(list, best) : list));
  // Manage order pages through the pending queue by position: any change may shift it.
  void queryClient.invalidateQueries({ queryKey: orderKeys.pending });
}
