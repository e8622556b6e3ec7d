import { PassThrough } from 'node:stream';
import { can, EVENT_KIND, type OrderDetail, STATUS } from '@kopi/shared';
import type { Db } from '../../db/client.ts';
import type { Listener } from '../../db/listen.ts';
import { writeEvent } from '../../lib/event-stream.ts';
import type { Session } from '../auth/auth.service.ts';
import { type EventCursor, formatCursor, parseCursor } from './event-cursor.ts';
import { announceNewEvents, type EventRead, latestEventId, latestEvents, ORDER_EVENTS_CHANNEL, readEvents } from './events.repository.ts';
import { loadOrderDetails } from './reads.repository.ts';

export { ORDER_EVENTS_CHANNEL };

// The live order stream, GET /transactions/events (docs/decisions/events-over-listen-notify.md,
// docs/decisions/order-promise.md#event-delivery).
//
// Every move of an order is announced by the database (migration 0013's trigger) on the channel
// "order_events" when its transaction commits, and heard by the instance's one listener. New orders
// are announced in batches by the instance that stored them (`created`, migration 0014): each
// instance then reads the events it has not heard from the table, as after a lost connection. For
// each event this hub loads the order once, writes its frame once, and hands that same string to
// every open stream allowed to see it: the staff's streams see every order, a customer's only their own.
//
// Every committed event reaches every open stream entitled to it exactly once, whatever the delay
// between its id and its commit. Event ids come from a sequence, allocated before their
// transactions commit, so they commit out of order: the hub keeps the ids below the highest one it
// heard that it has not heard yet (`missing`), reads them again with every catch-up, and forgets one
// only when the database's snapshot shows that every transaction that could still commit it has
// ended (it rolled back). Each frame's id is the hub's cursor after it (event-cursor.ts): a stream
// that reconnects with it as Last-Event-ID is sent exactly the events it missed, late ones included.
// A stream opened without one gets only what happens after it opened (the client reads the rest).
// An instance with no stream open follows nothing and reads nothing per order; the first stream to
// open starts it again from the table (`track`).

/** Events read per query while replaying, and at most in all (beyond: the client reloads). */
const REPLAY_PAGE = 500;
const REPLAY_MAX = 5000;
/** Events read per catch-up query (more are read by the next one, at once). */
const CATCH_UP_PAGE = 5000;
/** At start, the ids this far below the newest event are looked at for ones still uncommitted. */
const START_WINDOW = 10_000;
/**
 * New orders are announced at most this often per instance: at 1,000 orders a second, 50
 * notifications instead of 1,000, and a new order reaches the streams within this much more.
 */
export const CREATED_ANNOUNCE_MS = 20;
/** The channel on which the database announces sessions that end (migration 0017). */
const SESSIONS_CHANNEL = 'sessions';

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

/** The events a client already has: its cursor when it opened or resumed, and those a replay sent it. */
interface Had {
  upTo: number;
  missing: Set<number>;
  replayed: Set<number>;
  /** A resumed client may have had more than this hub has heard (it came from another instance): its frames' ids say so. */
  resumed: boolean;
}

const hasHad = (had: Had, id: number) => (id <= had.upTo && !had.missing.has(id)) || had.replayed.has(id);

/**
 * The cursor of what a client holds after an event: what it had before, and what the hub's cursor
 * says. An id it lacks is missing from one of the two cursors (every other id up to `upTo` one of them
 * had), so the work is bounded by their lists of missing ids, never by the distance between them.
 */
function unionOf(had: Had, hub: EventCursor): EventCursor {
  const upTo = Math.max(had.upTo, hub.upTo);
  const hubMissing = new Set(hub.missing);
  const lacks = (id: number) => !hasHad(had, id) && (id > hub.upTo || hubMissing.has(id));
  const candidates = new Set([...had.missing, ...hub.missing]);
  return { upTo, missing: [...candidates].filter(lacks).sort((a, b) => a - b) };
}

/**
 * Who reads a stream: a signed-in person (an admin sees every order, a customer their own), or a
 * guest holding one order's token (that order only). `key` counts their open streams.
 */
export type Viewer = { session: Session } | { orderId: number };

const keyOf = (viewer: Viewer) => ('session' in viewer ? `account:${viewer.session.id}` : `order:${viewer.orderId}`);

