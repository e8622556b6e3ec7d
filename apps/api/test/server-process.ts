import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

/** A server started as `npm start` runs it (`src/server.ts` in a process of its own), on a free port. */
export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  /** Set once the server said it is open. */
  port: number;
  /** What it wrote so far, standard output and error together. */
  output(): string;
  /** Its exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

const API_DIR = path.resolve(import.meta.dirname, '..');

/**
 * Spawns the server and waits (bounded) until it logs that it is open, or exits. `env` is added to
 * this process's environment; the port is 0 (any free one) unless given.
 */
export async function startServer(env: Record<string, string>, waitMs = 90_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (d) => {
    text += d;
  });
  child.stderr!.on('data', (d) => {
    text += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server: ServerProcess = { child, pid: child.pid!, port: 0, output: () => text, exited };
  const deadline = Date.now() + waitMs;
  let done = false;
  void exited.then(() => {
    done = true;
  });
  while (!done && Date.now() < deadline) {
    const open = /is open on http:\/\/localhost:(\d+)/.exec(text);
    if (open) {
      server.port = Number(open[1]);
      return server;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return server;
}

/** Waits (bounded) for the process to end; answers its exit code, or 'running' after `ms`. */
export function exitWithin(server: ServerProcess, ms: number): Promise<number | null | 'running'> {
  return Promise.race([server.exited, new Promise<'running'>((r) => setTimeout(() => r('running'), ms))]);
}
