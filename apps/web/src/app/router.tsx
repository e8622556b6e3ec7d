import { CAN, ROLES } from '@kopi/shared';
import { type ComponentType, isValidElement, Suspense, use } from 'react';
import { type CataloguePart, loadCataloguePart } from '../lib/i18n';
import { matchRoutes, Navigate, type Route, Router } from '../lib/router';
import { PAGE_TEXTS, READING_TEXTS } from './page-texts';
import { RequireRole } from './routes/require-role';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

const RELOADED_FOR_CHUNK = 'kopi:reloaded-for-chunk';

// Route-level code splitting: each page is its own chunk (docs/architecture.md#tests-and-targets: ≤ 120 KB JS on the first pages' first load).
// A page fetches the parts of the catalogue it shows with its code (apps/web/build/catalogue-parts.ts):
// every page but the landing page and the not-found page shows the `pages` part, and the forms'
// messages (`forms`) unless it only reads: app/catalogue-parts.test.ts says when a page names a text
// its parts leave out.
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K, texts: readonly CataloguePart[] = PAGE_TEXTS) {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const loadPage = () =>
    (loading ??= (async () => {
      try {
        const [module] = await Promise.all([load(), ...texts.map(loadCataloguePart)]);
        sessionStorage.removeItem(RELOADED_FOR_CHUNK);
        loaded = module[name];
        return loaded;
      } catch (error) {
        // A new release replaced the chunk, or the connection dropped: one fresh load of the page
        // fetches it again. A second failure in a row reaches the route's error screen.
        if (sessionStorage.getItem(RELOADED_FOR_CHUNK)) throw error;
        sessionStorage.setItem(RELOADED_FOR_CHUNK, '1');
        window.location.reload();
        return new Promise<never>(() => {});
      }
    })());
  // A page whose code has come is drawn at once: one the server rendered is taken over without waiting for its code
  // (main.tsx loads its code first), and never left as HTML waiting while the session redraws the rest.
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page as this module loads, never during a render.
  function Page() {
    const Component = loaded ?? use(loadPage());
    return <Component />;
  }
  pages.set(Page, loadPage);
  return Page;
}
const pages = new Map<ComponentType, () => Promise<ComponentType>>();

const HomePage = page(() => import('./routes/home'), 'HomePage', []);
const LoginPage = page(() => import('./routes/login'), 'LoginPage', ['pages', 'forms', 'account']);
const SignUpPage = page(() => import('./routes/signup'), 'SignUpPage', ['pages', 'forms', 'account']);
const ForgotPage = page(() => import('./routes/forgot'), 'ForgotPage', ['pages', 'forms', 'account']);
const ResetPage = page(() => import('./routes/reset'), 'ResetPage', ['pages', 'forms', 'account']);
const GoogleLandingPage = page(() => import('./routes/google-landing'), 'GoogleLandingPage', ['pages', 'forms', 'account']);
const ProfilePage = page(() => import('./routes/profile'), 'ProfilePage', ['pages', 'forms', 'account']);
const CataloguePage = page(() => import('./routes/catalogue'), 'CataloguePage', READING_TEXTS);
const ProductDetailPage = page(() => import('./routes/product-detail'), 'ProductDetailPage', READING_TEXTS);
const ProductNewPage = page(() => import('./routes/product-new'), 'ProductNewPage');
const ProductEditPage = page(() => import('./routes/product-edit'), 'ProductEditPage');
const PromoNewPage = page(() => import('./routes/promo-new'), 'PromoNewPage');
const PromoEditPage = page(() => import('./routes/promo-edit'), 'PromoEditPage');
const PaymentPage = page(() => import('./routes/payment'), 'PaymentPage');
const HistoryPage = page(() => import('./routes/history'), 'HistoryPage', READING_TEXTS);
const ManageOrderPage = page(() => import('./routes/manage-order'), 'ManageOrderPage');
const OrderBoardPage = page(() => import('./routes/order-board'), 'OrderBoardPage', READING_TEXTS);
const OrderPage = page(() => import('./routes/order'), 'OrderPage');
const DashboardPage = page(() => import('./routes/dashboard'), 'DashboardPage', READING_TEXTS);
const TaxReportPage = page(() => import('./routes/tax-report'), 'TaxReportPage', READING_TEXTS);
const NotFoundPage = page(() => import('./routes/not-found'), 'NotFoundPage', []);
const StatusPage = page(() => import('./routes/status'), 'StatusPage', READING_TEXTS);
const TablesPage = page(() => import('./routes/tables'), 'TablesPage');
const TablePage = page(() => import('./routes/table'), 'TablePage');
// A till signed in shows its names without a session: the staff's texts come with its own.
const TillPage = page(() => import('./routes/till'), 'TillPage', ['pages', 'forms', 'staff', 'till']);
const SettingsPage = page(() => import('./routes/settings'), 'SettingsPage', ['pages', 'forms', 'settings']);
const StaffPage = page(() => import('./routes/staff'), 'StaffPage');

