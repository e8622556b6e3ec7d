// `npm run lighthouse`: the first visit of the customer's pages on Lighthouse's mobile profile,
// three runs each, their medians (docs/benchmarks.md#first-visit). Builds only when a build is
// missing. LIGHTHOUSE_PORT sets the server's port, LIGHTHOUSE_RUNS the runs per page, LIGHTHOUSE_CPU
// the CPU slowdown instead of the profile's 4× (a fast machine measured as a slower phone). Then the
// same pages' main thread as a phone runs it: Chromium's own trace, no DevTools attached, each task's
// CPU time slowed down alike (e2e/main-thread.ts).
import { buildIfMissing, lighthouseMedian, PROFILE_CPU_SLOWDOWN, startServer } from '../e2e/lighthouse.ts';
import { mainThreadMedian } from '../e2e/main-thread.ts';

const PAGES = ['/', '/product', '/detail/1'];
const port = Number(process.env.LIGHTHOUSE_PORT ?? 8093);
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const cpu = Number(process.env.LIGHTHOUSE_CPU ?? PROFILE_CPU_SLOWDOWN);
if (!Number.isInteger(port) || port <= 0) throw new Error(`LIGHTHOUSE_PORT must be a port number, not ${process.env.LIGHTHOUSE_PORT}`);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`LIGHTHOUSE_RUNS must be a whole number ≥ 1, not ${process.env.LIGHTHOUSE_RUNS}`);
if (!(cpu >= 1 && cpu <= 20)) throw new Error(`LIGHTHOUSE_CPU must be a slowdown from 1 to 20, not ${process.env.LIGHTHOUSE_CPU}`);

buildIfMissing();
const server = await startServer(port);
try {
  const rows = [];
  for (const page of PAGES) {
    const figures = await lighthouseMedian(server.origin + page, runs, cpu);
    rows.push({
      page,
      'LCP s': (figures.lcpMs / 1000).toFixed(2),
      'FCP s': (figures.fcpMs / 1000).toFixed(2),
      perf: figures.performance,
      a11y: figures.accessibility,
      BP: figures.bestPractices,
      SEO: figures.seo,
      CLS: figures.cls.toFixed(3),
      'TBT ms': Math.round(figures.tbtMs),
      benchmarkIndex: Math.round(figures.benchmarkIndex),
      'LCP runs s': figures.runs.map((run) => (run.lcpMs / 1000).toFixed(2)).join(' '),
    });
    console.log(`${page}: LCP element ${figures.lcpElement.slice(0, 120)}`);
  }
  console.log(`Lighthouse mobile (simulated slow 4G, ${cpu}× CPU), median of ${runs} runs:`);
  console.table(rows);

  const threads = [];
  for (const page of PAGES) {
    const figures = await mainThreadMedian(server.origin + page, runs, cpu);
    threads.push({
      page,
      'blocking ms': Math.round(figures.blockingMs),
      'longest task ms': Math.round(figures.longestTaskMs),
      'main thread CPU ms (1×)': Math.round(figures.cpuMs),
    });
  }
  console.log(`The main thread as a phone runs it (no DevTools attached, each task's CPU time ×${cpu}), median of ${runs} runs:`);
  console.table(threads);
} finally {
  await server.stop();
}
