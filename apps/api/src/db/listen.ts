import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Db, NotificationSource } from './client.ts';

// The ONE events listener of an instance (docs/decisions/events-over-listen-notify.md): whatever
// wants to hear about changes made by any instance (live orders, menu changes) subscribes here, and
// a repository announces a change with `notify` inside its transaction. PostgreSQL delivers a NOTIFY
// only once its transaction commits, and not at all when it rolls back, so a listener never hears
// of a change it cannot read yet.
//
// On PostgreSQL one dedicated connection (outside the pool) LISTENs to every subscribed channel. It
// is re-opened with backoff when it breaks, LISTENs again to every channel, and tells subscribers
// that they may have missed something (`onGap`), so they can catch up from the database. A periodic
// self-check (a NOTIFY to itself that must come back in time) notices a connection that died
// silently (a dropped NAT entry, a server that vanished without a FIN). On PGlite the worker's
// in-process listen is used: nothing can break between them.

/** Why a notification may have been missed: the connection was lost and is back. */
export type GapHandler = () => void;

export interface Listener {
  /**
   * Calls `handler` with the payload of every NOTIFY on `channel` from now on (resolves once the
   * channel is listened to, or at once while the connection is being re-opened). `onGap` is called
   * after a reconnection: notifications sent while it was down are lost, read the database again.
   */
  subscribe(channel: string, handler: (payload: string) => void, onGap?: GapHandler): Promise<() => Promise<void>>;
  /** Whether notifications are heard right now (false while PostgreSQL's connection is re-opened). */
  readonly connected: boolean;
  close(): Promise<void>;
}

export interface ListenerOptions {
  /** How often the PostgreSQL connection checks itself (default 10 s). */
  checkEveryMs?: number;
  /** How long the self-check's NOTIFY may take to come back before the connection counts as dead (default 5 s). */
  checkTimeoutMs?: number;
  /** The longest wait between two attempts to reconnect (default 5 s; it starts at 100 ms and doubles). */
  maxBackoffMs?: number;
  /** Console or the app's logger: messages are whole strings. */
  log?: ListenerLog;
}

export interface ListenerLog {
  warn(message: string): void;
  info(message: string): void;
  error(message: string): void;
}

const describe = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

/** A channel name PostgreSQL takes without quoting surprises: lower case letters, digits and _. */
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

function checkChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`Invalid channel name "${channel}": use lower case letters, digits and _`);
}

/**
 * Announces `payload` on `channel` when the transaction `db` belongs to commits (at once outside a
 * transaction). PostgreSQL limits a payload to 8000 bytes: send ids, not documents.
 */
export async function notify(db: Db, channel: string, payload: string): Promise<void> {
  checkChannel(channel);
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

interface Subscription {
  handler: (payload: string) => void;
  onGap?: GapHandler;
}

/** The listener of the database the instance uses. */
export function createListener(database: Pick<Database, 'notifications'>, options: ListenerOptions = {}): Listener {
  return createListenerOn(database.notifications, options);
}

export function createListenerOn(source: NotificationSource, options: ListenerOptions = {}): Listener {
  const log = options.log ?? console;
  const subscriptions = new Map<string, Set<Subscription>>();

  const deliver = (channel: string, payload: string) => {
    for (const subscription of subscriptions.get(channel) ?? []) {
      try {
        subscription.handler(payload);
      } catch (error) {
        // One subscriber's failure must not keep the others from hearing the change.
        log.error(`listener: a handler of "${channel}" failed: ${describe(error)}`);
      }
    }
  };

  const add = (channel: string, subscription: Subscription): boolean => {
    checkChannel(channel);
    let set = subscriptions.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      subscriptions.set(channel, set);
    }
    set.add(subscription);
    return first;
  };

  /** Removes a subscription; true when it was the channel's last one. */
  const remove = (channel: string, subscription: Subscription): boolean => {
    const set = subscriptions.get(channel);
    if (!set?.delete(subscription) || set.size > 0) return false;
    subscriptions.delete(channel);
    return true;
  };

  if (source.kind === 'pglite') {
    const unlistens = new Map<string, Promise<() => Promise<void>>>();
    return {
      connected: true,
      async subscribe(channel, handler, onGap) {
        const subscription = { handler, onGap };
        if (add(channel, subscription)) {
          unlistens.set(
            channel,
            source.listen(channel, (payload) => deliver(channel, payload)),
          );
        }
        await unlistens.get(channel);
        return async () => {
          if (!remove(channel, subscription)) return;
          const unlisten = unlistens.get(channel);
          unlistens.delete(channel);
          await (await unlisten)?.();
        };
      },
      async close() {
        subscriptions.clear();
        const pending = [...unlistens.values()];
        unlistens.clear();
        // The database may already be closing with the app: its end unlistens everything anyway.
        await Promise.allSettled(pending.map(async (unlisten) => (await unlisten)()));
      },
    };
  }
  return postgresListener(source.url, subscriptions, deliver, add, remove, options, log);
}

/** A private channel on which the connection hears itself (the self-check). */
const CHECK_CHANNEL = 'kopi_listener_check';

