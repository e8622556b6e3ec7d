// `npm run interactions`: how fast a product's page answers taps on a phone while it is being taken
// over and once it runs (Interaction to Next Paint, docs/benchmarks.md#taps-while-the-page-starts).
// Chromium's CPU slowed down 4× (INTERACTIONS_CPU), the network at Lighthouse's slow 4G; a finger taps
// "+" every 150 ms from the moment the server's page shows it until the app runs it, then five times
// more. The browser's Event Timing says how long each tap waited and took until the next paint.
// Builds only when a build is missing; INTERACTIONS_PORT (8095) and INTERACTIONS_RUNS (5) change the
// port and the runs.
import { chromium } from '@playwright/test';
import { buildIfMissing, median, startServer } from '../e2e/lighthouse.ts';

const PAGE = '/detail/1';
const port = Number(process.env.INTERACTIONS_PORT ?? 8095);
const runs = Number(process.env.INTERACTIONS_RUNS ?? 5);
const cpu = Number(process.env.INTERACTIONS_CPU ?? 4);
if (!Number.isInteger(port) || port <= 0) throw new Error(`INTERACTIONS_PORT must be a port number, not ${process.env.INTERACTIONS_PORT}`);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`INTERACTIONS_RUNS must be a whole number ≥ 1, not ${process.env.INTERACTIONS_RUNS}`);
if (!(cpu >= 1 && cpu <= 20)) throw new Error(`INTERACTIONS_CPU must be a slowdown from 1 to 20, not ${process.env.INTERACTIONS_CPU}`);

/** Lighthouse's slow 4G: 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up. */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1638.4 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const TAP_EVERY_MS = 150;
const TAPS_AFTER = 5;

interface Interaction {
  /** From the tap to the next paint after its handlers ran (the longest of its events). */
  duration: number;
  /** When the tap happened, from the navigation's start. */
  at: number;
}

interface RunFigures {
  hydratedAt: number;
  during: Interaction[];
  after: Interaction[];
  quantityRight: boolean;
  /** The page stayed where the person had scrolled it when the app took it over. */
  keptScroll: boolean;
}

// In the page before any of its scripts (and before its <html> exists): every interaction Event
// Timing reports (those of 16 ms or more: it reports none shorter), and when the app marked the page
// as its own (`<html data-hydrated>`, lib/use-hydrated.tsx).
const OBSERVE = `
  window.__interactions = new Map();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId) continue;
      const known = window.__interactions.get(entry.interactionId);
      if (!known || known.duration < entry.duration) window.__interactions.set(entry.interactionId, { duration: entry.duration, at: entry.startTime });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  new MutationObserver((changes, observer) => {
    if (document.documentElement.dataset.hydrated) { window.__hydratedAt = performance.now(); observer.disconnect(); }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
`;

async function run(origin: string, executablePath: string): Promise<RunFigures> {
  const browser = await chromium.launch({ executablePath });
  try {
    // Lighthouse's phone: a Moto G Power's screen.
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await page.addInitScript(OBSERVE);
    await page.goto(origin + PAGE, { waitUntil: 'commit' });
    const plus = page.getByRole('button', { name: 'Increase quantity' });
    await plus.waitFor({ state: 'visible', timeout: 60_000 });
    // The person scrolls to "+" (below the picture) as soon as the server's page shows it, and taps it.
    const tap = async () => {
      await plus.scrollIntoViewIfNeeded();
      const box = await plus.boundingBox();
      if (!box) throw new Error('"+" has no box on the page');
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    };
    const hydrated = () => page.evaluate(() => document.documentElement.dataset.hydrated === 'true');
    // A tap on the server's page lands on a disabled "+" (lib/use-hydrated.tsx): it must still be answered at once.
    const deadline = Date.now() + 60_000;
    let scrolledTo = 0;
    while (!(await hydrated())) {
      if (Date.now() > deadline) throw new Error('the page was not taken over within 60 s');
      await tap();
      scrolledTo = await page.evaluate(() => window.scrollY);
      await page.waitForTimeout(TAP_EVERY_MS);
    }
    // Whether the take-over moved the page the person had scrolled.
    const keptScroll = (await page.evaluate(() => window.scrollY)) === scrolledTo;
    // The first tap after the take-over may still wait on its last task: the five after it are the page at work.
    for (let count = 0; count < TAPS_AFTER; count++) {
      await tap();
      await page.waitForTimeout(300);
    }
    await page.waitForTimeout(500);
    const { interactions, hydratedAt, quantity } = await page.evaluate(() => {
      const state = window as unknown as { __interactions: Map<number, Interaction>; __hydratedAt: number };
      return {
        interactions: [...state.__interactions.values()],
        hydratedAt: state.__hydratedAt,
        quantity: Number(document.querySelector('[data-testid="qty-value"]')?.textContent),
      };
    });
    const after = interactions.filter((interaction) => interaction.at >= hydratedAt);
    return {
      hydratedAt,
      during: interactions.filter((interaction) => interaction.at < hydratedAt),
      after,
      // Every tap the running page got counts once, and none before it.
      quantityRight: quantity >= 1 + TAPS_AFTER,
      keptScroll,
    };
  } finally {
    await browser.close();
  }
}

const worst = (interactions: Interaction[]) => Math.max(0, ...interactions.map((interaction) => interaction.duration));
/** Event Timing reports no interaction under 16 ms. */
const shown = (ms: number) => (ms < 16 ? '< 16' : String(Math.round(ms)));

buildIfMissing();
const server = await startServer(port);
const executablePath = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';
try {
  const figures: RunFigures[] = [];
  for (let index = 0; index < runs; index++) figures.push(await run(server.origin, executablePath));
  console.log(`${PAGE}, ${cpu}× CPU, slow 4G: a tap on "+" every ${TAP_EVERY_MS} ms until the app runs the page, then ${TAPS_AFTER} more`);
  console.table(
    figures.map((run, index) => ({
      run: index + 1,
      'taken over at ms': Math.round(run.hydratedAt),
      'taps during': run.during.length,
      'worst during ms': shown(worst(run.during)),
      'taps after': run.after.length,
      'worst after ms': shown(worst(run.after)),
      'quantity right': run.quantityRight,
      'scroll kept': run.keptScroll,
    })),
  );
  console.log(
    `medians: taken over at ${Math.round(median(figures.map((run) => run.hydratedAt)))} ms, ` +
      `INP during the take-over ${shown(median(figures.map((run) => worst(run.during))))} ms, ` +
      `after ${shown(median(figures.map((run) => worst(run.after))))} ms`,
  );
} finally {
  await server.stop();
}
