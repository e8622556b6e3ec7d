import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// The API suite runs on PGlite always, and once more on PostgreSQL when TEST_DATABASE_URL is set
// (DESIGN §7). Each test file gets a fresh database copied from one migrated template.
const api = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['apps/api/test/**/*.test.ts'],
    env: { TEST_DB: db },
    globalSetup: ['apps/api/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest runs one file per core less one: one at a time on these 2-core machines, where the API
    // files spend much of their time waiting (on PostgreSQL, child servers, timers) and a core stood
    // idle half the run. Two at a time use both (docs/decisions/ci-time.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      // The web's logic without a browser (the stream's parser, the order cache); screens are tested in Chromium.
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] } },
      // Development tools kept outside the apps (the payments sandbox).
      { test: { name: 'tools', include: ['tools/**/*.test.ts'] } },
      api('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [api('api-postgres', 'postgres')] : []),
    ],
  },
});
