import type { FirstViewData, FirstViewRenderer, Locale } from '@kopi/shared';
import { i18n } from '@lingui/core';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { READING_TEXTS } from './app/page-texts';
import { AppProvider } from './app/provider';
import { CataloguePage, readQuery } from './app/routes/catalogue';
import { HomePage } from './app/routes/home';
import { ProductDetailPage } from './app/routes/product-detail';
import { RootLayout } from './app/routes/root-layout';
import { type ProductListQuery, productQueries } from './features/products/api/products';
import { promoQueries } from './features/promos/api/promos';
import { shopQueries } from './features/shop/api/shop';
import { catalogueMessages, LanguageProvider } from './lib/i18n';
import { imageSources } from './lib/image-url';
import { type Route, Router } from './lib/router';
import { HydratedProvider } from './lib/use-hydrated';

// The first view of the pages a customer lands on, rendered by the server with their data
// (docs/decisions/first-view.md): the menu's text and the product's picture are in the HTML, so
// they paint before any script has run; the browser then hydrates the same tree from the same data.

/** The source file of each page rendered here: the server preloads its chunk (from Vite's manifest). */
export const FIRST_VIEW_SOURCES = {
  home: 'src/app/routes/home.tsx',
  catalogue: 'src/app/routes/catalogue.tsx',
  detail: 'src/app/routes/product-detail.tsx',
} as const;

/** What a first view needs from the menu (the contract's FirstViewNeed, with the catalogue's query as this app reads it). */
export type FirstViewNeed = { page: 'home' } | { page: 'catalogue'; query: ProductListQuery } | { page: 'detail'; id: number };

/** The first-view page at `url` (path and query), or undefined when the server leaves the page to the browser. */
export function firstViewOf(url: string): FirstViewNeed | undefined {
  const { pathname, searchParams } = new URL(url, 'http://first.view');
  if (pathname === '/') return { page: 'home' };
  if (pathname === '/product') return { page: 'catalogue', query: readQuery(searchParams) };
  const detail = /^\/detail\/([1-9]\d{0,9})$/.exec(pathname);
  if (detail) return { page: 'detail', id: Number(detail[1]) };
  return undefined;
}

/** One answer of the first view: the browser's cache holds it under the same key, as fresh as when it was read. */
export interface FirstViewQuery {
  key: QueryKey;
  data: unknown;
  updatedAt: number;
}

export interface FirstView {
  /** What goes inside <div id="root">. */
  html: string;
  /** The answers the page was rendered with, for the browser's cache (main.tsx) to start with. */
  queries: FirstViewQuery[];
}

// Lazy in the browser's router (app/router.tsx), here at once: the whole page is in the HTML. The
// tree is the browser's: RootLayout, its Suspense and the page, so hydration finds what it renders.
const routes: Route[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/product', element: <CataloguePage /> },
      { path: '/detail/:id(number)', element: <ProductDetailPage /> },
    ],
  },
];

export async function renderFirstView(url: string, need: FirstViewNeed, locale: Locale, data: FirstViewData): Promise<FirstView> {
  const queries: FirstViewQuery[] = [];
  const updatedAt = Date.now();
  if (need.page === 'catalogue' && data.list) queries.push({ key: productQueries.list(need.query).queryKey, data: data.list, updatedAt });
  if (need.page === 'detail' && data.product) queries.push({ key: productQueries.detail(need.id).queryKey, data: data.product, updatedAt });
  if (need.page === 'detail' && data.addons) queries.push({ key: productQueries.addons().queryKey, data: data.addons, updatedAt });
  if (need.page === 'detail' && data.shop) queries.push({ key: shopQueries.info().queryKey, data: data.shop, updatedAt });
  // Rendered as a visitor's: a signed-in person's page is taken over as one too, then asks for theirs.
  if (need.page === 'catalogue' && data.promos) queries.push({ key: promoQueries.list(undefined).queryKey, data: data.promos, updatedAt });
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
  for (const query of queries) queryClient.setQueryData(query.key, query.data, { updatedAt: query.updatedAt });

  // The screens' texts compiled as the browser gets them (build/compiled-catalogues.ts): the same words,
  // so hydration finds what was rendered. The landing page shows only the first part, as in the browser
  // (app/router.tsx); the menu and a product's page, which only read, the `pages` part too.
  const messages = await catalogueMessages(locale, need.page === 'home' ? [] : READING_TEXTS);
  // Rendering is synchronous from here: the shared catalogue is this request's until it is done.
  i18n.loadAndActivate({ locale, messages });
  const html = renderToString(
    <StrictMode>
      <LanguageProvider>
        <AppProvider client={queryClient}>
          <HydratedProvider hydrating>
            <Router routes={routes} url={url} />
          </HydratedProvider>
        </AppProvider>
      </LanguageProvider>
    </StrictMode>,
  );
  return { html, queries };
}

/** The picture that is the page's largest paint, as its <img> asks for it: the server preloads it. */
export function lcpImageOf(need: FirstViewNeed, data: FirstViewData): { src: string; srcSet: string } | undefined {
  // The same sources as product-detail.tsx's <img>, or the browser would fetch the picture twice.
  return need.page === 'detail' && data.product ? imageSources(data.product.image, 640) : undefined;
}

// The module as the API's page server reads it (packages/shared/src/first-view.ts): checked here, so
// that a change on either side fails the type check rather than a page.
export const firstViewRenderer = { FIRST_VIEW_SOURCES, firstViewOf, renderFirstView, lcpImageOf } satisfies FirstViewRenderer;
