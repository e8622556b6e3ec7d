import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ApiError, errorMessage, openEventStream } from '../api-client';
import { t } from '../i18n';
import { applyOrder, forgetKnownOrders, ORDERS_KEY, type OrderStreamEvent } from './order-cache';
import { createSseParser } from './sse-parser';

// The one live stream of a tab (GET /transactions/events, Server-Sent Events read with fetch so that
// it can carry `Authorization: Bearer`). Every screen shares it: it puts each order event into the
// query cache (order-cache.ts) and tells its listeners (the board's chime, the "ready" toast).
// It runs only while someone is signed in (LiveOrders in app/routes/root-layout.tsx starts it).
// See docs/decisions/live-orders-in-the-browser.md.

const EVENTS_PATH = '/transactions/events';
/** The server sends a comment at least every 15 s: a silence this long is a dead connection. */
const STALL_MS = 45_000;
const BACKOFF_FIRST_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;
/** Event ids remembered to skip one sent twice (a resume replays with some overlap). */
const SEEN_MAX = 1_000;

export type LivePhase = 'off' | 'connecting' | 'live' | 'reconnecting' | 'failed';

export interface LiveState {
  phase: LivePhase;
  /** Why the last connection ended, when it was not a dropped network (shown, never swallowed). */
  error?: string;
}

let state: LiveState = { phase: 'off' };
const stateListeners = new Set<() => void>();
const eventListeners = new Set<(event: OrderStreamEvent) => void>();

function setState(next: LiveState): void {
  if (next.phase === state.phase && next.error === state.error) return;
  state = next;
  for (const listener of stateListeners) listener();
}

function subscribeState(listener: () => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

/** Whether the live updates arrive: 'live', 'connecting', 'reconnecting' (network), 'failed' (with why). */
export function useLiveState(): LiveState {
  return useSyncExternalStore(
    subscribeState,
    () => state,
    () => state,
  );
}

/** Calls `listener` with every order event of this tab's stream; answers the unsubscribe. */
export function onOrderEvent(listener: (event: OrderStreamEvent) => void): () => void {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

/** Waits `ms`, or less when woken (back online, tab shown again); false once stopped. */
function pause(ms: number, signal: AbortSignal, wake: { now?: () => void }): Promise<boolean> {
  return new Promise((resolve) => {
    const done = () => {
      window.clearTimeout(timer);
      signal.removeEventListener('abort', done);
      wake.now = undefined;
      resolve(!signal.aborted);
    };
    const timer = window.setTimeout(done, ms);
    signal.addEventListener('abort', done);
    wake.now = done;
  });
}

interface LiveOptions {
  queryClient: QueryClient;
  /** The signed-in account: its own orders' events are "mine". */
  accountId: number;
}

let stopCurrent: (() => void) | null = null;

/** Starts this tab's stream (stopping one already running); answers its stop. */
export function startLiveOrders({ queryClient, accountId }: LiveOptions): () => void {
  stopCurrent?.();
  const stopped = new AbortController();
  const wake: { now?: () => void } = {};
  const wakeUp = () => wake.now?.();
  const onVisible = () => {
    if (document.visibilityState === 'visible') wakeUp();
  };
  // The device lost its network (Wi-Fi gone): say so now rather than when the silence runs out.
  let dropConnection: (() => void) | undefined;
  const onOffline = () => dropConnection?.();
  window.addEventListener('online', wakeUp);
  window.addEventListener('offline', onOffline);
  document.addEventListener('visibilitychange', onVisible);

  const seen = new Set<string>();
  const firstTime = (id: string) => {
    if (id === '') return true;
    if (seen.has(id)) return false;
    seen.add(id);
    if (seen.size > SEEN_MAX) seen.delete(seen.values().next().value as string);
    return true;
  };

  // Checks an event against the contract (stream-event.ts, with zod): fetched when the first order
  // event arrives, not with the page, so that no page's first load carries it (docs/benchmarks.md#first-load-javascript).
  let readEvent: ((data: string) => OrderStreamEvent) | undefined;
  const deliver = (data: string) => {
    const event = readEvent!(data);
    applyOrder(queryClient, event.order, { created: event.type === 'created', mine: event.order.customer.id === accountId });
    for (const listener of eventListeners) listener(event);
  };

  const run = async () => {
    let lastEventId = '';
    let failures = 0;
    setState({ phase: 'connecting' });
    while (!stopped.signal.aborted) {
      const connection = new AbortController();
      const abortConnection = () => connection.abort();
      stopped.signal.addEventListener('abort', abortConnection);
      let stallTimer: number | undefined;
      let dropped = false;
      const drop = () => {
        dropped = true;
        connection.abort();
      };
      dropConnection = drop;
      const armStall = () => {
        window.clearTimeout(stallTimer);
        stallTimer = window.setTimeout(drop, STALL_MS);
      };
      const parser = createSseParser(lastEventId);
      let resumeFrom: string | undefined;
      let reader: ReadableStreamDefaultReader<string> | undefined;
      try {
        armStall();
        const response = await openEventStream(EVENTS_PATH, { lastEventId, signal: connection.signal });
        if (!response.body) throw new Error(t('live.unreadable'));
        reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        failures = 0;
        setState({ phase: 'live' });
        // Without a Last-Event-ID nothing is replayed: what changed before the stream opened is read again.
        if (!lastEventId) void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break; // the server closed the stream (a restart): connect again
          armStall();
          for (const event of parser.push(value)) {
            if (event.type === 'order' && !readEvent) {
              // A failure to fetch it is a connection's: the next one resumes before this event.
              resumeFrom = lastEventId;
              readEvent = (await import('./stream-event')).readEvent;
              resumeFrom = undefined;
            }
            lastEventId = event.id;
            if (event.type === 'order' && firstTime(event.id)) deliver(event.data);
            // The server could not replay all that was missed: read the orders again, as on a first connection.
            else if (event.type === 'reload') void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
          }
        }
        lastEventId = parser.lastEventId();
        setState({ phase: 'reconnecting' });
      } catch (error) {
        lastEventId = resumeFrom ?? parser.lastEventId();
        if (stopped.signal.aborted) break;
        failures += 1;
        if (dropped || error instanceof TypeError) {
          // The network dropped (fetch and the body's reader reject with a TypeError) or went silent.
          setState({ phase: 'reconnecting' });
        } else if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
          // The session was refused: api-client already sends the person to /login.
          setState({ phase: 'failed', error: errorMessage(error) });
          break;
        } else {
          // A refusal (429: too many streams), a server fault or an unreadable event: said, then retried.
          console.error('Live order updates:', error);
          setState({ phase: 'failed', error: errorMessage(error) });
        }
      } finally {
        dropConnection = undefined;
        window.clearTimeout(stallTimer);
        stopped.signal.removeEventListener('abort', abortConnection);
        // Let go of the connection at once, rather than when it is collected. The abort below has
        // usually errored the body already; cancel() then rejects with that same, handled error.
        if (reader) void reader.cancel().catch(() => undefined);
        connection.abort();
      }
      const backoff = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, failures - 1));
      const wait = Math.max(parser.retryMs() ?? 0, backoff * (0.5 + Math.random() / 2));
      if (!(await pause(wait, stopped.signal, wake))) break;
    }
  };

  void run();

  const stop = () => {
    stopped.abort();
    window.removeEventListener('online', wakeUp);
    window.removeEventListener('offline', onOffline);
    document.removeEventListener('visibilitychange', onVisible);
    forgetKnownOrders();
    setState({ phase: 'off' });
    if (stopCurrent === stop) stopCurrent = null;
  };
  stopCurrent = stop;
  return stop;
}
