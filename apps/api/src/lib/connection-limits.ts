import { readFileSync } from 'node:fs';

/** The process's open-file limit (soft), when the system tells it (Linux); undefined elsewhere. */
export function openFileLimit(): number | undefined {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft && /^\d+$/.test(soft) ? Number(soft) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The connections the server keeps open at most: the configured cap, and never so many that the
 * database's connections, the log and the pictures' files find no descriptor left (256 are kept).
 */
export function connectionCap(configured: number, fileLimit = openFileLimit()): number {
  return fileLimit === undefined ? configured : Math.max(10, Math.min(configured, fileLimit - 256));
}

/**
 * Node's timers for a request that does not arrive: the whole request within `timeoutSeconds`
 * (else 408 and the connection is closed), the headers within the same time at most, checked often
 * enough that the answer comes close to the time.
 */
export function requestTimeouts(timeoutSeconds: number) {
  const ms = timeoutSeconds * 1000;
  return {
    requestTimeout: ms,
    http: {
      headersTimeout: Math.min(ms, 60_000),
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(ms / 4))),
    },
  };
}
