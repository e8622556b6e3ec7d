import { test as base } from '@playwright/test';
import { shopURL } from './shops';

// Playwright's own API, with `test` pointing each worker's pages and requests at its own shop
// (shops.ts). Specs import from here, never from '@playwright/test': there `baseURL` is unset.
export * from '@playwright/test';

export const test = base.extend({
  // Playwright reads a fixture's dependencies from its first parameter, which must be a pattern.
  // biome-ignore lint/correctness/noEmptyPattern: this fixture depends on no other
  baseURL: async ({}, use, testInfo) => {
    await use(shopURL(testInfo.parallelIndex));
  },
});
