import {
  ADDONS_CATEGORY_ID,
  type FirstViewData,
  type FirstViewNeed,
  type FirstViewRenderer,
  isDrink,
  type Locale,
  type PickupBoard,
  type Product,
  type ProductQuery,
  ProductQuerySchema,
  type Promo,
  type Shop,
} from '@kopi/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { EncodedAnswer } from '../../lib/compression.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { BuildManifest } from './build-manifest.ts';
import { headTags, homeHead, jsonForScript, menuHead, type PageHead, productHead } from './page-head.ts';

// The HTML of a page: index.html in the person's language with the chunks it needs preloaded and,
// for the pages a customer lands on, their first view rendered with the menu's data
// (docs/decisions/first-view.md).

export type { FirstViewRenderer } from '@kopi/shared';

/**
 * The menu in memory, as the first views read it: the products module's menu is one (plugins serve
 * routes and never import a module: they are handed what they read).
 */
export interface MenuPages {
  /** GET /products/get's answer for a query (uncompressed when `encoding` is undefined). */
  listAnswer(query: ProductQuery, encoding: undefined, locale: Locale): EncodedAnswer;
  /** GET /products/:id's JSON answer. */
  detailJson(id: number, locale: Locale): string;
  find(id: number): Product | undefined;
}

export interface FirstViewOptions {
  /** index.html with the shop's settings of now written in (the owner may change them while the server runs). */
  template: () => string;
  /** The script that starts a rendered page (first-view/boot-script.ts); without it every page is the plain app shell. */
  bootScript?: string;
  manifest: BuildManifest;
  /** Absent when the build has no server entry (then every page is the plain app shell). */
  renderer?: FirstViewRenderer;
  menu?: MenuPages;
  /** GET /shop's answer now. */
  shop?: () => Shop;
  /** GET /promos/get's answer to a visitor now. */
  promos?: (locale: Locale) => Promise<Promo[]>;
  /** GET /status's board now: the pick-up screen draws it with the page, not after its stream connects. */
  pickupBoard?: () => Promise<PickupBoard>;
  /** The shop's name now. */
  shopName: () => string;
  origin: () => string;
  log: FastifyBaseLogger;
}

export interface PageAnswer {
  status: number;
  html: string;
}

/**
 * The screens' texts a page at `url` shows, as the build's manifest names them (apps/web/build/compiled-catalogues.ts):
 * the first part, and on every page but the landing page the `pages` part (apps/web/build/catalogue-parts.ts).
 */
const catalogueSources = (locale: Locale, url: string) =>
  url.split('?')[0] === '/' ? [`virtual:catalogue/${locale}`] : [`virtual:catalogue/${locale}`, `virtual:catalogue/${locale}/pages`];
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\n?\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)"(?: \/)?>\n?\s*/g;

/**
 * A rendered page's scripts asked for once it has painted, by the boot script written into the page
 * (apps/web/public/first-view-boot.js): the app's module and every chunk it imports leave the <head>,
 * where the browser would fetch them beside the stylesheet and the first picture, and are named on
 * the boot script instead.
 */
function scriptsAfterPaint(html: string, bootScript: string, extraChunks: readonly string[], formatsTimes: boolean): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return html;
  const chunks = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const clock = formatsTimes ? ' data-formats-times' : '';
  const boot = `<script data-entry="${escapeHtml(entry)}" data-preload="${escapeHtml([...chunks, ...extraChunks].join(' '))}"${clock}>${bootScript}</script>`;
  // A function as the replacement: the script's text is written as it is, "$&" and all.
  return html.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, () => `${boot}\n    `);
}
/**
 * Whether a product's "Set time" makes a date formatter as the page takes over
 * (apps/web/src/features/shop/components/schedule-picker.tsx): only to write a closed shop's next
 * opening. Its days and times are read without one, from the shop's dates and times as the API
 * writes them.
 */
const setTimeFormatsTimes = (shop: Shop) => !shop.open_now;
/** The query as the API reads it from an address: every value a string. */
const asQueryString = (query: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])));
const DESCRIPTION = /<meta name="description" content="([^"]*)" \/>/;

