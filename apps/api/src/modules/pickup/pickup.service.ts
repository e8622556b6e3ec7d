import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { firstNameOf, type PickupBoard, STATUS } from '@kopi/shared';
import type { Db } from '../../db/client.ts';
import type { Listener } from '../../db/listen.ts';
import { writeEvent } from '../../lib/event-stream.ts';
import { ORDER_EVENTS_CHANNEL } from '../orders/order-stream.ts';
import { loadPickupBoard, type PickupRow } from './pickup.repository.ts';

// The pick-up screen (docs/shop-rules.md#the-pick-up-screen): a TV above the counter shows the
// orders being prepared and those ready, by their number of the day and a first name, and nothing
// else about them. GET /status reads it; GET /status/events streams it to every screen.
//
// Every move of an order is announced on the "order_events" channel by whichever instance made it;
// while a screen is open here, each announcement makes this instance read the board again (at most
// once per REFRESH_MS), and a board that changed goes to every screen whole. Its frame's id is a
// hash of its content, the same on every instance: a screen that reconnects with the board it has
// as Last-Event-ID is sent nothing until the board changes. A Ready order leaves the screen after
// STATUS_SCREEN_READY_MINUTES by the clock, not by an event, so the board is also read every
// SWEEP_MS while screens are open (which also covers an announcement lost with a connection).

/** At most one read of the board per this many milliseconds, however many orders move. */
const REFRESH_MS = 150;
/** How often the board is read while screens are open, events or not. */
const SWEEP_MS = 5000;

export interface PickupScreenOptions {
  db: Db;
  listener: Listener;
  /** A Ready order stays this long unless it is Done before. */
  readyMinutes: number;
  /** Open streams from one address at most (then 429). */
  maxStreamsPerIp: number;
  heartbeatMs: number;
  /** Bytes a screen may leave unread before its stream is ended (lib/event-stream.ts). */
  maxBufferedBytes?: number;
  log: { error(message: string): void };
}

export type PickupOpenResult = { ok: true; body: PassThrough } | { ok: false; retryAfterSeconds: number };

interface Screen {
  body: PassThrough;
  ip: string;
}

/** What the screen shows of an order: its number and one short first name (a guest's, else the account's). */
const entryOf = (row: PickupRow) => ({
  number: row.number,
  name: firstNameOf(row.guest_name) || firstNameOf(row.first_name) || firstNameOf(row.display_name),
});

const toBoard = (found: readonly PickupRow[]): PickupBoard => ({
  preparing: found.filter((o) => o.status_id === STATUS.preparing).map(entryOf),
  ready: found.filter((o) => o.status_id === STATUS.ready).map(entryOf),
});

const KEEP_ALIVE = ': keep-alive\n\n';

export function createPickupScreen(options: PickupScreenOptions) {
  const { db, listener, log } = options;
  const screens = new Set<Screen>();
  const perIp = new Map<string, number>();
  /** The board as last sent, and its id (a hash of its JSON). */
  let current: { json: string; id: string } | undefined;
  let unsubscribe: (() => Promise<void>) | undefined;
  let sweep: NodeJS.Timeout | undefined;
  let refreshing: Promise<void> | undefined;
  let again = false;
  let lastRead = 0;
  let closing = false;

  const read = async (): Promise<PickupBoard> => toBoard(await loadPickupBoard(db, options.readyMinutes));
  /** The board now as sent: its JSON and its id, the same on every instance for the same board. */
  const snapshot = async () => {
    const json = JSON.stringify(await read());
    return { json, id: createHash('sha256').update(json).digest('base64url').slice(0, 16) };
  };
  const frameOf = (board: { json: string; id: string }) => `id: ${board.id}\nevent: board\ndata: ${board.json}\n\n`;

  /** Reads the board, and sends it to every screen if it changed. One read at a time, at most one per REFRESH_MS. */
  const refresh = () => {
    if (screens.size === 0 || closing) return;
    if (refreshing) {
      again = true;
      return;
    }
    refreshing = (async () => {
      do {
        again = false;
        const wait = lastRead + REFRESH_MS - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        lastRead = Date.now();
        const board = await snapshot();
        if (board.id === current?.id) continue;
        current = board;
        const frame = frameOf(current);
        for (const screen of screens) send(screen, frame);
      } while (again && !closing);
    })()
      .catch((error) => log.error(`pick-up screen: the board could not be read: ${(error as Error).stack ?? error}`))
      .finally(() => {
        refreshing = undefined;
      });
  };

  /** A screen that stopped reading is ended (it reconnects), never left to fill the server's memory. */
  const send = (screen: Screen, chunk: string) => {
    if (!writeEvent(screen.body, chunk, options.maxBufferedBytes)) end(screen);
  };

  const heartbeat = setInterval(() => {
    for (const screen of screens) send(screen, KEEP_ALIVE);
  }, options.heartbeatMs);
  heartbeat.unref();

  /** The first screen open here starts following the orders; the last one closed stops it. */
  const follow = async () => {
    if (unsubscribe) return;
    unsubscribe = await listener.subscribe(ORDER_EVENTS_CHANNEL, refresh, refresh);
    sweep = setInterval(refresh, SWEEP_MS);
    sweep.unref();
  };
  const stopFollowing = () => {
    clearInterval(sweep);
    sweep = undefined;
    const stop = unsubscribe;
    unsubscribe = undefined;
    current = undefined;
    void stop?.().catch((error) => log.error(`pick-up screen: could not stop listening: ${(error as Error).message}`));
  };

  const end = (screen: Screen) => {
    if (!screens.delete(screen)) return;
    const left = (perIp.get(screen.ip) ?? 1) - 1;
    if (left > 0) perIp.set(screen.ip, left);
    else perIp.delete(screen.ip);
    screen.body.end();
    if (screens.size === 0) stopFollowing();
  };

  return {
    /** GET /status: the board now. */
    board: read,

    /**
     * Opens a screen's stream from `ip`: the board at once (unless `lastEventId` is the board it
     * has), then every change. Too many from one address → not ok (429).
     */
    async open(ip: string, lastEventId: string | undefined): Promise<PickupOpenResult> {
      if (closing) return { ok: false, retryAfterSeconds: 1 };
      const count = perIp.get(ip) ?? 0;
      if (count >= options.maxStreamsPerIp) return { ok: false, retryAfterSeconds: Math.ceil(options.heartbeatMs / 1000) };
      perIp.set(ip, count + 1);
      const screen: Screen = { body: new PassThrough(), ip };
      screens.add(screen);
      screen.body.on('close', () => end(screen));
      try {
        await follow();
        current ??= await snapshot();
      } catch (error) {
        end(screen);
        throw error;
      }
      send(screen, `retry: 3000\n: connected\n\n${lastEventId === current.id ? '' : frameOf(current)}`);
      return { ok: true, body: screen.body };
    },

    get size() {
      return screens.size;
    },

    /** Ends every screen's stream (graceful shutdown). */
    async close(): Promise<void> {
      closing = true;
      clearInterval(heartbeat);
      for (const screen of [...screens]) end(screen);
      await refreshing;
    },
  };
}

export type PickupScreen = ReturnType<typeof createPickupScreen>;
