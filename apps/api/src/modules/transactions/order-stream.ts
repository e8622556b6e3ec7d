import { PassThrough } from 'node:stream';
import { type OrderDetail, ROLES, STATUS } from '@kopi/shared';
import type { Db } from '../../db/client.ts';
import type { Listener } from '../../db/listen.ts';
import type { Session } from '../auth/auth.service.ts';
import {
  announceNewEvents,
  type EventRef,
  eventsAfter,
  latestEventId,
  loadOrderDetails,
  ORDER_EVENTS_CHANNEL,
} from './transactions.repository.ts';

// The live order stream, GET /transactions/events (docs/decisions/events-over-listen-notify.md).
//
// Every move of an order is announced by the database (migration 0013's trigger) on the channel
// "order_events" when its transaction commits, and heard by the instance's one listener. New orders
// are announced in batches by the instance that stored them (`created`, migration 0014): each
// instance then reads the events it has not seen from the table, as after a lost connection. For each
// event this hub loads the order once, writes its frame once, and hands that same string to every
// open stream allowed to see it: an admin's streams see every order, a customer's only their own.
//
// A stream that reconnects with Last-Event-ID first gets the later events it may see, read from
// order_events (kept for good, so at least the 24 hours promised), then live ones. Event ids come
// from a sequence and two transactions may commit out of id order, so the replay starts a few ids
// early (REPLAY_OVERLAP): a client may see an event twice and applies each idempotently (by id,
// and the order it carries is the order as it is now).

/** How many ids before Last-Event-ID a replay starts (events committed out of id order). */
export const REPLAY_OVERLAP = 100;
/** Events read per query while replaying, and at most in all (older ones: reload the list). */
const REPLAY_PAGE = 500;
const REPLAY_MAX = 5000;
/**
 * New orders are announced at most this often per instance: at 1,000 orders a second, 50
 * notifications instead of 1,000, and a new order reaches the streams within this much more.
 */
export const CREATED_ANNOUNCE_MS = 20;
/** Bytes a stream may have waiting unsent before it counts as stuck and is closed (it reconnects). */
const MAX_BUFFERED = 1_048_576;
/** Ids of events already delivered, kept to skip one heard twice (a replay after a lost connection). */
const DELIVERED_KEPT = 10_000;

export interface StreamSessions {
  /** The jtis of the sessions that still hold with the same role. */
  stillValid(sessions: readonly Session[]): Promise<Set<string>>;
}

export interface OrderStreamOptions {
  db: Db;
  listener: Listener;
  sessions: StreamSessions;
  heartbeatMs: number;
  maxStreamsPerAccount: number;
  log: { warn(message: string): void; error(message: string): void };
}

interface Stream {
  session: Session;
  body: PassThrough;
  /** While a Last-Event-ID replay runs, live frames wait here (then those not replayed are sent). */
  waiting?: { id: number; frame: Buffer }[];
  /**
   * The events a replay sent: a catch-up running meanwhile or later may dispatch the same ones,
   * which this stream then skips. Forgotten once a catch-up can no longer read them (see heartbeat).
   */
  replayed?: Set<number>;
  closed: boolean;
}

export type OpenResult = { ok: true; body: PassThrough } | { ok: false; retryAfterSeconds: number };

interface Announced {
  id: number;
  transaction_id: number;
  status_id: number;
  user_id: number | null;
}

/** One event's frame, encoded once: the same bytes go to every stream that may see it. */
const frameOf = (eventId: number, statusId: number, order: OrderDetail) =>
  Buffer.from(
    `id: ${eventId}\nevent: order\ndata: ${JSON.stringify({ type: statusId === STATUS.pending ? 'created' : 'status', order })}\n\n`,
  );
/** The heartbeat's comment, encoded once. */
const KEEP_ALIVE = Buffer.from(': keep-alive\n\n');

