import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { API_BASE, hoursInWords, type Locale, type PickupBoard, type Promo, type Shop, type WeekHours } from '@kopi/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../lib/errors.ts';
import { escapeHtml } from '../lib/html.ts';
import { phrase } from '../lib/i18n.ts';
import { readBuildManifest } from './first-view/build-manifest.ts';
import { createFirstViewPages, type FirstViewRenderer, type MenuPages } from './first-view/first-view-pages.ts';
import { headerLocale } from './locale.ts';

const CHECKED_EACH_VISIT = new Set(['sw.js', 'manifest.webmanifest']);

interface WebOptions {
  dist?: string;
  /** The build's boot script (first-view/boot-script.ts), written into the pages the server renders. */
  bootScript?: string;
  /** The shop's name and hours now: the owner may change them on /settings while the server runs. */
  shopNow: () => { name: string; hours: WeekHours };
  shopTimezone: string;
  googleClientId?: string;
  /** The menu in memory: the first views of the menu and of a product are rendered from it. */
  menu?: MenuPages;
  /** GET /shop's answer now: the first view of a product shows the shop's hours and days in "Set time". */
  shop?: () => Shop;
  /** GET /promos/get's answer to a visitor now: the menu's first view shows the coupons. */
  promos?: (locale: Locale) => Promise<Promo[]>;
  /** GET /status's board now: the pick-up screen's page carries it. */
  pickupBoard?: () => Promise<PickupBoard>;
  /** The shop's address, for the absolute links of link previews. */
  publicUrl?: () => string;
}

/**
 * The settings index.html carries in its <meta> tags, which the app reads (lib/shop-name.ts): the
 * name, and the hours in the landing page's words in both languages (hoursInWords).
 */
function pageMeta(opts: WebOptions): Record<string, string> {
  const { name, hours } = opts.shopNow();
  return {
    'shop-name': name,
    'shop-timezone': opts.shopTimezone,
    'shop-hours': hoursInWords(hours, 'en'),
    'shop-hours-id': hoursInWords(hours, 'id'),
    'google-client-id': opts.googleClientId ?? '',
  };
}

/** index.html with the settings written into its title and <meta> tags. */
function writeSettings(index: string, meta: Record<string, string>): string {
  let template = index.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta['shop-name'] ?? '')}</title>`);
  for (const [name, value] of Object.entries(meta)) {
    template = template.replace(new RegExp(`(<meta name="${name}" content=")[^"]*(")`), `$1${escapeHtml(value)}$2`);
  }
  return template;
}

/**
 * The web's server build (apps/web/dist-ssr, beside dist), which renders the first views; undefined
 * when the build has none. The pages read the shop's settings once, as they load: they are handed
 * over first, as the document's <meta> tags would be in a browser.
 */
async function loadRenderer(dist: string): Promise<FirstViewRenderer | undefined> {
  const entry = path.join(dist, '..', 'dist-ssr', 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  // The module's checked contract (entry-server.tsx `satisfies` packages/shared/src/first-view.ts).
  return ((await import(pathToFileURL(entry).href)) as { firstViewRenderer: FirstViewRenderer }).firstViewRenderer;
}

declare global {
  var kopiPageMeta: Record<string, string> | undefined;
}

/**
 * Serves the built single-page app: hashed assets cached for a year, and index.html (with the
 * shop's name, time zone and hours written in) for every other GET that is not an API call, so deep
 * links work. The pages a customer lands on come with their first view rendered from the menu
 * (first-view/first-view-pages.ts), every page in the person's language.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: WebOptions) => {
  const dist = opts.dist;
  const indexFile = dist ? path.join(dist, 'index.html') : undefined;
  const hasWeb = !!indexFile && existsSync(indexFile);

  let pages: ReturnType<typeof createFirstViewPages> | undefined;
  if (hasWeb) {
    const index = readFileSync(indexFile!, 'utf8');
    // Written again only when the settings changed since the last page (they are compared as text).
    let written = { key: '', template: '' };
    const template = () => {
      const meta = pageMeta(opts);
      const key = JSON.stringify(meta);
      if (written.key !== key) {
        written = { key, template: writeSettings(index, meta) };
        // The first views read the same settings (the app's lib/shop-name.ts, without a document).
        globalThis.kopiPageMeta = meta;
      }
      return written.template;
    };
    template();
    pages = createFirstViewPages({
      template,
      bootScript: opts.bootScript,
      manifest: readBuildManifest(dist!),
      renderer: await loadRenderer(dist!),
      menu: opts.menu,
      shop: opts.shop,
      promos: opts.promos,
      pickupBoard: opts.pickupBoard,
      shopName: () => opts.shopNow().name,
      origin: opts.publicUrl ?? (() => ''),
      log: app.log,
    });
    await app.register(fastifyStatic, {
      root: dist!,
      index: false,
      wildcard: false,
      // The build leaves .br and .gz copies beside each asset (apps/web/scripts/compress.mjs).
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        // The service worker and the manifest (or their .br and .gz copies) are asked for again on every
        // visit, so a new version is found at once (docs/decisions/offline-and-caching.md).
        if (CHECKED_EACH_VISIT.has(path.basename(filePath).replace(/\.(br|gz)$/, ''))) reply.header('cache-control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith(API_BASE) && !request.url.startsWith('/images/');
    if (pages && isPage && !path.extname(request.url.split('?')[0]!)) {
      const locale = headerLocale(request);
      const page = await pages.page(request.url, locale);
      // Rendered at each request from the menu in memory, so never stale: no-cache, and no ETag to revalidate.
      return reply
        .status(page.status)
        .header('cache-control', 'no-cache')
        .header('content-language', locale)
        .header('vary', 'Accept-Language, Cookie')
        .type('text/html; charset=utf-8')
        .send(page.html);
    }
    throw notFound(phrase('server.noRoute', { method: request.method, path: request.url.split('?')[0] ?? '/' }));
  });
});
