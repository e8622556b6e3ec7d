import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';

// Lighthouse's mobile profile (simulated slow 4G, 4× CPU) against the production build, the way
// `npm run lighthouse` and the budget test measure the first visit (docs/benchmarks.md#first-visit).

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export interface PageFigures {
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Lighthouse's measure of this machine's CPU speed: about 1000–2500 on a quiet desktop, lower when busy. */
  benchmarkIndex: number;
  lcpElement: string;
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

/**
 * Chromium's own address-bar popups, which it prepares in a renderer of their own for every window,
 * headless too: about 1.5 s of CPU at each start, on a 2-core machine beside the page being measured
 * (its blocking time doubled, and Lighthouse's `benchmarkIndex` fell by a third). A phone's browser
 * draws its address bar natively; nothing of the page's changes without them.
 */
const BROWSER_UI_FEATURES_OFF = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * chrome-launcher's default flags with ours, the browser's popups added to its `--disable-features`
 * (Chromium keeps only the last `--disable-features` it is given, so a second one would drop the first).
 */
export function launchFlags(): string[] {
  const flags = chromeLauncher.Launcher.defaultFlags().map((flag) =>
    flag.startsWith('--disable-features=') ? `${flag},${BROWSER_UI_FEATURES_OFF.join(',')}` : flag,
  );
  return [...flags, '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];
}

/** The mobile profile's CPU slowdown (4×). */
export const PROFILE_CPU_SLOWDOWN = throttling.mobileSlow4G.cpuSlowdownMultiplier;

/**
 * One Lighthouse run of the mobile profile on `url`, in a Chromium of its own. `cpuSlowdown` replaces
 * the profile's 4× CPU slowdown: at 8×, a machine of benchmarkIndex 3600 stands for one of about
 * 1800 at 4× (a fast machine measured as a slower phone).
 */
export async function lighthouseRun(url: string, cpuSlowdown = PROFILE_CPU_SLOWDOWN): Promise<PageFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, ignoreDefaultFlags: true, chromeFlags: launchFlags() });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const element = lhr.audits['largest-contentful-paint-element']?.details as
      | { items?: { items?: { node?: { snippet?: string } }[] }[] }
      | undefined;
    return {
      lcpMs: audit('largest-contentful-paint'),
      fcpMs: audit('first-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      performance: score(lhr.categories.performance?.score),
      accessibility: score(lhr.categories.accessibility?.score),
      bestPractices: score(lhr.categories['best-practices']?.score),
      seo: score(lhr.categories.seo?.score),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      lcpElement: element?.items?.[0]?.items?.[0]?.node?.snippet ?? '',
    };
  } finally {
    await chrome.kill();
  }
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Lighthouse's own advice for these ("Please run Lighthouse again"): a trace lost on a busy machine. */
const RETRIED = /NO_NAVSTART|NO_FCP|NO_LCP|NO_TRACING_STARTED|PROTOCOL_TIMEOUT/;

/** A run, once more when Lighthouse lost its trace (it says to run again); any other failure, or a second one, is thrown. */
async function lighthouseRunWithRetry(url: string, cpuSlowdown?: number): Promise<PageFigures> {
  try {
    return await lighthouseRun(url, cpuSlowdown);
  } catch (error) {
    if (!RETRIED.test(String(error))) throw error;
    console.warn(`${String(error)}: running it once more`);
    return lighthouseRun(url, cpuSlowdown);
  }
}

/** The median of each figure over `runs` runs (the LCP element of the median-LCP run). */
export async function lighthouseMedian(url: string, runs = 3, cpuSlowdown?: number): Promise<PageFigures & { runs: PageFigures[] }> {
  const all: PageFigures[] = [];
  for (let i = 0; i < runs; i += 1) all.push(await lighthouseRunWithRetry(url, cpuSlowdown));
  const of = (key: keyof Omit<PageFigures, 'lcpElement'>) => median(all.map((run) => run[key]));
  const lcpMs = of('lcpMs');
  return {
    lcpMs,
    fcpMs: of('fcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    performance: of('performance'),
    accessibility: of('accessibility'),
    bestPractices: of('bestPractices'),
    seo: of('seo'),
    benchmarkIndex: of('benchmarkIndex'),
    lcpElement: all.find((run) => run.lcpMs === lcpMs)?.lcpElement ?? all[0]!.lcpElement,
    runs: all,
  };
}

/** Builds the web and the server when either build is missing (never otherwise: `npm run build` is the caller's). */
export function buildIfMissing(): void {
  if (existsSync(path.join(ROOT, 'apps/web/dist/index.html')) && existsSync(path.join(ROOT, 'apps/api/dist/server.js'))) return;
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
}

export interface RunningServer {
  origin: string;
  stop: () => Promise<void>;
}

/**
 * The production server on `port`, on a fresh demo database, as `npm start` runs it, with the shop
 * open at any hour (as the browser tests' shops are): a product's page is measured as a customer
 * mostly finds it, the same whenever it runs. A closed shop's page also writes when it opens.
 */
export async function startServer(port: number): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kopi-lighthouse-'));
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      OPENING_HOURS: 'mon-sun 00:00-24:00',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before it answered`);
    const healthy = await fetch(`${origin}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { origin, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer on ${origin} within 120 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
