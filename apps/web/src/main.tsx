import { pickLocale } from '@kopi/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { LanguageProvider, loadLocale } from './lib/i18n';
import { SHOP_NAME } from './lib/shop-name';
import './lib/service-worker';
import './index.css';

document.title = SHOP_NAME;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first visit follows the browser; the switch (and the account) can change it later.
await loadLocale(pickLocale(navigator.languages));

createRoot(root).render(
  <StrictMode>
    <LanguageProvider>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </LanguageProvider>
  </StrictMode>,
);