interface Stream {
  viewer: Viewer;
  body: PassThrough;
  /** While a Last-Event-ID replay runs, live frames wait here (then those not replayed are sent). */
  waiting?: { id: number; cursor: EventCursor; body: Buffer }[];
  /** What the client had before this hub's frames reached it: those events are skipped. Forgotten once the hub is past them. */
  had?: Had;
  closed: boolean;
}

export type OpenResult = { ok: true; body: PassThrough } | { ok: false; retryAfterSeconds: number };

interface Announced {
  id: number;
  transaction_id: number;
  status_id: number;
  /** EVENT_KIND; an announcement of a former version, without it, was a move. */
  kind?: number;
  user_id: number | null;
}

/** What a stream's client is told an event was: a new order, a move (or an undo), a line ticked. */
const typeOf = (event: Pick<Announced, 'status_id' | 'kind'>) =>
  event.kind === EVENT_KIND.line
    ? 'line'
    : (event.kind ?? EVENT_KIND.move) === EVENT_KIND.move && event.status_id === STATUS.pending
      ? 'created'
      : 'status';

/** One event's frame after its id line, encoded once: the same bytes go to every stream that may see it. */
const frameBody = (event: Pick<Announced, 'id' | 'status_id' | 'kind'>, order: OrderDetail) =>
  Buffer.from(`event: order\ndata: ${JSON.stringify({ type: typeOf(event), event_id: event.id, order })}\n\n`);
/** A frame: its id line (the cursor after its event) and its body. */
const frameOf = (cursor: EventCursor, body: Buffer) => Buffer.concat([Buffer.from(`id: ${formatCursor(cursor)}\n`), body]);

/** Too much was missed to replay: the client reads its orders again (as on a first connection). */
const RELOAD = Buffer.from('event: reload\ndata: {}\n\n');
/** The heartbeat's comment, encoded once. */
const KEEP_ALIVE = Buffer.from(': keep-alive\n\n');

const describe = (error: unknown) => (error as Error).stack ?? String(error);

