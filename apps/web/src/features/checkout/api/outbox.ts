import type { PlacedOrder } from '@kopi/shared';
import { useMemo, useSyncExternalStore } from 'react';
import { ApiError, apiRequest, errorMessage, readAnswer } from '../../../lib/api-client';
import { currentLocale } from '../../../lib/i18n';
import type { NewOrder } from '../../../lib/live-orders/order-queries';
import { createLocalStore, useLocalStore, writeKeys } from '../../../lib/local-store';
import { OUTBOX_SYNC } from '../../../lib/outbox-sync';
import { readSession } from '../../../lib/session';
import { backgroundAnswer, forgetInBackground, handToBackground } from './background-send';
import { OUTBOX_KEY } from './outbox-key';
import { handOverCheckoutKey, isDefiniteRefusal, isKeyUsedForAnotherOrder } from './place-order';

// Orders confirmed without a network, kept on this device with their checkout's one Idempotency-Key
// and sent when the network is back (docs/decisions/offline-and-caching.md#the-outbox). Every send of
// an order carries its key, so the server makes at most one order of it; one tab (or the service
// worker, by Background Sync: api/background-send.ts) at a time sends (a Web Lock), and the tab that
// sent it, or first read the worker's answer, is the one that reports the result.

export interface SavedOrder {
  /** The checkout's Idempotency-Key: the same on every send of this order. */
  key: string;
  /** Only this account sends it, and only its History shows it. */
  accountId: number;
  order: NewOrder;
  /** The cart as it was confirmed, given back to edit when the order is refused or cancelled. */
  cart: unknown;
  /** ISO 8601. */
  savedAt: string;
  itemCount: number;
  /** The total the checkout showed; the server prices the order again when it arrives. */
  total: number;
}

export type SendOutcome =
  | { kind: 'placed'; saved: SavedOrder; placed: PlacedOrder }
  /** The key had already placed an order (an earlier send whose answer was lost, with another body). */
  | { kind: 'placedEarlier'; saved: SavedOrder }
  /** `reason`: the server's, without its closing full stop. */
  | { kind: 'refused'; saved: SavedOrder; reason: string }
  /** No answer, a server fault, a session to renew or an order still being placed: kept for the next try. */
  | { kind: 'waiting'; saved: SavedOrder; retryAfterMs?: number };

function isSavedOrder(value: unknown): value is SavedOrder {
  const saved = value as Partial<SavedOrder> | null;
  return (
    typeof saved?.key === 'string' &&
    saved.key !== '' &&
    typeof saved.accountId === 'number' &&
    typeof saved.order === 'object' &&
    saved.order !== null &&
    typeof saved.savedAt === 'string'
  );
}

/** Nothing saved: one array, so that a page taken over reads the same snapshot as the server's and draws nothing again. */
const NOTHING_SAVED: SavedOrder[] = [];

function parseOutbox(raw: string | null): SavedOrder[] {
  if (!raw) return NOTHING_SAVED;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    // Not JSON: nothing this version wrote. Reading it as empty keeps the shop usable; the text stays
    // in storage, untouched, until the next save writes over it.
    return [];
  }
  return Array.isArray(value) ? value.filter(isSavedOrder) : [];
}

const outboxStore = createLocalStore([OUTBOX_KEY], ([raw]) => parseOutbox(raw ?? null), NOTHING_SAVED);

export function readOutbox(): SavedOrder[] {
  return outboxStore.read();
}

function writeOutbox(orders: SavedOrder[]): void {
  writeKeys({ [OUTBOX_KEY]: JSON.stringify(orders) });
}

/** Keeps an order to send later; the same key twice is one order. */
export function saveForLater(saved: SavedOrder): void {
  const orders = readOutbox();
  if (orders.some((kept) => kept.key === saved.key)) return;
  writeOutbox([...orders, saved]);
}

/**
 * A checkout whose order could not leave (no network): kept with the checkout's key, which it takes
 * over, so that every later send of it is the same order to the server.
 */
export function keepCheckoutForLater(checkout: Omit<SavedOrder, 'key' | 'savedAt'>): SavedOrder {
  const saved = { ...checkout, key: handOverCheckoutKey(), savedAt: new Date().toISOString() };
  saveForLater(saved);
  // Also to the service worker, which sends it when the network is back even if the shop is closed on
  // the phone by then. Not waited for: the customer is told at once; without it the page sends. Under
  // the lock, and only while the order waits: one this page sent meanwhile is not handed over after.
  const token = readSession()?.token;
  if (token) {
    outboxLock(async () => {
      if (readOutbox().some((kept) => kept.key === saved.key)) {
        await handToBackground({ key: saved.key, order: saved.order, token, locale: currentLocale() });
      }
    }).catch((error: unknown) => console.error('The saved order could not be handed to the service worker; this page sends it:', error));
  }
  return saved;
}

/** The Confirm and Pay failed because the device has no network: the order never left, and can be kept. */
export function isOffline(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0 && !navigator.onLine;
}

