import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_BASE, type Locale } from '@kopi/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../lib/errors.ts';
import { escapeHtml } from '../lib/html.ts';
import { phrase } from '../lib/i18n.ts';
import { headerLocale } from './locale.ts';

interface WebOptions {
  dist?: string;
  shopName: string;
  shopTimezone: string;
  /** The opening hours in the landing page's words (hoursInWords), stated by every page that states hours. */
  shopHours: string;
  googleClientId?: string;
}

/**
 * Serves the built single-page app: hashed assets cached for a year, and index.html (with the
 * shop's name, time zone and hours written in) for every other GET that is not an API call, so deep links work.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: WebOptions) => {
  const dist = opts.dist;
  const indexFile = dist ? path.join(dist, 'index.html') : undefined;
  const hasWeb = !!indexFile && existsSync(indexFile);

  let indexHtml = '';
  /** The page in each language: only <html lang> differs, so the first paint is announced in the visitor's language. */
  let indexHtmlIn: Record<Locale, string> = { en: '', id: '' };
  if (hasWeb) {
    indexHtml = readFileSync(indexFile!, 'utf8')
      .replace(/(<meta name="shop-name" content=")[^"]*(")/, `$1${escapeHtml(opts.shopName)}$2`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(opts.shopName)}</title>`)
      .replace(/(<meta name="shop-timezone" content=")[^"]*(")/, `$1${escapeHtml(opts.shopTimezone)}$2`)
      .replace(/(<meta name="shop-hours" content=")[^"]*(")/, `$1${escapeHtml(opts.shopHours)}$2`)
      .replace(/(<meta name="google-client-id" content=")[^"]*(")/, `$1${escapeHtml(opts.googleClientId ?? '')}$2`);
    const withLang = (locale: Locale) => indexHtml.replace(/<html(\s+lang="[^"]*")?/, `<html lang="${locale}"`);
    indexHtmlIn = { en: withLang('en'), id: withLang('id') };
    await app.register(fastifyStatic, {
      root: dist!,
      index: false,
      wildcard: false,
      // The build leaves .br and .gz copies beside each asset (apps/web/scripts/compress.mjs).
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith(API_BASE) && !request.url.startsWith('/images/');
    if (hasWeb && isPage && !path.extname(request.url.split('?')[0]!)) {
      // The visitor's language (docs/decisions/i18n-lingui.md#the-requests-language): the device's choice, else Accept-Language.
      const locale = headerLocale(request);
      return reply
        .header('cache-control', 'no-cache')
        .header('content-language', locale)
        .header('vary', 'Accept-Language, Cookie')
        .type('text/html; charset=utf-8')
        .send(indexHtmlIn[locale]);
    }
    throw notFound(phrase('server.noRoute', { method: request.method, path: request.url.split('?')[0] ?? '/' }));
  });
});
