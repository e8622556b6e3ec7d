// The order statuses and the moves between them: the one table from which the zod schemas, the
// database CHECK (migration 0009), the repository's update and the web's labels are derived.
// See docs/shop-rules.md#statuses-and-moves.
import type { PaymentStatus } from './constants.ts';

export const STATUS = { pending: 1, done: 2, cancelled: 3, preparing: 4, ready: 5, awaitingPayment: 6 } as const;
export type StatusId = (typeof STATUS)[keyof typeof STATUS];

interface StatusDefinition {
  id: StatusId;
  name: string;
  /** Where an admin may move an order from this status; empty for a final status. */
  next: readonly StatusId[];
}

/**
 * In the order an order goes through them; the spec's ids 1–3 kept, 4, 5 and 6 added. An order paid
 * online starts Awaiting payment and becomes Pending when the gateway confirms the payment (never by
 * an admin's move: docs/shop-rules.md#payments); an admin may only cancel it.
 */
export const STATUSES = [
  { id: STATUS.awaitingPayment, name: 'Awaiting payment', next: [STATUS.cancelled] },
  { id: STATUS.pending, name: 'Pending', next: [STATUS.preparing, STATUS.ready, STATUS.done, STATUS.cancelled] },
  { id: STATUS.preparing, name: 'Preparing', next: [STATUS.ready, STATUS.done, STATUS.cancelled] },
  { id: STATUS.ready, name: 'Ready', next: [STATUS.done, STATUS.cancelled] },
  { id: STATUS.done, name: 'Done', next: [] },
  { id: STATUS.cancelled, name: 'Cancelled', next: [] },
] as const satisfies readonly StatusDefinition[];

export const STATUS_IDS: readonly StatusId[] = STATUSES.map((s) => s.id);

/** Statuses of an order the counter still has to work on (the staff board's columns). */
export const OPEN_STATUSES: readonly StatusId[] = [STATUS.pending, STATUS.preparing, STATUS.ready];

export function isStatusId(value: unknown): value is StatusId {
  return typeof value === 'number' && (STATUS_IDS as readonly number[]).includes(value);
}

export function statusName(id: number): string {
  return STATUSES.find((s) => s.id === id)?.name ?? 'Unknown';
}

export function isFinalStatus(id: StatusId): boolean {
  return STATUSES.find((s) => s.id === id)?.next.length === 0;
}

/** Whether an admin may move an order from one status to another. */
export function canMove(from: StatusId, to: StatusId): boolean {
  const next: readonly StatusId[] = STATUSES.find((s) => s.id === from)?.next ?? [];
  return next.includes(to);
}

/** The statuses from which some move leads to `to` (the repository's guarded update uses it). */
export function statusesBefore(to: StatusId): StatusId[] {
  return STATUSES.filter((s) => (s.next as readonly StatusId[]).includes(to)).map((s) => s.id);
}

/** A customer may cancel their own order only while nothing has been made: Pending, or still awaiting its payment. */
export const CUSTOMER_CANCELLABLE: readonly StatusId[] = [STATUS.awaitingPayment, STATUS.pending];

/**
 * What an order event records (order_events.kind): a move of its status; a line ticked done or
 * unticked (its status unchanged); an undo, which returns the order to the status before its last
 * move; a move that an undo took back (the dashboard and the history skip or mark it); and a change
 * of its payment alone (a refund made or refused), so that every screen hears of it.
 */
export const EVENT_KIND = { move: 0, line: 1, undo: 2, undone: 3, payment: 4 } as const;
export type EventKind = (typeof EVENT_KIND)[keyof typeof EVENT_KIND];

/** How long after a move it can be undone (docs/shop-rules.md#the-counter). */
export const UNDO_SECONDS = 60;

/**
 * Whether a move took or gave back money, which no undo may take back (docs/shop-rules.md#the-counter):
 * every move out of Awaiting payment (the gateway's "paid", an expiry or a failure), and the
 * cancellation of an order paid online (its payment is refunded). `before` is the status the move
 * left, when known; the order's payment status tells a cancellation's money apart.
 */
export function moveMovedMoney(move: { before?: StatusId | null; to: StatusId }, payment: PaymentStatus): boolean {
  return move.before === STATUS.awaitingPayment || (move.to === STATUS.cancelled && payment !== 'none');
}

/** A cancellation's reason: required of an admin, optional for the customer. */
export const REASON_MAX = 200;
