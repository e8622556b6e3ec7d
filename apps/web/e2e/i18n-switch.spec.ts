import { accountKeepsLocale, checkoutInIndonesian, choiceFollowsTheAccount, firstVisitAndSwitch } from './i18n-switch';
import { test } from './playwright';
import { ADMIN, apiLogin } from './support';

// The language at 1280 px; i18n-switch.phone.spec.ts runs the same at 375 px.
const WIDTH = 1280;

test('a first visit in id-ID is Indonesian; the switch changes every text at once, keeps the cart and the choice', async ({
  browser,
  request,
}) => {
  await firstVisitAndSwitch(browser, request, WIDTH);
});

test("a signed-in customer's choice follows them to another browser", async ({ browser, request }) => {
  test.skip(
    !(await accountKeepsLocale(request, (await apiLogin(request, ADMIN)).token)),
    'the server does not keep a language on the account yet',
  );
  await choiceFollowsTheAccount(browser, request, WIDTH);
});

test('a checkout in Indonesian, end to end', async ({ browser, request }) => {
  await checkoutInIndonesian(browser, request, WIDTH);
});