const ANY_ROLE = [ROLES.user, ROLES.admin] as const;
const ADMIN = [ROLES.admin] as const;
// The staff's screens open to whom the server lets use them (packages/shared/src/constants.ts, CAN).
const KITCHEN = CAN.kitchen;
const COUNTER = CAN.counter;

const routes: Route[] = [
  // The pick-up screen is a TV above the counter: full screen, without the shop's bar (docs/shop-rules.md#the-pick-up-screen).
  {
    path: '/status',
    errorElement: <RouteError />,
    element: (
      <Suspense fallback={null}>
        <StatusPage />
      </Suspense>
    ),
  },
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignUpPage /> },
      { path: '/forgot', element: <ForgotPage /> },
      { path: '/reset', element: <ResetPage /> },
      { path: '/login/google', element: <GoogleLandingPage /> },
      // docs/decisions/spec-fidelity.md#fixed: /profile needs a session and sends a visitor to /login.
      {
        path: '/profile',
        element: (
          <RequireRole roles={ANY_ROLE} noSessionTo="/login">
            <ProfilePage />
          </RequireRole>
        ),
      },
      { path: '/product', element: <CataloguePage /> },
      // Add promo's Cancel pointed at /productadmin, which never existed (docs/decisions/spec-fidelity.md#fixed).
      { path: '/productadmin', element: <Navigate to="/product" replace /> },
      { path: '/detail/:id(number)', element: <ProductDetailPage /> },
      {
        path: '/payment',
        // Guarded by the page itself: a guest at a table checks out without an account (docs/shop-rules.md#orders-from-the-table).
        element: <PaymentPage />,
      },
      {
        path: '/history',
        element: (
          <RequireRole roles={ANY_ROLE}>
            <HistoryPage />
          </RequireRole>
        ),
      },
      {
        path: '/history/:id(number)',
        element: (
          <RequireRole roles={ANY_ROLE}>
            <OrderPage />
          </RequireRole>
        ),
      },
      {
        path: '/product/new',
        element: (
          <RequireRole roles={ADMIN}>
            <ProductNewPage />
          </RequireRole>
        ),
      },
      {
        path: '/product/edit/:id(number)',
        element: (
          <RequireRole roles={ADMIN}>
            <ProductEditPage />
          </RequireRole>
        ),
      },
      {
        path: '/product/promos/new',
        element: (
          <RequireRole roles={ADMIN}>
            <PromoNewPage />
          </RequireRole>
        ),
      },
      {
        path: '/product/promos/edit/:id(number)',
        element: (
          <RequireRole roles={ADMIN}>
            <PromoEditPage />
          </RequireRole>
        ),
      },
      {
        path: '/dashboard',
        element: (
          <RequireRole roles={ADMIN}>
            <DashboardPage />
          </RequireRole>
        ),
      },
      {
        path: '/dashboard/tax',
        element: (
          <RequireRole roles={ADMIN}>
            <TaxReportPage />
          </RequireRole>
        ),
      },
      {
        path: '/manageorder',
        element: (
          <RequireRole roles={COUNTER}>
            <ManageOrderPage />
          </RequireRole>
        ),
      },
      {
        path: '/manageorder/board',
        element: (
          <RequireRole roles={KITCHEN}>
            <OrderBoardPage />
          </RequireRole>
        ),
      },
      {
        path: '/manageorder/tables',
        element: (
          <RequireRole roles={COUNTER}>
            <TablesPage />
          </RequireRole>
        ),
      },
      // The till: Admin and Cashier, or a device signed in as a till (guarded by the page: app/routes/till.tsx).
      { path: '/till', element: <TillPage /> },
      {
        path: '/settings',
        element: (
          <RequireRole roles={ADMIN}>
            <SettingsPage />
          </RequireRole>
        ),
      },
      {
        path: '/staff',
        element: (
          <RequireRole roles={ADMIN}>
            <StaffPage />
          </RequireRole>
        ),
      },
      // What a table's QR code opens, and a guest's order placed there: one chunk.
      { path: '/t/:token', element: <TablePage /> },
      { path: '/t/:token/order/:id(number)', element: <TablePage /> },
      // The specification lists /app without a purpose (docs/decisions/spec-fidelity.md#routes-and-the-session); it leads home rather
      // than to a blank page.
      { path: '/app', element: <Navigate to="/" replace /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
/** Loads the code of the pages at `pathname`, so that the HTML the server rendered for it is hydrated without waiting for it. */
export async function loadPagesAt(pathname: string): Promise<void> {
  const elements = matchRoutes(routes, pathname)?.routes.map((route) => route.element) ?? [];
  await Promise.all(elements.map((element) => (isValidElement(element) ? pages.get(element.type as ComponentType)?.() : undefined)));
}

export function AppRouter() {
  return <Router routes={routes} />;
}
