import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface OwnShop {
  baseURL: string;
  /** Everything the server wrote to its log so far. */
  log: () => string;
  stop: () => Promise<void>;
}

/**
 * A second production server (the build `npm start` runs), for tests that need settings the shared
 * one does not have: a mail server, an OpenID provider. It listens on a free port the system picks
 * (PORT=0), on an empty database of its own, and says which port in its log.
 */
export async function startOwnShop(
  env: Record<string, string>,
  /**
   * A folder and a port of the caller's, kept when the shop stops: the same shop can start again
   * with other settings (hours changed meanwhile). The caller removes the folder.
   */
  place?: { dataDir: string; port: number },
): Promise<OwnShop> {
  const dataDir = place?.dataDir ?? mkdtempSync(join(tmpdir(), 'kopi-e2e-own-'));
  const child: ChildProcess = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(place?.port ?? 0),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });

  const baseURL = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the shop did not start within 60 s:\n${output}`)), 60_000);
    const look = () => {
      const address = output.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/)?.[1];
      if (!address) return;
      clearTimeout(timer);
      child.stdout!.off('data', look);
      resolve(address);
    };
    child.stdout!.on('data', look);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the shop exited (${code}) before listening:\n${output}`));
    });
  });

  return {
    baseURL,
    log: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!place) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
