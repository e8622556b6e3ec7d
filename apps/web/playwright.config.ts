import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_WORKERS, shopPort, shopURL } from './e2e/shops';

// The browser tests drive Debian's Chromium against the production server, started the way
// `npm start` starts it after a build, on a fresh seeded database (docs/architecture.md#tests-and-targets):
// one server per worker (e2e/shops.ts), each on a database of its own.
// Workers load this file again: they inherit the first process's folder instead of making their own.
if (!process.env.KOPI_E2E_DATA_DIR) {
  const made = mkdtempSync(join(tmpdir(), 'kopi-e2e-'));
  process.env.KOPI_E2E_DATA_DIR = made;
  // The run's databases (about 40 MB each) go with the run. Not in a global teardown: that runs before
  // the runner stops the servers, which still have them open; the runner exits once they are gone.
  process.on('exit', () => rmSync(made, { recursive: true, force: true }));
}
const dataDir = process.env.KOPI_E2E_DATA_DIR;

/**
 * The old headless Chromium (Debian's chromium-headless-shell, the one Playwright itself prefers):
 * the same engine without the desktop browser's window machinery, about a fifth less CPU over the
 * same specs. The full browser where it is not installed.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } };
/** The first visit's timings (Lighthouse and the phone's main thread), measured on a machine the other specs have left. */
const FIRST_VISIT_TIMINGS = /lighthouse\.spec\.ts/;

export default defineConfig({
  testDir: './e2e',
  outputDir: '../../test-results',
  fullyParallel: false,
  // The specs spend most of their time waiting (on the shop's delays, timers, the network): one at a
  // time left most of a 2-core machine idle (docs/decisions/ci-time.md).
  workers: E2E_WORKERS,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    // baseURL: each worker's own shop, set by e2e/playwright.ts.
    // A failed test's trace keeps the page's DOM at each step, without the screencast that cost a
    // fifth of the run's CPU; the failure's screenshot is kept too.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: desktop, testIgnore: [/phone\.spec\.ts/, FIRST_VISIT_TIMINGS] },
    {
      name: 'phone',
      use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
      testMatch: /phone\.spec\.ts/,
    },
    // Lighthouse times the page's tasks by the wall clock: beside another worker's browser and shop on
    // 2 cores, a run's first paint waited for a core (`/product`'s LCP 1.25 s in CI, 0.93 s alone)
    // more than its calibration to the host (benchmarkIndex, measured a moment before) allowed. It
    // runs once the other specs are done, with the machine to itself; the host's own load is still
    // calibrated for.
    // Alone: `npx playwright test -c apps/web/playwright.config.ts --project first-visit --no-deps`.
    { name: 'first-visit', use: desktop, testMatch: FIRST_VISIT_TIMINGS, dependencies: ['desktop', 'phone'] },
  ],
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => {
    const shopDir = join(dataDir, `shop-${index}`);
    mkdirSync(shopDir, { recursive: true });
    return {
      command: 'node apps/api/dist/server.js',
      cwd: '../..',
      url: `${shopURL(index)}/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: {
        PORT: String(shopPort(index)),
        HOST: '127.0.0.1',
        DATA_DIR: shopDir,
        SEED_DEMO: 'true',
        // Every test logs in; the per-IP login limit would otherwise throttle the suite.
        AUTH_RATE_LIMIT_PER_IP: '100000',
        // Always open, so that "As soon as possible" is offered whenever the suite runs; the closed
        // shop is tested through the API with a fixed clock (apps/api/test/shop.test.ts).
        OPENING_HOURS: 'mon-sun 00:00-24:00',
      },
    };
  }),
});
