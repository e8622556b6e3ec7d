import { accountKeepsLocale, checkoutInIndonesian, choiceFollowsTheAccount, firstVisitAndSwitch } from './i18n-switch';
import { test } from './playwright';
import { ADMIN, apiLogin } from './support';

// The language at 375 px, a phone; i18n-switch.spec.ts runs the same at 1280 px.
const WIDTH = 375;

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
