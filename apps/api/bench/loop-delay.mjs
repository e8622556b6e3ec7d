// Preloaded into the server process by the bench (`node --import …/loop-delay.mjs dist/server.js`):
// measures how late the server's event loop runs, without a line of bench code in the server.
// The bench talks to it over the child-process IPC channel: 'reset' before a measured run,
// 'report' after it, answered with { p50, p99, max, cpuMs } in milliseconds.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const RESOLUTION_MS = 1;
const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
histogram.enable();

// The histogram records the whole interval between two samples (idle ≈ the 1 ms resolution):
// report only the delay beyond it.
const delay = (ns) => Math.max(0, ns / 1e6 - RESOLUTION_MS);

// The process's CPU time (every thread: PGlite's worker included) since 'reset', so that a call's
// cost can be read apart from what else the shared machine runs: ms of CPU per answer.
let cpuAtReset = process.cpuUsage();

process.on('message', (message) => {
  if (message === 'reset') {
    histogram.reset();
    cpuAtReset = process.cpuUsage();
  } else if (message === 'report') {
    const cpu = process.cpuUsage(cpuAtReset);
    process.send({
      p50: delay(histogram.percentile(50)),
      p99: delay(histogram.percentile(99)),
      max: delay(histogram.max),
      cpuMs: (cpu.user + cpu.system) / 1000,
    });
  } else if (message === 'memory') {
    // The live streams' bench (bench/streams.ts): memory after full collections (node --expose-gc).
    // Two, a moment apart: what the first finds dead is often released (sockets' buffers, finalizers)
    // only after it, and a reading after one alone came out lower with 1,000 more streams open.
    globalThis.gc?.();
    setTimeout(() => {
      globalThis.gc?.();
      const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
      process.send({ rss, heapUsed, external, arrayBuffers });
    }, 200);
  }
});
// The channel must not keep a server alive that is shutting down.
process.channel?.unref();