function postgresListener(
  url: string,
  subscriptions: Map<string, Set<Subscription>>,
  deliver: (channel: string, payload: string) => void,
  add: (channel: string, subscription: Subscription) => boolean,
  remove: (channel: string, subscription: Subscription) => boolean,
  options: ListenerOptions,
  log: ListenerLog,
): Listener {
  const checkEveryMs = options.checkEveryMs ?? 10_000;
  const checkTimeoutMs = options.checkTimeoutMs ?? 5_000;
  const maxBackoffMs = options.maxBackoffMs ?? 5_000;

  let client: pg.Client | undefined;
  /** The channels LISTENed on the current connection. */
  let listening = new Map<string, Promise<unknown>>();
  let opening: Promise<void> | undefined;
  let failures = 0;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  /** Whether a connection was lost since the last one opened: subscribers are told of the gap. */
  let lostOne = false;
  const check: { nonce?: string; timer?: NodeJS.Timeout } = {};

  /** pg takes one query at a time on a connection (queuing more is deprecated): each connection's are chained. */
  const queues = new WeakMap<pg.Client, Promise<unknown>>();
  const run = (c: pg.Client, text: string, values?: unknown[]) => {
    const result = (queues.get(c) ?? Promise.resolve()).then(() => c.query(text, values));
    queues.set(
      c,
      result.catch(() => {}), // the failure is the caller's; the next query still runs
    );
    return result;
  };

  const listenOn = (c: pg.Client, channel: string) => {
    let done = listening.get(channel);
    if (!done) {
      done = run(c, `listen ${c.escapeIdentifier(channel)}`);
      listening.set(channel, done);
    }
    return done;
  };

  /** Drops a connection that failed (or looks dead) and schedules the next one. */
  const lose = (c: pg.Client, why: unknown) => {
    if (c !== client) return;
    client = undefined;
    listening = new Map();
    lostOne = true;
    clearTimeout(check.timer);
    check.nonce = undefined;
    c.removeAllListeners('notification');
    c.on('error', () => {}); // a late error of a dropped connection is expected
    // A connection that died silently may never answer end(): its socket is closed at once.
    (c as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    c.end().catch(() => {});
    if (closed) return;
    log.warn(`listener: the database connection was lost (${why instanceof Error ? why.message : String(why)}); reconnecting`);
    scheduleOpen();
  };

  const scheduleOpen = () => {
    if (closed || retry || opening) return;
    const delay = Math.min(maxBackoffMs, 100 * 2 ** failures) * (0.5 + Math.random() / 2);
    failures += 1;
    retry = setTimeout(() => {
      retry = undefined;
      void open();
    }, delay);
    retry.unref();
  };

  const open = (): Promise<void> => {
    opening ??= (async () => {
      const c = new pg.Client({ connectionString: url, keepAlive: true, application_name: 'kopi-senja listener' });
      c.on('error', (error) => lose(c, error));
      c.on('end', () => lose(c, new Error('the connection ended')));
      c.on('notification', (message) => {
        if (message.channel === CHECK_CHANNEL) {
          if (message.payload === check.nonce) {
            check.nonce = undefined;
            clearTimeout(check.timer);
          }
          return;
        }
        deliver(message.channel, message.payload ?? '');
      });
      try {
        await c.connect();
        if (closed) {
          await c.end();
          return;
        }
        client = c;
        await Promise.all([CHECK_CHANNEL, ...subscriptions.keys()].map((channel) => listenOn(c, channel)));
      } catch (error) {
        if (client === c) lose(c, error);
        else {
          c.on('error', () => {});
          c.end().catch(() => {});
          log.warn(`listener: cannot connect to the database (${(error as Error).message}); retrying`);
        }
        return; // finally schedules the next attempt
      }
      failures = 0;
      if (lostOne) {
        lostOne = false;
        log.info('listener: reconnected to the database');
        for (const set of subscriptions.values()) {
          for (const subscription of set) {
            try {
              subscription.onGap?.();
            } catch (error) {
              log.error(`listener: a gap handler failed: ${describe(error)}`);
            }
          }
        }
      }
    })().finally(() => {
      opening = undefined;
      // Failed without a retry pending (e.g. lost during open): try again.
      if (!client && !closed) scheduleOpen();
    });
    return opening;
  };

  /** The self-check: a NOTIFY to itself must come back within checkTimeoutMs. */
  const selfCheck = () => {
    const c = client;
    if (!c || check.nonce) return;
    const nonce = randomUUID();
    check.nonce = nonce;
    check.timer = setTimeout(() => {
      if (check.nonce === nonce) lose(c, new Error(`no answer to the self-check within ${checkTimeoutMs} ms`));
    }, checkTimeoutMs);
    check.timer.unref();
    run(c, 'select pg_notify($1, $2)', [CHECK_CHANNEL, nonce]).catch((error) => lose(c, error));
  };
  const checker = setInterval(selfCheck, checkEveryMs);
  checker.unref();

  return {
    get connected() {
      return client !== undefined && !opening;
    },
    async subscribe(channel, handler, onGap) {
      if (closed) throw new Error('The listener is closed');
      const subscription = { handler, onGap };
      add(channel, subscription);
      if (!client && !opening && !retry) await open();
      else if (opening) await opening;
      const c = client;
      // While the connection is down the channel is LISTENed when it is back (and onGap follows).
      if (c) await listenOn(c, channel).catch((error) => lose(c, error));
      return async () => {
        if (!remove(channel, subscription)) return;
        const current = client;
        if (current && listening.has(channel)) {
          listening.delete(channel);
          await run(current, `unlisten ${current.escapeIdentifier(channel)}`).catch(() => {});
        }
      };
    },
    async close() {
      closed = true;
      clearInterval(checker);
      clearTimeout(retry);
      clearTimeout(check.timer);
      subscriptions.clear();
      await opening;
      const c = client;
      client = undefined;
      if (!c) return;
      c.removeAllListeners('end');
      c.removeAllListeners('error');
      c.on('error', () => {});
      // A dead server must not hold the shutdown: the socket goes after a second at most.
      const ended = c.end().catch(() => {});
      const timeout = new Promise((resolve) => setTimeout(resolve, 1000).unref());
      await Promise.race([ended, timeout]);
      (c as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    },
  };
}