export function createFirstViewPages(options: FirstViewOptions) {
  const { template, manifest, menu, shopName, log, bootScript } = options;
  // A rendered page is started by the boot script: without one, every page is the plain app shell.
  const renderer = bootScript === undefined ? undefined : options.renderer;

  const modulePreloads = (files: readonly string[]) =>
    files.map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}" />`).join('\n    ');

  /** index.html in `locale` with `head` written in, `extraHead` added and `body` (with its data) inside #root. */
  function assemble(
    locale: Locale,
    extraHead: string,
    head?: PageHead,
    body?: { html: string; queries: unknown; url: string; formatsTimes: boolean },
    extraScripts: readonly string[] = [],
  ): string {
    let html = template()
      .replace(/<html(\s+lang="[^"]*")?>/, `<html lang="${locale}">`)
      .replace(/(<meta name="locale" content=")[^"]*(")/, `$1${locale}$2`);
    if (head) html = html.replace(/<title>[^<]*<\/title>/, '').replace(DESCRIPTION, headTags(head, shopName()));
    html = html.replace('</head>', `  ${extraHead}\n  </head>`);
    if (body && bootScript !== undefined) {
      html = scriptsAfterPaint(html, bootScript, extraScripts, body.formatsTimes);
      // The address it was rendered for: a copy served for another (a phone's offline shell) is drawn anew, not hydrated.
      const data = `<script type="application/json" id="first-view-queries" data-url="${escapeHtml(body.url)}">${jsonForScript(body.queries)}</script>`;
      html = html.replace('<div id="root"></div>', () => `<div id="root">${body.html}</div>\n    ${data}`);
    }
    return html;
  }

  /** The menu's answers the page shows, as the API gives them; undefined when the page cannot show them (e.g. no such product). */
  function dataFor(need: FirstViewNeed, locale: Locale): FirstViewData | undefined {
    if (!menu) return undefined;
    if (need.page === 'home') return {};
    if (need.page === 'detail') {
      if (!menu.find(need.id)) return undefined;
      const product = (JSON.parse(menu.detailJson(need.id, locale)) as { data: Product }).data;
      // "Set time" drawn with the page, not after it has taken over: its days and notes do not move the
      // page, and a phone formats them as part of hydration instead of in one long task after it.
      const shop = options.shop?.();
      if (!isDrink(product.category_id)) return { product, shop };
      // A drink's page shows its add-ons: in the HTML, so that they do not push the page down when they arrive.
      const addons = ProductQuerySchema.parse({ categories: String(ADDONS_CATEGORY_ID), sort: 'cheapest', limit: '50' });
      return { product, shop, addons: (JSON.parse(String(menu.listAnswer(addons, undefined, locale).body)) as { data: Product[] }).data };
    }
    // A query the API would refuse (the page shows its error) is left to the browser.
    const query = ProductQuerySchema.safeParse(asQueryString(need.query));
    if (!query.success) return undefined;
    return { list: JSON.parse(String(menu.listAnswer(query.data, undefined, locale).body)) };
  }

  /**
   * The coupons a visitor sees, drawn with the menu (on a phone they are above it): no "Loading
   * coupons…" to replace, and no layout of the page after it has taken over. When they cannot be
   * read the page is still rendered, and the browser asks for them as before.
   */
  async function couponsFor(need: FirstViewNeed, locale: Locale): Promise<Promo[] | undefined> {
    if (need.page !== 'catalogue' || !options.promos) return undefined;
    try {
      return await options.promos(locale);
    } catch (error) {
      log.error({ err: error }, 'first view: the coupons could not be read; the browser will ask for them');
      return undefined;
    }
  }

  function headFor(need: FirstViewNeed, data: FirstViewData, url: string): PageHead {
    const origin = options.origin();
    if (need.page === 'detail' && data.product) return productHead(shopName(), data.product, origin);
    if (need.page === 'catalogue') return menuHead(shopName(), data.list?.data ?? [], origin, url);
    return homeHead(shopName(), DESCRIPTION.exec(template())?.[1] ?? '', origin);
  }

  /**
   * The pick-up screen's board of now, in the page (read by the app's pickup-board.tsx): the TV shows the
   * numbers at once rather than two empty columns while its stream connects. Left out when it cannot be read.
   */
  async function pickupBoardFor(url: string): Promise<string> {
    if (!options.pickupBoard || url.split('?')[0] !== '/status') return '';
    try {
      return `<script type="application/json" id="pickup-board">${jsonForScript(await options.pickupBoard())}</script>`;
    } catch (error) {
      log.error({ err: error }, 'pick-up screen: the board could not be read; the stream will bring it');
      return '';
    }
  }

  return {
    async page(url: string, locale: Locale): Promise<PageAnswer> {
      const catalogueChunks = catalogueSources(locale, url).flatMap((source) => manifest.chunksOf(source));
      const catalogue = modulePreloads(catalogueChunks);
      const need = renderer?.firstViewOf(url);
      if (!renderer || !need) return { status: 200, html: assemble(locale, `${catalogue}${await pickupBoardFor(url)}`) };
      const found = dataFor(need, locale);
      // No such product: the app shell says so, and search engines hear 404.
      if (!found) return { status: need.page === 'detail' ? 404 : 200, html: assemble(locale, catalogue) };
      const data: FirstViewData = { ...found, promos: await couponsFor(need, locale) };

      let rendered: { html: string; queries: unknown };
      try {
        rendered = await renderer.renderFirstView(url, need, locale, data);
      } catch (error) {
        // A fault in a page's server rendering costs its speed, not the page: the browser renders it.
        log.error({ err: error, url }, 'first view: rendering failed');
        return { status: 200, html: assemble(locale, catalogue) };
      }
      // React leaves a part it could not render to the browser (<!--$!-->): the page would flash and shift.
      if (rendered.html.includes('<!--$!-->')) {
        const reason = /data-msg="([^"]*)"/.exec(rendered.html)?.[1] ?? 'a part of the page was not rendered';
        log.error({ url }, `first view: ${reason}`);
        return { status: 200, html: assemble(locale, catalogue) };
      }
      // The picture the page paints largest is asked for with the stylesheet, as its <img> would.
      const picture = renderer.lcpImageOf(need, data);
      const picturePreload = picture
        ? `<link rel="preload" as="image" href="${escapeHtml(picture.src)}" imagesrcset="${escapeHtml(picture.srcSet)}" fetchpriority="high" />`
        : '';
      const chunks = [...catalogueChunks, ...manifest.chunksOf(renderer.FIRST_VIEW_SOURCES[need.page])];
      const formatsTimes = data.shop !== undefined && setTimeFormatsTimes(data.shop);
      return { status: 200, html: assemble(locale, picturePreload, headFor(need, data, url), { ...rendered, url, formatsTimes }, chunks) };
    },
  };
}
