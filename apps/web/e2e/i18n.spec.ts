import { everyRouteInIndonesian } from './i18n-routes';
import { expect, test } from './playwright';

// The shop in Bahasa Indonesia at 1280 px (i18n.phone.spec.ts: the same at a phone's width).

test('every page in Indonesian has no English left, at 1280 px', async ({ browser, request }) => {
  test.setTimeout(240_000);
  expect(await everyRouteInIndonesian(browser, request, 1280)).toEqual({});
});
