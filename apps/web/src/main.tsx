import { ROLES } from '@kopi/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { LanguageProvider, loadCataloguePart, loadLocale } from './lib/i18n';
import { initialLocale } from './lib/locale-choice';
import { readSession } from './lib/session';
import { SHOP_NAME } from './lib/shop-name';
import './index.css';

document.title = SHOP_NAME;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The language chosen on this device, else the browser's; the switch (and the account) can change it later.
await loadLocale(initialLocale());
// A staff member's pages also show the staff screens' texts.
if (readSession()?.role === ROLES.admin) await loadCataloguePart('staff');

createRoot(root).render(
  <StrictMode>
    <LanguageProvider>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </LanguageProvider>
  </StrictMode>,
);
