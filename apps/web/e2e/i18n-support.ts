import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { API_BASE } from '@kopi/shared';
import { admin as englishAdmin } from '@kopi/shared/i18n/en/admin';
import { common as englishCommon } from '@kopi/shared/i18n/en/common';
import { messages as english } from '@kopi/shared/i18n/en/web';
import { common as indonesianCommon } from '@kopi/shared/i18n/id/common';
import { messages as indonesian } from '@kopi/shared/i18n/id/web';
import { type APIRequestContext, type Browser, expect, type Page } from './playwright';

// What the language tests share: an Indonesian browser, and a sweep of a page for English left on it.

/** Where the Indonesian screenshots go, to be looked at by someone who reads Indonesian. */
export const SHOTS = process.env.I18N_SHOTS ?? '/tmp/i18n-shots/customer';
mkdirSync(SHOTS, { recursive: true });

export const ID = indonesian as Record<string, string>;
export const EN = english as Record<string, string>;

/** The staff's texts are checked once their screens have a catalogue part of their own. */
export const ADMIN_TRANSLATED = Object.keys(englishAdmin).length > 0;

/**
 * The common part (the specification's messages, shared with the server) is translated by the
 * server's side; until it is, its texts read the same in both catalogues and are not counted here.
 */
const COMMON_TRANSLATED = Object.entries(englishCommon).some(([key, text]) => (indonesianCommon as Record<string, string>)[key] !== text);

/** The common part's texts while it is not translated yet (see COMMON_TRANSLATED). */
const UNTRANSLATED_COMMON = new Set<string>(COMMON_TRANSLATED ? [] : Object.values(englishCommon));

/** Texts the same in both languages on purpose: codes, the spec's capitals, the brand's and products' names. */
const SAME_IN_BOTH = new Set(['QRIS', 'CHECKOUT', 'TOTAL', 'SUBTOTAL', 'Menu', 'Reguler', 'Kopi Senja', 'Double espresso']);

/** Words that say a text is English (none of them is an Indonesian word). */
const ENGLISH_WORDS =
  /\b(the|your|you|please|with|cancel|delete|loading|remove|choose|save|edit|password|delivery|payment|quantity|search|order|orders|cart|sign|back|price|ready|preparing|pending|today|tomorrow|connecting|live)\b/i;

/** Plain English texts of the catalogue (no placeholders) that read differently in Indonesian. */
function englishTexts(): string[] {
  return Object.entries(EN)
    .filter(([key, text]) => !text.includes('{') && text !== ID[key] && !SAME_IN_BOTH.has(text))
    .filter(([key]) => COMMON_TRANSLATED || !(key in englishCommon))
    .map(([, text]) => text);
}

/** Names the shop's data gives (products, categories, promos): shown as they are stored, in any language. */
export async function shopData(request: APIRequestContext): Promise<string[]> {
  const names: string[] = [];
  // The menu's texts in both languages: an Indonesian page shows a product's Indonesian name where it has one.
  for (const language of ['en', 'id']) {
    for (let page = 1; page <= 20; page += 1) {
      const res = await request.get(`${API_BASE}/products/get`, { params: { page, limit: 50 }, headers: { 'accept-language': language } });
      if (res.status() !== 200) break;
      const body = (await res.json()) as {
        data: { product_name: string; description: string; category_name: string }[];
        meta?: { totalPage?: number };
      };
      for (const product of body.data) names.push(product.product_name, product.description, product.category_name);
      if (page >= (body.meta?.totalPage ?? 1)) break;
    }
  }
  const promos = await request.get(`${API_BASE}/promos/get`);
  if (promos.status() === 200) {
    type Texts = { name: string; description: string };
    for (const promo of ((await promos.json()) as { data: { code: string; duration: string; texts: { en: Texts; id: Texts } }[] }).data) {
      names.push(
        promo.texts.en.name,
        promo.texts.id.name,
        promo.texts.en.description,
        promo.texts.id.description,
        promo.code,
        promo.duration,
      );
    }
  }
  return names.filter(Boolean);
}

/** Every text a person meets on the page: visible text, screen-reader text, options, labels, placeholders, titles. */
async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const element = node.parentElement;
      const text = node.textContent?.trim();
      if (!element || !text) continue;
      if (element.closest('script, style, [aria-hidden="true"], .Toastify')) continue;
      const shown = element.closest('select') ?? element;
      if (!shown.checkVisibility() && !element.closest('.sr-only')) continue;
      texts.push(text);
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      if (element.closest('[aria-hidden="true"]')) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

/** The English on a page in Indonesian: catalogue texts, and texts with English words, other than the shop's data. */
export async function englishLeft(page: Page, data: readonly string[]): Promise<string[]> {
  const catalogue = englishTexts();
  // Names other specs gave their products ("e2e-…") stay on their orders after the products are deleted.
  const isData = (text: string) =>
    text.includes('@') || text.startsWith('e2e-') || data.some((name) => name.includes(text) || text.includes(name));
  const found = new Set<string>();
  for (const text of await pageTexts(page)) {
    if (isData(text) || SAME_IN_BOTH.has(text) || UNTRANSLATED_COMMON.has(text)) continue;
    const fromCatalogue = catalogue.some((english) => text === english || (english.length >= 20 && text.includes(english)));
    // A key shown as itself: the catalogue the page loaded has no text for it.
    const missingKey = /^[a-z][a-zA-Z]*(\.[a-zA-Z0-9]+)+$/.test(text);
    if (fromCatalogue || missingKey || ENGLISH_WORDS.test(text)) found.add(text);
  }
  return [...found];
}

/** A browser context whose language is Indonesian, at a width. */
export async function indonesianPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ locale: 'id-ID', viewport: { width, height: width < 600 ? 800 : 900 } });
  return context.newPage();
}

/** Waits until the page's data and lazy parts are in: nothing says it is loading. */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(page.getByRole('status').filter({ hasText: ID.loading as string })).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForTimeout(300);
}

export const shot = (page: Page, name: string, width: number) =>
  page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });

export interface Visit {
  name: string;
  path: string;
  /** What to do once the page is there (open a dialog, fill the cart). */
  prepare?: (page: Page) => Promise<void>;
}

/** Visits each page in turn, screenshots it, and answers the English left on each (none: an empty object). */
export async function sweep(
  page: Page,
  visits: readonly Visit[],
  data: readonly string[],
  width: number,
): Promise<Record<string, string[]>> {
  const left: Record<string, string[]> = {};
  for (const visit of visits) {
    await page.goto(visit.path);
    await settled(page);
    await visit.prepare?.(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'id');
    await shot(page, visit.name, width);
    const english = await englishLeft(page, data);
    if (english.length > 0) left[`${visit.name} (${visit.path})`] = english;
  }
  return left;
}