/** Removes the order of this key from the outbox; answers it, or undefined when it was gone already. */
function take(key: string): SavedOrder | undefined {
  const orders = readOutbox();
  const taken = orders.find((saved) => saved.key === key);
  if (taken) writeOutbox(orders.filter((saved) => saved.key !== key));
  return taken;
}

/** Runs `work` while no other tab of this shop sends or cancels a saved order. */
export type OutboxLock = <T>(work: () => Promise<T>) => Promise<T>;

/** A Web Lock where the browser has one (every current one); elsewhere one tab's own order of work. */
export const outboxLock: OutboxLock = (work) =>
  typeof navigator !== 'undefined' && navigator.locks
    ? (navigator.locks.request(OUTBOX_SYNC.lock, work) as Promise<Awaited<ReturnType<typeof work>>>)
    : work();

/** Sends a saved order, unless the service worker sent it already: then its answer is the one read. */
async function post(saved: SavedOrder): Promise<PlacedOrder> {
  const answered = await backgroundAnswer(saved.key);
  const answer = answered
    ? await readAnswer<PlacedOrder>(answered, true)
    : await apiRequest<PlacedOrder>('/transactions', {
        method: 'POST',
        body: saved.order,
        headers: { 'Idempotency-Key': saved.key },
      });
  return answer.data;
}

/** What one send of a saved order came to. Only an error that is no answer of the shop's is thrown. */
export async function sendSaved(saved: SavedOrder, send: (saved: SavedOrder) => Promise<PlacedOrder> = post): Promise<SendOutcome> {
  try {
    return { kind: 'placed', saved, placed: await send(saved) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const answer: ApiError = error;
    if (isKeyUsedForAnotherOrder(error)) return { kind: 'placedEarlier', saved };
    // The session ended (a logout or a new password elsewhere): the order waits for the account's next sign-in.
    // The server's reason is a sentence of its own; the texts that show it add their full stop.
    if (answer.status !== 401 && isDefiniteRefusal(answer))
      return { kind: 'refused', saved, reason: errorMessage(answer).replace(/[.!\s]+$/, '') };
    return { kind: 'waiting', saved, retryAfterMs: answer.retryAfter === undefined ? undefined : answer.retryAfter * 1_000 };
  }
}

/** What the shop answered to a saved order: placed, placed earlier, or refused. */
export type SentOutcome = Exclude<SendOutcome, { kind: 'waiting' }>;

/**
 * What became of the saved orders this page sent, by key, for as long as the page lives: the checkout
 * that saved one follows it from "saved" to its result.
 */
const sentOutcomes = new Map<string, SentOutcome>();
const outcomeListeners = new Set<() => void>();

function recordOutcome(outcome: SentOutcome): void {
  sentOutcomes.set(outcome.saved.key, outcome);
  for (const listener of outcomeListeners) listener();
}

function onOutcome(listener: () => void): () => void {
  outcomeListeners.add(listener);
  return () => outcomeListeners.delete(listener);
}

/** What the shop answered to the saved order of `key`, once this page has sent it (or read the worker's answer). */
export function useSentOutcome(key: string | undefined): SentOutcome | undefined {
  return useSyncExternalStore(
    onOutcome,
    () => (key === undefined ? undefined : sentOutcomes.get(key)),
    () => undefined,
  );
}

/**
 * Sends the account's saved orders, oldest first, and removes each one the shop answered. Stops at the
 * first without an answer: the others would meet the same network. The outcomes are this call's
 * alone: a second tab that waited for the lock finds the orders gone and reports nothing.
 */
export function sendSavedOrders(
  accountId: number,
  { send = post, lock = outboxLock }: { send?: (saved: SavedOrder) => Promise<PlacedOrder>; lock?: OutboxLock } = {},
): Promise<SendOutcome[]> {
  return lock(async () => {
    const outcomes: SendOutcome[] = [];
    for (const saved of readOutbox().filter((kept) => kept.accountId === accountId)) {
      const outcome = await sendSaved(saved, send);
      outcomes.push(outcome);
      if (outcome.kind === 'waiting') break;
      // Known before the order leaves the outbox: whoever sees it gone can read what became of it.
      recordOutcome(outcome);
      take(saved.key);
      await forgetInBackground(saved.key);
    }
    return outcomes;
  });
}

/**
 * The customer cancels a saved order: removed once no send is under way. Answers it, or undefined when
 * a send got there first (the order was placed or refused, and that result is shown).
 */
export function cancelSaved(key: string, lock: OutboxLock = outboxLock): Promise<SavedOrder | undefined> {
  return lock(async () => {
    const taken = take(key);
    await forgetInBackground(key);
    return taken;
  });
}

/** The account's saved orders, oldest first; re-renders when any tab changes them. */
export function useSavedOrders(accountId: number | undefined): SavedOrder[] {
  const all = useLocalStore(outboxStore);
  return useMemo(() => all.filter((saved) => saved.accountId === accountId), [all, accountId]);
}