export function createOrderStream(options: OrderStreamOptions) {
  const { db, listener, sessions, log } = options;
  const streams = new Set<Stream>();
  const perAccount = new Map<string, number>();
  /** The highest event id heard. */
  let highest = 0;
  /**
   * Ids below `highest` not heard yet: their transactions may still commit. Each with the snapshot
   * xmax of the read that first saw it missing (undefined until a read has): once a read's xmin
   * reaches it, every transaction that could hold the id has ended, and a read that did not find it
   * proves it will never come.
   */
  const missing = new Map<number, number | undefined>();
  /** Frames go out in the order their events were heard, while their orders load in parallel. */
  let queue: Promise<void> = Promise.resolve();
  let unsubscribe: (() => Promise<void>)[] = [];
  let closing = false;
  /**
   * Whether the hub follows the events: only while streams are open here (an instance without any
   * reads nothing per order). The first stream to open starts it again from the table (`track`).
   */
  let tracking = false;
  let starting: Promise<void> | undefined;
  /** Streams being opened (waiting for `track`): the hub keeps following until they are open. */
  let opening = 0;

  const mayShow = (viewer: Viewer, customerId: number | null, orderId: number) =>
    'session' in viewer ? can(viewer.session.role, 'kitchen') || customerId === viewer.session.id : orderId === viewer.orderId;
  const cursorNow = (): EventCursor => ({ upTo: highest, missing: [...missing.keys()].sort((a, b) => a - b) });
  /** Every id up to this one is heard or known never to come: no event at or below it is dispatched again. */
  const settled = () => {
    let lowest = highest + 1;
    for (const id of missing.keys()) if (id < lowest) lowest = id;
    return lowest - 1;
  };

  const write = (stream: Stream, chunk: string | Buffer) => {
    if (!stream.closed && !writeEvent(stream.body, chunk)) end(stream);
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
    const key = keyOf(stream.viewer);
    const count = (perAccount.get(key) ?? 1) - 1;
    if (count > 0) perAccount.set(key, count);
    else perAccount.delete(key);
    stream.body.end();
    // The last stream gone: nothing is read until one opens again.
    if (streams.size === 0 && opening === 0) {
      tracking = false;
      missing.clear();
    }
  };

  /**
   * Whether a stream open here may see event's order, of `customer` (an announcement without its
   * customer, null, is read anyway). A loop, not a copy of the set: it runs for every event.
   */
  const anyoneMaySee = (customer: number | null, orderId: number) => {
    for (const stream of streams) if (customer === null || mayShow(stream.viewer, customer, orderId)) return true;
    return false;
  };

  /** Takes event `id` as heard; the ids it jumps over are missing, seen so by a read with `xmax` (if known). */
  const hear = (id: number, xmax: number | undefined): boolean => {
    if (id <= highest) return missing.delete(id);
    for (let skipped = Math.max(highest + 1, id - START_WINDOW); skipped < id; skipped++) missing.set(skipped, xmax);
    highest = id;
    return true;
  };

  /**
   * Sends events not heard before to every stream allowed to see them: their orders loaded in one
   * query, each frame written once with the hub's cursor after its event. Events heard already, and
   * those nobody here may see, are skipped without a read.
   */
  const dispatch = (announced: readonly Announced[], xmax?: number) => {
    const events: (Announced & { cursor: EventCursor })[] = [];
    for (const event of announced) {
      if (!hear(event.id, xmax)) continue;
      if (anyoneMaySee(event.user_id ?? null, event.transaction_id)) events.push({ ...event, cursor: cursorNow() });
    }
    if (events.length === 0) return;
    const loading = loadOrderDetails(db, [...new Set(events.map((event) => event.transaction_id))]);
    queue = queue
      .then(async () => {
        const orders = new Map((await loading).map((order) => [order.id, order]));
        for (const event of events) {
          const order = orders.get(event.transaction_id);
          if (!order) continue; // deleted since (an account's removal): nothing to show
          const body = frameBody(event, order);
          const frame = frameOf(event.cursor, body);
          for (const stream of streams) {
            // One stream's failure costs only that stream (it reconnects and resumes), never the others their event.
            try {
              const { had } = stream;
              if (!mayShow(stream.viewer, order.customer.id, order.id) || (had && hasHad(had, event.id))) continue;
              if (stream.waiting) stream.waiting.push({ id: event.id, cursor: event.cursor, body });
              else write(stream, had?.resumed ? frameOf(unionOf(had, event.cursor), body) : frame);
            } catch (error) {
              log.error(`order stream: event ${event.id} could not be sent to one stream, which is closed: ${describe(error)}`);
              end(stream);
            }
          }
        }
      })
      .catch((error) => log.error(`order stream: events ${events.map((e) => e.id).join(', ')} could not be sent: ${describe(error)}`));
  };

  /**
   * Takes what one read found: the events not heard yet are sent, and the missing ids it proves
   * will never come are forgotten. `asked` are the missing ids the read asked for, with what was
   * known of them then; `above`, the highest id heard when it was asked.
   */
  const settle = (read: EventRead, above: number, asked: Map<number, number | undefined>, complete: boolean) => {
    // Ids missing before the read without a snapshot yet: they were allocated before it, so its xmax bounds their transactions.
    for (const [id, xmax] of asked) if (xmax === undefined && missing.has(id) && missing.get(id) === undefined) missing.set(id, read.xmax);
    dispatch(read.events, read.xmax);
    const found = new Set(read.events.map((e) => e.id));
    const readUpTo = complete ? Number.POSITIVE_INFINITY : read.events.at(-1)!.id;
    for (const [id, xmax] of missing) {
      const looked = asked.has(id) || id > above;
      if (looked && xmax !== undefined && xmax <= read.xmin && id <= readUpTo && !found.has(id)) missing.delete(id);
    }
  };

  const onNotification = (payload: string) => {
    let event: Announced | { catch_up: true; up_to: number };
    try {
      event = JSON.parse(payload) as Announced | { catch_up: true; up_to: number };
    } catch {
      log.warn(`order stream: an announcement that is not JSON was ignored: ${payload.slice(0, 100)}`);
      return;
    }
    if (!tracking) return;
    if ('catch_up' in event) catchUp();
    else dispatch([event]);
  };

  /** A catch-up is running, and whether another one was asked for meanwhile (it runs after it). */
  let catchingUp: Promise<void> | undefined;
  let catchUpAgain = false;
  /**
   * Reads what was committed and not heard yet from the table: when new orders were announced,
   * after the listener lost its connection, and at each heartbeat. One read at a time; those asked
   * for meanwhile make one more.
   */
  const catchUp = () => {
    if (!tracking) return;
    if (catchingUp) {
      catchUpAgain = true;
      return;
    }
    catchingUp = (async () => {
      do {
        catchUpAgain = false;
        const above = highest;
        const asked = new Map(missing);
        const read = await readEvents(db, above, [...asked.keys()], CATCH_UP_PAGE);
        const complete = read.events.length < CATCH_UP_PAGE;
        settle(read, above, asked, complete);
        if (!complete) catchUpAgain = true;
      } while (catchUpAgain && !closing);
    })()
      .catch((error) => log.error(`order stream: catching up failed: ${describe(error)}`))
      .finally(() => {
        catchingUp = undefined;
      });
  };

  /** When new orders were last announced, whether an announcement waits for its turn, and the newest event stored here. */
  let announcedAt = 0;
  let announceTimer: NodeJS.Timeout | undefined;
  let createdUpTo = 0;
  const announce = () =>
    announceNewEvents(db, createdUpTo).catch((error) => log.error(`order stream: new orders could not be announced: ${describe(error)}`));

  /**
   * The events the client of `stream` missed (those its cursor lacks), then what arrived live
   * meanwhile. Each replayed frame's id is the client's cursor with every event read so far added.
   */
  const replay = async (stream: Stream, from: EventCursor) => {
    const had = stream.had!;
    let upTo = from.upTo;
    const stillMissing = new Set(from.missing);
    let last = 0;
    let read = 0;
    for (; read < REPLAY_MAX && !stream.closed; ) {
      const page = await readEvents(
        db,
        Math.max(upTo, last),
        [...stillMissing].filter((id) => id > last),
        REPLAY_PAGE,
      );
      if (page.events.length === 0) break;
      const mine = page.events.filter((e) => mayShow(stream.viewer, e.user_id, e.transaction_id));
      const orders = new Map((await loadOrderDetails(db, [...new Set(mine.map((e) => e.transaction_id))])).map((o) => [o.id, o]));
      for (const event of page.events) {
        had.replayed.add(event.id);
        stillMissing.delete(event.id);
        // The ids jumped over were not committed when read: still missing for this client (those
        // within START_WINDOW, as the hub keeps them: an older one is taken as never to come).
        for (let skipped = Math.max(upTo, last, event.id - START_WINDOW) + 1; skipped < event.id; skipped++) stillMissing.add(skipped);
        upTo = Math.max(upTo, event.id);
        last = event.id;
        const order = orders.get(event.transaction_id);
        if (!order || !mayShow(stream.viewer, order.customer.id, order.id)) continue;
        const cursor = { upTo, missing: [...stillMissing].sort((a, b) => a - b) };
        await writePaced(stream, frameOf(cursor, frameBody(event, order)));
      }
      read += page.events.length;
      if (page.events.length < REPLAY_PAGE) break;
    }
    // More than a replay sends: the client reads its orders again, as on a first connection.
    if (read >= REPLAY_MAX) await writePaced(stream, RELOAD);
    const waiting = stream.waiting ?? [];
    stream.waiting = undefined;
    for (const { id, cursor, body } of waiting) if (!had.replayed.has(id)) write(stream, frameOf(unionOf(had, cursor), body));
  };

  /** What a stream skips is only needed while the hub may still dispatch an event it holds. */
  const forgetHad = (stream: Stream) => {
    const had = stream.had!;
    const past = settled();
    for (const id of had.replayed) if (id <= past) had.replayed.delete(id);
    if (had.upTo <= past && had.replayed.size === 0) stream.had = undefined;
  };

  /** Ends the streams, of those given, whose sessions no longer hold (a logout, a new password, a role changed). */
  let checking = false;
  const checkSessions = (streamsToCheck: Stream[]) => {
    // A guest's stream holds no session: its order's token does not end.
    const open = streamsToCheck.filter((s): s is Stream & { viewer: { session: Session } } => 'session' in s.viewer);
    if (open.length === 0) return Promise.resolve();
    return sessions
      .stillValid(open.map((s) => s.viewer.session))
      .then((valid) => {
        for (const stream of open) if (!valid.has(stream.viewer.session.jti)) end(stream);
      })
      .catch((error) => log.error(`order stream: sessions could not be checked: ${describe(error)}`));
  };

  /** A session ended somewhere (migration 0017's trigger): its streams here are checked at once. */
  const onSessionChange = (payload: string) => {
    let change: { jti?: string; user_id?: number };
    try {
      change = JSON.parse(payload) as { jti?: string; user_id?: number };
    } catch {
      log.warn(`order stream: a session announcement that is not JSON was ignored: ${payload.slice(0, 100)}`);
      return;
    }
    void checkSessions(
      [...streams].filter((s) => 'session' in s.viewer && (s.viewer.session.jti === change.jti || s.viewer.session.id === change.user_id)),
    );
  };

  /**
   * Starts following the events, if the hub is not already: it takes the newest event as heard, with
   * the ids below it (START_WINDOW of them) not committed yet as missing, so that streams opened
   * from now on get what happens from now on. Announcements heard meanwhile were not taken: a
   * catch-up right after reads them.
   */
  const track = () => {
    if (tracking) return Promise.resolve();
    starting ??= (async () => {
      const { latest, ...read } = await latestEvents(db, START_WINDOW);
      missing.clear();
      highest = Math.max(0, latest - START_WINDOW);
      for (const event of read.events) hear(event.id, read.xmax);
      // The ids jumped over stay missing until a read shows their transactions ended (at once when none was running).
      if (read.xmax <= read.xmin) missing.clear();
      tracking = true;
      catchUp();
    })().finally(() => {
      starting = undefined;
    });
    return starting;
  };

  /** The heartbeat: a comment on every stream, a catch-up, and every stream's session checked again. */
  const heartbeat = setInterval(() => {
    for (const stream of streams) {
      write(stream, KEEP_ALIVE);
      if (stream.had && !stream.waiting) forgetHad(stream);
    }
    // An instance that stopped between an order's commit and its announcement: the order is read
    // from the table here at the latest, one heartbeat later; and ids still missing are looked for.
    catchUp();
    // Sessions are announced when they end; this also covers an announcement lost with the listener's connection.
    if (checking || streams.size === 0) return;
    checking = true;
    void checkSessions([...streams]).finally(() => {
      checking = false;
    });
  }, options.heartbeatMs);
  heartbeat.unref();

  return {
    /** Listens for order events and ended sessions (once, at start-up). */
    async start(): Promise<void> {
      unsubscribe = [
        await listener.subscribe(ORDER_EVENTS_CHANNEL, onNotification, catchUp),
        await listener.subscribe(SESSIONS_CHANNEL, onSessionChange, () => void checkSessions([...streams])),
      ];
    },

    /**
     * Opens a stream for a signed-in caller or a guest's one order. `lastEventId` (the Last-Event-ID
     * header, a cursor) first replays what the caller missed. Too many open streams of one account
     * (or of one guest's order) → not ok (429).
     */
    async open(viewer: Viewer, lastEventId: string | undefined): Promise<OpenResult> {
      if (closing) return { ok: false, retryAfterSeconds: 1 };
      const key = keyOf(viewer);
      const count = perAccount.get(key) ?? 0;
      if (count >= options.maxStreamsPerAccount) return { ok: false, retryAfterSeconds: Math.ceil(options.heartbeatMs / 1000) };
      perAccount.set(key, count + 1);
      opening += 1;
      let from = parseCursor(lastEventId);
      let reload = false;
      try {
        await track();
        // A cursor beyond every event stored was not sent by this shop (or names events since
        // removed): nothing it names is looked for; the client reads its orders again and follows from now.
        if (from && from.upTo > highest && from.upTo > (await latestEventId(db))) {
          from = undefined;
          reload = true;
        }
      } catch (error) {
        const left = (perAccount.get(key) ?? 1) - 1;
        if (left > 0) perAccount.set(key, left);
        else perAccount.delete(key);
        throw error;
      } finally {
        opening -= 1;
      }
      // Without a cursor the client has what the hub has heard: it reads the current state itself.
      const start = from ?? cursorNow();
      const body = new PassThrough();
      const stream: Stream = {
        viewer,
        body,
        closed: false,
        waiting: from ? [] : undefined,
        had: { upTo: start.upTo, missing: new Set(start.missing), replayed: new Set(), resumed: from !== undefined },
      };
      streams.add(stream);
      // A client that goes away closes its response; the stream is forgotten with it.
      body.on('close', () => end(stream));
      // The browser reconnects after 3 s when the stream drops; the comment makes the answer start at
      // once, and a new stream's id is where it starts, so that a reconnect at once misses nothing.
      write(stream, `retry: 3000\n${from ? '' : `id: ${formatCursor(start)}\n`}: connected\n\n`);
      if (reload) write(stream, RELOAD);
      if (from) {
        replay(stream, from).catch((error) => {
          log.error(`order stream: replay failed: ${describe(error)}`);
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
      for (const stop of unsubscribe) await stop().catch(() => {});
    },
  };
}

export type OrderStream = ReturnType<typeof createOrderStream>;
