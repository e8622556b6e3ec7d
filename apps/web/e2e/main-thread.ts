import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM, launchFlags, median } from './lighthouse';

// The page's main thread as a phone runs it, beside Lighthouse's figures (`npm run lighthouse`,
// docs/benchmarks.md#first-visit). Lighthouse's blocking time is wall time: on a 2-core machine its
// tasks also count the moments the main thread waited for a core the browser's other processes held,
// and Lighthouse drives the page through DevTools, whose Runtime domain makes V8 record a detailed
// stack, line numbers and all, for every Error made while it is attached (React DOM, the runtime
// before Preact, made its sentinel errors as it loaded: 50–110 ms of re-parsing on this machine that
// no phone does). Here Chromium records its own trace from its start (`--trace-startup`), with no
// DevTools connection, and each task counts the CPU its thread used (`tdur`), slowed down the way
// Lighthouse's simulation slows a trace down.

export interface MainThreadFigures {
  /** Σ max(0, slowdown × task CPU − 50 ms) over the tasks after the first contentful paint: Lighthouse's blocking time, on CPU time. */
  blockingMs: number;
  /** The longest task after the first contentful paint, slowed down. */
  longestTaskMs: number;
  /** The renderer main thread's CPU over the whole load, at the machine's own speed. */
  cpuMs: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

const TRACE_SECONDS = 6;
const LONG_TASK_MS = 50;

/** One load of `url` in a fresh Chromium at a phone's size (Lighthouse's Moto G Power), traced by Chromium itself. */
export async function mainThreadRun(url: string, cpuSlowdown: number): Promise<MainThreadFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kopi-main-thread-'));
  const traceFile = path.join(dir, 'trace.json');
  const chromium = spawn(
    CHROMIUM,
    [
      ...launchFlags(),
      `--user-data-dir=${path.join(dir, 'profile')}`,
      '--window-size=412,823',
      '--force-device-scale-factor=1.75',
      '--trace-startup=devtools.timeline,toplevel,loading',
      '--trace-startup-format=json',
      `--trace-startup-file=${traceFile}`,
      `--trace-startup-duration=${TRACE_SECONDS}`,
      url,
    ],
    // A process group of its own: the browser's renderers and helpers are stopped with it.
    { stdio: 'ignore', detached: true },
  );
  const exited = new Promise<void>((resolve) => chromium.once('exit', () => resolve()));
  try {
    return figuresOf(await traceWritten(traceFile), cpuSlowdown);
  } finally {
    if (chromium.pid !== undefined && chromium.exitCode === null) process.kill(-chromium.pid, 'SIGKILL');
    await exited;
    // A helper of the browser may still be closing its files in the profile for a moment.
    rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

/** The median of each figure over `runs` loads. */
export async function mainThreadMedian(url: string, runs: number, cpuSlowdown: number): Promise<MainThreadFigures> {
  const all: MainThreadFigures[] = [];
  for (let i = 0; i < runs; i += 1) all.push(await mainThreadRun(url, cpuSlowdown));
  const of = (key: keyof MainThreadFigures) => median(all.map((run) => run[key]));
  return { blockingMs: of('blockingMs'), longestTaskMs: of('longestTaskMs'), cpuMs: of('cpuMs') };
}

/** Chromium writes the trace once its duration is over; it is read when it parses (a half-written file does not). */
async function traceWritten(file: string): Promise<TraceEvent[]> {
  const deadline = Date.now() + (TRACE_SECONDS + 60) * 1000;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    let size = 0;
    try {
      size = statSync(file).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (size > 0) {
      try {
        const trace = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
        return Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
      } catch (error) {
        if (!(error instanceof SyntaxError)) throw error;
      }
    }
    if (Date.now() > deadline) throw new Error(`Chromium wrote no trace to ${file} within ${TRACE_SECONDS + 60} s`);
  }
}

export function figuresOf(events: readonly TraceEvent[], cpuSlowdown: number): MainThreadFigures {
  // The page's renderer: of the renderers' main threads, the one that painted the first contentful paint.
  const fcp = events.find((event) => event.name === 'firstContentfulPaint');
  if (!fcp) throw new Error('the trace has no first contentful paint: the page did not paint');
  const onMain = (event: TraceEvent) => event.pid === fcp.pid && event.tid === fcp.tid;
  const tasks = events
    .filter((event) => onMain(event) && event.ph === 'X' && (event.name === 'ThreadControllerImpl::RunTask' || event.name === 'RunTask'))
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  let cpuMs = 0;
  let blockingMs = 0;
  let longestTaskMs = 0;
  let end = 0;
  for (const task of tasks) {
    // A task inside another (a nested run loop) is part of the outer one.
    if (task.ts < end) continue;
    end = task.ts + (task.dur ?? 0);
    const cpu = (task.tdur ?? task.dur ?? 0) / 1000;
    cpuMs += cpu;
    if (task.ts < fcp.ts) continue;
    const slowed = cpu * cpuSlowdown;
    longestTaskMs = Math.max(longestTaskMs, slowed);
    blockingMs += Math.max(0, slowed - LONG_TASK_MS);
  }
  return { blockingMs, longestTaskMs, cpuMs };
}
