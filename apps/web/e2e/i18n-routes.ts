import { API_BASE } from '@kopi/shared';
import { ADMIN_TRANSLATED, ID, indonesianPage, settled, shopData, sweep, type Visit } from './i18n-support';
import { type APIRequestContext, type Browser, expect } from './playwright';
import { ADMIN, apiLogin, choose, placeByApi, registerCustomer, startSignedIn, uniqueSuffix } from './support';

// Every route in Indonesian, as a visitor, a customer, a guest at a table and (once their screens have
// their catalogue part) the staff: no English text is left on any of them.

const VISITOR: Visit[] = [
  { name: 'home', path: '/' },
  { name: 'menu', path: '/product' },
  { name: 'menu-search', path: '/product?search=zzzz&sort=popular&page=1' },
  { name: 'product', path: '/detail/1' },
  { name: 'login', path: '/login' },
  { name: 'login-to-checkout', path: '/login?next=%2Fpayment' },
  { name: 'signup', path: '/signup' },
  { name: 'forgot', path: '/forgot' },
  { name: 'reset', path: '/reset?token=not-a-real-token' },
  { name: 'reset-no-token', path: '/reset' },
  { name: 'google-landing-failed', path: '/login/google#error=cancelled' },
  { name: 'not-found', path: '/no-such-page' },
  { name: 'pickup-screen', path: '/status' },
];

const STAFF: Visit[] = [
  { name: 'staff-home', path: '/' },
  { name: 'staff-menu', path: '/product' },
  { name: 'staff-product', path: '/detail/1' },
  { name: 'staff-product-new', path: '/product/new' },
  { name: 'staff-product-edit', path: '/product/edit/1' },
  { name: 'staff-promo-new', path: '/product/promos/new' },
  { name: 'staff-promo-edit', path: '/product/promos/edit/1' },
  { name: 'staff-dashboard', path: '/dashboard' },
  { name: 'staff-tax-report', path: '/dashboard/tax' },
  { name: 'staff-manage-order', path: '/manageorder' },
  { name: 'staff-board', path: '/manageorder/board' },
  { name: 'staff-tables', path: '/manageorder/tables' },
  { name: 'staff-settings', path: '/settings' },
  { name: 'staff-staff', path: '/staff' },
  { name: 'staff-payment', path: '/payment' },
];

/** The customer's pages, signed in, with an order placed and something in the cart. */
function customerVisits(orderId: number): Visit[] {
  return [
    { name: 'customer-home', path: '/' },
    {
      name: 'customer-product',
      path: '/detail/1',
      prepare: async (page) => {
        await page.getByRole('button', { name: ID['detail.addToCart'] as string }).click();
        await settled(page);
      },
    },
    { name: 'cart', path: '/payment' },
    {
      name: 'cart-door-delivery',
      path: '/payment',
      prepare: async (page) => {
        await choose(page.getByRole('radio', { name: ID['deliveryChoice.door'] as string }));
        await expect(page.getByLabel(ID['cart.address'] as string)).toBeVisible();
        await settled(page);
      },
    },
    { name: 'history', path: '/history' },
    {
      name: 'history-delete',
      path: '/history',
      prepare: async (page) => {
        await page.getByRole('button', { name: ID['history.delete'] as string }).click();
      },
    },
    { name: 'order', path: `/history/${orderId}` },
    {
      name: 'order-cancel-dialog',
      path: `/history/${orderId}`,
      prepare: async (page) => {
        await page.getByRole('button', { name: ID['order.cancelMine'] as string }).click();
      },
    },
    { name: 'profile', path: '/profile' },
    {
      name: 'profile-password',
      path: '/profile',
      prepare: async (page) => {
        await page
          .getByRole('button', { name: ID['password.edit'] as string })
          .first()
          .click();
      },
    },
  ];
}

/** A table in use, added by the staff through the API: its QR code's token. */
async function tableToken(request: APIRequestContext): Promise<string> {
  const staff = await apiLogin(request, ADMIN);
  const res = await request.post(`${API_BASE}/tables`, {
    headers: { 'access-token': staff.token },
    data: { name: `M${uniqueSuffix().slice(-5)}` },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** Every page in Indonesian at a width; answers the English left, page by page. */
export async function everyRouteInIndonesian(browser: Browser, request: APIRequestContext, width: number) {
  const data = await shopData(request);
  const left: Record<string, string[]> = {};

  const visitor = await indonesianPage(browser, width);
  Object.assign(left, await sweep(visitor, VISITOR, data, width));
  await visitor.context().close();

  const customer = await indonesianPage(browser, width);
  const session = await registerCustomer(request, 'i18n');
  await startSignedIn(customer, session);
  const orderId = await placeByApi(request, session);
  Object.assign(left, await sweep(customer, customerVisits(orderId), data, width));
  await customer.context().close();

  const guest = await indonesianPage(browser, width);
  const token = await tableToken(request);
  Object.assign(
    left,
    await sweep(
      guest,
      [
        { name: 'table-menu', path: `/t/${token}` },
        {
          name: 'table-cart',
          path: '/detail/1',
          prepare: async (page) => {
            await page.getByRole('button', { name: ID['detail.addToCart'] as string }).click();
            await page.goto('/payment');
            await settled(page);
          },
        },
        { name: 'table-order-other-device', path: `/t/${token}/order/1` },
        { name: 'table-unknown', path: '/t/not-a-table' },
      ],
      data,
      width,
    ),
  );
  await guest.context().close();

  if (ADMIN_TRANSLATED) {
    const staff = await indonesianPage(browser, width);
    await startSignedIn(staff, await apiLogin(request, ADMIN));
    Object.assign(left, await sweep(staff, STAFF, data, width));
    await staff.context().close();
  }
  return left;
}
