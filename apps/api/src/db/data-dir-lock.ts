import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

/** The embedded database's folder is used by another live process (a server, a backup). */
export class DatabaseBusy extends Error {}

/** Who holds the folder: enough to tell, later, whether that very process still runs. */
interface Holder {
  pid: number;
  host: string;
  /** Linux: the boot the process ran in and its start time in that boot; a reused pid has another. */
  boot?: string;
  start?: string;
  /** The holder is shutting down: a newcomer waits for it instead of giving up. */
  draining?: boolean;
}

export interface LockOptions {
  /** How often the holder says it is alive (the file's time), for a newcomer on another host. */
  heartbeatMs?: number;
  /** A lock from another host whose file has not been touched for this long is abandoned. */
  staleMs?: number;
  /** How long a newcomer waits for a holder that is shutting down. */
  drainWaitMs?: number;
}

export interface DataDirLock {
  /** Tells newcomers this process is shutting down, so that an overlapping restart waits for it. */
  draining(): Promise<void>;
  release(): Promise<void>;
}

const LOCK_FILE = 'kopi-senja.pid';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const readText = (file: string) => {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
};

/** The boot id and start time of a process (Linux), undefined where the system does not tell. */
function identityOf(pid: number): { boot?: string; start?: string } {
  const stat = readText(`/proc/${pid}/stat`);
  // The command name (field 2) may hold spaces and parentheses: count fields after the last ')'.
  const start = stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  return { boot: readText('/proc/sys/kernel/random/boot_id'), start };
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
};

function parseHolder(text: string): Holder | undefined {
  // The lock file of earlier versions held the pid alone.
  if (/^\d+$/.test(text.trim())) return { pid: Number(text.trim()), host: hostname() };
  try {
    const value = JSON.parse(text) as Holder;
    return Number.isInteger(value.pid) && value.pid > 0 && typeof value.host === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Is the process that wrote `holder` still running, on this machine? A dead pid, or a pid now used
 * by another process (another start time, another boot, or, for an old file, not a Node process),
 * is not: its lock is left over from a crash or a kill -9.
 */
function holderRunsHere(holder: Holder): boolean {
  if (holder.pid === process.pid || !isAlive(holder.pid)) return false;
  const now = identityOf(holder.pid);
  if (holder.start !== undefined && now.start !== undefined) {
    return holder.start === now.start && (holder.boot === undefined || holder.boot === now.boot);
  }
  // A file of the old form: the pid alone. Kopi Senja runs in Node; any other program reused the pid.
  const command = readText(`/proc/${holder.pid}/cmdline`);
  return command === undefined || /node/i.test(command);
}

/**
 * One process at a time on an embedded database (docs/decisions/embedded-pglite-default.md): PGlite
 * keeps no lock of its own, and a second process (a second server, an overlapping restart, a backup
 * while the server runs) would write the same pages and ids and corrupt the folder. The lock is a
 * file naming the holder (pid, host, start time) that the holder touches every few seconds:
 *
 * - a live holder on this host: refused at once (DatabaseBusy, exit non-zero), unless it is shutting
 *   down, then waited for;
 * - a dead holder, or a pid reused by another program: taken over at once;
 * - a holder on another host (a shared folder, or a container restarted under a new host name): its
 *   pid cannot be checked there, so it is taken over once its file has not been touched for
 *   `staleMs`, and refused if it is touched meanwhile.
 *
 * Taking the lock happens under a short-lived guard file, so that two processes starting together
 * cannot both judge a stale lock and both take it.
 */
export async function lockDataDir(dataDir: string, options: LockOptions = {}): Promise<DataDirLock> {
  const heartbeatMs = options.heartbeatMs ?? 5_000;
  const staleMs = options.staleMs ?? 3 * heartbeatMs;
  const drainWaitMs = options.drainWaitMs ?? 15_000;
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const me: Holder = { pid: process.pid, host: hostname(), ...identityOf(process.pid) };
  const write = async (holder: Holder) => {
    // Written whole, then renamed: a reader never sees half a file.
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify(holder));
    await rename(temp, file);
  };
  const busy = (holder: Holder) =>
    new DatabaseBusy(
      `The embedded database in ${dataDir} is in use by process ${holder.pid}` +
        `${holder.host === me.host ? '' : ` on ${holder.host}`}: stop it first (one process at a time).`,
    );

  const started = Date.now();
  let foreign: { key: string; since: number } | undefined;
  for (;;) {
    const verdict = await underGuard(file, async () => {
      const text = await readFile(file, 'utf8').catch((error: { code?: string }) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      const holder = text === undefined ? undefined : parseHolder(text);
      if (!holder) {
        await write(me);
        return 'taken' as const;
      }
      if (holder.host === me.host) {
        if (!holderRunsHere(holder)) {
          await write(me);
          return 'taken' as const;
        }
        return holder.draining && Date.now() - started < drainWaitMs ? ('wait' as const) : busy(holder);
      }
      // Another host: only the file's time says whether its holder lives.
      const touched = (await stat(file)).mtimeMs;
      if (Date.now() - touched > staleMs) {
        await write(me);
        return 'taken' as const;
      }
      const key = `${text}@${touched}`;
      if (foreign === undefined) foreign = { key, since: Date.now() };
      else if (foreign.key !== key) return busy(holder); // it touched its file: it is alive
      return Date.now() - foreign.since <= staleMs + heartbeatMs ? ('wait' as const) : busy(holder);
    });
    if (verdict === 'taken') break;
    if (verdict instanceof DatabaseBusy) throw verdict;
    await sleep(100);
  }

  const heartbeat = setInterval(() => {
    const now = new Date();
    utimes(file, now, now).catch(() => {});
  }, heartbeatMs);
  heartbeat.unref();
  const stillMine = async () => {
    const holder = parseHolder(await readFile(file, 'utf8').catch(() => ''));
    return holder?.pid === me.pid && holder.start === me.start && holder.host === me.host;
  };
  return {
    async draining() {
      await underGuard(file, async () => {
        if (await stillMine()) await write({ ...me, draining: true });
      });
    },
    async release() {
      clearInterval(heartbeat);
      await underGuard(file, async () => {
        if (await stillMine()) await rm(file, { force: true });
      }).catch((error: { code?: string }) => {
        // The folder itself is gone (removed with the database): there is nothing left to unlock.
        if (error.code !== 'ENOENT') throw error;
      });
    },
  };
}

/**
 * Runs `work` while holding `<file>.guard` (created exclusively). A guard left by a process killed in
 * those few milliseconds is removed after 10 s.
 */
async function underGuard<T>(file: string, work: () => Promise<T>): Promise<T> {
  const guard = `${file}.guard`;
  for (let tries = 0; ; tries++) {
    try {
      await writeFile(guard, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
      const age = await stat(guard).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > 10_000 || tries > 300) await rm(guard, { force: true });
      else await sleep(20 + Math.random() * 30);
    }
  }
  try {
    return await work();
  } finally {
    await rm(guard, { force: true });
  }
}
