import { can, isLocale } from '@kopi/shared';
import type { QueryKey } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider, queryClient } from './app/provider';
import { AppRouter, loadPagesAt } from './app/router';
import { LanguageProvider, loadCataloguePart, loadLocale } from './lib/i18n';
import { initialLocale } from './lib/locale-choice';
import { readSession } from './lib/session';
import { meta } from './lib/shop-name';
import { HydratedProvider } from './lib/use-hydrated';
import './lib/service-worker';
import './index.css';

/** Resolves in a later task: the browser paints and answers a tap in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The page's language: the server's choice when it rendered the page (the language cookie, else
// Accept-Language: hydration must draw the same texts), else the one chosen on this device, else
// the browser's. The switch (and the account) can change it later.
const serverLocale = meta('locale');
await loadLocale(isLocale(serverLocale) ? serverLocale : initialLocale());
// A staff member's pages also show the staff screens' texts.
if (can(readSession()?.role, 'kitchen')) await loadCataloguePart('staff');

const app = (hydrating: boolean) => (
  <StrictMode>
    <LanguageProvider>
      <AppProvider>
        <HydratedProvider hydrating={hydrating}>
          <AppRouter />
        </HydratedProvider>
      </AppProvider>
    </LanguageProvider>
  </StrictMode>
);

// A first view the server rendered (apps/web/src/entry-server.tsx) comes with the menu's answers it
// was rendered from: the cache starts with them, so hydration draws the same page and asks nothing.
const firstView = document.getElementById('first-view-queries');
const renderedHere = () => firstView?.dataset.url === window.location.pathname + window.location.search;
// Hydrated only on the address it was rendered for: the offline shell is a page rendered for another.
if (firstView?.textContent && renderedHere()) {
  const answers = JSON.parse(firstView.textContent) as { key: QueryKey; data: unknown; updatedAt: number }[];
  for (const answer of answers) queryClient.setQueryData(answer.key, answer.data, { updatedAt: answer.updatedAt });
  // The app's code has just run (one long task on a phone): finding the page's code and the
  // take-over are tasks of their own, so that a tap waits for one of them, not for both.
  await nextTask();
  // With the page's code at hand, nothing waits during hydration: a part left as the server's HTML
  // would be drawn again from scratch when the session redraws the page around it, under a finger.
  await loadPagesAt(window.location.pathname);
  await nextTask();
  // Preact takes the page over in a task of its own, then the parts that can wait (the bar, the
  // footer, Set time, the menu's cards) each in one more (docs/decisions/hydration-in-parts.md). It
  // keeps the server's elements as it finds them: if the address moved meanwhile (Back pressed while
  // the code came), the page is drawn afresh.
  if (renderedHere()) hydrateRoot(root, app(true));
  else createRoot(root).render(app(false));
} else {
  createRoot(root).render(app(false));
}
