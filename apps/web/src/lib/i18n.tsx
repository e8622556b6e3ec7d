import { DEFAULT_LOCALE, type Locale } from '@kopi/shared';
import type { messages as English } from '@kopi/shared/i18n/en/web';
import { i18n, type Messages } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import type { ReactNode } from 'react';

// The screens' texts in the person's language (docs/decisions/i18n-lingui.md). A text is written
// once, as a key of the catalogue in packages/shared/src/i18n; components call `useT()`, code
// outside React (toasts, the API client) calls `t`. The catalogues arrive compiled
// (build/compiled-catalogues.ts), so Lingui's message compiler never ships.

export type MessageKey = keyof typeof English;
export type MessageValues = Record<string, string | number | Date>;

type Catalogue = () => Promise<{ messages: Record<string, unknown> }>;

/**
 * Parts of the catalogue that only some pages need (apps/web/build/catalogue-parts.ts): every page's but
 * the landing page's, the forms' messages, the staff's screens, the account pages, the till, the settings.
 */
export type CataloguePart = 'pages' | 'forms' | 'staff' | 'account' | 'till' | 'settings';

// One import per language and part, so the bundler makes each its own chunk and a page fetches only
// its own (docs/architecture.md#the-web-in-two-languages).
const CATALOGUES: Record<Locale, Record<'screens' | CataloguePart, Catalogue>> = {
  en: {
    screens: () => import('virtual:catalogue/en'),
    pages: () => import('virtual:catalogue/en/pages'),
    forms: () => import('virtual:catalogue/en/forms'),
    staff: () => import('virtual:catalogue/en/staff'),
    account: () => import('virtual:catalogue/en/account'),
    till: () => import('virtual:catalogue/en/till'),
    settings: () => import('virtual:catalogue/en/settings'),
  },
  id: {
    screens: () => import('virtual:catalogue/id'),
    pages: () => import('virtual:catalogue/id/pages'),
    forms: () => import('virtual:catalogue/id/forms'),
    staff: () => import('virtual:catalogue/id/staff'),
    account: () => import('virtual:catalogue/id/account'),
    till: () => import('virtual:catalogue/id/till'),
    settings: () => import('virtual:catalogue/id/settings'),
  },
};

/** The parts the page has asked for so far: a switch of language loads them in the new one too. */
const partsWanted = new Set<CataloguePart>();

/** The first part of a language's texts and the `parts` asked for, in one catalogue (the server renders a first view with it too). */
export async function catalogueMessages(locale: Locale, parts: Iterable<CataloguePart>): Promise<Messages> {
  const loaded = await Promise.all(['screens' as const, ...parts].map((part) => CATALOGUES[locale][part]()));
  return Object.assign({}, ...loaded.map((part) => part.messages)) as Messages;
}

/** Fetches the language's catalogue (only the active one is loaded), with the parts asked for, and makes it the page's. */
export async function loadLocale(locale: Locale): Promise<void> {
  const messages = await catalogueMessages(locale, partsWanted);
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
  // What a search result or a shared link shows of the shop, in the page's language.
  document.querySelector('meta[name="description"]')?.setAttribute('content', t('meta.description'));
}

/** Adds a part's texts to the page's language (a staff member signed in, an account page opened). */
export async function loadCataloguePart(part: CataloguePart): Promise<void> {
  if (partsWanted.has(part)) return;
  partsWanted.add(part);
  const locale = currentLocale();
  const { messages } = await CATALOGUES[locale][part]();
  // The language may have changed meanwhile: that switch loaded the part in its own.
  if (currentLocale() === locale) i18n.load(locale, messages as never);
}

/** Whether the active catalogue has this key (a schema's message may be a key or plain words). */
export const hasMessage = (key: string): key is MessageKey => i18n.messages[key] !== undefined;

export const currentLocale = (): Locale => (i18n.locale as Locale) || DEFAULT_LOCALE;

/** A text outside React. Inside a component prefer `useT()`, which re-renders when the language changes. */
export const t = (key: MessageKey, values?: MessageValues): string => i18n._(key, values);

/** A text in the page's language; the component re-renders when the person switches. */
export function useT(): (key: MessageKey, values?: MessageValues) => string {
  const { i18n: active } = useLingui();
  return (key, values) => active._(key, values);
}

/** The page's language; the component re-renders when the person switches (for dates and numbers). */
export function useLocale(): Locale {
  const { i18n: active } = useLingui();
  return (active.locale as Locale) || DEFAULT_LOCALE;
}

export function LanguageProvider({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
