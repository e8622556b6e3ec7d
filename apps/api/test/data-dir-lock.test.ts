import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { API_BASE } from '@kopi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseBusy, lockDataDir } from '../src/db/data-dir-lock.ts';
import { onPostgres } from './helpers.ts';
import { exitWithin, type ServerProcess, startServer } from './server-process.ts';

// Two processes on one embedded data folder corrupted it (docs/decisions/hardening.md): the folder is locked to one.

let dir: string;
const started: ServerProcess[] = [];
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kopi-lock-'));
});
afterAll(async () => {
  for (const server of started) server.child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

const LOCK = 'kopi-senja.pid';
const start = async (dataDir: string) => {
  const server = await startServer({ DATA_DIR: dataDir });
  started.push(server);
  return server;
};
const ready = (server: ServerProcess) =>
  fetch(`http://127.0.0.1:${server.port}/ready`).then(
    (r) => r.status,
    () => 0,
  );

/** A program that is not Kopi Senja, alive for a minute. */
function otherProgram(command = 'sleep', args = ['60']) {
  const child = spawn(command, args, { stdio: 'ignore' });
  return { pid: child.pid!, stop: () => child.kill('SIGKILL') };
}

describe.skipIf(onPostgres)('two servers on one DATA_DIR', () => {
  it('the second exits non-zero at once, naming the holder; the first goes on serving', async () => {
    const folder = path.join(dir, 'two');
    const first = await start(folder);
    expect(first.port, first.output()).toBeGreaterThan(0);
    const second = await start(folder);
    expect(await exitWithin(second, 30_000)).toBe(1);
    expect(second.output()).toContain(`The embedded database in ${folder} is in use by process ${first.pid}`);
    expect(second.port).toBe(0);
    expect(await ready(first)).toBe(200);

    // Killed (kill -9): the lock it leaves is recovered by the next start.
    first.child.kill('SIGKILL');
    await first.exited;
    expect(JSON.parse(await readFile(path.join(folder, LOCK), 'utf8'))).toMatchObject({ pid: first.pid, host: os.hostname() });
    const third = await start(folder);
    expect(third.port, third.output()).toBeGreaterThan(0);
    expect(await ready(third)).toBe(200);
    third.child.kill('SIGTERM');
    expect(await exitWithin(third, 20_000)).toBe(0);
  }, 180_000);

  it('two started together: exactly one opens, the other exits 1', async () => {
    const folder = path.join(dir, 'together');
    const [a, b] = await Promise.all([start(folder), start(folder)]);
    const opened = [a, b].filter((s) => s.port > 0);
    expect(opened, a.output() + b.output()).toHaveLength(1);
    const refused = [a, b].find((s) => s.port === 0)!;
    expect(await exitWithin(refused, 30_000)).toBe(1);
    expect(refused.output()).toContain(`is in use by process ${opened[0]!.pid}`);
    opened[0]!.child.kill('SIGTERM');
    expect(await exitWithin(opened[0]!, 20_000)).toBe(0);
  }, 180_000);

  it('an overlapping restart (the old process still draining) waits for it, then opens', async () => {
    const folder = path.join(dir, 'restart');
    const old = await start(folder);
    expect(old.port, old.output()).toBeGreaterThan(0);
    // A request still arriving keeps the old process draining for a while after SIGTERM.
    const socket = connect(old.port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.on('error', () => {});
    socket.write(`POST ${API_BASE}/auth HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`);
    await new Promise((r) => setTimeout(r, 200));
    old.child.kill('SIGTERM');
    let oldExitedAt = 0;
    void old.exited.then(() => {
      oldExitedAt = Date.now();
    });
    const next = await start(folder);
    const openedAt = Date.now();
    socket.destroy();
    expect(next.port, next.output()).toBeGreaterThan(0);
    expect(oldExitedAt).toBeGreaterThan(0);
    expect(oldExitedAt).toBeLessThanOrEqual(openedAt);
    expect(await ready(next)).toBe(200);
    next.child.kill('SIGTERM');
    expect(await exitWithin(next, 20_000)).toBe(0);
  }, 180_000);
});

describe.skipIf(onPostgres)('a lock left behind', () => {
  const startTimeOf = (pid: number) => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  };

  it('whose pid now belongs to another program is taken over (in the old form, the pid alone, and in the new)', async () => {
    const other = otherProgram();
    try {
      for (const content of [
        String(other.pid),
        JSON.stringify({ pid: other.pid, host: os.hostname(), boot: 'x', start: '12345' }),
        JSON.stringify({ pid: other.pid, host: os.hostname(), start: '1' }),
      ]) {
        const folder = await mkdtemp(path.join(dir, 'reused-'));
        await writeFile(path.join(folder, LOCK), content);
        const lock = await lockDataDir(folder);
        expect(JSON.parse(await readFile(path.join(folder, LOCK), 'utf8')).pid).toBe(process.pid);
        await lock.release();
      }
    } finally {
      other.stop();
    }
  });

  it('held by a live Node process here is refused, naming it', async () => {
    const holder = otherProgram(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      await new Promise((r) => setTimeout(r, 200));
      for (const content of [
        String(holder.pid),
        JSON.stringify({ pid: holder.pid, host: os.hostname(), start: startTimeOf(holder.pid) }),
      ]) {
        const folder = await mkdtemp(path.join(dir, 'live-'));
        await writeFile(path.join(folder, LOCK), content);
        await expect(lockDataDir(folder)).rejects.toThrow(
          new DatabaseBusy(`The embedded database in ${folder} is in use by process ${holder.pid}: stop it first (one process at a time).`),
        );
      }
    } finally {
      holder.stop();
    }
  });

  it('written on another host: taken over once its file is no longer touched, refused while it is', async () => {
    const foreign = JSON.stringify({ pid: 4242, host: 'another-host.example', start: '99' });
    // Not touched for a minute: taken at once.
    const old = await mkdtemp(path.join(dir, 'host-old-'));
    await writeFile(path.join(old, LOCK), foreign);
    const minuteAgo = new Date(Date.now() - 60_000);
    await utimes(path.join(old, LOCK), minuteAgo, minuteAgo);
    const startedAt = Date.now();
    await (await lockDataDir(old)).release();
    expect(Date.now() - startedAt).toBeLessThan(2_000);

    // Just written, then silent (its host is gone): taken after the stale time.
    const fresh = await mkdtemp(path.join(dir, 'host-fresh-'));
    await writeFile(path.join(fresh, LOCK), foreign);
    const waitedFrom = Date.now();
    const lock = await lockDataDir(fresh, { heartbeatMs: 200, staleMs: 800 });
    expect(Date.now() - waitedFrom).toBeGreaterThanOrEqual(700);
    await lock.release();

    // Touched again and again (its holder lives): refused, naming the host.
    const alive = await mkdtemp(path.join(dir, 'host-alive-'));
    await writeFile(path.join(alive, LOCK), foreign);
    const touching = setInterval(() => {
      const now = new Date();
      void utimes(path.join(alive, LOCK), now, now).catch(() => {});
    }, 100);
    try {
      await expect(lockDataDir(alive, { heartbeatMs: 200, staleMs: 800 })).rejects.toThrow(
        /in use by process 4242 on another-host\.example/,
      );
    } finally {
      clearInterval(touching);
    }
  });
});
