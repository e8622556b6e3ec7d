import { isLocale, pickLocale } from '@kopi/shared';
import type { QueryKey } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider, queryClient } from './app/provider';
import { AppRouter } from './app/router';
import { LanguageProvider, loadLocale } from './lib/i18n';
import { meta } from './lib/shop-name';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The server chose the page's language (the language cookie, else Accept-Language) and preloaded its
// texts; without a server (the development server) the first visit follows the browser.
const serverLocale = meta('locale');
await loadLocale(isLocale(serverLocale) ? serverLocale : pickLocale(navigator.languages));

const app = (
  <StrictMode>
    <LanguageProvider>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </LanguageProvider>
  </StrictMode>
);

// A first view the server rendered (apps/web/src/entry-server.tsx) comes with the menu's answers it
// was rendered from: the cache starts with them, so hydration draws the same page and asks nothing.
const firstView = document.getElementById('first-view-queries');
if (firstView?.textContent) {
  const answers = JSON.parse(firstView.textContent) as { key: QueryKey; data: unknown; updatedAt: number }[];
  for (const answer of answers) queryClient.setQueryData(answer.key, answer.data, { updatedAt: answer.updatedAt });
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page: a tap during it is answered (Lighthouse's blocking time).
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  createRoot(root).render(app);
}
