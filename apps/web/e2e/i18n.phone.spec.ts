import { everyRouteInIndonesian } from './i18n-routes';
import { expect, test } from './playwright';

// The shop in Bahasa Indonesia at 375 px (i18n.spec.ts: the same at 1280 px).

test('every page in Indonesian has no English left, at 375 px', async ({ browser, request }) => {
  test.setTimeout(240_000);
  expect(await everyRouteInIndonesian(browser, request, 375)).toEqual({});
});
