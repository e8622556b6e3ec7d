import { serviceBusy } from './errors.ts';
import type { Sayable } from './i18n.ts';

export interface WorkQueueOptions {
  /** Jobs run at once. */
  concurrency: number;
  /** Jobs that may wait for a turn; one more is refused. */
  maxWaiting: number;
  /** What the refusal's Retry-After says, in seconds. */
  retryAfterSeconds: number;
  /** The refusal's message. */
  busyMessage: Sayable;
}

/**
 * Runs heavy jobs (decoding pictures) a few at a time, with a bounded line of waiting jobs: the
 * memory they take is bounded by `concurrency`, and a burst beyond the line is refused at once
 * (503 with Retry-After) instead of piling up in memory.
 */
export function createWorkQueue(options: WorkQueueOptions) {
  let running = 0;
  const waiting: (() => void)[] = [];

  const next = () => {
    running -= 1;
    const start = waiting.shift();
    if (start) {
      running += 1;
      start();
    }
  };

  return {
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (running >= options.concurrency) {
        if (waiting.length >= options.maxWaiting) throw serviceBusy(options.busyMessage, options.retryAfterSeconds);
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running += 1;
      }
      try {
        return await job();
      } finally {
        next();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
export type WorkQueue = ReturnType<typeof createWorkQueue>;
