import { can } from '@kopi/shared';
import { Suspense, useEffect } from 'react';
import { Footer } from '../../components/layout/footer';
import { TopBar } from '../../components/layout/top-bar';
import { LazyWhen } from '../../components/lazy-when';
import { PageSpinner } from '../../components/ui/spinner';
import { useAnythingSaved } from '../../features/checkout/api/outbox-key';
import { errorMessage, setAuthFailureListener } from '../../lib/api-client';
import { loadCataloguePart, useT } from '../../lib/i18n';
import { Outlet, ScrollRestoration, useNavigate } from '../../lib/router';
import { applyUpdate, useUpdateReady } from '../../lib/service-worker';
import { clearSession, useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { HydrateLater } from '../../lib/use-hydrated';
import { useOnline } from '../../lib/use-online';
import { AccountControls } from '../account-controls';
import { LanguageSwitch } from '../language-switch';

// Fetched only when needed (components/lazy-when.tsx): signed in, offline, a new version waiting, an order saved offline.
const loadLiveOrders = () => import('../../components/live-orders').then((module) => module.LiveOrders);
const loadOfflineBanner = () => import('../../components/layout/offline-banner').then((module) => module.OfflineBanner);
const loadUpdatePrompt = () => import('../../components/layout/update-prompt').then((module) => module.UpdatePrompt);
const loadSender = () => import('../saved-orders-sender').then((module) => module.SavedOrdersSender);
const NO_PROPS = {};
const UPDATE_PROPS = { onReload: applyUpdate };

export function RootLayout() {
  const navigate = useNavigate();
  const session = useSession();
  const t = useT();
  const online = useOnline();
  const updateReady = useUpdateReady();
  const anythingSaved = useAnythingSaved();

  // docs/decisions/spec-fidelity.md#routes-and-the-session: a refused session (401, 403) sends the person to /login.
  useEffect(() => {
    setAuthFailureListener((status, message) => {
      // Leave first, then forget the session: a guarded page would otherwise send the person home.
      void Promise.resolve(navigate('/login', { flushSync: true })).then(() => {
        if (status === 401) clearSession();
      });
      // Why Login: "Your session has ended, please log in again" (a logout or a new password elsewhere).
      // One toast however many requests the ended session had in flight.
      if (status === 401) toast.error(message, { toastId: 'session-ended' });
    });
    return () => setAuthFailureListener(null);
  }, [navigate]);

  // A staff member who just signed in: their screens' texts join the page's language.
  useEffect(() => {
    if (can(session?.role, 'kitchen')) loadCataloguePart('staff').catch((error: unknown) => toast.error(errorMessage(error)));
  }, [session?.role]);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-30 focus:rounded-lg focus:bg-honey focus:px-4 focus:py-2"
      >
        {t('nav.skip')}
      </a>
      {/* One live stream per tab, only while signed in: every screen shares it. */}
      {session && <LazyWhen when load={loadLiveOrders} props={{ accountId: session.id, token: session.token }} />}
      {/* Orders confirmed offline leave from whichever page is open when the network is back. */}
      {session && <LazyWhen when={anythingSaved} load={loadSender} props={{ accountId: session.id }} />}
      {/* The bar and the footer are taken over after the page's own content: its controls turn live first. */}
      <HydrateLater>
        <TopBar accountControls={<AccountControls />} languageSwitch={<LanguageSwitch />} />
      </HydrateLater>
      <LazyWhen when={!online} load={loadOfflineBanner} props={NO_PROPS} />
      {/* At least a screen tall, so the footer starts below the fold: when the lazy page chunk (then its data)
          arrives, nothing already on screen moves (Lighthouse CLS, docs/architecture.md#tests-and-targets). */}
      <main id="main" className="mx-auto min-h-screen w-full max-w-6xl flex-1 px-4 py-8">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <HydrateLater>
        <Footer />
      </HydrateLater>
      <LazyWhen when={updateReady} load={loadUpdatePrompt} props={UPDATE_PROPS} />
      <ScrollRestoration />
    </div>
  );
}
