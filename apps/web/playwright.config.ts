import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The browser tests drive Debian's Chromium against the production server, started the way
// `npm start` starts it after a build, on a fresh seeded database (docs/architecture.md#tests-and-targets).
// E2E_PORT lets a second run (e.g. while another is in progress on this machine) use its own port.
const PORT = Number(process.env.E2E_PORT ?? 8091);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// Workers load this file again: they inherit the first process's folder instead of making their own.
if (!process.env.KOPI_E2E_DATA_DIR) {
  const made = mkdtempSync(join(tmpdir(), 'kopi-e2e-'));
  process.env.KOPI_E2E_DATA_DIR = made;
  // The run's database (about 40 MB) goes with the run. Not in a global teardown: that runs before the
  // runner stops the server, which still has it open; the runner exits once the server is gone.
  process.on('exit', () => rmSync(made, { recursive: true, force: true }));
}
const dataDir = process.env.KOPI_E2E_DATA_DIR;

export default defineConfig({
  testDir: './e2e',
  outputDir: '../../test-results',
  fullyParallel: false,
  workers: 1, // a 2-core machine runs the server and one browser
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
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
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } }, testIgnore: /phone\.spec\.ts/ },
    {
      name: 'phone',
      use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
      testMatch: /phone\.spec\.ts/,
    },
  ],
  webServer: {
    command: 'node apps/api/dist/server.js',
    cwd: '../..',
    url: `${BASE_URL}/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      // Every test logs in; the per-IP login limit would otherwise throttle the suite.
      AUTH_RATE_LIMIT_PER_IP: '100000',
      // Always open, so that "As soon as possible" is offered whenever the suite runs; the closed
      // shop is tested through the API with a fixed clock (apps/api/test/shop.test.ts).
      OPENING_HOURS: 'mon-sun 00:00-24:00',
    },
  },
});