export function createOrderStream(options: OrderStreamOptions) {
  const { db, listener, sessions, log } = options;
  const streams = new Set<Stream>();
  const perAccount = new Map<number, number>();
  const delivered = new Set<number>();
  /** The highest event id delivered: a catch-up after a lost connection reads from a little before it. */
  let highest = 0;
  /** Frames go out in the order their events were heard, while their orders load in parallel. */
  let queue: Promise<void> = Promise.resolve();
  let unsubscribe: (() => Promise<void>) | undefined;
  let closing = false;

  const mayShow = (session: Session, customerId: number | null) => session.role === ROLES.admin || customerId === session.id;

  const write = (stream: Stream, chunk: string | Buffer) => {
    if (stream.closed) return;
    stream.body.write(chunk);
    // A client that stopped reading must not hold an ever-growing buffer: it reconnects and resumes.
    if (stream.body.writableLength > MAX_BUFFERED) end(stream);
  };

  /** A replay writes as fast as the client reads: it waits whenever the stream's buffer is full. */
  const writePaced = async (stream: Stream, chunk: Buffer) => {
    if (stream.closed || stream.body.write(chunk)) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        stream.body.off('drain', done);
        stream.body.off('close', done);
        resolve();
      };
      stream.body.once('drain', done);
      stream.body.once('close', done);
    });
  };

  const end = (stream: Stream) => {
    if (stream.closed) return;
    stream.closed = true;
    streams.delete(stream);
    const count = (perAccount.get(stream.session.id) ?? 1) - 1;
    if (count > 0) perAccount.set(stream.session.id, count);
    else perAccount.delete(stream.session.id);
    stream.body.end();
  };

  const remember = (id: number) => {
    delivered.add(id);
    if (delivered.size > DELIVERED_KEPT) delivered.delete(delivered.values().next().value!);
    if (id > highest) highest = id;
  };

  /**
   * Whether a stream open here may see an order of `customer` (an announcement without its
   * customer, null, is read anyway). A loop, not a copy of the set: it runs for every event.
   */
  const anyoneMaySee = (customer: number | null) => {
    for (const stream of streams) if (customer === null || mayShow(stream.session, customer)) return true;
    return false;
  };

  /**
   * Sends events to every stream allowed to see them: their orders loaded in one query, each frame
   * written once. Events already delivered, and those nobody here may see, are skipped without a read.
   */
  const dispatch = (...announced: Announced[]) => {
    const events = announced.filter((event) => {
      if (delivered.has(event.id)) return false;
      remember(event.id);
      return anyoneMaySee(event.user_id ?? null);
    });
    if (events.length === 0) return;
    const loading = loadOrderDetails(db, [...new Set(events.map((event) => event.transaction_id))]);
    queue = queue
      .then(async () => {
        const orders = new Map((await loading).map((order) => [order.id, order]));
        for (const event of events) {
          const order = orders.get(event.transaction_id);
          if (!order) continue; // deleted since (an account's removal): nothing to show
          const frame = frameOf(event.id, event.status_id, order);
          for (const stream of streams) {
            if (!mayShow(stream.session, order.customer.id) || stream.replayed?.has(event.id)) continue;
            if (stream.waiting) stream.waiting.push({ id: event.id, frame });
            else write(stream, frame);
          }
        }
      })
      .catch((error) =>
        log.error(`order stream: events ${events.map((e) => e.id).join(', ')} could not be sent: ${(error as Error).stack ?? error}`),
      );
  };

  const onNotification = (payload: string) => {
    let event: Announced | { catch_up: true; up_to: number };
    try {
      event = JSON.parse(payload) as Announced | { catch_up: true; up_to: number };
    } catch {
      log.warn(`order stream: an announcement that is not JSON was ignored: ${payload.slice(0, 100)}`);
      return;
    }
    if (!('catch_up' in event)) dispatch(event);
    // With no stream open there is nothing to send: only where a later catch-up starts moves on.
    else if (streams.size === 0) highest = Math.max(highest, Number(event.up_to) || 0);
    else catchUp();
  };

  /** A catch-up is running, and whether another one was asked for meanwhile (it runs after it). */
  let catchingUp: Promise<void> | undefined;
  let catchUpAgain = false;
  /**
   * Reads what was committed and not yet heard from the table: after the listener lost its
   * connection, and when new orders were announced. One read at a time; those asked for meanwhile
   * make one more.
   */
  const catchUp = () => {
    if (catchingUp) {
      catchUpAgain = true;
      return;
    }
    catchingUp = (async () => {
      do {
        catchUpAgain = false;
        dispatch(...(await eventsAfter(db, Math.max(0, highest - REPLAY_OVERLAP), undefined, REPLAY_MAX)));
      } while (catchUpAgain && !closing);
    })()
      .catch((error) => log.error(`order stream: catching up failed: ${(error as Error).stack ?? error}`))
      .finally(() => {
        catchingUp = undefined;
      });
  };

  /** When new orders were last announced, whether an announcement waits for its turn, and the newest event stored here. */
  let announcedAt = 0;
  let announceTimer: NodeJS.Timeout | undefined;
  let createdUpTo = 0;
  const announce = () =>
    announceNewEvents(db, createdUpTo).catch((error) =>
      log.error(`order stream: new orders could not be announced: ${(error as Error).stack ?? error}`),
    );

  /** The events after `lastEventId` this stream may see, then what arrived live meanwhile. */
  const replay = async (stream: Stream, lastEventId: number) => {
    const customer = stream.session.role === ROLES.admin ? undefined : stream.session.id;
    const sent = new Set<number>();
    stream.replayed = sent;
    let after = Math.max(0, lastEventId - REPLAY_OVERLAP);
    for (let read = 0; read < REPLAY_MAX && !stream.closed; read += REPLAY_PAGE) {
      const events: EventRef[] = await eventsAfter(db, after, customer, REPLAY_PAGE);
      if (events.length === 0) break;
      const orders = new Map((await loadOrderDetails(db, [...new Set(events.map((e) => e.transaction_id))])).map((o) => [o.id, o]));
      for (const event of events) {
        const order = orders.get(event.transaction_id);
        if (order) await writePaced(stream, frameOf(event.id, event.status_id, order));
        sent.add(event.id);
      }
      after = events.at(-1)!.id;
      if (events.length < REPLAY_PAGE) break;
    }
    const waiting = stream.waiting ?? [];
    stream.waiting = undefined;
    for (const { id, frame } of waiting) if (!sent.has(id)) write(stream, frame);
  };

  /** A catch-up reads from REPLAY_OVERLAP ids before the highest one heard: older replayed ids can go. */
  const forgetReplayed = (stream: Stream) => {
    const replayed = stream.replayed!;
    for (const id of replayed) if (id <= highest - REPLAY_OVERLAP) replayed.delete(id);
    if (replayed.size === 0) stream.replayed = undefined;
  };

  let checking = false;
  /** The heartbeat: a comment on every stream, and every stream's session checked again. */
  const heartbeat = setInterval(() => {
    for (const stream of streams) {
      write(stream, KEEP_ALIVE);
      if (stream.replayed && !stream.waiting) forgetReplayed(stream);
    }
    if (streams.size === 0) return;
    // An instance that stopped between an order's commit and its announcement: the order is read
    // from the table here at the latest, one heartbeat later.
    catchUp();
    if (checking) return;
    checking = true;
    const open = [...streams];
    sessions
      .stillValid(open.map((s) => s.session))
      .then((valid) => {
        for (const stream of open) if (!valid.has(stream.session.jti)) end(stream);
      })
      .catch((error) => log.error(`order stream: sessions could not be checked: ${(error as Error).stack ?? error}`))
      .finally(() => {
        checking = false;
      });
  }, options.heartbeatMs);
  heartbeat.unref();

  return {
    /** Listens for order events (once, at start-up). */
    async start(): Promise<void> {
      // A catch-up after a lost connection starts from what existed at start-up, never from the first order.
      highest = await latestEventId(db);
      unsubscribe = await listener.subscribe(ORDER_EVENTS_CHANNEL, onNotification, catchUp);
    },

    /**
     * Opens a stream for a signed-in caller. `lastEventId` (the Last-Event-ID header) first replays
     * what the caller missed. Too many open streams of one account → not ok (429).
     */
    open(session: Session, lastEventId: number | undefined): OpenResult {
      if (closing) return { ok: false, retryAfterSeconds: 1 };
      const count = perAccount.get(session.id) ?? 0;
      if (count >= options.maxStreamsPerAccount) return { ok: false, retryAfterSeconds: Math.ceil(options.heartbeatMs / 1000) };
      perAccount.set(session.id, count + 1);
      const body = new PassThrough();
      const stream: Stream = { session, body, closed: false, waiting: lastEventId === undefined ? undefined : [] };
      streams.add(stream);
      // A client that goes away closes its response; the stream is forgotten with it.
      body.on('close', () => end(stream));
      // The browser reconnects after 3 s when the stream drops; the comment makes the answer start at once.
      write(stream, 'retry: 3000\n: connected\n\n');
      if (lastEventId !== undefined) {
        replay(stream, lastEventId).catch((error) => {
          log.error(`order stream: replay failed: ${(error as Error).stack ?? error}`);
          end(stream); // the client reconnects with its Last-Event-ID and tries again
        });
      }
      return { ok: true, body };
    },

    /**
     * Orders were stored through this instance (committed): every instance's streams get them. The
     * first after a quiet spell is announced before the caller answers, so a customer who placed
     * an order finds it on the board; under load, those of the next CREATED_ANNOUNCE_MS go in one
     * announcement, which no order waits for.
     */
    async created(eventId: number): Promise<void> {
      createdUpTo = Math.max(createdUpTo, eventId);
      if (announceTimer) return;
      const now = Date.now();
      if (now - announcedAt >= CREATED_ANNOUNCE_MS) {
        announcedAt = now;
        await announce();
        return;
      }
      announceTimer = setTimeout(
        () => {
          announceTimer = undefined;
          announcedAt = Date.now();
          void announce();
        },
        CREATED_ANNOUNCE_MS - (now - announcedAt),
      );
      announceTimer.unref();
    },

    get size() {
      return streams.size;
    },

    /** Ends every open stream (graceful shutdown) and stops listening. */
    async close(): Promise<void> {
      closing = true;
      clearInterval(heartbeat);
      // Orders stored in the last few milliseconds are announced before the database closes.
      if (announceTimer) {
        clearTimeout(announceTimer);
        announceTimer = undefined;
        await announce();
      }
      for (const stream of [...streams]) end(stream);
      await unsubscribe?.().catch(() => {});
    },
  };
}

export type OrderStream = ReturnType<typeof createOrderStream>;
